/** /get-started: choose patient, doctor or donor; then register (signed out) or save the role (signed in). */
import { useId, useState, type FormEvent } from 'react';
import { Link, useLocation, useSearch } from 'wouter';
import { useMutation } from '@tanstack/react-query';
import { BriefcaseMedical, HandHeart, HeartPulse } from 'lucide-react';
import { ROLE_DETAILS, SELF_CHOSEN_ROLES, type SelfChosenRole } from '#shared/auth/roles.ts';
import { ROLE_SUBMIT_DELAY_MS } from '#shared/constants.ts';
import { errorMessage } from '#client/lib/api.ts';
import { chooseRole } from '#client/api/auth.ts';
import { useHumanCheck } from '#client/lib/altcha.ts';
import { useCurrentUser, useRefreshCurrentUser } from '#client/hooks/use-current-user.ts';
import { Button } from '#client/components/ui/button.tsx';
import { toast } from '#client/components/ui/toast.ts';
import { linkClass, pageTitleClass } from '#client/components/ui/text-classes.ts';
import { delay } from './account-layout.tsx';
import { storeSelectedRole } from './selected-role.ts';
import { keepReturnAfterJoining } from './return-after-joining.ts';

const ICONS = { patient: HeartPulse, doctor: BriefcaseMedical, donor: HandHeart } as const;

export default function GetStartedPage() {
  const { user, isLoading } = useCurrentUser();
  const refreshUser = useRefreshCurrentUser();
  const [, navigate] = useLocation();
  const returnTo = new URLSearchParams(useSearch()).get('returnTo');
  const [role, setRole] = useState<SelfChosenRole | null>(null);
  const [missing, setMissing] = useState(false);
  const errorId = useId();
  // Only a signed-in visitor's choice is sent with a human check; others go on to the registration form.
  const humanCheck = useHumanCheck(user !== null && user !== undefined);

  const setRoleMutation = useMutation({
    mutationFn: async (chosen: SelfChosenRole) => {
      await delay(ROLE_SUBMIT_DELAY_MS);
      return chooseRole({ role: chosen, recaptchaToken: await humanCheck() });
    },
    onSuccess: async (updated) => {
      toast({
        title: 'Role Selected',
        description: `Your account is now a ${ROLE_DETAILS[updated.role ?? 'patient'].title}.`,
      });
      navigate('/');
      refreshUser(updated);
    },
    onError: (err) => {
      toast({
        title: 'Role Not Saved',
        description: errorMessage(err, 'Failed to set role. Please try again.'),
        variant: 'destructive',
      });
      setRole(null);
    },
  });

  function onSubmit(event: FormEvent) {
    event.preventDefault();
    if (!role) {
      setMissing(true);
      return;
    }
    if (user) {
      setRoleMutation.mutate(role);
    } else {
      storeSelectedRole(role);
      keepReturnAfterJoining(returnTo);
      navigate('/register');
    }
  }

  const pending = setRoleMutation.isPending;
  return (
    <div className="mx-auto max-w-5xl px-4 py-10 sm:py-14">
      <h1 className={`${pageTitleClass} text-center sm:text-4xl`}>Join the Community</h1>
      <p className="mx-auto mt-3 max-w-2xl text-center text-lg text-slate-700">
        Tell us how you would like to take part. You can share your journey, offer professional support, or help others
        reach the care they need.
      </p>
      <form noValidate onSubmit={onSubmit} className="mt-8">
        <fieldset aria-describedby={missing && !role ? errorId : undefined}>
          <legend className="sr-only">Choose your role</legend>
          <div className="grid gap-4 md:grid-cols-3">
            {SELF_CHOSEN_ROLES.map((r) => {
              const Icon = ICONS[r];
              const id = `role-${r}`;
              return (
                <div
                  key={r}
                  className="relative rounded-2xl border-2 border-brand-100 bg-white p-6 shadow-sm has-[:checked]:border-brand-600 has-[:checked]:bg-brand-50"
                >
                  <input
                    id={id}
                    type="radio"
                    name="role"
                    value={r}
                    checked={role === r}
                    onChange={() => {
                      setRole(r);
                      setMissing(false);
                    }}
                    disabled={pending}
                    aria-describedby={`${id}-description`}
                    className="absolute top-5 right-5 z-10 h-5 w-5 accent-brand-700"
                  />
                  <Icon aria-hidden="true" className="h-10 w-10 text-brand-700" />
                  {/* The whole card is the label, so a click anywhere picks the role. */}
                  <label
                    htmlFor={id}
                    className="mt-4 block cursor-pointer text-lg font-semibold text-ink after:absolute after:inset-0"
                  >
                    {ROLE_DETAILS[r].title}
                  </label>
                  <p id={`${id}-description`} className="mt-2 text-slate-700">
                    {ROLE_DETAILS[r].description}
                  </p>
                </div>
              );
            })}
          </div>
        </fieldset>
        {missing && !role && (
          <p id={errorId} role="alert" className="mt-4 text-center text-sm text-red-800">
            Please choose a role to continue.
          </p>
        )}
        <div className="mt-8 flex flex-col items-center gap-4">
          <Button type="submit" size="lg" disabled={pending || isLoading}>
            {user ? (pending ? 'Saving...' : 'Complete Setup') : 'Continue with Registration'}
          </Button>
          {!user && (
            <p className="text-slate-700">
              Already have an account?{' '}
              <Link href="/login" className={linkClass}>
                Sign in here
              </Link>
            </p>
          )}
        </div>
      </form>
    </div>
  );
}
