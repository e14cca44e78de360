/** /onboarding: the profile questions for the signed-in account's role (patient when none is set yet). */
import type { ReactNode } from 'react';
import { Link, useLocation } from 'wouter';
import { useForm, useWatch, type DefaultValues } from 'react-hook-form';
import type { z } from 'zod';
import { zodResolver } from '@hookform/resolvers/zod';
import { useMutation, useQuery } from '@tanstack/react-query';
import { BadgeCheck, LockKeyhole } from 'lucide-react';
import type { Role } from '#shared/auth/roles.ts';
import type { CurrentUser } from '#shared/schemas/auth.ts';
import {
  ADMIN_RESPONSIBILITIES,
  AdminOnboardingSchema,
  AREAS_OF_EXPERTISE,
  CONSULTATION_TYPES,
  DOCTOR_BIO_MIN,
  DOCTOR_SPECIALTIES,
  DoctorOnboardingSchema,
  DONATION_INTERESTS,
  DonorOnboardingSchema,
  MONTHLY_BUDGET_LABELS,
  MONTHLY_BUDGETS,
  PatientOnboardingSchema,
  type OnboardingInput,
} from '#shared/schemas/onboarding.ts';
import { apiRequest, errorMessage } from '#client/lib/api.ts';
import { useCampaign } from '#client/lib/campaign-context.tsx';
import { useRefreshCurrentUser } from '#client/hooks/use-current-user.ts';
import { Button, buttonClass } from '#client/components/ui/button.tsx';
import { Card } from '#client/components/ui/card.tsx';
import {
  CheckboxField,
  CheckboxGroupField,
  RadioGroupField,
  SelectField,
  TextAreaField,
  TextField,
  type ChoiceOption,
} from '#client/components/ui/field.tsx';
import { toast } from '#client/components/ui/toast.ts';
import { ReverificationNotice } from '#client/components/reverification-notice.tsx';
import type { CheckedValues } from '#shared/doctor-verification.ts';
import { PageStatus, useRequiredUser } from './account-layout.tsx';

type Saved = Record<string, unknown> | null;
interface FormProps<T> {
  saved: Saved;
  pending: boolean;
  onSave: (data: T) => void;
}

/** The saved answers for a schema's own fields (drops ids, timestamps, verification status and nulls). */
function savedValues<T>(schema: { shape: Record<string, unknown> }, saved: Saved): DefaultValues<T> {
  if (!saved) return {} as DefaultValues<T>;
  return Object.fromEntries(
    Object.keys(schema.shape).flatMap((key) => (saved[key] == null ? [] : [[key, saved[key]]])),
  ) as DefaultValues<T>;
}

const options = (values: readonly string[], labels?: Record<string, string>): ChoiceOption[] =>
  values.map((value) => ({ value, label: labels?.[value] ?? value }));

