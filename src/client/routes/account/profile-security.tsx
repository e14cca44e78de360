/** Account Settings' sign-in sections: the password (change, set, remove), and the sessions signed in to the account. */
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import type { z } from 'zod';
import { zodResolver } from '@hookform/resolvers/zod';
import { useMutation, useQuery } from '@tanstack/react-query';
import { Monitor } from 'lucide-react';
import { ChangePasswordSchema } from '#shared/schemas/auth.ts';
import { errorMessage } from '#client/lib/api.ts';
import { formatWhen } from '#client/lib/format.ts';
import { changePassword, removePassword, revokeOtherSessions, revokeSession, sessionsQuery } from '#client/api/user.ts';
import { passkeysQuery, withConfirmation } from '#client/api/passkeys.ts';
import { useFieldErrors } from '#client/hooks/use-field-errors.ts';
import { Button } from '#client/components/ui/button.tsx';
import { Card, CardTitle } from '#client/components/ui/card.tsx';
import { TextField } from '#client/components/ui/field.tsx';
import { toast } from '#client/components/ui/toast.ts';
import { PASSWORD_HINT } from './account-layout.tsx';

type PasswordIn = z.input<typeof ChangePasswordSchema>;
type PasswordOut = z.output<typeof ChangePasswordSchema>;
const PASSWORD_FIELDS = ['currentPassword', 'newPassword'] as const;

/**
 * Change the password (which signs out every other device); without one (she signs in with passkeys), set one,
 * confirmed with a passkey. With a password and a passkey, she may remove the password (decision 016).
 */
export function PasswordSection({ hasPassword }: { hasPassword: boolean }) {
  const form = useForm<PasswordIn, unknown, PasswordOut>({
    resolver: zodResolver(ChangePasswordSchema),
    defaultValues: hasPassword ? { currentPassword: '', newPassword: '' } : { newPassword: '' },
  });
  const showFieldErrors = useFieldErrors(form.setError, PASSWORD_FIELDS);
  const change = useMutation({
    mutationFn: (input: PasswordOut) =>
      hasPassword ? changePassword(input) : withConfirmation(undefined, () => changePassword(input)),
    onSuccess: async (answer) => {
      toast({ title: hasPassword ? 'Password Changed' : 'Password Set', description: answer.message });
      form.reset();
    },
    onError: (err) => {
      showFieldErrors(err);
      toast({
        title: hasPassword ? 'Password Not Changed' : 'Password Not Set',
        description: errorMessage(err, 'Please try again.'),
        variant: 'destructive',
      });
    },
  });
  const errors = form.formState.errors;
  return (
    <Card aria-labelledby="password-title">
      <CardTitle id="password-title">{hasPassword ? 'Change password' : 'Set a password'}</CardTitle>
      <p className="mt-1 text-sm text-slate-700">
        {hasPassword
          ? 'Changing your password signs you out on every other device.'
          : 'You sign in with a passkey and have no password. You can set one again; your passkey confirms it is you, and every other device is signed out.'}
      </p>
      <form noValidate className="mt-4 space-y-4" onSubmit={form.handleSubmit((input) => change.mutate(input))}>
        {hasPassword && (
          <TextField
            label="Current password"
            type="password"
            autoComplete="current-password"
            error={errors.currentPassword?.message}
            {...form.register('currentPassword')}
          />
        )}
        <TextField
          label="New password"
          type="password"
          autoComplete="new-password"
          hint={PASSWORD_HINT}
          error={errors.newPassword?.message}
          {...form.register('newPassword')}
        />
        <Button type="submit" disabled={change.isPending}>
          {hasPassword
            ? change.isPending
              ? 'Changing...'
              : 'Change Password'
            : change.isPending
              ? 'Waiting for your passkey…'
              : 'Confirm with a passkey and set password'}
        </Button>
      </form>
      {hasPassword && <RemovePassword />}
    </Card>
  );
}

