/**
 * A form's "Images (optional)" section (a story's, a fundraiser application's): upload up to `max` images, each
 * with required alt text. The form keeps the list (useImagesField); this shows it and uploads.
 */
import { useId, useState, type ReactNode } from 'react';
import type { FieldArrayMethodProps, FieldValues, Path, UseFormReturn } from 'react-hook-form';
import { useMutation } from '@tanstack/react-query';
import * as uploads from '#shared/contract/uploads.ts';
import type { UploadedFile } from '#shared/schemas/uploads.ts';
import type { StoryImage } from '#shared/schemas/stories.ts';
import { IMAGE_UPLOAD_MAX_BYTES, IMAGE_UPLOAD_TYPES, uploadProblem } from '#shared/uploads.ts';
import { errorMessage, urlOf } from '#client/lib/api.ts';
import { Button } from '#client/components/ui/button.tsx';
import { TextField } from '#client/components/ui/field.tsx';

const ALT_LABEL = 'Describe the image for people who cannot see it';

/** The form values an images field needs: the list under `images`. */
interface WithImages extends FieldValues {
  images?: StoryImage[];
}

/** What the field uses of the form's `useFieldArray({ control: form.control, name: 'images' })`. */
interface ImagesArray {
  fields: readonly (StoryImage & { id: string })[];
  append: (image: StoryImage, options: FieldArrayMethodProps) => void;
  remove: (index: number) => void;
}

/**
 * Binds the field to a form whose values hold `images`, with that list's field array (its caller makes it, where the
 * form's type is known): adding an uploaded image (focus goes to its alt text), removing one, its alt input and the
 * list's error.
 */
export function useImagesField<T extends WithImages, Out>(
  form: UseFormReturn<T, unknown, Out>,
  { fields, append, remove }: ImagesArray,
) {
  const errors = (
    form.formState.errors as {
      images?: { message?: string; root?: { message?: string } } & Record<number, { alt?: { message?: string } }>;
    }
  ).images;
  return {
    uploadIds: fields.map((field) => ({ key: field.id, uploadId: field.uploadId })),
    add: (uploadId: string) => {
      form.clearErrors('images' as Path<T>);
      append({ uploadId, alt: '' }, { focusName: `images.${fields.length}.alt` });
    },
    remove,
    listError: errors?.message ?? errors?.root?.message,
    altInput: (index: number) => (
      <TextField
        label={ALT_LABEL}
        maxLength={200}
        error={errors?.[index]?.alt?.message}
        {...form.register(`images.${index}.alt` as Path<T>)}
      />
    ),
  };
}

export function ImagesField({
  field,
  max,
  upload,
  hint,
  describe,
}: {
  field: ReturnType<typeof useImagesField>;
  max: number;
  upload: (file: File) => Promise<UploadedFile>;
  /** Who sees the images, and when. */
  hint: ReactNode;
  /** The preview's own alt text: "Image 2 of your story". */
  describe: (index: number) => string;
}) {
  const inputId = useId();
  const errorId = `${inputId}-error`;
  // What is wrong with the file she chose, beside the input: found in the browser, or the server's answer.
  const [fileError, setFileError] = useState<string | null>(null);
  const uploading = useMutation({
    mutationFn: upload,
    onSuccess: ({ id }) => field.add(id),
    onError: (err) => setFileError(`Image not added: ${errorMessage(err, 'the upload failed; try again.')}`),
  });
  const images = field.uploadIds;

  return (
    <fieldset className="space-y-3">
      <legend className="text-sm font-medium text-slate-700">Images (optional)</legend>
      <p className="text-sm text-slate-600">
        Up to {max} PNG, JPEG or WebP images, 2 MB each. {hint}
      </p>
      {field.listError && (
        <p role="alert" className="text-sm text-red-800">
          {field.listError}
        </p>
      )}
      {images.length > 0 && (
        <ul className="grid gap-4 sm:grid-cols-2">
          {images.map(({ key, uploadId }, index) => (
            <li key={key} className="rounded-xl border border-slate-200 p-3">
              <img
                src={urlOf(uploads.file, { params: { id: uploadId } })}
                alt={describe(index)}
                width={400}
                height={300}
                className="aspect-[4/3] h-auto w-full rounded-lg bg-slate-50 object-contain"
              />
              <div className="mt-3">{field.altInput(index)}</div>
              <Button type="button" variant="secondary" className="mt-2" onClick={() => field.remove(index)}>
                Remove<span className="sr-only"> image {index + 1}</span>
              </Button>
            </li>
          ))}
        </ul>
      )}
      {images.length < max && (
        <div>
          <label htmlFor={inputId} className="block text-sm font-medium text-slate-700">
            {uploading.isPending ? 'Uploading…' : 'Add an image'}
          </label>
          <input
            id={inputId}
            type="file"
            accept={IMAGE_UPLOAD_TYPES.join(',')}
            disabled={uploading.isPending}
            aria-invalid={fileError ? true : undefined}
            aria-describedby={fileError ? errorId : undefined}
            className="mt-1 block text-sm text-slate-700 file:mr-3 file:rounded-lg file:border file:border-brand-200 file:bg-white file:px-3 file:py-1.5 file:font-semibold file:text-brand-800"
            onChange={(event) => {
              const file = event.currentTarget.files?.[0];
              event.currentTarget.value = '';
              if (!file) return;
              const problem = uploadProblem(file, { what: 'image', kind: 'image', maxBytes: IMAGE_UPLOAD_MAX_BYTES });
              setFileError(problem);
              if (!problem) uploading.mutate(file);
            }}
          />
          {fileError && (
            <p id={errorId} role="alert" className="mt-1 text-sm text-red-800">
              {fileError}
            </p>
          )}
        </div>
      )}
    </fieldset>
  );
}
