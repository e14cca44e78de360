/** /profile (Account Settings): name and email preference, password, sessions, data download, account deletion. */
import { useId, useRef, useState } from 'react';
import { useLocation } from 'wouter';
import { useForm, useWatch } from 'react-hook-form';
import type { z } from 'zod';
import { zodResolver } from '@hookform/resolvers/zod';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Download, Monitor, Trash2 } from 'lucide-react';
import {
  ChangePasswordSchema,
  DeleteAccountSchema,
  UpdateProfileSchema,
  type CurrentUser,
} from '#shared/schemas/auth.ts';
import { apiRequest, errorMessage } from '#client/lib/api.ts';
import { apiErrorInfo } from '#client/lib/api-error.ts';
import { useRefreshCurrentUser } from '#client/hooks/use-current-user.ts';
import { Avatar, roleLabel } from '#client/components/avatar.tsx';
import { ReverificationNotice } from '#client/components/reverification-notice.tsx';
import { Button } from '#client/components/ui/button.tsx';
import { Card, CardTitle } from '#client/components/ui/card.tsx';
import { CheckboxField, TextField } from '#client/components/ui/field.tsx';
import { toast } from '#client/components/ui/toast.ts';
import { PageStatus, PASSWORD_HINT, useRequiredUser } from './account-layout.tsx';
import { TwoFactorSection } from './two-factor-section.tsx';
import { OWNER_CANNOT_DELETE_ACCOUNT } from '#shared/account-messages.ts';

const PROFILE_KEY = ['/api/user/profile'] as const;
const SESSIONS_KEY = ['/api/user/sessions'] as const;

interface ProfileAnswer {
  user: CurrentUser;
  notifyByEmail: boolean;
  /** The campaign's owner cannot delete her account until an admin moves ownership. */
  ownsCampaign: boolean;
  /** The role's onboarding answers; a doctor's carry the verification status. */
  profile: { verificationStatus?: string } | null;
}

interface SessionView {
  id: string;
  device: string;
  createdAt: string;
  lastSeenAt: string;
  current: boolean;
}

const dateTime = new Intl.DateTimeFormat(undefined, { dateStyle: 'medium', timeStyle: 'short' });
const formatWhen = (iso: string) => dateTime.format(new Date(iso));

// ---------------------------------------------------------------------------------------------

type ProfileIn = z.input<typeof UpdateProfileSchema>;
type ProfileOut = z.output<typeof UpdateProfileSchema>;

/** Upload or remove the profile photo (PNG, JPEG or WebP up to 2 MB; the server checks the bytes). */
function AvatarControls({ user }: { user: CurrentUser }) {
  const refreshUser = useRefreshCurrentUser();
  const inputId = useId();
  const upload = useMutation({
    mutationFn: (file: File) => {
      const form = new FormData();
      form.append('avatar', file);
      return apiRequest<CurrentUser>('POST', '/api/user/avatar', form);
    },
    onSuccess: (updated) => refreshUser(updated),
    onError: (err) =>
      toast({ title: 'Photo Not Saved', description: errorMessage(err, 'Please try again.'), variant: 'destructive' }),
  });
  const remove = useMutation({
    mutationFn: () => apiRequest('DELETE', '/api/user/avatar'),
    onSuccess: () => refreshUser(),
  });
  return (
    <div className="flex flex-wrap items-center gap-3">
      <label
        htmlFor={inputId}
        className="cursor-pointer rounded-lg border border-brand-200 px-3 py-1.5 text-sm font-semibold text-brand-800 focus-within:outline-2 hover:bg-brand-50"
      >
        {upload.isPending ? 'Uploading...' : user.profileImageUrl ? 'Change photo' : 'Add a photo'}
        <input
          id={inputId}
          type="file"
          accept="image/png,image/jpeg,image/webp"
          className="sr-only"
          onChange={(e) => {
            const file = e.target.files?.[0];
            if (file) upload.mutate(file);
            e.target.value = '';
          }}
        />
      </label>
      {user.profileImageUrl && (
        <Button variant="ghost" onClick={() => remove.mutate()} disabled={remove.isPending}>
          Remove photo
        </Button>
      )}
      <p className="w-full text-xs text-slate-700">PNG, JPEG or WebP, up to 2 MB.</p>
    </div>
  );
}

