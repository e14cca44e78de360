/** Role-specific onboarding (spec sections 3 and 5). The admin form never carries an admin level. */
import { z } from 'zod';
import { HEALTH_CONSENT_REFUSALS } from '../health-data-consent.ts';
import { AREAS_OF_EXPERTISE, CONSULTATION_TYPES, DOCTOR_SPECIALTIES } from '../community.ts';

export { AREAS_OF_EXPERTISE, CONSULTATION_TYPES, DOCTOR_SPECIALTIES };

export const URGENCY_LEVELS = ['low', 'moderate', 'high', 'critical'] as const;
export const CONTACT_METHODS = ['email', 'phone', 'platform'] as const;
export const DONATION_INTERESTS = [
  'Emergency Medical Care',
  'Chronic Condition Support',
  'Mental Health Services',
  'Surgical Procedures',
  'Medication Costs',
  'Medical Equipment',
] as const;
export const MONTHLY_BUDGETS = ['under50', '50to100', '100to250', '250to500', '500plus'] as const;
export const MONTHLY_BUDGET_LABELS: Record<(typeof MONTHLY_BUDGETS)[number], string> = {
  under50: 'Under $50',
  '50to100': '$50-$100',
  '100to250': '$100-$250',
  '250to500': '$250-$500',
  '500plus': '$500+',
};
export const FOLLOW_UP_PREFERENCES = ['updates', 'minimal', 'none'] as const;
export const ADMIN_RESPONSIBILITIES = [
  'User Verification',
  'Content Moderation',
  'Donation Oversight',
  'Doctor Verification',
  'Analytics Review',
  'Customer Support',
] as const;

const TEXT_MAX = 2000;
const text = (message: string) =>
  z.string({ error: message }).trim().min(1, message).max(TEXT_MAX, `Must be at most ${TEXT_MAX} characters`);

export const PatientOnboardingSchema = z.strictObject({
  medicalCondition: text('Please describe your medical condition'),
  symptoms: text('Please describe your symptoms'),
  treatmentGoals: text('Please describe your treatment goals'),
  urgencyLevel: z.enum(URGENCY_LEVELS, { error: 'Choose an urgency level' }),
  preferredContactMethod: z.enum(CONTACT_METHODS, { error: 'Choose how we should contact you' }),
  allowPublicStory: z.boolean().default(false),
  /** Her separate consent to collecting these answers (decision 017): without it nothing is stored. */
  consentToCollect: z.literal(true, { error: HEALTH_CONSENT_REFUSALS.collect }),
  /** Her optional consent to sharing (public stories, a doctor's medical review). */
  consentToShare: z.boolean().default(false),
});

export const DOCTOR_BIO_MIN = 50;
export const YEARS_EXPERIENCE_MAX = 80;
export const DoctorOnboardingSchema = z.strictObject({
  specialty: z.enum(DOCTOR_SPECIALTIES, { error: 'Medical specialty is required' }),
  licenseNumber: text('License number is required').pipe(z.string().max(50, 'License number is too long')),
  licenseState: text('License state is required').pipe(z.string().max(50, 'License state is too long')),
  // "Required" only when it is missing: a number out of range is told what range.
  yearsExperience: z
    .number({ error: 'Years of experience required' })
    .int('Enter your years of experience as a whole number')
    .min(0, 'Years of experience must be 0 or more')
    .max(YEARS_EXPERIENCE_MAX, `Years of experience must be ${YEARS_EXPERIENCE_MAX} or fewer`),
  medicalBoard: text('Medical board certification required').pipe(z.string().max(200)),
  hospitalAffiliation: z
    .string()
    .trim()
    .max(200)
    .nullish()
    .transform((v) => (v ? v : null)),
  bio: z
    .string({ error: 'Professional bio must be at least 50 characters' })
    .trim()
    .min(DOCTOR_BIO_MIN, 'Professional bio must be at least 50 characters')
    .max(TEXT_MAX, `Must be at most ${TEXT_MAX} characters`),
  areasOfExpertise: z
    .array(z.enum(AREAS_OF_EXPERTISE), { error: 'Select at least one area of expertise' })
    .min(1, 'Select at least one area of expertise'),
  consultationTypes: z
    .array(z.enum(CONSULTATION_TYPES), { error: 'Select consultation preferences' })
    .min(1, 'Select consultation preferences'),
});

export const DonorOnboardingSchema = z.strictObject({
  donationInterests: z
    .array(z.enum(DONATION_INTERESTS), { error: 'Select donation interests' })
    .min(1, 'Select donation interests'),
  monthlyBudget: z.enum(MONTHLY_BUDGETS, { error: 'Required' }),
  followUpPreference: z.enum(FOLLOW_UP_PREFERENCES, { error: 'Required' }).default('updates'),
  anonymousDonations: z.boolean().default(false),
  taxDeductibleInfo: z.boolean().default(true),
});

export const AdminOnboardingSchema = z.strictObject({
  responsibilities: z
    .array(z.enum(ADMIN_RESPONSIBILITIES), { error: 'Select responsibilities' })
    .min(1, 'Select responsibilities'),
  previousExperience: text('Previous admin experience required'),
  availabilityHours: z
    .number({ error: 'Weekly availability hours required' })
    .int('Enter your weekly hours as a whole number')
    .min(1, 'Weekly availability must be at least 1 hour')
    .max(168, 'A week has 168 hours; enter 168 or fewer'),
});

/** POST /api/user/onboarding */
export const OnboardingSchema = z.discriminatedUnion(
  'role',
  [
    z.strictObject({ role: z.literal('patient'), onboardingData: PatientOnboardingSchema }),
    z.strictObject({ role: z.literal('doctor'), onboardingData: DoctorOnboardingSchema }),
    z.strictObject({ role: z.literal('donor'), onboardingData: DonorOnboardingSchema }),
    z.strictObject({ role: z.literal('admin'), onboardingData: AdminOnboardingSchema }),
  ],
  { error: 'Choose a role first' },
);
export type OnboardingInput = z.input<typeof OnboardingSchema>;
