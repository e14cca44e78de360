/** Onboarding for a patient (PatientOnboardingSchema). */
import { useForm } from 'react-hook-form';
import type { z } from 'zod';
import { zodResolver } from '@hookform/resolvers/zod';
import { PatientOnboardingSchema } from '#shared/schemas/onboarding.ts';
import { useCampaign } from '#client/lib/campaign-context.tsx';
import { CheckboxField, RadioGroupField, TextAreaField, type ChoiceOption } from '#client/components/ui/field.tsx';
import { fieldNames, FormActions, Notice, savedValues, useOnboardingFieldErrors, type FormProps } from './parts.tsx';

type PatientIn = z.input<typeof PatientOnboardingSchema>;
type PatientOut = z.output<typeof PatientOnboardingSchema>;
const FIELDS = fieldNames<PatientIn>(PatientOnboardingSchema);

const URGENCY_OPTIONS: ChoiceOption[] = [
  { value: 'low', label: 'Low', description: 'No pressing timeline' },
  { value: 'moderate', label: 'Moderate', description: 'Care needed in the coming months' },
  { value: 'high', label: 'High', description: 'Care needed within weeks' },
  { value: 'critical', label: 'Critical', description: 'Care needed as soon as possible' },
];

/** The patient's questions: condition, symptoms, goals, urgency, contact, and consent to publish stories. */
export function PatientForm({ saved, pending, onSave }: FormProps<PatientOut>) {
  const { product } = useCampaign();
  const form = useForm<PatientIn, unknown, PatientOut>({
    resolver: zodResolver(PatientOnboardingSchema),
    defaultValues: {
      medicalCondition: '',
      symptoms: '',
      treatmentGoals: '',
      allowPublicStory: false,
      ...savedValues<PatientIn>(PatientOnboardingSchema, saved),
    },
  });
  const showFieldErrors = useOnboardingFieldErrors(form.setError, FIELDS);
  const errors = form.formState.errors;
  const contactOptions: ChoiceOption[] = [
    { value: 'email', label: 'Email' },
    { value: 'phone', label: 'Phone' },
    { value: 'platform', label: `Messages on ${product.name}` },
  ];
  return (
    <form noValidate className="space-y-6" onSubmit={form.handleSubmit((data) => onSave(data, showFieldErrors))}>
      <Notice icon="lock">
        <p className="font-semibold">Your health answers are private.</p>
        <p>
          Only you and the {product.name} administrators can see what you write on this page. It is never shown on the
          public site, and you can download or delete it from Account Settings at any time.
        </p>
      </Notice>
      <TextAreaField
        label="Medical condition"
        rows={2}
        error={errors.medicalCondition?.message}
        {...form.register('medicalCondition')}
      />
      <TextAreaField label="Symptoms" rows={3} error={errors.symptoms?.message} {...form.register('symptoms')} />
      <TextAreaField
        label="Treatment goals"
        rows={3}
        error={errors.treatmentGoals?.message}
        {...form.register('treatmentGoals')}
      />
      <RadioGroupField
        legend="How urgent is your need for care?"
        options={URGENCY_OPTIONS}
        columns={2}
        error={errors.urgencyLevel?.message}
        registration={form.register('urgencyLevel')}
      />
      <RadioGroupField
        legend="How should we contact you?"
        options={contactOptions}
        columns={3}
        error={errors.preferredContactMethod?.message}
        registration={form.register('preferredContactMethod')}
      />
      <CheckboxField
        label="Allow stories I submit to be published"
        hint="Only stories you choose to write and submit are published, after an admin approves them. Your answers on this page stay private either way."
        error={errors.allowPublicStory?.message}
        {...form.register('allowPublicStory')}
      />
      <FormActions pending={pending} />
    </form>
  );
}