function Notice({ icon, children }: { icon: 'lock' | 'shield'; children: ReactNode }) {
  const Icon = icon === 'lock' ? LockKeyhole : BadgeCheck;
  return (
    <div className="flex gap-3 rounded-xl border border-brand-200 bg-brand-50 px-4 py-3 text-sm text-slate-800">
      <Icon aria-hidden="true" className="mt-0.5 h-5 w-5 shrink-0 text-brand-700" />
      <div className="space-y-1">{children}</div>
    </div>
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

// ---------------------------------------------------------------------------------------------

type PatientIn = z.input<typeof PatientOnboardingSchema>;
type PatientOut = z.output<typeof PatientOnboardingSchema>;

const URGENCY_OPTIONS: ChoiceOption[] = [
  { value: 'low', label: 'Low', description: 'No pressing timeline' },
  { value: 'moderate', label: 'Moderate', description: 'Care needed in the coming months' },
  { value: 'high', label: 'High', description: 'Care needed within weeks' },
  { value: 'critical', label: 'Critical', description: 'Care needed as soon as possible' },
];

function PatientForm({ saved, pending, onSave }: FormProps<PatientOut>) {
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
  const errors = form.formState.errors;
  const contactOptions: ChoiceOption[] = [
    { value: 'email', label: 'Email' },
    { value: 'phone', label: 'Phone' },
    { value: 'platform', label: `Messages on ${product.name}` },
  ];
  return (
    <form noValidate className="space-y-6" onSubmit={form.handleSubmit(onSave)}>
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

// ---------------------------------------------------------------------------------------------

type DoctorIn = z.input<typeof DoctorOnboardingSchema>;
type DoctorOut = z.output<typeof DoctorOnboardingSchema>;

function DoctorForm({ saved, pending, onSave }: FormProps<DoctorOut>) {
  const form = useForm<DoctorIn, unknown, DoctorOut>({
    resolver: zodResolver(DoctorOnboardingSchema),
    defaultValues: {
      licenseNumber: '',
      licenseState: '',
      medicalBoard: '',
      hospitalAffiliation: '',
      bio: '',
      areasOfExpertise: [],
      consultationTypes: [],
      ...savedValues<DoctorIn>(DoctorOnboardingSchema, saved),
    },
  });
  const errors = form.formState.errors;
  const [specialty, licenseNumber, licenseState, medicalBoard] = useWatch({
    control: form.control,
    name: ['specialty', 'licenseNumber', 'licenseState', 'medicalBoard'],
  });
  return (
    <form noValidate className="space-y-6" onSubmit={form.handleSubmit(onSave)}>
      <Notice icon="shield">
        <p className="font-semibold">We verify every medical professional.</p>
        <p>
          An administrator checks your license before your replies are shown as professional support. Your license
          number is used only for that check.
        </p>
      </Notice>
      <SelectField
        label="Medical specialty"
        defaultValue=""
        error={errors.specialty?.message}
        {...form.register('specialty')}
      >
        <option value="" disabled>
          Select your specialty
        </option>
        {DOCTOR_SPECIALTIES.map((s) => (
          <option key={s} value={s}>
            {s}
          </option>
        ))}
      </SelectField>
      <div className="grid gap-4 sm:grid-cols-2">
        <TextField
          label="License number"
          maxLength={50}
          error={errors.licenseNumber?.message}
          {...form.register('licenseNumber')}
        />
        <TextField
          label="License state or region"
          maxLength={50}
          error={errors.licenseState?.message}
          {...form.register('licenseState')}
        />
        <TextField
          label="Years of experience"
          type="number"
          inputMode="numeric"
          min={0}
          max={80}
          step={1}
          error={errors.yearsExperience?.message}
          {...form.register('yearsExperience', { valueAsNumber: true })}
        />
        <TextField
          label="Medical board certification"
          maxLength={200}
          hint="The board that certifies you, e.g. American Board of Obstetrics and Gynecology."
          error={errors.medicalBoard?.message}
          {...form.register('medicalBoard')}
        />
      </div>
      <TextField
        label="Hospital affiliation (optional)"
        maxLength={200}
        error={errors.hospitalAffiliation?.message}
        {...form.register('hospitalAffiliation')}
      />
      <TextAreaField
        label="Professional bio"
        rows={5}
        hint={`At least ${DOCTOR_BIO_MIN} characters. Shown on your directory profile once you are verified.`}
        error={errors.bio?.message}
        {...form.register('bio')}
      />
      <CheckboxGroupField
        legend="Areas of expertise"
        options={options(AREAS_OF_EXPERTISE)}
        columns={2}
        error={errors.areasOfExpertise?.message}
        registration={form.register('areasOfExpertise')}
      />
      <CheckboxGroupField
        legend="Consultation preferences"
        hint="How you are willing to help patients."
        options={options(CONSULTATION_TYPES)}
        columns={2}
        error={errors.consultationTypes?.message}
        registration={form.register('consultationTypes')}
      />
      <ReverificationNotice
        verified={saved?.verificationStatus === 'verified'}
        saved={(saved ?? {}) as CheckedValues}
        current={{ specialty, licenseNumber, licenseState, medicalBoard }}
      />
      <FormActions pending={pending} />
    </form>
  );
}

// ---------------------------------------------------------------------------------------------

type DonorIn = z.input<typeof DonorOnboardingSchema>;
type DonorOut = z.output<typeof DonorOnboardingSchema>;

const FOLLOW_UP_OPTIONS: ChoiceOption[] = [
  { value: 'updates', label: 'Regular updates', description: 'News from the journeys you support' },
  { value: 'minimal', label: 'Minimal', description: 'Only important milestones' },
  { value: 'none', label: 'None', description: 'No follow-up messages' },
];

function DonorForm({ saved, pending, onSave }: FormProps<DonorOut>) {
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
  const errors = form.formState.errors;
  return (
    <form noValidate className="space-y-6" onSubmit={form.handleSubmit(onSave)}>
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

// ---------------------------------------------------------------------------------------------

type AdminIn = z.input<typeof AdminOnboardingSchema>;
type AdminOut = z.output<typeof AdminOnboardingSchema>;

function AdminForm({ saved, pending, onSave }: FormProps<AdminOut>) {
  const form = useForm<AdminIn, unknown, AdminOut>({
    resolver: zodResolver(AdminOnboardingSchema),
    defaultValues: {
      responsibilities: [],
      previousExperience: '',
      ...savedValues<AdminIn>(AdminOnboardingSchema, saved),
    },
  });
  const errors = form.formState.errors;
  return (
    <form noValidate className="space-y-6" onSubmit={form.handleSubmit(onSave)}>
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

// ---------------------------------------------------------------------------------------------

const INTRO: Record<Role, { title: string; description: string }> = {
  patient: {
    title: 'Tell Us About Your Health Journey',
    description: 'A few questions so the community can support you in the right way.',
  },
  doctor: {
    title: 'Your Professional Profile',
    description: 'Tell patients how you can help, and give us what we need to verify you.',
  },
  donor: {
    title: 'Your Giving Preferences',
    description: 'Choose what you care about and how you would like to hear from us.',
  },
  admin: { title: 'Your Administrator Profile', description: 'Tell the team where you can help.' },
};

/** Account creation was step 1; these questions are the second and last. */
function StepIndicator() {
  return (
    <div className="mx-auto max-w-sm">
      <p className="text-center text-sm font-semibold text-brand-800">Step 2 of 2: Your profile</p>
      <div aria-hidden="true" className="mt-2 grid grid-cols-2 gap-2">
        <span className="h-1.5 rounded-full bg-brand-700" />
        <span className="h-1.5 rounded-full bg-brand-700" />
      </div>
    </div>
  );
}

interface ProfileAnswer {
  profile: Saved;
}

function Onboarding({ user }: { user: CurrentUser }) {
  const { product } = useCampaign();
  const [, navigate] = useLocation();
  const refreshUser = useRefreshCurrentUser();
  const role: Role = user.role ?? 'patient';
  // Someone coming back to change their answers starts from what they saved.
  const saved = useQuery<ProfileAnswer>({ queryKey: ['/api/user/profile'], enabled: user.onboardingCompleted });
  const save = useMutation({
    mutationFn: (input: OnboardingInput) => apiRequest<CurrentUser>('POST', '/api/user/onboarding', input),
    onSuccess: async (updated) => {
      toast({
        title: 'Onboarding Complete!',
        description: `Welcome to ${product.name}. Your profile has been set up.`,
      });
      navigate('/');
      await refreshUser(updated);
    },
    onError: (err) =>
      toast({
        title: 'Onboarding Failed',
        description: errorMessage(err, 'Please try again.'),
        variant: 'destructive',
      }),
  });

  if (user.onboardingCompleted && saved.isPending) return <PageStatus>Loading your answers…</PageStatus>;
  const props = { saved: saved.data?.profile ?? null, pending: save.isPending };
  const intro = INTRO[role];
  return (
    <div className="mx-auto max-w-3xl px-4 py-10 sm:py-14">
      <StepIndicator />
      <h1 className="mt-6 text-center text-3xl font-bold tracking-tight text-ink">{intro.title}</h1>
      <p className="mt-3 text-center text-slate-700">{intro.description}</p>
      <Card className="mt-8">
        {role === 'patient' && (
          <PatientForm {...props} onSave={(onboardingData) => save.mutate({ role, onboardingData })} />
        )}
        {role === 'doctor' && (
          <DoctorForm {...props} onSave={(onboardingData) => save.mutate({ role, onboardingData })} />
        )}
        {role === 'donor' && (
          <DonorForm {...props} onSave={(onboardingData) => save.mutate({ role, onboardingData })} />
        )}
        {role === 'admin' && (
          <AdminForm {...props} onSave={(onboardingData) => save.mutate({ role, onboardingData })} />
        )}
      </Card>
    </div>
  );
}

export default function OnboardingPage() {
  const { user } = useRequiredUser('/onboarding');
  if (!user) return <PageStatus>Loading…</PageStatus>;
  return <Onboarding user={user} />;
}
