/**
 * /admin-expenses (Expense Approvals): managers and above work the expense queue (approve, reject or hold with a
 * reason, resume, release with how and when it was paid) and the donors' refund requests. Each open item shows
 * its age in business days against the donor agreement's window. The server checks every call and says why
 * when it refuses (the submitter cannot approve, not enough is held...); that message is shown at the item.
 */
import { useId, useState } from 'react';
import { Link } from 'wouter';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { EXPENSE_STATUSES, type ExpenseStatus } from '#shared/constants.ts';
import type { Expense } from '#shared/schemas/spending.ts';
import { formatCents } from '#client/lib/format.ts';
import { adminExpensesQuery } from '#client/api/admin-expenses.ts';
import { Card } from '#client/components/ui/card.tsx';
import { FormAlert } from '#client/components/ui/field.tsx';
import { AgeNote, ExpenseFacts, ExpenseHeading, StatusFilter } from '../spending/expense-parts.tsx';
import { STATUS_FILTER_LABELS } from '../spending/spending-model.ts';
import { ExpenseActions } from './expense-actions.tsx';
import { ListBody, ListPager } from './list-body.tsx';
import { EditPublicDescription } from './public-description.tsx';
import { RefundRequests } from './refund-requests.tsx';

function ExpenseCard({ expense }: { expense: Expense }) {
  const titleId = useId();
  const [problem, setProblem] = useState<string | null>(null);
  return (
    <article aria-labelledby={titleId} className="py-5" data-testid="admin-expense">
      <ExpenseHeading expense={expense} id={titleId} />
      {expense.age && (
        <div className="mt-1">
          <AgeNote age={expense.age} />
        </div>
      )}
      <ExpenseFacts expense={expense} />
      {problem && (
        <div className="mt-3" data-testid="expense-problem">
          <FormAlert>{problem}</FormAlert>
        </div>
      )}
      <ExpenseActions expense={expense} onProblem={setProblem} />
      {expense.status !== 'submitted' && expense.status !== 'rejected' && <EditPublicDescription expense={expense} />}
    </article>
  );
}

function ExpenseQueue() {
  const [status, setStatus] = useState<ExpenseStatus | undefined>(undefined);
  const [page, setPage] = useState(1);
  const list = useQuery({
    ...adminExpensesQuery(status, page),
    placeholderData: keepPreviousData,
    gcTime: 0,
  });
  const choose = (next: ExpenseStatus | undefined) => {
    setStatus(next);
    setPage(1);
  };
  return (
    <section aria-labelledby="queue-title" className="mt-8">
      <h2 id="queue-title" className="text-2xl font-semibold text-ink">
        Expenses
      </h2>
      <p className="mt-1 text-slate-700">
        Check each expense against its documents before approving.
        {list.data &&
          ` Expenses above ${formatCents(list.data.twoApproverThresholdCents)} need two different approvers.`}{' '}
        Nobody may approve or release an expense they submitted.
      </p>
      <StatusFilter
        label="Show expenses"
        allLabel="Open"
        value={status}
        statuses={EXPENSE_STATUSES}
        labels={STATUS_FILTER_LABELS}
        onChange={choose}
      />
      <Card className="mt-4" aria-labelledby="queue-list-title">
        <h3 id="queue-list-title" className="text-xl font-semibold text-ink">
          {status
            ? STATUS_FILTER_LABELS[status]
            : 'Open: waiting for approval, on hold, or approved and waiting to be paid'}
        </h3>
        {list.data && (
          <p className="mt-1 text-sm text-slate-600">
            {list.data.total} in all{status ? '' : ', oldest first'}.
          </p>
        )}
        <ListBody
          list={list}
          what="expenses"
          emptyClassName="mt-4 text-slate-700"
          empty={
            status
              ? `No expenses are ${STATUS_FILTER_LABELS[status].toLowerCase()}.`
              : 'No expenses are waiting for a decision or a payment.'
          }
        >
          {(data) => (
            <ul aria-label="Expenses" className="divide-y divide-brand-100">
              {data.items.map((e) => (
                <li key={e.id}>
                  <ExpenseCard expense={e} />
                </li>
              ))}
            </ul>
          )}
        </ListBody>
        <ListPager list={list} label="Expense pages" page={page} onPage={setPage} />
      </Card>
    </section>
  );
}

export default function AdminExpensesPage() {
  return (
    <div className="mx-auto max-w-5xl px-4 py-10">
      <h1 className="text-3xl font-bold tracking-tight text-ink">Expense Approvals</h1>
      <p className="mt-2 text-slate-700">
        Money is released only against verified expenses. Released amounts appear on the transparency page of the
        campaign that pays them: the main appeal&rsquo;s{' '}
        <Link href="/transparency" className="font-semibold text-brand-800 underline">
          transparency page
        </Link>
        , or a fundraiser&rsquo;s own, linked from its page.
      </p>
      <ExpenseQueue />
      <RefundRequests />
    </div>
  );
}
