/** /admin-audit-log (Audit Log): every admin write, newest first, filterable by action and target; read-only, for admins of level manager or above. */
import { useState, type FormEvent } from 'react';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { AUDIT_ACTIONS, AUDIT_TARGET_TYPES } from '#shared/audit.ts';
import type { AuditEntry } from '#shared/schemas/audit-log.ts';
import { formatWhen } from '#client/lib/format.ts';
import { AUDIT_LOG_KEY, listAuditEntries, type AuditFilters } from '#client/api/admin-audit-log.ts';
import { Button } from '#client/components/ui/button.tsx';
import { Card, CardTitle } from '#client/components/ui/card.tsx';
import { SelectField } from '#client/components/ui/field.tsx';
import { CELL, WideTable } from '#client/components/ui/wide-table.tsx';
import { ListBody, ListPager } from './list-body.tsx';

const ACTIONS: Record<string, string> = AUDIT_ACTIONS;
const TARGET_TYPES: Record<string, string> = AUDIT_TARGET_TYPES;

type Filters = AuditFilters;

const NO_FILTERS: Filters = { action: '', targetType: '' };

const actionLabel = (action: string) => ACTIONS[action] ?? action;
const json = (value: unknown) => JSON.stringify(value, null, 2);

function FilterForm({ current, onFilter }: { current: Filters; onFilter: (filters: Filters) => void }) {
  const [draft, setDraft] = useState(current);
  const submit = (event: FormEvent) => {
    event.preventDefault();
    onFilter(draft);
  };
  const clear = () => {
    setDraft(NO_FILTERS);
    onFilter(NO_FILTERS);
  };
  return (
    <form
      role="search"
      aria-label="Audit log entries"
      className="mt-6 flex flex-wrap items-end gap-4"
      onSubmit={submit}
    >
      <div className="min-w-60">
        <SelectField
          label="Action"
          value={draft.action}
          onChange={(e) => setDraft({ ...draft, action: e.target.value })}
        >
          <option value="">Any action</option>
          {Object.entries(ACTIONS).map(([code, label]) => (
            <option key={code} value={code}>
              {label} ({code})
            </option>
          ))}
        </SelectField>
      </div>
      <div className="min-w-48">
        <SelectField
          label="Target type"
          value={draft.targetType}
          onChange={(e) => setDraft({ ...draft, targetType: e.target.value })}
        >
          <option value="">Any target</option>
          {Object.entries(TARGET_TYPES).map(([code, label]) => (
            <option key={code} value={code}>
              {label}
            </option>
          ))}
        </SelectField>
      </div>
      <Button type="submit" className="mb-px h-11">
        Filter
      </Button>
      {(current.action || current.targetType) && (
        <Button variant="ghost" className="mb-px h-11" onClick={clear}>
          Clear filters
        </Button>
      )}
    </form>
  );
}

function Actor({ entry }: { entry: AuditEntry }) {
  if (entry.actorEmail) return <span className="break-all">{entry.actorEmail}</span>;
  if (entry.actorId) return <span className="break-all text-slate-600">Deleted account {entry.actorId}</span>;
  return <span className="text-slate-600">System</span>;
}

function Changes({ entry }: { entry: AuditEntry }) {
  if (entry.before == null && entry.after == null) return <span className="text-slate-600">—</span>;
  const part = (title: string, value: unknown) => (
    <div className="mt-2">
      <p className="font-semibold text-slate-700">{title}</p>
      {value == null ? (
        <p className="text-slate-600">Nothing recorded</p>
      ) : (
        <pre className="mt-1 max-w-md overflow-x-auto rounded-lg bg-slate-50 p-2 text-xs whitespace-pre-wrap break-all text-slate-800">
          {json(value)}
        </pre>
      )}
    </div>
  );
  return (
    <details>
      <summary className="cursor-pointer rounded font-semibold text-brand-800">
        Before and after<span className="sr-only"> (entry {entry.id})</span>
      </summary>
      {part('Before', entry.before)}
      {part('After', entry.after)}
    </details>
  );
}

function EntriesTable({ entries, caption }: { entries: AuditEntry[]; caption: string }) {
  return (
    <WideTable
      label="Audit log table"
      caption={caption}
      columns={['When', 'Who', 'Action', 'Target', 'IP', 'Changes']}
      testId="audit-table"
    >
      {entries.map((e) => (
        <tr key={e.id}>
          <th scope="row" className={`${CELL} font-normal whitespace-nowrap`}>
            <time dateTime={e.createdAt}>{formatWhen(e.createdAt)}</time>
          </th>
          <td className={CELL}>
            <Actor entry={e} />
          </td>
          <td className={CELL}>
            {actionLabel(e.action)}
            <code className="block text-xs text-slate-600">{e.action}</code>
          </td>
          <td className={CELL}>
            {TARGET_TYPES[e.targetType] ?? e.targetType}
            {e.targetId && <code className="block text-xs break-all text-slate-600">{e.targetId}</code>}
          </td>
          <td className={`${CELL} whitespace-nowrap`}>{e.ip ?? '—'}</td>
          <td className={CELL}>
            <Changes entry={e} />
          </td>
        </tr>
      ))}
    </WideTable>
  );
}

export default function AdminAuditLogPage() {
  const [filters, setFilters] = useState(NO_FILTERS);
  const [page, setPage] = useState(1);
  const list = useQuery({
    queryKey: [...AUDIT_LOG_KEY, filters, page],
    queryFn: () => listAuditEntries(filters, page),
    placeholderData: keepPreviousData,
    gcTime: 0,
  });
  const filtered = Boolean(filters.action || filters.targetType);
  const filter = (next: Filters) => {
    setFilters(next);
    setPage(1);
  };

  return (
    <div className="mx-auto max-w-6xl px-4 py-10">
      <h1 className="text-3xl font-bold tracking-tight text-ink">Audit Log</h1>
      <p className="mt-2 text-slate-700">
        Every change made by an administrator, with what it was before and after. Entries are never changed or deleted.
      </p>
      <FilterForm current={filters} onFilter={filter} />
      <Card className="mt-6" aria-labelledby="entries-title">
        <CardTitle id="entries-title">Entries</CardTitle>
        {list.data && (
          <p className="mt-1 text-sm text-slate-600" data-testid="audit-total">
            {list.data.total} in all, {list.data.pageSize} a page.
          </p>
        )}
        <ListBody
          list={list}
          what="audit log"
          empty={filtered ? 'No entries match these filters.' : 'Nothing has been recorded yet.'}
        >
          {(data) => (
            <EntriesTable
              entries={data.items}
              caption={filtered ? 'Entries matching the filters, newest first' : 'All entries, newest first'}
            />
          )}
        </ListBody>
        <ListPager list={list} label="Audit log pages" page={page} onPage={setPage} />
      </Card>
    </div>
  );
}
