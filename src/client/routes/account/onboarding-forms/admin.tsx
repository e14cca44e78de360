/** Onboarding for an administrator (AdminOnboardingSchema); the admin level itself is set by a super admin. */
import type { z } from 'zod';
import { ADMIN_RESPONSIBILITIES, AdminOnboardingSchema } from '#shared/schemas/onboarding.ts';
import { CheckboxGroupField, TextAreaField, TextField } from '#client/components/ui/field.tsx';
import { Notice, OnboardingForm, options, useOnboardingForm, type FormProps } from './parts.tsx';

/** The administrator's answers: responsibilities, experience and weekly hours. */
export function AdminForm({ saved, pending, onSave }: FormProps<z.output<typeof AdminOnboardingSchema>>) {
  const { onSubmit, field, group } = useOnboardingForm(
    AdminOnboardingSchema,
    { responsibilities: [], previousExperience: '' },
    { saved, onSave },
  );
  return (
    <OnboardingForm onSubmit={onSubmit} pending={pending}>
      <Notice icon="shield">
        <p>Your admin level is assigned by a super admin; these answers help the team plan who does what.</p>
      </Notice>
      <CheckboxGroupField
        legend="Responsibilities you can take on"
        options={options(ADMIN_RESPONSIBILITIES)}
        columns={2}
        {...group('responsibilities')}
      />
      <TextAreaField label="Previous admin experience" rows={4} {...field('previousExperience')} />
      <TextField
        label="Weekly availability (hours)"
        type="number"
        inputMode="numeric"
        min={1}
        max={168}
        step={1}
        {...field('availabilityHours', { valueAsNumber: true })}
      />
    </OnboardingForm>
  );
}
