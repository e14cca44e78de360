/**
 * /admin-users (User Management): managers and above search and read the accounts; super admins change
 * roles and levels, suspend and restore, resend confirmation mails and invite new admins. The server checks
 * every call again: the read-only view for managers is a courtesy, not the boundary.
 */
import { useEffect, useRef, useState, type FormEvent, type ReactNode } from 'react';
import { useForm } from 'react-hook-form';
import type { z } from 'zod';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { ADMIN_LEVELS, ROLES, type AdminLevel, type Role } from '#shared/auth/roles.ts';
import { ADMIN_LIST_PAGE_SIZE } from '#shared/constants.ts';
import { SuspendSchema } from '#shared/schemas/admin-users.ts';
import type { CurrentUser } from '#shared/schemas/auth.ts';
import { apiRequest, errorMessage } from '#client/lib/api.ts';
import { apiErrorInfo } from '#client/lib/api-error.ts';
import { CURRENT_USER_KEY } from '#client/hooks/use-current-user.ts';
import { Button } from '#client/components/ui/button.tsx';
import { ReasonToggle } from '#client/components/ui/reason-toggle.tsx';
import { Pager } from '#client/components/ui/pager.tsx';
import { ListLoadError, ListLoading } from '#client/components/ui/list-status.tsx';
import { Card, CardTitle } from '#client/components/ui/card.tsx';
import { SelectField, TextField } from '#client/components/ui/field.tsx';
import { toast } from '#client/components/ui/toast.ts';
import { ADMIN_LEVEL_LABELS, ROLE_LABELS } from '#client/components/avatar.tsx';
import { CopyLinkButton } from '#client/components/copy-link-button.tsx';
import { AdminOnly } from './admin-access.tsx';
import { fetchAdminPage, formatWhen } from './donations-data.ts';
import { CELL, WideTable } from '#client/components/ui/wide-table.tsx';

/** GET /api/admin/users item (the server's presentAdminUser). */
export interface AdminUserItem {
  id: string;
  email: string;
  firstName: string;
  lastName: string;
  role: Role | null;
  adminLevel: AdminLevel | null;
  emailVerified: boolean;
  onboardingCompleted: boolean;
  status: 'active' | 'suspended';
  createdAt: string;
}

/** POST /api/admin/invites answer. */
interface InviteAnswer {
  link: string;
  expiresAt: string;
}

const USERS_PATH = '/api/admin/users';
const USERS_KEY = [USERS_PATH] as const;
const REASON_MAX = SuspendSchema.shape.reason.maxLength ?? 500;

const dateOnly = new Intl.DateTimeFormat(undefined, { dateStyle: 'medium' });
const fullName = (u: Pick<AdminUserItem, 'firstName' | 'lastName'>) => `${u.firstName} ${u.lastName}`.trim();
const userPath = (u: AdminUserItem, action: string) => `${USERS_PATH}/${encodeURIComponent(u.id)}/${action}`;

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
      await Promise.all([
        queryClient.invalidateQueries({ queryKey: USERS_KEY }),
        options.self ? queryClient.invalidateQueries({ queryKey: CURRENT_USER_KEY }) : undefined,
      ]);
    },
    onError: (err) => {
      toast({ title: failed, description: errorMessage(err, 'Please try again.'), variant: 'destructive' });
      // The account may have changed meanwhile (or be gone): show it as it is now.
      const { status } = apiErrorInfo(err);
      if (status === 404 || status === 409) void queryClient.invalidateQueries({ queryKey: USERS_KEY });
    },
  });
}

// ---------------------------------------------------------------------------------------------
// A super admin's controls for one account

