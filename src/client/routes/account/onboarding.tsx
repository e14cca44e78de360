/** /onboarding: the profile questions for the signed-in account's role (patient when none is set yet). */
import type { ReactNode } from 'react';
import { useLocation } from 'wouter';
import { useMutation, useQuery } from '@tanstack/react-query';
import type { Role } from '#shared/auth/roles.ts';
import type { CurrentUser } from '#shared/schemas/auth.ts';
import type { OnboardingInput } from '#shared/schemas/onboarding.ts';
import { errorMessage } from '#client/lib/api.ts';
import { profileQuery, saveOnboarding } from '#client/api/user.ts';
import { useCampaign } from '#client/lib/campaign-context.tsx';
import { useRefreshCurrentUser } from '#client/hooks/use-current-user.ts';
import { Card } from '#client/components/ui/card.tsx';
import { toast } from '#client/components/ui/toast.ts';
import { PageStatus } from '#client/components/page-status.tsx';
import { pageTitleClass } from '#client/components/ui/text-classes.ts';
import { useRequiredUser } from './account-layout.tsx';
import { PatientForm } from './onboarding-forms/patient.tsx';
import { DoctorForm } from './onboarding-forms/doctor.tsx';
import { DonorForm } from './onboarding-forms/donor.tsx';
import { AdminForm } from './onboarding-forms/admin.tsx';
import type { Saved } from './onboarding-forms/parts.tsx';
import { takeReturnAfterJoining } from './return-after-joining.ts';

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

/**
 * Where each role goes once its profile is saved: its own next step, not the main appeal. A patient's is her story:
 * she can write it at once (a fundraiser waits for her confirmed email and a review, and My Stories leads to it);
 * a doctor's dashboard says where her verification stands; a donor finds the fundraisers she can give to.
 */
const NEXT_PAGE: Record<Role, string> = {
  patient: '/my-stories',
  doctor: '/doctor-dashboard',
  donor: '/fundraisers',
  admin: '/admin-dashboard',
};

type Send = (input: OnboardingInput, onError: (error: unknown) => void) => void;

/** Each role's questions: its form, whose answers are sent under that role. */
const FORMS: Record<Role, (props: { saved: Saved; pending: boolean }, send: Send) => ReactNode> = {
  patient: (props, send) => (
    <PatientForm {...props} onSave={(onboardingData, onError) => send({ role: 'patient', onboardingData }, onError)} />
  ),
  doctor: (props, send) => (
    <DoctorForm {...props} onSave={(onboardingData, onError) => send({ role: 'doctor', onboardingData }, onError)} />
  ),
  donor: (props, send) => (
    <DonorForm {...props} onSave={(onboardingData, onError) => send({ role: 'donor', onboardingData }, onError)} />
  ),
  admin: (props, send) => (
    <AdminForm {...props} onSave={(onboardingData, onError) => send({ role: 'admin', onboardingData }, onError)} />
  ),
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

function Onboarding({ user }: { user: CurrentUser }) {
  const { product } = useCampaign();
  const [, navigate] = useLocation();
  const refreshUser = useRefreshCurrentUser();
  const role: Role = user.role ?? 'patient';
  // Someone coming back to change their answers starts from what they saved.
  const saved = useQuery({ ...profileQuery(), enabled: user.onboardingCompleted });
  const save = useMutation({
    mutationFn: saveOnboarding,
    onSuccess: async (updated) => {
      toast({
        title: 'Onboarding Complete!',
        description: `Welcome to ${product.name}. Your profile has been set up.`,
      });
      navigate(takeReturnAfterJoining() ?? NEXT_PAGE[updated.role ?? role]);
      refreshUser(updated);
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
  const send: Send = (input, onError) => save.mutate(input, { onError });
  const intro = INTRO[role];
  return (
    <div className="mx-auto max-w-3xl px-4 py-10 sm:py-14">
      <StepIndicator />
      <h1 className={`${pageTitleClass} mt-6 text-center`}>{intro.title}</h1>
      <p className="mt-3 text-center text-slate-700">{intro.description}</p>
      <Card className="mt-8">{FORMS[role](props, send)}</Card>
    </div>
  );
}

export default function OnboardingPage() {
  const { user } = useRequiredUser('/onboarding');
  if (!user) return <PageStatus>Loading…</PageStatus>;
  return <Onboarding user={user} />;
}
