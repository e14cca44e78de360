/**
 * The admin password gate's form: the admin re-enters her own password and the server opens a 15-minute window
 * on the session (POST /api/admin/elevate) for the money moves. The browser never checks a password itself.
 * Used by the donations panel's gate, and where an admin acted (step-up-prompt.tsx: expenses, payments).
 */
import { useForm } from 'react-hook-form';
import type { z } from 'zod';
import { zodResolver } from '@hookform/resolvers/zod';
import { useMutation } from '@tanstack/react-query';
import { ElevateSchema } from '#shared/schemas/admin-donations.ts';
import { ApiError } from '#client/lib/api.ts';
import { useFieldErrors } from '#client/hooks/use-field-errors.ts';
import { elevate } from '#client/api/admin-step-up.ts';
import { Button } from '#client/components/ui/button.tsx';
import { PasswordField } from '#client/components/ui/field.tsx';
import { toast } from '#client/components/ui/toast.ts';

type ElevateIn = z.input<typeof ElevateSchema>;
type ElevateOut = z.output<typeof ElevateSchema>;

const ACCESS_DENIED_PREFIX = 'Access Denied: ';
const FIELDS = ['password'] as const;

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
  const unlock = useMutation({
    mutationFn: elevate,
    onSuccess: () => {
      toast({ title: 'Access Granted', description: unlockedText });
      onUnlocked();
    },
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
    </form>
  );
}
