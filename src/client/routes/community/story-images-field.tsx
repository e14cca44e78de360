/** The story form's "Images (optional)" section: upload up to STORY_IMAGES_MAX images, each with required alt text. */
import { useId } from 'react';
import { useFieldArray, type UseFormReturn } from 'react-hook-form';
import { useMutation } from '@tanstack/react-query';
import type { z } from 'zod';
import { STORY_IMAGES_MAX, type StoryDraftSchema } from '#shared/schemas/stories.ts';
import { errorMessage } from '#client/lib/api.ts';
import { uploadStoryImage } from '#client/api/uploads.ts';
import { Button } from '#client/components/ui/button.tsx';
import { TextField } from '#client/components/ui/field.tsx';
import { toast } from '#client/components/ui/toast.ts';

type DraftIn = z.input<typeof StoryDraftSchema>;
type DraftOut = z.output<typeof StoryDraftSchema>;

const ALT_LABEL = 'Describe the image for people who cannot see it';

export function StoryImagesField({ form }: { form: UseFormReturn<DraftIn, unknown, DraftOut> }) {
  const inputId = useId();
  const { fields, append, remove } = useFieldArray({ control: form.control, name: 'images' });
  const upload = useMutation({
    mutationFn: uploadStoryImage,
    onSuccess: ({ id }) => {
      form.clearErrors('images');
      append({ uploadId: id, alt: '' }, { focusName: `images.${fields.length}.alt` });
    },
    onError: (err) =>
      toast({ title: 'Image not added', description: errorMessage(err, 'Please try again.'), variant: 'destructive' }),
  });
  const errors = form.formState.errors.images;
  const listError = errors?.message ?? errors?.root?.message;
  const full = fields.length >= STORY_IMAGES_MAX;

  return (
    <fieldset className="space-y-3">
      <legend className="text-sm font-medium text-slate-700">Images (optional)</legend>
      <p className="text-sm text-slate-600">
        Up to {STORY_IMAGES_MAX} PNG, JPEG or WebP images, 2 MB each. They are public with your story once it is
        approved.
      </p>
      {listError && (
        <p role="alert" className="text-sm text-red-800">
          {listError}
        </p>
      )}
      {fields.length > 0 && (
        <ul className="grid gap-4 sm:grid-cols-2">
          {fields.map((field, index) => (
            <li key={field.id} className="rounded-xl border border-slate-200 p-3">
              <img
                src={`/api/uploads/${encodeURIComponent(field.uploadId)}`}
                alt={`Image ${index + 1} of your story`}
                width={400}
                height={300}
                className="aspect-[4/3] h-auto w-full rounded-lg bg-slate-50 object-contain"
              />
              <div className="mt-3">
                <TextField
                  label={ALT_LABEL}
                  maxLength={200}
                  error={errors?.[index]?.alt?.message}
                  {...form.register(`images.${index}.alt`)}
                />
              </div>
              <Button type="button" variant="secondary" className="mt-2" onClick={() => remove(index)}>
                Remove<span className="sr-only"> image {index + 1}</span>
              </Button>
            </li>
          ))}
        </ul>
      )}
      {!full && (
        <div>
          <label htmlFor={inputId} className="block text-sm font-medium text-slate-700">
            {upload.isPending ? 'Uploading…' : 'Add an image'}
          </label>
          <input
            id={inputId}
            type="file"
            accept="image/png,image/jpeg,image/webp"
            disabled={upload.isPending}
            className="mt-1 block text-sm text-slate-700 file:mr-3 file:rounded-lg file:border file:border-brand-200 file:bg-white file:px-3 file:py-1.5 file:font-semibold file:text-brand-800"
            onChange={(event) => {
              const file = event.currentTarget.files?.[0];
              event.currentTarget.value = '';
              if (file) upload.mutate(file);
            }}
          />
        </div>
      )}
    </fieldset>
  );
}
