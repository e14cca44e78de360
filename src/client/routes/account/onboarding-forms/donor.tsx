/** Onboarding for a donor (DonorOnboardingSchema). */
import { useForm } from 'react-hook-form';
import type { z } from 'zod';
import { zodResolver } from '@hookform/resolvers/zod';
import {
  DONATION_INTERESTS,
  DonorOnboardingSchema,
  MONTHLY_BUDGET_LABELS,
  MONTHLY_BUDGETS,
} from '#shared/schemas/onboarding.ts';
import { CheckboxField, CheckboxGroupField, RadioGroupField, type ChoiceOption } from '#client/components/ui/field.tsx';
import { fieldNames, FormActions, options, savedValues, useOnboardingFieldErrors, type FormProps } from './parts.tsx';

type DonorIn = z.input<typeof DonorOnboardingSchema>;
type DonorOut = z.output<typeof DonorOnboardingSchema>;
const FIELDS = fieldNames<DonorIn>(DonorOnboardingSchema);

const FOLLOW_UP_OPTIONS: ChoiceOption[] = [
  { value: 'updates', label: 'Regular updates', description: 'News from the journeys you support' },
  { value: 'minimal', label: 'Minimal', description: 'Only important milestones' },
  { value: 'none', label: 'None', description: 'No follow-up messages' },
];

/** The donor's giving preferences. */
export function DonorForm({ saved, pending, onSave }: FormProps<DonorOut>) {
  const form = useForm<DonorIn, unknown, DonorOut>({
    resolver: zodResolver(DonorOnboardingSchema),
    defaultValues: {
      donationInterests: [],
      followUpPreference: 'updates',
      anonymousDonations: false,
      taxDeductibleInfo: true,
      ...savedValues<DonorIn>(DonorOnboardingSchema, saved),
    },
  });
  const showFieldErrors = useOnboardingFieldErrors(form.setError, FIELDS);
  const errors = form.formState.errors;
  return (
    <form noValidate className="space-y-6" onSubmit={form.handleSubmit((data) => onSave(data, showFieldErrors))}>
      <CheckboxGroupField
        legend="What would you like to support?"
        options={options(DONATION_INTERESTS)}
        columns={2}
        error={errors.donationInterests?.message}
        registration={form.register('donationInterests')}
      />
      <RadioGroupField
        legend="Monthly giving budget"
        options={options(MONTHLY_BUDGETS, MONTHLY_BUDGET_LABELS)}
        columns={3}
        error={errors.monthlyBudget?.message}
        registration={form.register('monthlyBudget')}
      />
      <RadioGroupField
        legend="Follow-up preference"
        options={FOLLOW_UP_OPTIONS}
        columns={3}
        error={errors.followUpPreference?.message}
        registration={form.register('followUpPreference')}
      />
      <CheckboxField
        label="Give anonymously by default"
        hint="Your name is not shown in supporter lists."
        error={errors.anonymousDonations?.message}
        {...form.register('anonymousDonations')}
      />
      <CheckboxField
        label="Send me tax-deductibility information"
        hint="Our nonprofit status is pending; we will tell you when it changes."
        error={errors.taxDeductibleInfo?.message}
        {...form.register('taxDeductibleInfo')}
      />
      <FormActions pending={pending} />
    </form>
  );
}
