/** /register: the account form for the role chosen on /get-started (or an admin invitation link). */
import { useEffect, useState } from 'react';
import { Link, useLocation, useSearch } from 'wouter';
import { useForm } from 'react-hook-form';
import type { z } from 'zod';
import { zodResolver } from '@hookform/resolvers/zod';
import { useMutation } from '@tanstack/react-query';
import { ChevronLeft } from 'lucide-react';
import { ROLE_DETAILS, type Role } from '#shared/auth/roles.ts';
import { RegisterFormSchema, type RegisterFormValues } from '#shared/schemas/auth.ts';
import { errorMessage } from '#client/lib/api.ts';
import { register } from '#client/api/auth.ts';
import { bindFields } from '#client/lib/bind-field.ts';
import { useFieldErrors } from '#client/hooks/use-field-errors.ts';
import { useHumanCheck } from '#client/lib/altcha.ts';
import { useCampaign } from '#client/lib/campaign-context.tsx';
import { useRefreshCurrentUser } from '#client/hooks/use-current-user.ts';
import { Button, buttonClass } from '#client/components/ui/button.tsx';
import { EmailField, NameFields, TextField } from '#client/components/ui/field.tsx';
import { toast } from '#client/components/ui/toast.ts';
import { PageStatus } from '#client/components/page-status.tsx';
import { linkClass } from '#client/components/ui/text-classes.ts';
import { AccountShell, PASSWORD_HINT, ShellFooter } from './account-layout.tsx';
import { clearSelectedRole, readSelectedRole } from './selected-role.ts';

type RegisterFormOutput = z.output<typeof RegisterFormSchema>;
const FORM_FIELDS = ['firstName', 'lastName', 'email', 'password', 'confirmPassword'] as const;
const EMPTY: RegisterFormValues = { firstName: '', lastName: '', email: '', password: '', confirmPassword: '' };

/** The role to register: an invitation makes it admin; otherwise the one kept by /get-started. */
function useRegistrationRole(): { role: Role | null; inviteToken: string | undefined } {
  const invite = new URLSearchParams(useSearch()).get('invite') ?? undefined;
  const [stored] = useState(readSelectedRole);
  return invite ? { role: 'admin', inviteToken: invite } : { role: stored, inviteToken: undefined };
}

export default function RegisterPage() {
  const { product } = useCampaign();
  const [, navigate] = useLocation();
  const refreshUser = useRefreshCurrentUser();
  const { role, inviteToken } = useRegistrationRole();

  useEffect(() => {
    if (!role) navigate('/get-started', { replace: true });
  }, [role, navigate]);

  const form = useForm<RegisterFormValues, unknown, RegisterFormOutput>({
    resolver: zodResolver(RegisterFormSchema),
    defaultValues: EMPTY,
  });
  const humanCheck = useHumanCheck();
  const showFieldErrors = useFieldErrors(form.setError, FORM_FIELDS);
  const signUp = useMutation({
    mutationFn: async ({ confirmPassword: _confirm, ...fields }: RegisterFormOutput & { role: Role }) =>
      register({ ...fields, ...(inviteToken ? { inviteToken } : {}), altcha: await humanCheck() }),
    onSuccess: async (user) => {
      clearSelectedRole();
      toast({
        title: 'Account Created Successfully!',
        description: `Welcome to ${product.name}. Please check your email for verification if required.`,
      });
      refreshUser(user);
      navigate('/onboarding');
    },
    onError: (err) => {
      // A problem with one field (email taken, password too common) is also shown beside it.
      showFieldErrors(err);
      toast({
        title: 'Registration Failed',
        description: errorMessage(err, 'Please try again.'),
        variant: 'destructive',
      });
    },
  });

  if (!role) return <PageStatus>Choose a role first…</PageStatus>;

  const { field } = bindFields(form);
  const details = ROLE_DETAILS[role];
  return (
    <AccountShell title="Create Your Account" description={`Join the ${product.name} community.`}>
      <div className="rounded-xl border border-brand-200 bg-brand-50 px-4 py-3">
        <p className="text-sm font-semibold text-brand-900" data-testid="role-badge">
          {details.title}
        </p>
        <p className="mt-1 text-sm text-slate-700">{details.description}</p>
      </div>
      <form
        noValidate
        className="mt-6 space-y-4"
        onSubmit={form.handleSubmit((values) => signUp.mutate({ ...values, role }))}
      >
        <NameFields first={field('firstName')} last={field('lastName')} />
        <EmailField {...field('email')} />
        <TextField
          label="Password"
          type="password"
          autoComplete="new-password"
          hint={PASSWORD_HINT}
          {...field('password')}
        />
        <TextField label="Confirm password" type="password" autoComplete="new-password" {...field('confirmPassword')} />
        <p className="text-sm text-slate-700">
          By creating an account you agree to our{' '}
          <Link href="/terms-of-service" className={linkClass}>
            Terms of Service
          </Link>{' '}
          and{' '}
          <Link href="/privacy-policy" className={linkClass}>
            Privacy Policy
          </Link>
          . You must be at least 18.
        </p>
        <div className="flex flex-col-reverse gap-3 sm:flex-row sm:justify-between">
          <Link href="/get-started" className={buttonClass('secondary')}>
            <ChevronLeft aria-hidden="true" className="h-4 w-4" />
            Back
          </Link>
          <Button type="submit" disabled={signUp.isPending}>
            {signUp.isPending ? 'Creating account...' : 'Create Account'}
          </Button>
        </div>
      </form>
      <ShellFooter prompt="Already have an account?" href="/login">
        Sign in here
      </ShellFooter>
    </AccountShell>
  );
}
