/**
 * /admin-payments (Payments, issue 36): for admins of level manager or above (the page table lets only them in).
 * Each processor's state and what to paste into its dashboard, the reconciliation inbox and its decisions, statement
 * imports, and the column mappings for custom statements. Recording money asks for the password where she acts
 * (the server answers 403 STEP_UP_REQUIRED); reading and marking a row as no gift do not.
 */
import { useState } from 'react';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { errorMessage } from '#client/lib/api.ts';
import { inboxQuery, overviewQuery } from '#client/api/payments.ts';
import { Button } from '#client/components/ui/button.tsx';
import { PageHeading } from './page-heading.tsx';
import { InboxCard } from './payments-inbox.tsx';
import { ImportCard } from './payments-import.tsx';
import { MappingCard } from './payments-mapping.tsx';
import { ProcessorsSection } from './payments-processors.tsx';

export default function AdminPaymentsPage() {
  const [page, setPage] = useState(1);
  const overview = useQuery({ ...overviewQuery(), gcTime: 0 });
  const inbox = useQuery({ ...inboxQuery(page), placeholderData: keepPreviousData, gcTime: 0 });

  return (
    <div className="mx-auto max-w-6xl px-4 py-10">
      <PageHeading focus={false}>Payments</PageHeading>
      <p className="mt-2 text-slate-700">
        What the processors told us, the payments waiting for you to match them, and the statements you import.
      </p>
      {overview.error && (
        <div role="alert" className="mt-6 rounded-2xl border border-red-200 bg-red-50 p-4 text-red-900">
          <p>Could not load the payments overview: {errorMessage(overview.error, 'Please try again.')}</p>
          <Button variant="secondary" className="mt-3" onClick={() => void overview.refetch()}>
            Try again
          </Button>
        </div>
      )}
      <ProcessorsSection processors={overview.data?.processors} />
      <div className="mt-8 space-y-6">
        <InboxCard inbox={inbox} ages={overview.data?.inbox} page={page} onPage={setPage} />
        <ImportCard />
        <MappingCard />
      </div>
    </div>
  );
}
