/** Onboarding for a donor (DonorOnboardingSchema). */
import type { z } from 'zod';
import {
  DONATION_INTERESTS,
  DonorOnboardingSchema,
  MONTHLY_BUDGET_LABELS,
  MONTHLY_BUDGETS,
} from '#shared/schemas/onboarding.ts';
import { CheckboxField, CheckboxGroupField, RadioGroupField, type ChoiceOption } from '#client/components/ui/field.tsx';
import { OnboardingForm, options, useOnboardingForm, type FormProps } from './parts.tsx';

const FOLLOW_UP_OPTIONS: ChoiceOption[] = [
  { value: 'updates', label: 'Regular updates', description: 'News from the journeys you support' },
  { value: 'minimal', label: 'Minimal', description: 'Only important milestones' },
  { value: 'none', label: 'None', description: 'No follow-up messages' },
];

/** The donor's giving preferences. */
export function DonorForm({ saved, pending, onSave }: FormProps<z.output<typeof DonorOnboardingSchema>>) {
  const { onSubmit, field, group } = useOnboardingForm(
    DonorOnboardingSchema,
    { donationInterests: [], followUpPreference: 'updates', anonymousDonations: false, taxDeductibleInfo: true },
    { saved, onSave },
  );
  return (
    <OnboardingForm onSubmit={onSubmit} pending={pending}>
      <CheckboxGroupField
        legend="What would you like to support?"
        options={options(DONATION_INTERESTS)}
        columns={2}
        {...group('donationInterests')}
      />
      <RadioGroupField
        legend="Monthly giving budget"
        options={options(MONTHLY_BUDGETS, MONTHLY_BUDGET_LABELS)}
        columns={3}
        {...group('monthlyBudget')}
      />
      <RadioGroupField
        legend="Follow-up preference"
        options={FOLLOW_UP_OPTIONS}
        columns={3}
        {...group('followUpPreference')}
      />
      <CheckboxField
        label="Give anonymously by default"
        hint="Your name is not shown in supporter lists."
        {...field('anonymousDonations')}
      />
      <CheckboxField
        label="Send me tax-deductibility information"
        hint="Our nonprofit status is pending; we will tell you when it changes."
        {...field('taxDeductibleInfo')}
      />
    </OnboardingForm>
  );
}
