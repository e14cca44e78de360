/**
 * Passkeys on /profile: the ones she added (name, when added, when last used; remove), and a form to add one,
 * which asks for her password first (without one, a passkey she has) and then for her device's confirmation
 * (fingerprint, face or PIN).
 */
import { useForm } from 'react-hook-form';
import type { z } from 'zod';
import { zodResolver } from '@hookform/resolvers/zod';
import { useMutation, useQuery } from '@tanstack/react-query';
import { KeyRound } from 'lucide-react';
import { AddPasskeyFormSchema } from '#shared/schemas/passkeys.ts';
import { errorMessage } from '#client/lib/api.ts';
import { formatWhen } from '#client/lib/format.ts';
import { addPasskey, passkeysQuery, removePasskey } from '#client/api/passkeys.ts';
import { useFieldErrors } from '#client/hooks/use-field-errors.ts';
import { Button } from '#client/components/ui/button.tsx';
import { Card, CardTitle } from '#client/components/ui/card.tsx';
import { TextField } from '#client/components/ui/field.tsx';
import { toast } from '#client/components/ui/toast.ts';

type AddIn = z.input<typeof AddPasskeyFormSchema>;
type AddOut = z.output<typeof AddPasskeyFormSchema>;
const ADD_FIELDS = ['name', 'password'] as const;

/** What the browser's ceremony says when she cancels it or the device refuses: a sentence she can act on. */
function ceremonyProblem(err: unknown): string {
  if (err instanceof Error && (err.name === 'NotAllowedError' || err.name === 'AbortError'))
    return 'The passkey was not made: the request was cancelled or timed out. Try again when you are ready.';
  if (err instanceof Error && err.name === 'InvalidStateError')
    return 'This device already has a passkey for your account.';
  return errorMessage(err, 'The passkey was not saved. Please try again.');
}

export function PasskeysSection({ hasPassword }: { hasPassword: boolean }) {
  const list = useQuery(passkeysQuery());
  const form = useForm<AddIn, unknown, AddOut>({
    resolver: zodResolver(AddPasskeyFormSchema),
    defaultValues: hasPassword ? { name: '', password: '' } : { name: '' },
  });
  const showFieldErrors = useFieldErrors(form.setError, ADD_FIELDS);
  const add = useMutation({
    mutationFn: ({ name, password }: AddOut) => addPasskey(name, password),
    onSuccess: (added) => {
      toast({ title: 'Passkey added', description: `You can now sign in with “${added.name}”.` });
      form.reset();
    },
    onError: (err) => {
      showFieldErrors(err);
      toast({ title: 'Passkey not added', description: ceremonyProblem(err), variant: 'destructive' });
    },
  });
  const remove = useMutation({
    mutationFn: removePasskey,
    onSuccess: () => toast({ title: 'Passkey removed', description: 'It no longer signs in to your account.' }),
    onError: (err) =>
      toast({
        title: 'Passkey not removed',
        description: errorMessage(err, 'Please try again.'),
        variant: 'destructive',
      }),
  });
  const errors = form.formState.errors;
  const keys = list.data ?? [];
  return (
    <Card aria-labelledby="passkeys-title">
      <CardTitle id="passkeys-title">Passkeys</CardTitle>
      <p className="mt-1 text-sm text-slate-700">
        Sign in with your fingerprint, face or device PIN instead of your password. A passkey works only on this site,
        so it cannot be phished.
        {!hasPassword && ' You have no password, so keep at least one passkey: your last one cannot be removed.'}
      </p>
      {list.isPending && <p className="mt-4 text-slate-700">Loading…</p>}
      {list.isError && (
        <p className="mt-4 text-red-800">{errorMessage(list.error, 'Your passkeys could not be loaded.')}</p>
      )}
      {list.isSuccess && keys.length === 0 && <p className="mt-4 text-slate-700">You have no passkeys yet.</p>}
      {keys.length > 0 && (
        <ul className="mt-4 divide-y divide-brand-100" aria-label="Your passkeys">
          {keys.map((p) => (
            <li key={p.id} className="flex flex-wrap items-center justify-between gap-3 py-3" data-testid="passkey">
              <div className="flex items-start gap-3">
                <KeyRound aria-hidden="true" className="mt-0.5 h-5 w-5 text-brand-700" />
                <div>
                  <p className="font-medium text-ink">{p.name}</p>
                  <p className="text-sm text-slate-700">
                    Added {formatWhen(p.createdAt)} ·{' '}
                    {p.lastUsedAt ? `Last used ${formatWhen(p.lastUsedAt)}` : 'Not used yet'}
                  </p>
                </div>
              </div>
              <Button
                variant="secondary"
                disabled={remove.isPending && remove.variables === p.id}
                aria-label={`Remove the passkey ${p.name}`}
                onClick={() => remove.mutate(p.id)}
              >
                Remove
              </Button>
            </li>
          ))}
        </ul>
      )}
      <form
        noValidate
        aria-label="Add a passkey"
        className="mt-4 space-y-4"
        onSubmit={form.handleSubmit((input) => add.mutate(input))}
      >
        <TextField
          label="Name for the new passkey"
          hint="For example “Phone” or “Work laptop”, so you can tell them apart."
          autoComplete="off"
          error={errors.name?.message}
          {...form.register('name')}
        />
        {hasPassword ? (
          <TextField
            label="Your password"
            type="password"
            autoComplete="current-password"
            error={errors.password?.message}
            {...form.register('password')}
          />
        ) : (
          <p className="text-sm text-slate-700">A passkey you already have confirms it is you first.</p>
        )}
        <Button type="submit" disabled={add.isPending}>
          {add.isPending ? 'Waiting for your device…' : 'Add a passkey'}
        </Button>
      </form>
    </Card>
  );
}
