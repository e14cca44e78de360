/** Inviting an admin (super admins): a one-time link to register as an admin of the chosen level, shown once. */
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { useMutation } from '@tanstack/react-query';
import { ADMIN_LEVELS, type AdminLevel } from '#shared/auth/roles.ts';
import type { AdminInviteLink } from '#shared/schemas/admin-users.ts';
import { errorMessage } from '#client/lib/api.ts';
import { formatWhen } from '#client/lib/format.ts';
import { useFieldErrors } from '#client/hooks/use-field-errors.ts';
import { createInvite } from '#client/api/admin-users.ts';
import { Button } from '#client/components/ui/button.tsx';
import { Card, CardTitle } from '#client/components/ui/card.tsx';
import { SelectField, TextField } from '#client/components/ui/field.tsx';
import { toast } from '#client/components/ui/toast.ts';
import { ADMIN_LEVEL_LABELS } from '#client/components/avatar.tsx';
import { CopyLinkButton } from '#client/components/copy-link-button.tsx';

/** The form's values: an empty email means the link works for any address. */
interface InviteForm {
  adminLevel: AdminLevel;
  email: string;
}

const FIELDS = ['adminLevel', 'email'] as const;

export function InviteCard() {
  const [invite, setInvite] = useState<AdminInviteLink | null>(null);
  const form = useForm<InviteForm>({ defaultValues: { adminLevel: 'moderator', email: '' } });
  const showFieldErrors = useFieldErrors(form.setError, FIELDS);
  const create = useMutation({
    mutationFn: ({ adminLevel, email }: InviteForm) => createInvite({ adminLevel, email: email.trim() || undefined }),
    onSuccess: (answer, { email }) => {
      setInvite(answer);
      const to = email.trim();
      toast({
        title: 'Invite created',
        description: to
          ? `We mailed the link to ${to}; it works once, for that address only.`
          : 'Send the link to the new admin; it works once.',
      });
    },
    onError: (err) => {
      showFieldErrors(err);
      toast({
        title: 'Invite not created',
        description: errorMessage(err, 'Please try again.'),
        variant: 'destructive',
      });
    },
  });
  return (
    <Card className="mt-6" aria-labelledby="invite-title">
      <CardTitle id="invite-title">Invite an admin</CardTitle>
      <p className="mt-1 text-sm text-slate-700">
        Creates a one-time link to register as an admin of the level you choose.
      </p>
      <form
        noValidate
        className="mt-4 grid gap-4 sm:grid-cols-[12rem_1fr_auto] sm:items-start"
        onSubmit={form.handleSubmit((input) => {
          setInvite(null);
          create.mutate(input);
        })}
      >
        <SelectField
          label="Admin level"
          error={form.formState.errors.adminLevel?.message}
          {...form.register('adminLevel')}
        >
          {ADMIN_LEVELS.map((l) => (
            <option key={l} value={l}>
              {ADMIN_LEVEL_LABELS[l]}
            </option>
          ))}
        </SelectField>
        <TextField
          label="Email (optional)"
          hint="We mail the link to this address, and only it may use the link."
          type="email"
          autoComplete="off"
          error={form.formState.errors.email?.message}
          {...form.register('email')}
        />
        <Button type="submit" className="sm:mt-6" disabled={create.isPending}>
          {create.isPending ? 'Creating…' : 'Create invite'}
        </Button>
      </form>
      {invite && (
        <div className="mt-4 rounded-xl border border-brand-100 bg-brand-50 p-4" data-testid="invite-result">
          <TextField
            label="One-time invite link"
            readOnly
            value={invite.link}
            onFocus={(e) => e.currentTarget.select()}
          />
          <div className="mt-2 flex flex-wrap items-center justify-between gap-2">
            <p className="text-sm text-slate-700">
              Expires <time dateTime={invite.expiresAt}>{formatWhen(invite.expiresAt)}</time>. It is shown only now.
            </p>
            <CopyLinkButton label="Copy link" link={invite.link} copiedDescription="Send it to the new admin." />
          </div>
        </div>
      )}
    </Card>
  );
}
