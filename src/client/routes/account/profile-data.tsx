/** Account Settings' data sections: download my data, and delete my account. */
import { useId, useRef, useState } from 'react';
import { useLocation } from 'wouter';
import { useForm } from 'react-hook-form';
import type { z } from 'zod';
import { zodResolver } from '@hookform/resolvers/zod';
import { useMutation } from '@tanstack/react-query';
import { Download, Trash2 } from 'lucide-react';
import { OWNER_CANNOT_DELETE_ACCOUNT } from '#shared/account-messages.ts';
import { DeleteAccountSchema } from '#shared/schemas/auth.ts';
import { errorMessage } from '#client/lib/api.ts';
import { deleteAccount, downloadMyData } from '#client/api/user.ts';
import { withConfirmation } from '#client/api/passkeys.ts';
import { useFieldErrors } from '#client/hooks/use-field-errors.ts';
import { useCurrentUser, useRefreshCurrentUser } from '#client/hooks/use-current-user.ts';
import { forgetDrafts } from '#client/lib/draft-storage.ts';
import { Button, SubmitRow } from '#client/components/ui/button.tsx';
import { Card, CardTitle } from '#client/components/ui/card.tsx';
import { TextField } from '#client/components/ui/field.tsx';
import { toast } from '#client/components/ui/toast.ts';

/** Saves the person's data as a file through a temporary link. */
async function saveMyData(): Promise<void> {
  const url = URL.createObjectURL(await downloadMyData());
  const link = document.createElement('a');
  link.href = url;
  link.download = 'my-data.json';
  document.body.append(link);
  link.click();
  link.remove();
  // Let the download start before the blob goes away.
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
}

/** Download everything held about the person, as one JSON file. */
export function DataSection() {
  const download = useMutation({
    mutationFn: saveMyData,
    onError: (err) =>
      toast({ title: 'Download Failed', description: errorMessage(err, 'Please try again.'), variant: 'destructive' }),
  });
  return (
    <Card aria-labelledby="data-title">
      <CardTitle id="data-title">Your data</CardTitle>
      <p className="mt-1 text-sm text-slate-700">
        A copy of everything we hold about you, as one JSON file: your account and answers, stories and their history,
        words of support, notifications, sessions, uploads, mail, and what was done with your account.
      </p>
      <Button variant="secondary" className="mt-4" disabled={download.isPending} onClick={() => download.mutate()}>
        <Download aria-hidden="true" className="h-4 w-4" />
        {download.isPending ? 'Preparing...' : 'Download my data'}
      </Button>
    </Card>
  );
}

// ---------------------------------------------------------------------------------------------

type DeleteIn = z.input<typeof DeleteAccountSchema>;
type DeleteOut = z.output<typeof DeleteAccountSchema>;
const DELETE_FIELDS = ['password'] as const;

/** Delete the account, after the password or, without one, a passkey (not for the campaign's owner). */
export function DeleteSection({ ownsCampaign, hasPassword }: { ownsCampaign: boolean; hasPassword: boolean }) {
  const [, navigate] = useLocation();
  const refreshUser = useRefreshCurrentUser();
  const userId = useCurrentUser().user?.id;
  const [confirming, setConfirming] = useState(false);
  const panelId = useId();
  const openButton = useRef<HTMLButtonElement>(null);
  const form = useForm<DeleteIn, unknown, DeleteOut>({
    resolver: zodResolver(DeleteAccountSchema),
    defaultValues: hasPassword ? { password: '' } : {},
  });
  const showFieldErrors = useFieldErrors(form.setError, DELETE_FIELDS);
  const remove = useMutation({
    mutationFn: (input: DeleteOut) =>
      hasPassword ? deleteAccount(input) : withConfirmation(undefined, () => deleteAccount({})),
    onSuccess: async () => {
      // Her unsent drafts kept on this device go with the account.
      if (userId) forgetDrafts(userId);
      toast({ title: 'Account Deleted', description: 'Your account and your data have been deleted.' });
      navigate('/');
      refreshUser(null);
    },
    onError: (err) => {
      showFieldErrors(err);
      toast({
        title: 'Account Not Deleted',
        description: errorMessage(err, 'Please try again.'),
        variant: 'destructive',
      });
    },
  });
  function cancel() {
    setConfirming(false);
    form.reset();
    // Back to the button that opened the panel.
    setTimeout(() => openButton.current?.focus());
  }
  return (
    <Card aria-labelledby="delete-title" className="border-red-200">
      <CardTitle id="delete-title" className="text-red-900">
        Delete my account
      </CardTitle>
      <p className="mt-1 text-sm text-slate-700">
        This permanently deletes your account and everything linked to it (your profile, stories, words of support and
        notifications), and signs you out everywhere. Money records the campaign must keep stay without your name. It
        cannot be undone.
      </p>
      {ownsCampaign ? (
        <p role="note" className="mt-4 rounded-xl border border-amber-200 bg-amber-50 p-4 text-sm text-amber-900">
          {OWNER_CANNOT_DELETE_ACCOUNT}
        </p>
      ) : !confirming ? (
        <Button ref={openButton} variant="secondary" className="mt-4 text-red-800" onClick={() => setConfirming(true)}>
          <Trash2 aria-hidden="true" className="h-4 w-4" />
          Delete my account…
        </Button>
      ) : (
        <form
          id={panelId}
          noValidate
          aria-label="Confirm account deletion"
          aria-describedby={`${panelId}-warning`}
          className="mt-4 space-y-4 rounded-xl border border-red-200 bg-red-50 p-4"
          onSubmit={form.handleSubmit((input) => remove.mutate(input))}
        >
          <p id={`${panelId}-warning`} className="text-sm font-semibold text-red-900">
            Are you sure? This cannot be undone.
          </p>
          {hasPassword ? (
            <TextField
              label="Password"
              type="password"
              autoComplete="current-password"
              autoFocus
              error={form.formState.errors.password?.message}
              {...form.register('password')}
            />
          ) : (
            <p className="text-sm text-red-900">Your passkey confirms it is you.</p>
          )}
          <SubmitRow
            pending={remove.isPending}
            pendingLabel="Deleting..."
            variant="destructive"
            onCancel={cancel}
            cancelVariant="secondary"
            className="flex flex-wrap gap-3"
          >
            Permanently delete my account
          </SubmitRow>
        </form>
      )}
    </Card>
  );
}
