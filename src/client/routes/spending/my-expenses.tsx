/**
 * /my-expenses: the campaign owner's expenses, where each stands (approvals, the reason for a refusal or a
 * hold, how and when it was paid) with its documents. Others are told kindly why they cannot see them;
 * the server decides (403 with a message), not this page.
 */
import { useId, useState, type ReactNode } from 'react';
import { Link } from 'wouter';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { Plus } from 'lucide-react';
import { EXPENSE_STATUSES, type ExpenseStatus } from '#shared/constants.ts';
import type { Expense } from '#shared/schemas/spending.ts';
import { ApiError } from '#client/lib/api.ts';
import { campaignExpensesQuery } from '#client/api/spending.ts';
import { buttonClass } from '#client/components/ui/button.tsx';
import { Card } from '#client/components/ui/card.tsx';
import { ListLoadError, ListLoading } from '#client/components/ui/list-status.tsx';
import { Pager } from '#client/components/ui/pager.tsx';
import { PageFrame } from '#client/components/page-layout.tsx';
import { linkClass } from '#client/components/ui/text-classes.ts';
import { ExpenseFacts, ExpenseHeading, StatusFilter } from './expense-parts.tsx';
import { STATUS_FILTER_LABELS } from './spending-model.ts';
import { useExpenseCampaign } from './expense-campaign.ts';

const INTRO =
  'Ask for money to be paid against an invoice. An admin checks each expense and its documents; once approved, the money is paid to the payee and the release is shown on the public transparency page.';

/** The campaign's expenses, page by page; `status` undefined means all. */
export function useCampaignExpenses(status: ExpenseStatus | undefined, page: number) {
  const { slug } = useExpenseCampaign();
  return useQuery({
    ...campaignExpensesQuery(slug, status, page),
    placeholderData: keepPreviousData,
    staleTime: 0,
  });
}

/** The server's refusal to show this account the expenses (it is not the campaign's owner), if that is the error. */
export const notOwnerRefusal = (error: unknown): ApiError | null =>
  error instanceof ApiError && error.status === 403 ? error : null;

/** A signed-in visitor the server will not show the expenses to (not the campaign's owner). */
export function NotTheOwner({ message }: { message: string | null }) {
  const { owner, ledgerHref } = useExpenseCampaign();
  return (
    <Card className="mt-8" data-testid="not-owner">
      <h2 className="text-xl font-semibold text-ink">Expenses are submitted by the campaign&apos;s patient</h2>
      <p className="mt-2 text-slate-700">
        Only {owner}, whose surgery this campaign raises money for, and the site&apos;s managers can see and submit its
        expenses.
        {message && (
          <>
            {' '}
            The site said: <span className="font-medium">{message}</span>
          </>
        )}
      </p>
      <p className="mt-2 text-slate-700">
        Everyone can see what has been paid out on the{' '}
        <Link href={ledgerHref} className={linkClass}>
          transparency page
        </Link>
        . If you think you should have access, write to us through the{' '}
        <Link href="/contact" className={linkClass}>
          contact page
        </Link>
        .
      </p>
    </Card>
  );
}

function ExpenseItem({ expense }: { expense: Expense }) {
  const titleId = useId();
  return (
    <article aria-labelledby={titleId} className="py-5" data-testid="expense">
      <ExpenseHeading expense={expense} id={titleId} />
      <ExpenseFacts expense={expense} />
    </article>
  );
}

function ExpenseList() {
  const [status, setStatus] = useState<ExpenseStatus | undefined>(undefined);
  const [page, setPage] = useState(1);
  const list = useCampaignExpenses(status, page);
  const { query } = useExpenseCampaign();
  const choose = (next: ExpenseStatus | undefined) => {
    setStatus(next);
    setPage(1);
  };

  const refusal = notOwnerRefusal(list.error);
  if (refusal) {
    return (
      <PageFrame title="Expenses" intro={INTRO}>
        <NotTheOwner message={refusal.serverMessage} />
      </PageFrame>
    );
  }

  let body: ReactNode;
  if (list.data) {
    body = list.data.items.length ? (
      <ul aria-label="Your campaign's expenses" className="divide-y divide-brand-100">
        {list.data.items.map((e) => (
          <li key={e.id}>
            <ExpenseItem expense={e} />
          </li>
        ))}
      </ul>
    ) : (
      <p className="py-4 text-slate-700">
        {status
          ? `No expenses are ${STATUS_FILTER_LABELS[status].toLowerCase()}.`
          : 'No expenses yet. Submit one with its invoice or receipt when a cost is due.'}
      </p>
    );
  } else if (list.error) {
    body = <ListLoadError what="expenses" error={list.error} onRetry={() => void list.refetch()} />;
  } else {
    body = <ListLoading what="expenses" />;
  }

  return (
    <PageFrame
      title="Expenses"
      intro={INTRO}
      actions={
        <Link href={`/my-expenses/new${query}`} className={buttonClass('primary', 'lg')}>
          <Plus aria-hidden="true" className="h-5 w-5" />
          Submit an expense
        </Link>
      }
    >
      <StatusFilter
        label="Show expenses"
        allLabel="All"
        value={status}
        statuses={EXPENSE_STATUSES}
        labels={STATUS_FILTER_LABELS}
        onChange={choose}
      />
      <Card className="mt-4" aria-labelledby="expenses-title">
        <h2 id="expenses-title" className="text-xl font-semibold text-ink">
          {status ? STATUS_FILTER_LABELS[status] : 'All expenses'}
        </h2>
        {list.data && <p className="mt-1 text-sm text-slate-600">{list.data.total} in all.</p>}
        {body}
        {list.data && (
          <Pager
            label="Expense pages"
            page={page}
            total={list.data.total}
            pageSize={list.data.pageSize}
            onPage={setPage}
          />
        )}
      </Card>
    </PageFrame>
  );
}

/** For signed-in people (the page table asks others to sign in); the server decides who sees the expenses. */
export default function MyExpensesPage() {
  return <ExpenseList />;
}
