/** A super admin's controls for one account: role and level, suspend or restore, and a new confirmation mail. */
import { useEffect, useRef, useState, type FormEvent, type ReactNode } from 'react';
import type { z } from 'zod';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { ADMIN_LEVELS, ROLES, type AdminLevel, type Role } from '#shared/auth/roles.ts';
import { SUSPEND_REASON_MAX, SuspendSchema, type AdminUser } from '#shared/schemas/admin-users.ts';
import { ApiError, errorMessage } from '#client/lib/api.ts';
import { CURRENT_USER_KEY } from '#client/hooks/use-current-user.ts';
import { changeRole, restoreUser, resendVerification, suspendUser, USERS_KEY } from '#client/api/admin-users.ts';
import { Button } from '#client/components/ui/button.tsx';
import { ReasonToggle } from '#client/components/ui/reason-toggle.tsx';
import { toast } from '#client/components/ui/toast.ts';
import { ADMIN_LEVEL_LABELS, ROLE_LABELS } from '#client/components/avatar.tsx';

export const fullName = (u: Pick<AdminUser, 'firstName' | 'lastName'>) => `${u.firstName} ${u.lastName}`.trim();

/**
 * The changes' shared ending: a toast, and the list asked for again. A change to the viewer's own account
 * (their role) also asks who they are now: the server ended their sessions.
 */
function useUserChange<TInput>(
  run: (input: TInput) => Promise<unknown>,
  done: string,
  failed: string,
  options: { after?: () => void; self?: boolean } = {},
) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: run,
    onSuccess: async () => {
      toast({ title: done });
      options.after?.();
      // The list is read again by the endpoint's `changes`; her own account, when she acted on herself, here.
      if (options.self) await queryClient.invalidateQueries({ queryKey: CURRENT_USER_KEY });
    },
    onError: (err) => {
      toast({ title: failed, description: errorMessage(err, 'Please try again.'), variant: 'destructive' });
      // The account may have changed meanwhile (or be gone): show it as it is now.
      if (err instanceof ApiError && (err.status === 404 || err.status === 409))
        void queryClient.invalidateQueries({ queryKey: USERS_KEY });
    },
  });
}

/** The role and level choices on one line; Save role leads the line of buttons below, before `actions`. */
function RoleControl({ user, self, actions }: { user: AdminUser; self: boolean; actions: ReactNode }) {
  const name = fullName(user);
  const formId = `role-${user.id}`;
  const [role, setRole] = useState<Role | ''>(user.role ?? '');
  const [level, setLevel] = useState<AdminLevel>(user.adminLevel ?? 'moderator');
  // A refetch that brings a different role (someone else changed it) resets the choice.
  const [seen, setSeen] = useState({ role: user.role, adminLevel: user.adminLevel });
  if (seen.role !== user.role || seen.adminLevel !== user.adminLevel) {
    setSeen({ role: user.role, adminLevel: user.adminLevel });
    setRole(user.role ?? '');
    setLevel(user.adminLevel ?? 'moderator');
  }
  const save = useUserChange(
    (body: { role: Role; adminLevel: AdminLevel | null }) => changeRole(user.id, body),
    'Role updated',
    'Role not changed',
    { self },
  );
  const adminLevel = role === 'admin' ? level : null;
  const changed = role !== '' && (role !== user.role || adminLevel !== user.adminLevel);
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (role !== '' && changed) save.mutate({ role, adminLevel });
  };
  return (
    <div className="flex flex-col items-start gap-2">
      <form id={formId} onSubmit={submit} className="flex items-center gap-2">
        <select
          aria-label={`Role for ${name}`}
          value={role}
          onChange={(e) => setRole(e.target.value as Role)}
          className="h-10 rounded-xl border border-slate-400 bg-white px-2 text-sm"
        >
          {role === '' && (
            <option value="" disabled>
              No role yet
            </option>
          )}
          {ROLES.map((r) => (
            <option key={r} value={r}>
              {ROLE_LABELS[r]}
            </option>
          ))}
        </select>
        {role === 'admin' && (
          <select
            aria-label={`Admin level for ${name}`}
            value={level}
            onChange={(e) => setLevel(e.target.value as AdminLevel)}
            className="h-10 rounded-xl border border-slate-400 bg-white px-2 text-sm"
          >
            {ADMIN_LEVELS.map((l) => (
              <option key={l} value={l}>
                {ADMIN_LEVEL_LABELS[l]}
              </option>
            ))}
          </select>
        )}
      </form>
      <div className="flex flex-wrap items-start gap-2">
        <Button
          type="submit"
          form={formId}
          variant="secondary"
          className="whitespace-nowrap"
          aria-label={`Save role for ${name}`}
          disabled={!changed || save.isPending}
        >
          {save.isPending ? 'Saving…' : 'Save role'}
        </Button>
        {actions}
      </div>
    </div>
  );
}

type SuspendOut = z.output<typeof SuspendSchema>;

/** Suspend (after a reason, asked for in a small form) or Restore. */
function SuspendControl({ user }: { user: AdminUser }) {
  const name = fullName(user);
  const toggleRef = useRef<HTMLButtonElement>(null);
  /** The button to focus once the list shows the change (the form that had focus is gone). */
  const focusNext = useRef(false);
  const after = () => {
    focusNext.current = true;
  };
  const suspend = useUserChange(
    (input: SuspendOut) => suspendUser(user.id, input),
    'Account suspended',
    'Account not suspended',
    { after },
  );
  const restore = useUserChange(() => restoreUser(user.id), 'Account restored', 'Account not restored', { after });
  useEffect(() => {
    if (focusNext.current) {
      focusNext.current = false;
      toggleRef.current?.focus();
    }
  }, [user.status]);

  if (user.status === 'suspended') {
    return (
      <Button
        ref={toggleRef}
        variant="secondary"
        aria-label={`Restore ${name}`}
        onClick={() => restore.mutate(undefined)}
        disabled={restore.isPending}
      >
        Restore
      </Button>
    );
  }
  return (
    <ReasonToggle
      label="Suspend"
      accessibleName={`Suspend ${name}`}
      formId={`suspend-${user.id}`}
      reasonLabel={`Reason for suspending ${name}`}
      max={SUSPEND_REASON_MAX}
      schema={SuspendSchema}
      submitLabel="Suspend account"
      pendingLabel="Suspending…"
      pending={suspend.isPending}
      onSubmit={(input, done) => suspend.mutate(input, { onSuccess: done })}
      buttonRef={toggleRef}
    />
  );
}

function ResendVerification({ user }: { user: AdminUser }) {
  const resend = useUserChange(
    () => resendVerification(user.id),
    'Verification email sent',
    'Verification email not sent',
  );
  return (
    <Button
      variant="ghost"
      aria-label={`Resend verification to ${fullName(user)}`}
      onClick={() => resend.mutate(undefined)}
      disabled={resend.isPending}
    >
      Resend verification
    </Button>
  );
}

export function UserActions({ user, viewerId }: { user: AdminUser; viewerId: string }) {
  const self = user.id === viewerId;
  return (
    <RoleControl
      user={user}
      self={self}
      actions={
        <>
          {/* The server refuses a super admin's suspending themselves; no button that can only fail. */}
          {!self && <SuspendControl user={user} />}
          {!user.emailVerified && <ResendVerification user={user} />}
        </>
      }
    />
  );
}
