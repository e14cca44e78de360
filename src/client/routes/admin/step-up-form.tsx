/**
 * The admin password gate's form: the admin re-enters her own password and the server opens a 15-minute window
 * on the session (POST /api/admin/elevate) for the money moves. The browser never checks a password itself.
 * Used by the donations panel's gate, and where an admin acted (step-up-prompt.tsx: expenses, payments). An admin
 * without a password (passkeys only, decision 016) unlocks with a passkey alone.
 */
import { useForm } from 'react-hook-form';
import type { z } from 'zod';
import { zodResolver } from '@hookform/resolvers/zod';
import { useMutation, useQuery } from '@tanstack/react-query';
import { KeyRound } from 'lucide-react';
import { ElevateSchema } from '#shared/schemas/admin-donations.ts';
import { ApiError } from '#client/lib/api.ts';
import { useFieldErrors } from '#client/hooks/use-field-errors.ts';
import { useCurrentUser } from '#client/hooks/use-current-user.ts';
import { elevate } from '#client/api/admin-step-up.ts';
import { passkeysQuery, stepUpWithPasskey } from '#client/api/passkeys.ts';
import { Button } from '#client/components/ui/button.tsx';
import { PasswordField } from '#client/components/ui/field.tsx';
import { toast } from '#client/components/ui/toast.ts';

type ElevateIn = z.input<typeof ElevateSchema>;
type ElevateOut = z.output<typeof ElevateSchema>;

const ACCESS_DENIED_PREFIX = 'Access Denied: ';
const FIELDS = ['password'] as const;

/**
 * "Unlock with a passkey", shown when she has one: her device checks her (user verification), and the server opens
 * the same window as her password would. A refusal or a cancelled prompt leaves the password form as it was.
 */
function PasskeyUnlock({ onUnlocked, alone }: { onUnlocked: () => void; alone: boolean }) {
  const hers = useQuery(passkeysQuery());
  const unlock = useMutation({
    mutationFn: stepUpWithPasskey,
    onSuccess: onUnlocked,
    onError: (err) => {
      // She closed the device's prompt: nothing to say.
      if (!(err instanceof ApiError)) return;
      const message = err.serverMessage ?? 'That passkey was not accepted.';
      toast({ title: 'Access Denied', description: message.replace(ACCESS_DENIED_PREFIX, ''), variant: 'destructive' });
    },
  });
  if (!hers.data?.length) return null;
  return (
    <>
      <Button
        type="button"
        variant="secondary"
        className="w-full"
        onClick={() => unlock.mutate()}
        disabled={unlock.isPending}
      >
        <KeyRound aria-hidden="true" className="h-4 w-4" />
        {unlock.isPending ? 'Waiting for your passkey…' : 'Unlock with a passkey'}
      </Button>
      {!alone && <p className="text-center text-sm text-slate-600">or with your password</p>}
    </>
  );
}

/** The password and Unlock; `unlockedText` is the toast's word on what is open now. */
export function StepUpForm({
  unlockedText,
  onUnlocked,
  autoFocus = false,
  className = 'space-y-4',
}: {
  unlockedText: string;
  onUnlocked: () => void;
  /** Take focus when shown (when the form appears beside what the admin was doing). */
  autoFocus?: boolean;
  className?: string;
}) {
  const form = useForm<ElevateIn, unknown, ElevateOut>({
    resolver: zodResolver(ElevateSchema),
    defaultValues: { password: '' },
  });
  const showFieldErrors = useFieldErrors(form.setError, FIELDS);
  const hasPassword = useCurrentUser().user?.hasPassword ?? true;
  const unlocked = () => {
    toast({ title: 'Access Granted', description: unlockedText });
    onUnlocked();
  };
  const unlock = useMutation({
    mutationFn: elevate,
    onSuccess: unlocked,
    onError: (err) => {
      form.setValue('password', '');
      if (err instanceof ApiError && err.status === 403) {
        const message = err.serverMessage ?? 'Incorrect password.';
        const description = message.startsWith(ACCESS_DENIED_PREFIX)
          ? message.slice(ACCESS_DENIED_PREFIX.length)
          : message;
        toast({ title: 'Access Denied', description, variant: 'destructive' });
      } else {
        // A refusal about the field itself (e.g. too long) is shown at the field; anything else in a toast.
        const description = showFieldErrors(err, 'Please try again.');
        if (description !== null) toast({ title: 'Could Not Unlock', description, variant: 'destructive' });
      }
      form.setFocus('password');
    },
  });
  return (
    <form noValidate className={className} onSubmit={form.handleSubmit((input) => unlock.mutate(input))}>
      <PasskeyUnlock onUnlocked={unlocked} alone={!hasPassword} />
      {hasPassword && (
        <>
          <PasswordField
            label="Password"
            autoComplete="current-password"
            autoFocus={autoFocus}
            error={form.formState.errors.password?.message}
            {...form.register('password')}
          />
          <Button type="submit" className="w-full" disabled={unlock.isPending}>
            {unlock.isPending ? 'Unlocking...' : 'Unlock'}
          </Button>
        </>
      )}
    </form>
  );
}
