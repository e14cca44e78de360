/**
 * /admin-fundraisers (Fundraiser Reviews, manager and above): patients' fundraiser applications by state, the
 * longest waiting first; each opens to the whole application and, while it waits, the three decisions.
 */
import { useState } from 'react';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { fundraiserQueueQuery, type FundraiserTab } from '#client/api/admin-fundraisers.ts';
import { Card } from '#client/components/ui/card.tsx';
import { ChoiceButtons } from './choice-buttons.tsx';
import { ListBody, ListPager } from './list-body.tsx';
import { FundraiserItem } from './reviewed-fundraiser.tsx';

const TABS: { tab: FundraiserTab; label: string; heading: string; empty: string }[] = [
  { tab: 'in_review', label: 'Waiting', heading: 'Waiting for review', empty: 'No applications are waiting.' },
  {
    tab: 'money_changes',
    label: 'Money changes',
    heading: 'Money changes waiting for review',
    empty: 'No live fundraiser waits for a money change review.',
  },
  {
    tab: 'changes_requested',
    label: 'Sent back',
    heading: 'Sent back for changes',
    empty: 'No applications are back with their patients.',
  },
  { tab: 'live', label: 'Live', heading: 'Live fundraisers', empty: 'No fundraisers are live yet.' },
  { tab: 'rejected', label: 'Not approved', heading: 'Not approved', empty: 'No applications were refused.' },
  { tab: 'closed', label: 'Closed', heading: 'Closed fundraisers', empty: 'No fundraisers are closed.' },
];

export default function AdminFundraisersPage() {
  const [tab, setTab] = useState<FundraiserTab>('in_review');
  const [page, setPage] = useState(1);
  const current = TABS.find((t) => t.tab === tab)!;
  const list = useQuery({
    ...fundraiserQueueQuery(tab, page),
    placeholderData: keepPreviousData,
    gcTime: 0,
  });
  return (
    <div className="mx-auto max-w-4xl px-4 py-10">
      <h1 className="text-3xl font-bold tracking-tight text-ink">Fundraiser Reviews</h1>
      <p className="mt-2 text-slate-700">
        Patients apply to raise funds for their own care. Read the application and its private documents, then approve
        it, ask for changes or refuse it. A live fundraiser&apos;s new goal, payee or documents come back here as a
        money change, and its page keeps the approved figures until you approve. Every decision is emailed to the
        patient and kept in the audit log.
      </p>
      <ChoiceButtons
        label="Show applications"
        value={tab}
        choices={TABS.map((t) => ({ value: t.tab, label: t.label }))}
        onChange={(next) => {
          setTab(next);
          setPage(1);
        }}
      />
      <Card className="mt-4" aria-labelledby="fundraisers-title">
        <h2 id="fundraisers-title" className="text-xl font-semibold text-ink">
          {current.heading}
        </h2>
        {list.data && (
          <p className="mt-1 text-sm text-slate-600">
            {list.data.total} in all, {list.data.pageSize} a page. Longest waiting first.
          </p>
        )}
        <ListBody list={list} what="applications" empty={current.empty}>
          {(data) => (
            <ul aria-label={current.heading} className="mt-2 divide-y divide-slate-200">
              {data.items.map((item) => (
                <li key={item.id}>
                  <FundraiserItem item={item} />
                </li>
              ))}
            </ul>
          )}
        </ListBody>
        <ListPager list={list} label="Application pages" page={page} onPage={setPage} />
      </Card>
    </div>
  );
}