/** The role and level choices on one line; Save role leads the line of buttons below, before `actions`. */
function RoleControl({ user, self, actions }: { user: AdminUserItem; self: boolean; actions: ReactNode }) {
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
    (body: { role: Role; adminLevel: AdminLevel | null }) =>
      apiRequest<AdminUserItem>('PATCH', userPath(user, 'role'), body),
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
function SuspendControl({ user }: { user: AdminUserItem }) {
  const name = fullName(user);
  const toggleRef = useRef<HTMLButtonElement>(null);
  /** The button to focus once the list shows the change (the form that had focus is gone). */
  const focusNext = useRef(false);
  const suspend = useUserChange(
    (input: SuspendOut) => apiRequest('POST', userPath(user, 'suspend'), input),
    'Account suspended',
    'Account not suspended',
    {
      after: () => {
        focusNext.current = true;
      },
    },
  );
  const restore = useUserChange(
    () => apiRequest('POST', userPath(user, 'restore')),
    'Account restored',
    'Account not restored',
    {
      after: () => {
        focusNext.current = true;
      },
    },
  );
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
      maxLength={REASON_MAX}
      schema={SuspendSchema}
      submitLabel="Suspend account"
      pendingLabel="Suspending…"
      pending={suspend.isPending}
      onSubmit={(input, done) => suspend.mutate(input, { onSuccess: done })}
      buttonRef={toggleRef}
    />
  );
}