function ProfileSection({
  user,
  notifyByEmail,
  verifiedDoctor,
}: {
  user: CurrentUser;
  notifyByEmail: boolean;
  verifiedDoctor: boolean;
}) {
  const queryClient = useQueryClient();
  const refreshUser = useRefreshCurrentUser();
  const form = useForm<ProfileIn, unknown, ProfileOut>({
    resolver: zodResolver(UpdateProfileSchema),
    defaultValues: { firstName: user.firstName, lastName: user.lastName, notifyByEmail },
  });
  const save = useMutation({
    mutationFn: (input: ProfileOut) => apiRequest<CurrentUser>('PATCH', '/api/user/profile', input),
    onSuccess: async (updated, input) => {
      toast({ title: 'Profile Updated', description: 'Your changes have been saved.' });
      form.reset(input);
      await Promise.all([refreshUser(updated), queryClient.invalidateQueries({ queryKey: PROFILE_KEY })]);
    },
    onError: (err) =>
      toast({
        title: 'Profile Not Saved',
        description: errorMessage(err, 'Please try again.'),
        variant: 'destructive',
      }),
  });
  const errors = form.formState.errors;
  const [firstName, lastName] = useWatch({ control: form.control, name: ['firstName', 'lastName'] });
  return (
    <Card aria-labelledby="profile-title">
      <CardTitle id="profile-title">Profile</CardTitle>
      <div className="mt-4 flex items-center gap-4">
        <Avatar user={user} size="lg" />
        <div>
          <p className="font-semibold text-ink">
            {user.firstName} {user.lastName}
          </p>
          <p className="text-sm text-slate-700">{roleLabel(user)}</p>
          <p className="text-sm break-all text-slate-700">{user.email}</p>
        </div>
      </div>
      <div className="mt-4">
        <AvatarControls user={user} />
      </div>
      <form noValidate className="mt-6 space-y-4" onSubmit={form.handleSubmit((input) => save.mutate(input))}>
        <div className="grid gap-4 sm:grid-cols-2">
          <TextField
            label="First name"
            autoComplete="given-name"
            error={errors.firstName?.message}
            {...form.register('firstName')}
          />
          <TextField
            label="Last name"
            autoComplete="family-name"
            error={errors.lastName?.message}
            {...form.register('lastName')}
          />
        </div>
        <ReverificationNotice verified={verifiedDoctor} saved={user} current={{ firstName, lastName }} />
        <CheckboxField
          label="Email me about activity on my account"
          hint="Replies to your stories, approvals and updates. Security messages are always sent."
          {...form.register('notifyByEmail')}
        />
        <Button type="submit" disabled={save.isPending}>
          {save.isPending ? 'Saving...' : 'Save Changes'}
        </Button>
      </form>
    </Card>
  );
}

// ---------------------------------------------------------------------------------------------

type PasswordIn = z.input<typeof ChangePasswordSchema>;
type PasswordOut = z.output<typeof ChangePasswordSchema>;

function PasswordSection() {
  const queryClient = useQueryClient();
  const form = useForm<PasswordIn, unknown, PasswordOut>({
    resolver: zodResolver(ChangePasswordSchema),
    defaultValues: { currentPassword: '', newPassword: '' },
  });
  const change = useMutation({
    mutationFn: (input: PasswordOut) => apiRequest<{ message: string }>('POST', '/api/user/password', input),
    onSuccess: async (answer) => {
      toast({ title: 'Password Changed', description: answer.message });
      form.reset();
      await queryClient.invalidateQueries({ queryKey: SESSIONS_KEY });
    },
    onError: (err) => {
      const { field } = apiErrorInfo(err);
      const message = errorMessage(err, 'Please try again.');
      if (field === 'currentPassword' || field === 'newPassword')
        form.setError(field, { message }, { shouldFocus: true });
      toast({ title: 'Password Not Changed', description: message, variant: 'destructive' });
    },
  });
  const errors = form.formState.errors;
  return (
    <Card aria-labelledby="password-title">
      <CardTitle id="password-title">Change password</CardTitle>
      <p className="mt-1 text-sm text-slate-700">Changing your password signs you out on every other device.</p>
      <form noValidate className="mt-4 space-y-4" onSubmit={form.handleSubmit((input) => change.mutate(input))}>
        <TextField
          label="Current password"
          type="password"
          autoComplete="current-password"
          error={errors.currentPassword?.message}
          {...form.register('currentPassword')}
        />
        <TextField
          label="New password"
          type="password"
          autoComplete="new-password"
          hint={PASSWORD_HINT}
          error={errors.newPassword?.message}
          {...form.register('newPassword')}
        />
        <Button type="submit" disabled={change.isPending}>
          {change.isPending ? 'Changing...' : 'Change Password'}
        </Button>
      </form>
    </Card>
  );
}

// ---------------------------------------------------------------------------------------------

