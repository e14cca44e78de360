/** Onboarding for a patient (PatientOnboardingSchema). */
import type { z } from 'zod';
import { Link } from 'wouter';
import { HEALTH_ANSWERS_PRIVACY } from '#shared/health-answers.ts';
import {
  CONSUMER_HEALTH_POLICY_PATH,
  CONSUMER_HEALTH_POLICY_VERSION,
  HEALTH_CONSENT_TEXT,
} from '#shared/health-data-consent.ts';
import { PatientOnboardingSchema } from '#shared/schemas/onboarding.ts';
import { useCampaign } from '#client/lib/campaign-context.tsx';
import { CheckboxField, RadioGroupField, TextAreaField, type ChoiceOption } from '#client/components/ui/field.tsx';
import { Notice, OnboardingForm, useOnboardingForm, type FormProps } from './parts.tsx';

const URGENCY_OPTIONS: ChoiceOption[] = [
  { value: 'low', label: 'Low', description: 'No pressing timeline' },
  { value: 'moderate', label: 'Moderate', description: 'Care needed in the coming months' },
  { value: 'high', label: 'High', description: 'Care needed within weeks' },
  { value: 'critical', label: 'Critical', description: 'Care needed as soon as possible' },
];

/**
 * The patient's questions: her consents first (collecting is required before any answer is stored, sharing is
 * optional; decision 017), then condition, symptoms, goals, urgency, contact, and consent to publish stories.
 */
export function PatientForm({ saved, pending, onSave }: FormProps<z.output<typeof PatientOnboardingSchema>>) {
  const { product } = useCampaign();
  const { onSubmit, field, group } = useOnboardingForm(
    PatientOnboardingSchema,
    { medicalCondition: '', symptoms: '', treatmentGoals: '', allowPublicStory: false, consentToShare: false },
    { saved, onSave },
  );
  const contactOptions: ChoiceOption[] = [
    { value: 'email', label: 'Email' },
    { value: 'phone', label: 'Phone' },
    { value: 'platform', label: `Messages on ${product.name}` },
  ];
  return (
    <OnboardingForm onSubmit={onSubmit} pending={pending}>
      <Notice icon="lock">
        <p className="font-semibold">Your health answers are private.</p>
        <p>{HEALTH_ANSWERS_PRIVACY} You can download or delete them from Account Settings at any time.</p>
      </Notice>
      <fieldset className="space-y-4 rounded-xl border border-brand-200 p-4">
        <legend className="px-1 text-sm font-semibold text-ink">Your consent for your health data</legend>
        <CheckboxField
          label={HEALTH_CONSENT_TEXT.collect.label}
          hint={
            <>
              {HEALTH_CONSENT_TEXT.collect.hint} Read our{' '}
              <Link href={CONSUMER_HEALTH_POLICY_PATH} className="underline">
                Consumer Health Data Privacy Policy
              </Link>{' '}
              (version {CONSUMER_HEALTH_POLICY_VERSION}).
            </>
          }
          {...field('consentToCollect')}
        />
        <CheckboxField
          label={HEALTH_CONSENT_TEXT.share.label}
          hint={HEALTH_CONSENT_TEXT.share.hint}
          {...field('consentToShare')}
        />
      </fieldset>
      <TextAreaField label="Medical condition" rows={2} {...field('medicalCondition')} />
      <TextAreaField label="Symptoms" rows={3} {...field('symptoms')} />
      <TextAreaField label="Treatment goals" rows={3} {...field('treatmentGoals')} />
      <RadioGroupField
        legend="How urgent is your need for care?"
        options={URGENCY_OPTIONS}
        columns={2}
        {...group('urgencyLevel')}
      />
      <RadioGroupField
        legend="How should we contact you?"
        options={contactOptions}
        columns={3}
        {...group('preferredContactMethod')}
      />
      <CheckboxField
        label="Allow stories I submit to be published"
        hint="Only stories you choose to write and submit are published, after an admin approves them, and only with your consent to sharing above. Your answers on this page stay private either way."
        {...field('allowPublicStory')}
      />
    </OnboardingForm>
  );
}
