/**
 * The campaign editor's inputs, bound to the content form (CampaignContentSchema) through its FormProvider:
 * text, paragraphs typed in one box, dollar amounts kept as cents, and images uploaded with alt text.
 */
import { useId, useState, type ReactElement, type ReactNode, type Ref } from 'react';
import {
  Controller,
  get,
  useFormContext,
  useFormState,
  useWatch,
  type FieldPath,
  type RefCallBack,
} from 'react-hook-form';
import { useMutation } from '@tanstack/react-query';
import type { z } from 'zod';
import type { CampaignContentSchema, CampaignImage } from '#shared/schemas/campaign.ts';
import { paragraphsOf, textOf } from '#shared/schemas/admin-campaign.ts';
import { centsToDecimal, dollarsToCents } from '#shared/money.ts';
import { IMAGE_UPLOAD_MAX_BYTES, uploadProblem } from '#shared/uploads.ts';
import { errorMessage } from '#client/lib/api.ts';
import { uploadCampaignImage } from '#client/api/admin-campaign.ts';
import { TextAreaField, TextField } from '#client/components/ui/field.tsx';
import { toast } from '#client/components/ui/toast.ts';

export type ContentIn = z.input<typeof CampaignContentSchema>;
export type ContentOut = z.output<typeof CampaignContentSchema>;
type Name = FieldPath<ContentIn>;

/** The message of the error at `name`, or of the first error inside it (a list's item). */
function messageOf(error: unknown): string | undefined {
  if (!error || typeof error !== 'object') return undefined;
  const e = error as { message?: unknown; root?: { message?: unknown } };
  if (typeof e.message === 'string') return e.message;
  if (typeof e.root?.message === 'string') return e.root.message;
  for (const inner of Object.values(error)) {
    const found = messageOf(inner);
    if (found) return found;
  }
  return undefined;
}

function useFieldError(name: Name): string | undefined {
  const { errors } = useFormState<ContentIn>({ name });
  return messageOf(get(errors, name));
}

/** A one-line text input, or a text area when `rows` is given. */
export function Text({
  name,
  label,
  hint,
  rows,
  maxLength,
}: {
  name: Name;
  label: string;
  hint?: ReactNode;
  rows?: number;
  maxLength?: number;
}) {
  const { register } = useFormContext<ContentIn>();
  const error = useFieldError(name);
  const props = { label, hint, error, maxLength, ...register(name) };
  return rows ? <TextAreaField rows={rows} {...props} /> : <TextField {...props} />;
}

/** Binds a controlled input to the content form's field `name`: its value, error, change, blur and ref. */
function Bound<V>({
  name,
  render,
}: {
  name: Name;
  render: (bound: {
    value: V;
    error: string | undefined;
    onChange: (value: V) => void;
    onBlur: () => void;
    inputRef: RefCallBack;
  }) => ReactElement;
}) {
  const { control } = useFormContext<ContentIn>();
  const error = useFieldError(name);
  return (
    <Controller
      control={control}
      name={name}
      render={({ field }) =>
        render({ value: field.value as V, error, onChange: field.onChange, onBlur: field.onBlur, inputRef: field.ref })
      }
    />
  );
}

/**
 * The text a box shows for a form value kept in another shape: what was typed, until a change from outside (a
 * reset, a restore) that the text does not already say replaces it.
 */
function useTextOf<V>(
  value: V,
  format: (value: V) => string,
  parse: (text: string) => V,
  same: (a: V, b: V) => boolean,
) {
  const [text, setText] = useState(() => format(value));
  const [seen, setSeen] = useState(value);
  if (!Object.is(value, seen)) {
    setSeen(value);
    if (!same(parse(text), value)) setText(format(value));
  }
  return [text, setText] as const;
}

/** Paragraphs typed in one box, separated by an empty line; the form holds the list. */
export function Paragraphs({
  name,
  label,
  hint = 'Leave an empty line between paragraphs.',
  rows = 6,
}: {
  name: Name;
  label: string;
  hint?: string;
  rows?: number;
}) {
  return (
    <Bound<string[]>
      name={name}
      render={(bound) => <ParagraphsInput label={label} hint={hint} rows={rows} {...bound} />}
    />
  );
}

const sameList = (a: readonly string[], b: readonly string[]) => a.length === b.length && a.every((x, i) => x === b[i]);

export function ParagraphsInput({
  label,
  hint,
  rows,
  error,
  value,
  onChange,
  onBlur,
  inputRef,
}: {
  label: string;
  hint?: string;
  rows?: number;
  error?: string | undefined;
  value: string[];
  onChange: (value: string[]) => void;
  onBlur?: () => void;
  inputRef?: Ref<HTMLTextAreaElement>;
}) {
  const [text, setText] = useTextOf(
    value,
    (v) => textOf(v ?? []),
    paragraphsOf,
    (a, b) => sameList(a, b ?? []),
  );
  return (
    <TextAreaField
      label={label}
      hint={hint}
      error={error}
      rows={rows}
      value={text}
      ref={inputRef}
      onBlur={onBlur}
      onChange={(event) => {
        setText(event.target.value);
        onChange(paragraphsOf(event.target.value));
      }}
    />
  );
}