function ResendVerification({ user }: { user: AdminUserItem }) {
  const resend = useUserChange(
    () => apiRequest('POST', userPath(user, 'resend-verification')),
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

function UserActions({ user, viewerId }: { user: AdminUserItem; viewerId: string }) {
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

// ---------------------------------------------------------------------------------------------
// The list

function StatusBadge({ status }: { status: AdminUserItem['status'] }) {
  const suspended = status === 'suspended';
  return (
    <span
      className={`inline-block rounded-full px-2 py-0.5 text-xs font-semibold ${suspended ? 'bg-red-100 text-red-900' : 'bg-emerald-100 text-emerald-900'}`}
    >
      {suspended ? 'Suspended' : 'Active'}
    </span>
  );
}

const USER_COLUMNS = ['Name', 'Email', 'Role', 'Admin level', 'Email confirmed', 'Status', 'Joined'];

function UsersTable({
  users,
  caption,
  canChange,
  viewerId,
}: {
  users: AdminUserItem[];
  caption: string;
  canChange: boolean;
  viewerId: string;
}) {
  return (
    <WideTable
      label="Accounts table"
      caption={caption}
      columns={[...USER_COLUMNS, ...(canChange ? ['Actions'] : [])]}
      testId="users-table"
    >
      {users.map((u) => (
        <tr key={u.id}>
          <th scope="row" className={`${CELL} font-semibold text-ink`}>
            {fullName(u)}
            {u.id === viewerId && <span className="font-normal text-slate-600"> (you)</span>}
          </th>
          <td className={`${CELL} min-w-40 wrap-anywhere`}>{u.email}</td>
          <td className={CELL}>{u.role ? ROLE_LABELS[u.role] : 'No role yet'}</td>
          <td className={CELL}>{u.adminLevel ? ADMIN_LEVEL_LABELS[u.adminLevel] : '—'}</td>
          <td className={CELL}>{u.emailVerified ? 'Confirmed' : 'Not confirmed'}</td>
          <td className={CELL}>
            <StatusBadge status={u.status} />
          </td>
          <td className={CELL}>
            <time dateTime={u.createdAt} title={formatWhen(u.createdAt)}>
              {dateOnly.format(new Date(u.createdAt))}
            </time>
          </td>
          {canChange && (
            <td className={CELL}>
              <UserActions user={u} viewerId={viewerId} />
            </td>
          )}
        </tr>
      ))}
    </WideTable>
  );
}

function SearchForm({ current, onSearch }: { current: string; onSearch: (q: string) => void }) {
  const [text, setText] = useState(current);
  return (
    <form
      role="search"
      aria-label="Accounts"
      className="mt-4 flex flex-wrap items-end gap-2"
      onSubmit={(e) => {
        e.preventDefault();
        onSearch(text.trim());
      }}
    >
      <div className="min-w-64 flex-1">
        <TextField
          label="Search users"
          hint="By name or email address"
          type="search"
          maxLength={200}
          value={text}
          onChange={(e) => setText(e.target.value)}
        />
      </div>
      <Button type="submit">Search</Button>
      {current && (
        <Button
          variant="ghost"
          onClick={() => {
            setText('');
            onSearch('');
          }}
        >
          Show all
        </Button>
      )}
    </form>
  );
}

function AccountsCard({ viewer, canChange }: { viewer: CurrentUser; canChange: boolean }) {
  const [q, setQ] = useState('');
  const [page, setPage] = useState(1);
  const list = useQuery({
    queryKey: [...USERS_KEY, q, page],
    queryFn: () => fetchAdminPage<AdminUserItem>(USERS_PATH, page, q ? { q } : {}),
    placeholderData: keepPreviousData,
    gcTime: 0,
  });

  const search = (next: string) => {
    setQ(next);
    setPage(1);
  };

  let body: ReactNode;
  if (list.data) {
    const { items, total } = list.data;
    const pages = Math.max(1, Math.ceil(total / ADMIN_LIST_PAGE_SIZE));
    const caption = `${q ? `Accounts matching “${q}”` : 'All accounts'}: ${total} in all, newest first; page ${page} of ${pages}.`;
    body = items.length ? (
      <UsersTable users={items} caption={caption} canChange={canChange} viewerId={viewer.id} />
    ) : (
      <p className="mt-4 text-slate-600">{q ? `No accounts match “${q}”.` : 'No accounts yet.'}</p>
    );
  } else if (list.error) {
    body = <ListLoadError what="accounts" error={list.error} onRetry={() => void list.refetch()} />;
  } else {
    body = <ListLoading what="accounts" />;
  }

  return (
    <Card className="mt-6" aria-labelledby="accounts-title">
      <CardTitle id="accounts-title">Accounts</CardTitle>
      <SearchForm current={q} onSearch={search} />
      {body}
      {list.data && <Pager label="Account pages" page={page} total={list.data.total} onPage={setPage} />}
    </Card>
  );
}

// ---------------------------------------------------------------------------------------------
// Inviting an admin

interface InviteForm {
  adminLevel: AdminLevel;
  email: string;
}

function InviteCard() {
  const [invite, setInvite] = useState<InviteAnswer | null>(null);
  const form = useForm<InviteForm>({ defaultValues: { adminLevel: 'moderator', email: '' } });
  const create = useMutation({
    mutationFn: ({ adminLevel, email }: InviteForm) =>
      apiRequest<InviteAnswer>('POST', '/api/admin/invites', { adminLevel, email: email.trim() || undefined }),
    onSuccess: (answer) => {
      setInvite(answer);
      toast({ title: 'Invite created', description: 'Send the link to the new admin; it works once.' });
    },
    onError: (err) => {
      const info = apiErrorInfo(err);
      if ((info.field === 'email' || info.field === 'adminLevel') && info.message)
        form.setError(info.field, { message: info.message }, { shouldFocus: true });
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
          hint="Only this address may use the link."
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

// ---------------------------------------------------------------------------------------------
// The page

function UserManagement({ viewer }: { viewer: CurrentUser }) {
  const isSuperAdmin = viewer.adminLevel === 'super_admin';
  return (
    <div className="mx-auto max-w-6xl px-4 py-10">
      <h1 className="text-3xl font-bold tracking-tight text-ink">User Management</h1>
      <p className="mt-2 text-slate-700">Search the accounts of the site and see their roles and status.</p>
      {!isSuperAdmin && (
        <p
          className="mt-4 rounded-xl border border-amber-200 bg-amber-50 px-4 py-3 text-sm text-amber-950"
          data-testid="read-only-note"
        >
          You can look but not change: only super admins can change roles, suspend or restore accounts, and invite
          admins.
        </p>
      )}
      {isSuperAdmin && <InviteCard />}
      <AccountsCard viewer={viewer} canChange={isSuperAdmin} />
    </div>
  );
}

export default function AdminUsersPage() {
  return (
    <AdminOnly minimum="manager" returnTo="/admin-users">
      {(user) => <UserManagement viewer={user} />}
    </AdminOnly>
  );
}
