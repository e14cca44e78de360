/** Onboarding for an administrator (AdminOnboardingSchema); the admin level itself is set by a super admin. */
import { useForm } from 'react-hook-form';
import type { z } from 'zod';
import { zodResolver } from '@hookform/resolvers/zod';
import { ADMIN_RESPONSIBILITIES, AdminOnboardingSchema } from '#shared/schemas/onboarding.ts';
import { CheckboxGroupField, TextAreaField, TextField } from '#client/components/ui/field.tsx';
import {
  fieldNames,
  FormActions,
  Notice,
  options,
  savedValues,
  useOnboardingFieldErrors,
  type FormProps,
} from './parts.tsx';

type AdminIn = z.input<typeof AdminOnboardingSchema>;
type AdminOut = z.output<typeof AdminOnboardingSchema>;
const FIELDS = fieldNames<AdminIn>(AdminOnboardingSchema);

/** The administrator's answers: responsibilities, experience and weekly hours. */
export function AdminForm({ saved, pending, onSave }: FormProps<AdminOut>) {
  const form = useForm<AdminIn, unknown, AdminOut>({
    resolver: zodResolver(AdminOnboardingSchema),
    defaultValues: {
      responsibilities: [],
      previousExperience: '',
      ...savedValues<AdminIn>(AdminOnboardingSchema, saved),
    },
  });
  const showFieldErrors = useOnboardingFieldErrors(form.setError, FIELDS);
  const errors = form.formState.errors;
  return (
    <form noValidate className="space-y-6" onSubmit={form.handleSubmit((data) => onSave(data, showFieldErrors))}>
      <Notice icon="shield">
        <p>Your admin level is assigned by a super admin; these answers help the team plan who does what.</p>
      </Notice>
      <CheckboxGroupField
        legend="Responsibilities you can take on"
        options={options(ADMIN_RESPONSIBILITIES)}
        columns={2}
        error={errors.responsibilities?.message}
        registration={form.register('responsibilities')}
      />
      <TextAreaField
        label="Previous admin experience"
        rows={4}
        error={errors.previousExperience?.message}
        {...form.register('previousExperience')}
      />
      <TextField
        label="Weekly availability (hours)"
        type="number"
        inputMode="numeric"
        min={1}
        max={168}
        step={1}
        error={errors.availabilityHours?.message}
        {...form.register('availabilityHours', { valueAsNumber: true })}
      />
      <FormActions pending={pending} />
    </form>
  );
}
