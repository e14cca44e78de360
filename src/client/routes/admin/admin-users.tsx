/**
 * /admin-users (User Management): managers and above search and read the accounts; super admins change
 * roles and levels, suspend and restore, resend confirmation mails and invite new admins. The server checks
 * every call again: the read-only view for managers is a courtesy, not the boundary.
 */
import { useState } from 'react';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import type { CurrentUser } from '#shared/schemas/auth.ts';
import { listUsers, usersKey } from '#client/api/admin-users.ts';
import { Button } from '#client/components/ui/button.tsx';
import { Card, CardTitle } from '#client/components/ui/card.tsx';
import { TextField } from '#client/components/ui/field.tsx';
import { usePageUser } from '#client/page-access.tsx';
import { InviteCard } from './invite-card.tsx';
import { ListBody, ListPager, pageOf } from './list-body.tsx';
import { UsersTable } from './users-table.tsx';

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
    queryKey: usersKey(q, page),
    queryFn: () => listUsers(q, page),
    placeholderData: keepPreviousData,
    gcTime: 0,
  });

  const search = (next: string) => {
    setQ(next);
    setPage(1);
  };

  return (
    <Card className="mt-6" aria-labelledby="accounts-title">
      <CardTitle id="accounts-title">Accounts</CardTitle>
      <SearchForm current={q} onSearch={search} />
      <ListBody list={list} what="accounts" empty={q ? `No accounts match “${q}”.` : 'No accounts yet.'}>
        {(data) => (
          <UsersTable
            users={data.items}
            caption={`${q ? `Accounts matching “${q}”` : 'All accounts'}: ${data.total} in all, newest first; ${pageOf(page, data)}.`}
            canChange={canChange}
            viewerId={viewer.id}
          />
        )}
      </ListBody>
      <ListPager list={list} label="Account pages" page={page} onPage={setPage} />
    </Card>
  );
}

export default function AdminUsersPage() {
  const viewer = usePageUser();
  const isSuperAdmin = viewer.abilities.manageAccounts;
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