/** Removing the password once she has a passkey: she then signs in with passkeys only. */
function RemovePassword() {
  const keys = useQuery(passkeysQuery());
  const [password, setPassword] = useState('');
  const remove = useMutation({
    mutationFn: () => removePassword({ password }),
    onSuccess: () => {
      setPassword('');
      toast({
        title: 'Password Removed',
        description: 'You now sign in with a passkey. Other devices have been signed out.',
      });
    },
    onError: (err) =>
      toast({
        title: 'Password Not Removed',
        description: errorMessage(err, 'Please try again.'),
        variant: 'destructive',
      }),
  });
  const hasPasskey = (keys.data?.length ?? 0) > 0;
  return (
    <section aria-labelledby="remove-password-title" className="mt-6 border-t border-brand-100 pt-6">
      <h3 id="remove-password-title" className="font-semibold text-ink">
        Remove your password
      </h3>
      <p className="mt-1 text-sm text-slate-700">
        {hasPasskey
          ? 'Remove your password and sign in with your passkeys alone: nobody can then guess, phish or reuse a password of yours. If you lose your passkeys, “Forgot password?” mails you a link to choose a new one.'
          : 'Once you have added a passkey (below), you can remove your password and sign in with passkeys alone.'}
      </p>
      {hasPasskey && (
        <form
          noValidate
          aria-label="Remove my password"
          className="mt-4 space-y-4"
          onSubmit={(e) => {
            e.preventDefault();
            remove.mutate();
          }}
        >
          <TextField
            label="Your password, to confirm"
            type="password"
            autoComplete="current-password"
            value={password}
            onChange={(e) => setPassword(e.target.value)}
            error={remove.isError ? errorMessage(remove.error, 'Please try again.') : undefined}
          />
          <Button type="submit" variant="secondary" disabled={remove.isPending}>
            {remove.isPending ? 'Removing...' : 'Remove my password'}
          </Button>
        </form>
      )}
    </section>
  );
}

// ---------------------------------------------------------------------------------------------

/** The browsers and devices signed in, each with a way to sign it out. */
export function SessionsSection() {
  const sessions = useQuery(sessionsQuery());
  const failed = (err: unknown) =>
    toast({ title: 'Could Not Sign Out', description: errorMessage(err, 'Please try again.'), variant: 'destructive' });
  const revoke = useMutation({
    mutationFn: revokeSession,
    onSuccess: () => toast({ title: 'Signed Out', description: 'That device has been signed out.' }),
    onError: failed,
  });
  const revokeOthers = useMutation({
    mutationFn: revokeOtherSessions,
    onSuccess: () =>
      toast({ title: 'Signed Out Everywhere Else', description: 'Every other device has been signed out.' }),
    onError: failed,
  });
  const list = sessions.data ?? [];
  const others = list.filter((s) => !s.current).length;
  return (
    <Card aria-labelledby="sessions-title">
      <CardTitle id="sessions-title">Active sessions</CardTitle>
      <p className="mt-1 text-sm text-slate-700">The browsers and devices signed in to your account.</p>
      {sessions.isPending && <p className="mt-4 text-slate-700">Loading…</p>}
      {sessions.isError && (
        <p className="mt-4 text-red-800">{errorMessage(sessions.error, 'Your sessions could not be loaded.')}</p>
      )}
      <ul className="mt-4 divide-y divide-brand-100" aria-label="Sessions">
        {list.map((s) => (
          <li key={s.id} className="flex flex-wrap items-center justify-between gap-3 py-3" data-testid="session">
            <div className="flex items-start gap-3">
              <Monitor aria-hidden="true" className="mt-0.5 h-5 w-5 text-brand-700" />
              <div>
                <p className="font-medium text-ink">
                  {s.device || 'Unknown device'}
                  {s.current && (
                    <span className="ml-2 rounded-full bg-brand-100 px-2 py-0.5 text-xs font-semibold text-brand-900">
                      This device
                    </span>
                  )}
                </p>
                <p className="text-sm text-slate-700">
                  Started {formatWhen(s.createdAt)} · Last active {formatWhen(s.lastSeenAt)}
                </p>
              </div>
            </div>
            {!s.current && (
              <Button
                variant="secondary"
                disabled={revoke.isPending && revoke.variables === s.id}
                aria-label={`Sign out ${s.device || 'unknown device'}, started ${formatWhen(s.createdAt)}`}
                onClick={() => revoke.mutate(s.id)}
              >
                Sign out
              </Button>
            )}
          </li>
        ))}
      </ul>
      <Button
        variant="secondary"
        className="mt-4"
        disabled={others === 0 || revokeOthers.isPending}
        onClick={() => revokeOthers.mutate()}
      >
        {revokeOthers.isPending ? 'Signing out...' : 'Sign out everywhere else'}
      </Button>
    </Card>
  );
}
