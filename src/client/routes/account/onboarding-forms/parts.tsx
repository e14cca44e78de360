/** What the onboarding forms share: their props, saved answers as defaults, notices, actions, server errors. */
import { useMemo, type FormEventHandler, type ReactNode } from 'react';
import { Link } from 'wouter';
import { useForm, type DefaultValues, type FieldValues, type Path, type UseFormSetError } from 'react-hook-form';
import type { z } from 'zod';
import { zodResolver } from '@hookform/resolvers/zod';
import { BadgeCheck, LockKeyhole } from 'lucide-react';
import type { ProfileAnswer } from '#shared/schemas/auth.ts';
import { useFieldErrors } from '#client/hooks/use-field-errors.ts';
import { bindFields } from '#client/lib/bind-field.ts';
import { Button, buttonClass } from '#client/components/ui/button.tsx';
import type { ChoiceOption } from '#client/components/ui/field.tsx';

/** The role's saved answers (GET /api/user/profile's `profile`), or null before onboarding. */
export type Saved = ProfileAnswer['profile'];

export interface FormProps<T> {
  saved: Saved;
  pending: boolean;
  /** Sends the answers; `onError` receives the server's refusal, to put its field errors on this form's fields. */
  onSave: (data: T, onError: (error: unknown) => void) => void;
}

/** The saved answers for a schema's own fields (drops ids, timestamps, verification status and nulls). */
function savedValues<T extends FieldValues>(schema: { shape: object }, saved: Saved): DefaultValues<T> {
  const values: Record<string, unknown> = {};
  if (saved) for (const key of Object.keys(schema.shape)) if (saved[key] != null) values[key] = saved[key];
  return values as DefaultValues<T>;
}

export const options = (values: readonly string[], labels?: Record<string, string>): ChoiceOption[] =>
  values.map((value) => ({ value, label: labels?.[value] ?? value }));

/** The server names a field `onboardingData.bio` (or `onboardingData.areasOfExpertise.0`); the form calls it `bio`. */
const onboardingField = (path: string) =>
  path.startsWith('onboardingData.') ? (path.slice('onboardingData.'.length).split('.')[0] ?? null) : null;

/** Puts the server's field errors on the fields of the form built from `schema`. */
function useOnboardingFieldErrors<T extends FieldValues>(setError: UseFormSetError<T>, fields: readonly Path<T>[]) {
  const show = useFieldErrors(setError, fields, onboardingField);
  return (error: unknown) => void show(error);
}

/** The names of a schema's fields, as form paths. */
const fieldNames = <T extends FieldValues>(schema: { shape: object }) => Object.keys(schema.shape) as Path<T>[];

export function Notice({ icon, children }: { icon: 'lock' | 'shield'; children: ReactNode }) {
  const Icon = icon === 'lock' ? LockKeyhole : BadgeCheck;
  return (
    <div className="flex gap-3 rounded-xl border border-brand-200 bg-brand-50 px-4 py-3 text-sm text-slate-800">
      <Icon aria-hidden="true" className="mt-0.5 h-5 w-5 shrink-0 text-brand-700" />
      <div className="space-y-1">{children}</div>
    </div>
  );
}

/**
 * The form every role's onboarding builds: the schema's resolver, `defaults` under the saved answers, the server's
 * field errors on their fields, and `field`/`group` to bind an input or a choice group with its error.
 */
export function useOnboardingForm<S extends z.ZodObject>(
  schema: S,
  defaults: DefaultValues<z.input<S>>,
  { saved, onSave }: Pick<FormProps<z.output<S>>, 'saved' | 'onSave'>,
) {
  type In = z.input<S>;
  const form = useForm<In, unknown, z.output<S>>({
    resolver: zodResolver(schema),
    defaultValues: { ...defaults, ...savedValues<In>(schema, saved) },
  });
  const fields = useMemo(() => fieldNames<In>(schema), [schema]);
  const showFieldErrors = useOnboardingFieldErrors(form.setError, fields);
  return { form, onSubmit: form.handleSubmit((data) => onSave(data, showFieldErrors)), ...bindFields(form) };
}

/** The form element with the onboarding actions under its fields. */
export function OnboardingForm({
  onSubmit,
  pending,
  children,
}: {
  onSubmit: FormEventHandler<HTMLFormElement>;
  pending: boolean;
  children: ReactNode;
}) {
  return (
    <form noValidate className="space-y-6" onSubmit={onSubmit}>
      {children}
      <FormActions pending={pending} />
    </form>
  );
}

function FormActions({ pending }: { pending: boolean }) {
  return (
    <div className="flex flex-col-reverse gap-3 border-t border-brand-100 pt-6 sm:flex-row sm:justify-between">
      <Link href="/" className={buttonClass('secondary')}>
        Skip for Now
      </Link>
      <Button type="submit" disabled={pending}>
        {pending ? 'Completing...' : 'Complete Onboarding'}
      </Button>
    </div>
  );
}