const centsText = (cents: number | undefined) =>
  cents === undefined || Number.isNaN(cents) ? '' : cents % 100 === 0 ? String(cents / 100) : centsToDecimal(cents);

/** Dollars typed ("1,500" or "12.50") as whole cents; NaN when it is not an amount (the schema says so), undefined when empty and optional. */
function parseDollars(text: string, optional: boolean): number | undefined {
  const clean = text.replace(/[$,\s]/g, '');
  if (clean === '') return optional ? undefined : Number.NaN;
  return dollarsToCents(Number(clean)) ?? Number.NaN;
}

/** An amount in dollars; the form holds cents. */
export function Money({
  name,
  label,
  hint,
  optional = false,
}: {
  name: Name;
  label: string;
  hint?: string;
  optional?: boolean;
}) {
  return (
    <Bound<number | undefined>
      name={name}
      render={(bound) => <MoneyInput label={label} hint={hint} optional={optional} {...bound} />}
    />
  );
}

function MoneyInput({
  label,
  hint,
  error,
  optional,
  value,
  onChange,
  onBlur,
  inputRef,
}: {
  label: string;
  hint?: string | undefined;
  error?: string | undefined;
  optional: boolean;
  value: number | undefined;
  onChange: (value: number | undefined) => void;
  onBlur: () => void;
  inputRef: Ref<HTMLInputElement>;
}) {
  const [text, setText] = useTextOf(value, centsText, (typed) => parseDollars(typed, optional), Object.is);
  return (
    <TextField
      label={label}
      hint={hint}
      error={error}
      inputMode="decimal"
      autoComplete="off"
      value={text}
      ref={inputRef}
      onBlur={onBlur}
      onChange={(event) => {
        setText(event.target.value);
        onChange(parseDollars(event.target.value, optional));
      }}
    />
  );
}

type ImageName = `gallery.images.${number}` | `journey.images.${number}`;

/** One image of the content: shown as it is now, replaced by an upload, with its alt text and caption. */
export function ImageField({ name, legend }: { name: ImageName; legend: string }) {
  const inputId = useId();
  const { control, setValue } = useFormContext<ContentIn>();
  const image = useWatch({ control, name }) as CampaignImage;
  const srcError = useFieldError(`${name}.src`);
  const sizeError = useFieldError(`${name}.width`);
  // A chosen file too large or of the wrong type is refused here, before it is sent.
  const [chosenError, setChosenError] = useState<string | null>(null);
  const shownError = chosenError ?? srcError ?? sizeError;
  const errorId = `${inputId}-error`;
  const upload = useMutation({
    mutationFn: uploadCampaignImage,
    onSuccess: (uploaded) => {
      const options = { shouldDirty: true, shouldValidate: false };
      setValue(`${name}.src`, uploaded.url, options);
      setValue(`${name}.width`, uploaded.width, options);
      setValue(`${name}.height`, uploaded.height, options);
      toast({ title: 'Image uploaded', description: 'Check its alt text; it shows on the site once you publish.' });
    },
    onError: (err) =>
      toast({
        title: 'Image not uploaded',
        description: errorMessage(err, 'Please try again.'),
        variant: 'destructive',
      }),
  });
  return (
    <fieldset className="space-y-3 rounded-xl border border-slate-200 p-4">
      <legend className="px-1 text-sm font-semibold text-ink">{legend}</legend>
      <img
        src={image.src}
        alt={image.alt}
        width={image.width}
        height={image.height}
        className="h-auto max-h-48 w-auto max-w-full rounded-lg bg-slate-50 object-contain"
      />
      <div>
        <label htmlFor={inputId} className="block text-sm font-medium text-slate-700">
          {upload.isPending ? 'Uploading…' : `Replace the image (${legend})`}
        </label>
        <p className="text-sm text-slate-600">PNG, JPEG or WebP, 2 MB at most.</p>
        <input
          id={inputId}
          type="file"
          accept="image/png,image/jpeg,image/webp"
          disabled={upload.isPending}
          aria-invalid={shownError ? true : undefined}
          aria-describedby={shownError ? errorId : undefined}
          className="mt-1 block text-sm text-slate-700 file:mr-3 file:rounded-lg file:border file:border-brand-200 file:bg-white file:px-3 file:py-1.5 file:font-semibold file:text-brand-800"
          onChange={(event) => {
            const file = event.currentTarget.files?.[0];
            event.currentTarget.value = '';
            if (!file) return;
            const problem = uploadProblem(file, { what: 'image', kind: 'image', maxBytes: IMAGE_UPLOAD_MAX_BYTES });
            setChosenError(problem);
            if (!problem) upload.mutate(file);
          }}
        />
        {shownError && (
          <p id={errorId} role="alert" className="mt-1 text-sm text-red-800">
            {shownError}
          </p>
        )}
      </div>
      <Text
        name={`${name}.alt`}
        label={`Alt text (${legend})`}
        hint="Describe the image for people who cannot see it."
        maxLength={300}
      />
      <Text name={`${name}.caption`} label={`Caption (${legend}, optional)`} maxLength={200} />
    </fieldset>
  );
}
