/**
 * /reset-password?token=: choose a new password with the mailed link. No token sends the visitor to /login; a link
 * already used or expired says so when the page opens, with the way to ask for a new one.
 */
import { useEffect, useState } from 'react';
import { Link, useLocation, useSearch } from 'wouter';
import { useForm, type FieldErrors } from 'react-hook-form';
import type { z } from 'zod';
import { zodResolver } from '@hookform/resolvers/zod';
import { useMutation, useQuery } from '@tanstack/react-query';
import { CircleAlert, CircleCheck } from 'lucide-react';
import { INVALID_RESET_REDIRECT_MS } from '#shared/constants.ts';
import { INVALID_RESET_LINK, PASSWORDS_MISMATCH, ResetPasswordFormSchema } from '#shared/schemas/auth.ts';
import { ApiError, errorMessage } from '#client/lib/api.ts';
import { checkResetLink, resetPassword } from '#client/api/auth.ts';
import { PageStatus } from '#client/components/page-status.tsx';
import { bindFields } from '#client/lib/bind-field.ts';
import { useFieldErrors } from '#client/hooks/use-field-errors.ts';
import { buttonClass } from '#client/components/ui/button.tsx';
import { PasswordField } from '#client/components/ui/field.tsx';
import { toast } from '#client/components/ui/toast.ts';
import { AccountShell, PASSWORD_HINT, ShellFooter, ShellSubmit } from './account-layout.tsx';
import { linkClass } from '#client/components/ui/text-classes.ts';

type ResetFormInput = z.input<typeof ResetPasswordFormSchema>;
type ResetFormOutput = z.output<typeof ResetPasswordFormSchema>;

const MISMATCH_MESSAGE = PASSWORDS_MISMATCH;
const INVALID_LINK_TITLE = 'Invalid Reset Link';
const INVALID_LINK_MESSAGE = INVALID_RESET_LINK;
const SPENT_LINK_TITLE = 'This link was used or has expired';
const SERVER_FIELDS = ['newPassword'] as const;

function InvalidLink() {
  const [, navigate] = useLocation();
  useEffect(() => {
    const timer = setTimeout(() => navigate('/login', { replace: true }), INVALID_RESET_REDIRECT_MS);
    return () => clearTimeout(timer);
  }, [navigate]);
  return (
    <AccountShell title={INVALID_LINK_TITLE}>
      <div role="alert" className="text-center">
        <CircleAlert aria-hidden="true" className="mx-auto h-12 w-12 text-red-700" />
        <p className="mt-4 text-slate-700">{INVALID_LINK_MESSAGE}</p>
      </div>
      <p className="mt-4 text-center text-sm text-slate-600">Taking you to the sign-in page…</p>
      <p className="mt-4 text-center text-slate-700">
        <Link href="/forgot-password" className={linkClass}>
          Request a new link
        </Link>
      </p>
    </AccountShell>
  );
}

/** A link already used, or past its time: said when the page opens, with the way to a new one. */
function SpentLink() {
  return (
    <AccountShell title={SPENT_LINK_TITLE}>
      <div role="alert" className="text-center">
        <CircleAlert aria-hidden="true" className="mx-auto h-12 w-12 text-red-700" />
        <p className="mt-4 text-slate-700">
          A reset link works once, for a limited time. Ask for a new one and we will email it to you.
        </p>
      </div>
      <Link href="/forgot-password" className={buttonClass('primary', 'md', 'mt-6 w-full')}>
        Ask for a new link
      </Link>
      <ShellFooter href="/login">Back to Login</ShellFooter>
    </AccountShell>
  );
}

export default function ResetPasswordPage() {
  const token = new URLSearchParams(useSearch()).get('token');
  if (!token) return <InvalidLink />;
  return <ResetForm token={token} />;
}

function ResetForm({ token }: { token: string }) {
  const [done, setDone] = useState(false);
  // Spent while she typed (used in another tab, or expired): the answer to the reset says so.
  const [spent, setSpent] = useState(false);
  // Asked once when the page opens (asking spends nothing); if the check itself fails, the form is shown and the
  // reset's answer says what is wrong.
  const link = useQuery({ queryKey: ['reset-link', token], queryFn: () => checkResetLink(token), staleTime: Infinity });
  const form = useForm<ResetFormInput, unknown, ResetFormOutput>({
    resolver: zodResolver(ResetPasswordFormSchema),
    defaultValues: { newPassword: '', confirmPassword: '' },
  });
  const showFieldErrors = useFieldErrors(form.setError, SERVER_FIELDS);
  const reset = useMutation({
    mutationFn: resetPassword,
    onSuccess: () => {
      toast({ title: 'Password Reset Successfully', description: 'You can now sign in with your new password.' });
      setDone(true);
    },
    onError: (err) => {
      const description =
        err instanceof ApiError && err.status !== null
          ? errorMessage(err, 'Failed to reset password')
          : 'Failed to reset password. Please try again.';
      showFieldErrors(err);
      if (err instanceof ApiError && err.fieldErrors.token !== undefined) setSpent(true);
      toast({ title: 'Reset Failed', description, variant: 'destructive' });
    },
  });

  function onInvalid(errors: FieldErrors<ResetFormInput>) {
    if (errors.confirmPassword?.message === MISMATCH_MESSAGE) {
      toast({ title: "Passwords Don't Match", description: MISMATCH_MESSAGE, variant: 'destructive' });
    }
  }

  if (done) {
    return (
      <AccountShell title="Password Reset Successfully" focusTitle>
        <div className="text-center">
          <CircleCheck aria-hidden="true" className="mx-auto h-12 w-12 text-green-700" />
          <p className="mt-4 text-slate-700">
            Your password has been changed, and any devices that were signed in have been signed out.
          </p>
        </div>
        <Link href="/login" className={buttonClass('primary', 'md', 'mt-6 w-full')}>
          Continue to Login
        </Link>
      </AccountShell>
    );
  }

  if (link.isPending) return <PageStatus>Checking your link…</PageStatus>;
  if (spent || link.data?.usable === false) return <SpentLink />;

  const { field } = bindFields(form);
  return (
    <AccountShell title="Reset Your Password" description="Choose a new password for your account.">
      <form
        noValidate
        className="space-y-4"
        onSubmit={form.handleSubmit(({ newPassword }) => reset.mutate({ token, newPassword }), onInvalid)}
      >
        <PasswordField
          label="New password"
          autoComplete="new-password"
          hint={PASSWORD_HINT}
          {...field('newPassword')}
        />
        <PasswordField label="Confirm new password" autoComplete="new-password" {...field('confirmPassword')} />
        <ShellSubmit pending={reset.isPending} pendingLabel="Resetting...">
          Reset Password
        </ShellSubmit>
      </form>
      <ShellFooter href="/login">Back to Login</ShellFooter>
    </AccountShell>
  );
}
