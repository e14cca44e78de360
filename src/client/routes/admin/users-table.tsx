/** The accounts as a table: name, email, role and level, confirmation, status, joined, and a super admin's actions. */
import type { AdminUser } from '#shared/schemas/admin-users.ts';
import { formatShortDate, formatWhen } from '#client/lib/format.ts';
import { ADMIN_LEVEL_LABELS, ROLE_LABELS } from '#client/components/avatar.tsx';
import { CELL, WideTable } from '#client/components/ui/wide-table.tsx';
import { fullName, UserActions } from './user-actions.tsx';

function StatusBadge({ status }: { status: AdminUser['status'] }) {
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

export function UsersTable({
  users,
  caption,
  canChange,
  viewerId,
}: {
  users: AdminUser[];
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
              {formatShortDate(u.createdAt)}
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
