/**
 * /profile (Account Settings): name and email preference, who sees a patient's health answers and her health data
 * consent, password, sessions, data download, account deletion.
 */
import { useId, useState } from 'react';
import { useForm, useWatch } from 'react-hook-form';
import type { z } from 'zod';
import { zodResolver } from '@hookform/resolvers/zod';
import { useMutation, useQuery } from '@tanstack/react-query';
import { UpdateProfileSchema, type CurrentUser } from '#shared/schemas/auth.ts';
import { COMMUNITY_NAME_MAX, suggestedCommunityName } from '#shared/community-name.ts';
import { IMAGE_UPLOAD_MAX_BYTES, IMAGE_UPLOAD_TYPES, uploadProblem } from '#shared/uploads.ts';
import { errorMessage } from '#client/lib/api.ts';
import { bindFields } from '#client/lib/bind-field.ts';
import { profileQuery, updateProfile } from '#client/api/user.ts';
import { removeAvatar, uploadAvatar } from '#client/api/uploads.ts';
import { useRefreshCurrentUser } from '#client/hooks/use-current-user.ts';
import { Avatar, roleLabel } from '#client/components/avatar.tsx';
import { ReverificationNotice } from '#client/components/reverification-notice.tsx';
import { Button } from '#client/components/ui/button.tsx';
import { Card, CardTitle } from '#client/components/ui/card.tsx';
import { CheckboxField, NameFields, TextField } from '#client/components/ui/field.tsx';
import { toast } from '#client/components/ui/toast.ts';
import { PageFrame } from '#client/components/page-layout.tsx';
import { usePageUser } from '#client/page-access.tsx';
import { PasskeysSection } from './passkeys-section.tsx';
import { TwoFactorSection } from './two-factor-section.tsx';
import { PasswordSection, SessionsSection } from './profile-security.tsx';
import { DataSection, DeleteSection } from './profile-data.tsx';
import { GiftsSection } from './profile-gifts.tsx';
import { MutedTopicsSection } from './muted-topics-section.tsx';
import { HealthConsentSection } from './health-consent-section.tsx';
import { FieldVisibilitySection } from './field-visibility-section.tsx';

type ProfileIn = z.input<typeof UpdateProfileSchema>;
type ProfileOut = z.output<typeof UpdateProfileSchema>;

/** Upload or remove the profile photo (PNG, JPEG or WebP up to 2 MB; the server checks the bytes). */
function AvatarControls({ user }: { user: CurrentUser }) {
  const refreshUser = useRefreshCurrentUser();
  const inputId = useId();
  const hintId = `${inputId}-hint`;
  const errorId = `${inputId}-error`;
  // What is wrong with the photo she chose, found before it is sent (or the server's answer), under the button.
  const [fileError, setFileError] = useState<string | null>(null);
  const upload = useMutation({
    mutationFn: uploadAvatar,
    onSuccess: (updated) => refreshUser(updated),
    onError: (err) => {
      setFileError(`Photo not saved: ${errorMessage(err, 'please try again.')}`);
      toast({ title: 'Photo Not Saved', description: errorMessage(err, 'Please try again.'), variant: 'destructive' });
    },
  });
  const remove = useMutation({
    mutationFn: removeAvatar,
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
          accept={IMAGE_UPLOAD_TYPES.join(',')}
          className="sr-only"
          aria-invalid={fileError ? true : undefined}
          aria-describedby={fileError ? `${hintId} ${errorId}` : hintId}
          onChange={(e) => {
            const file = e.target.files?.[0];
            e.target.value = '';
            if (!file) return;
            const problem = uploadProblem(file, { what: 'photo', kind: 'image', maxBytes: IMAGE_UPLOAD_MAX_BYTES });
            setFileError(problem);
            if (!problem) upload.mutate(file);
          }}
        />
      </label>
      {user.profileImageUrl && (
        <Button variant="ghost" onClick={() => remove.mutate()} disabled={remove.isPending}>
          Remove photo
        </Button>
      )}
      <p id={hintId} className="w-full text-xs text-slate-700">
        PNG, JPEG or WebP, up to 2 MB.
      </p>
      {fileError && (
        <p id={errorId} role="alert" className="w-full text-sm text-red-800">
          {fileError}
        </p>
      )}
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
  const refreshUser = useRefreshCurrentUser();
  const form = useForm<ProfileIn, unknown, ProfileOut>({
    resolver: zodResolver(UpdateProfileSchema),
    defaultValues: {
      firstName: user.firstName,
      lastName: user.lastName,
      communityName: user.communityName ?? '',
      notifyByEmail,
    },
  });
  const save = useMutation({
    mutationFn: updateProfile,
    onSuccess: async (updated, input) => {
      toast({ title: 'Profile Updated', description: 'Your changes have been saved.' });
      form.reset({ ...input, communityName: updated.communityName ?? '' });
      refreshUser(updated);
    },
    onError: (err) =>
      toast({
        title: 'Profile Not Saved',
        description: errorMessage(err, 'Please try again.'),
        variant: 'destructive',
      }),
  });
  const { field } = bindFields(form);
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
          <p className="text-sm text-slate-700">
            Others see you as <span className="font-semibold text-ink">{user.shownName}</span>
          </p>
          <p className="text-sm break-all text-slate-700">{user.email}</p>
        </div>
      </div>
      <div className="mt-4">
        <AvatarControls user={user} />
      </div>
      <form noValidate className="mt-6 space-y-4" onSubmit={form.handleSubmit((input) => save.mutate(input))}>
        <NameFields first={field('firstName')} last={field('lastName')} />
        <ReverificationNotice verified={verifiedDoctor} saved={user} current={{ firstName, lastName }} />
        <TextField
          label="Community name (optional)"
          hint={`The name others see on your stories, words of support and fundraiser. Leave it empty to use “${suggestedCommunityName({ firstName, lastName })}”. Only you and the site’s admins see your full name.`}
          placeholder={suggestedCommunityName({ firstName, lastName })}
          autoComplete="nickname"
          maxLength={COMMUNITY_NAME_MAX}
          {...field('communityName')}
        />
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

function Settings({ user }: { user: CurrentUser }) {
  const profile = useQuery(profileQuery());
  return (
    <PageFrame title="Account Settings" intro="Manage your profile, your sign-in, and your data." width="3xl">
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
        {profile.data && (profile.data.gifts.length > 0 || user.abilities.giftsOnProfile) && (
          <GiftsSection gifts={profile.data.gifts} emailConfirmed={user.emailVerified} />
        )}
        <MutedTopicsSection />
        {user.abilities.healthConsents && <FieldVisibilitySection />}
        {user.abilities.healthConsents && <HealthConsentSection />}
        {/* Keyed by whether she has a password: its forms start again without (or with) the password field. */}
        <PasswordSection key={`password-${user.hasPassword}`} hasPassword={user.hasPassword} />
        <PasskeysSection key={`passkeys-${user.hasPassword}`} hasPassword={user.hasPassword} />
        <TwoFactorSection user={user} />
        <SessionsSection />
        <DataSection />
        <DeleteSection
          key={`delete-${user.hasPassword}`}
          ownsCampaign={profile.data?.ownsCampaign ?? false}
          hasPassword={user.hasPassword}
        />
      </div>
    </PageFrame>
  );
}

export default function ProfilePage() {
  const user = usePageUser();
  return <Settings user={user} />;
}