function SessionsSection() {
  const queryClient = useQueryClient();
  const sessions = useQuery<SessionView[]>({ queryKey: SESSIONS_KEY });
  const refresh = () => queryClient.invalidateQueries({ queryKey: SESSIONS_KEY });
  const failed = (err: unknown) =>
    toast({ title: 'Could Not Sign Out', description: errorMessage(err, 'Please try again.'), variant: 'destructive' });
  const revoke = useMutation({
    mutationFn: (id: string) => apiRequest('DELETE', `/api/user/sessions/${encodeURIComponent(id)}`),
    onSuccess: async () => {
      toast({ title: 'Signed Out', description: 'That device has been signed out.' });
      await refresh();
    },
    onError: failed,
  });
  const revokeOthers = useMutation({
    mutationFn: () => apiRequest('POST', '/api/user/sessions/revoke-others'),
    onSuccess: async () => {
      toast({ title: 'Signed Out Everywhere Else', description: 'Every other device has been signed out.' });
      await refresh();
    },
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

// ---------------------------------------------------------------------------------------------

/** Saves a response body as a file through a temporary link. */
async function downloadMyData(): Promise<void> {
  const res = await fetch('/api/user/export', { credentials: 'include' });
  if (!res.ok) throw new Error(`${res.status}: ${(await res.text()) || res.statusText}`);
  const url = URL.createObjectURL(await res.blob());
  const link = document.createElement('a');
  link.href = url;
  link.download = 'my-data.json';
  document.body.append(link);
  link.click();
  link.remove();
  // Let the download start before the blob goes away.
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
}

function DataSection() {
  const download = useMutation({
    mutationFn: downloadMyData,
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

function DeleteSection({ ownsCampaign }: { ownsCampaign: boolean }) {
  const [, navigate] = useLocation();
  const refreshUser = useRefreshCurrentUser();
  const [confirming, setConfirming] = useState(false);
  const panelId = useId();
  const openButton = useRef<HTMLButtonElement>(null);
  const form = useForm<DeleteIn, unknown, DeleteOut>({
    resolver: zodResolver(DeleteAccountSchema),
    defaultValues: { password: '' },
  });
  const remove = useMutation({
    mutationFn: (input: DeleteOut) => apiRequest('DELETE', '/api/user', input),
    onSuccess: async () => {
      toast({ title: 'Account Deleted', description: 'Your account and your data have been deleted.' });
      navigate('/');
      await refreshUser(null);
    },
    onError: (err) => {
      const message = errorMessage(err, 'Please try again.');
      if (apiErrorInfo(err).field === 'password') form.setError('password', { message }, { shouldFocus: true });
      toast({ title: 'Account Not Deleted', description: message, variant: 'destructive' });
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
          <TextField
            label="Password"
            type="password"
            autoComplete="current-password"
            autoFocus
            error={form.formState.errors.password?.message}
            {...form.register('password')}
          />
          <div className="flex flex-wrap gap-3">
            <Button type="submit" variant="destructive" disabled={remove.isPending}>
              {remove.isPending ? 'Deleting...' : 'Permanently delete my account'}
            </Button>
            <Button variant="secondary" onClick={cancel}>
              Cancel
            </Button>
          </div>
        </form>
      )}
    </Card>
  );
}

// ---------------------------------------------------------------------------------------------

function Settings({ user }: { user: CurrentUser }) {
  const profile = useQuery<ProfileAnswer>({ queryKey: PROFILE_KEY });
  return (
    <div className="mx-auto max-w-3xl px-4 py-10 sm:py-14">
      <h1 className="text-3xl font-bold tracking-tight text-ink">Account Settings</h1>
      <p className="mt-2 text-slate-700">Manage your profile, your sign-in, and your data.</p>
      <div className="mt-8 space-y-6">
        {profile.data ? (
          <ProfileSection
            user={user}
            notifyByEmail={profile.data.notifyByEmail}
            verifiedDoctor={profile.data.profile?.verificationStatus === 'verified'}
          />
        ) : (
          <Card>
            <p className="text-slate-700">
              {profile.isError
                ? errorMessage(profile.error, 'Your profile could not be loaded.')
                : 'Loading your profile…'}
            </p>
          </Card>
        )}
        <PasswordSection />
        <TwoFactorSection user={user} />
        <SessionsSection />
        <DataSection />
        <DeleteSection ownsCampaign={profile.data?.ownsCampaign ?? false} />
      </div>
    </div>
  );
}

export default function ProfilePage() {
  const { user } = useRequiredUser('/profile');
  if (!user) return <PageStatus>Loading…</PageStatus>;
  return <Settings user={user} />;
}
