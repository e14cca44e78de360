/**
 * /admin-expenses (Expense Approvals): managers and above work the expense queue (approve, reject or hold with a
 * reason, resume, release with how and when it was paid) and the donors' refund requests. Each open item shows
 * its age in business days against the donor agreement's window. The server checks every call and says why
 * when it refuses (the submitter cannot approve, not enough is held...); that message is shown at the item.
 */
import { useId, useState, type ReactNode } from 'react';
import { Link } from 'wouter';
import { useForm } from 'react-hook-form';
import type { z } from 'zod';
import { zodResolver } from '@hookform/resolvers/zod';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  EXPENSE_STATUSES,
  REFUND_REQUEST_STATUSES,
  SPENDING_WINDOWS_BUSINESS_DAYS,
  type ExpenseStatus,
  type RefundRequestStatus,
} from '#shared/constants.ts';
import { formatCents } from '#shared/money.ts';
import {
  DeclineRefundRequestSchema,
  HoldExpenseSchema,
  RejectExpenseSchema,
  ReleaseExpenseSchema,
  type Expense,
  type RefundRequestView,
} from '#shared/schemas/spending.ts';
import { apiRequest, errorMessage } from '#client/lib/api.ts';
import { Button } from '#client/components/ui/button.tsx';
import { Card } from '#client/components/ui/card.tsx';
import { FormAlert, TextField } from '#client/components/ui/field.tsx';
import { ListLoadError, ListLoading } from '#client/components/ui/list-status.tsx';
import { Pager } from '#client/components/ui/pager.tsx';
import { ReasonToggle } from '#client/components/ui/reason-toggle.tsx';
import { toast } from '#client/components/ui/toast.ts';
import { AdminOnly } from './admin-access.tsx';
import { ApproveForm, EditPublicDescription } from './public-description.tsx';
import { formatWhen } from './donations-data.ts';
import { AgeNote, ExpenseFacts, ExpenseHeading, StatusFilter } from '../spending/expense-parts.tsx';
import {
  ADMIN_EXPENSES_PATH,
  ADMIN_REFUND_REQUESTS_PATH,
  fetchExpenses,
  fetchRefundRequests,
} from '../spending/spending-data.ts';
import { formatDay, STATUS_FILTER_LABELS, today } from '../spending/spending-model.ts';

const REASON_MAX = 500;
const DASHBOARD_KEY = ['/api/admin/dashboard'] as const;

type ExpenseAction = 'approve' | 'reject' | 'hold' | 'resume' | 'release';

const DONE: Record<ExpenseAction, string> = {
  approve: 'Approval recorded',
  reject: 'Expense rejected',
  hold: 'Expense put on hold',
  resume: 'Expense taken off hold',
  release: 'Release recorded',
};

const actionPath = (e: Expense, action: ExpenseAction) =>
  `${ADMIN_EXPENSES_PATH}/${encodeURIComponent(e.id)}/${action}`;
const what = (e: Expense) => `${e.payee} ${formatCents(e.usdCents)}`;

/** One decision on an expense: a toast, the lists asked for again, and the server's refusal kept at the item. */
function useExpenseAction(expense: Expense, onProblem: (message: string | null) => void) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ action, body }: { action: ExpenseAction; body?: unknown }) =>
      apiRequest<Expense>('POST', actionPath(expense, action), body),
    onSuccess: async (after, { action }) => {
      onProblem(null);
      const waiting = action === 'approve' && after.status === 'submitted';
      toast({
        title: DONE[action],
        description: waiting
          ? `${after.approvals.length} of ${after.requiredApprovals} approvals: a different admin must approve it too.`
          : undefined,
      });
      await Promise.all([
        queryClient.invalidateQueries({ queryKey: [ADMIN_EXPENSES_PATH] }),
        queryClient.invalidateQueries({ queryKey: DASHBOARD_KEY }),
      ]);
    },
    onError: (err, { action }) => {
      const message = errorMessage(err, 'Please try again.');
      onProblem(message);
      toast({ title: `Could not ${action} the expense`, description: message, variant: 'destructive' });
    },
  });
}

type ReleaseIn = z.input<typeof ReleaseExpenseSchema>;
type ReleaseOut = z.output<typeof ReleaseExpenseSchema>;

/** Release: a small form (how, reference, date paid) opened under the button. */
function ReleaseControl({
  expense,
  pending,
  onRelease,
}: {
  expense: Expense;
  pending: boolean;
  onRelease: (input: ReleaseOut, done: () => void) => void;
}) {
  const [open, setOpen] = useState(false);
  const formId = useId();
  const form = useForm<ReleaseIn, unknown, ReleaseOut>({
    resolver: zodResolver(ReleaseExpenseSchema),
    defaultValues: { method: '', reference: '', paidOn: today() },
  });
  const close = () => {
    setOpen(false);
    form.reset({ method: '', reference: '', paidOn: today() });
  };
  const errors = form.formState.errors;
  return (
    <div>
      <Button
        aria-label={`Release ${what(expense)}`}
        aria-expanded={open}
        aria-controls={open ? formId : undefined}
        onClick={() => (open ? close() : setOpen(true))}
      >
        Release…
      </Button>
      {open && (
        <form
          id={formId}
          noValidate
          className="mt-2 w-72 space-y-3"
          onSubmit={form.handleSubmit((input) => onRelease(input, close))}
        >
          <TextField
            label="How it was paid"
            hint="e.g. bank transfer to the hospital"
            autoFocus
            maxLength={100}
            error={errors.method?.message}
            {...form.register('method')}
          />
          <TextField
            label="Payment reference (optional)"
            autoComplete="off"
            maxLength={200}
            error={errors.reference?.message}
            {...form.register('reference')}
          />
          <TextField
            label="Date paid"
            type="date"
            max={today()}
            error={errors.paidOn?.message}
            {...form.register('paidOn')}
          />
          <div className="flex gap-2">
            <Button type="submit" disabled={pending}>
              {pending ? 'Saving…' : 'Confirm release'}
            </Button>
            <Button variant="ghost" onClick={close}>
              Cancel
            </Button>
          </div>
        </form>
      )}
    </div>
  );
}

function ExpenseActions({ expense, onProblem }: { expense: Expense; onProblem: (message: string | null) => void }) {
  const act = useExpenseAction(expense, onProblem);
  const pending = act.isPending;
  const reasonControl = (action: 'reject' | 'hold', label: string) => (
    <ReasonToggle
      label={label}
      accessibleName={`${label} ${what(expense)}`}
      formId={`${action}-${expense.id}`}
      reasonLabel={action === 'reject' ? 'Why it is not approved' : 'Why it is on hold'}
      hint="The patient reads this."
      maxLength={REASON_MAX}
      schema={action === 'reject' ? RejectExpenseSchema : HoldExpenseSchema}
      submitLabel={action === 'reject' ? 'Confirm rejection' : 'Confirm hold'}
      pendingLabel="Saving…"
      pending={pending}
      onSubmit={(input, done) => act.mutate({ action, body: input }, { onSuccess: done })}
    />
  );
  const { status } = expense;
  if (status === 'released' || status === 'rejected') return null;
  return (
    <div className="mt-4 flex flex-wrap items-start gap-2" data-testid="expense-actions">
      {status === 'submitted' && (
        <ApproveForm
          expense={expense}
          pending={pending}
          onApprove={(body) => act.mutate({ action: 'approve', body })}
        />
      )}
      {status === 'approved' && (
        <ReleaseControl
          expense={expense}
          pending={pending}
          onRelease={(input, done) => act.mutate({ action: 'release', body: input }, { onSuccess: done })}
        />
      )}
      {status === 'on_hold' && (
        <Button
          aria-label={`Resume ${what(expense)}`}
          onClick={() => act.mutate({ action: 'resume' })}
          disabled={pending}
        >
          Resume
        </Button>
      )}
      {(status === 'submitted' || status === 'approved') && reasonControl('hold', 'Hold')}
      {reasonControl('reject', 'Reject')}
    </div>
  );
}

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
    queryKey: [ADMIN_EXPENSES_PATH, status ?? 'open', page],
    queryFn: () => fetchExpenses(ADMIN_EXPENSES_PATH, status, page),
    placeholderData: keepPreviousData,
    gcTime: 0,
  });
  const choose = (next: ExpenseStatus | undefined) => {
    setStatus(next);
    setPage(1);
  };
  let body: ReactNode;
  if (list.data) {
    body = list.data.items.length ? (
      <ul aria-label="Expenses" className="divide-y divide-brand-100">
        {list.data.items.map((e) => (
          <li key={e.id}>
            <ExpenseCard expense={e} />
          </li>
        ))}
      </ul>
    ) : (
      <p className="mt-4 text-slate-700">
        {status
          ? `No expenses are ${STATUS_FILTER_LABELS[status].toLowerCase()}.`
          : 'No expenses are waiting for a decision or a payment.'}
      </p>
    );
  } else if (list.error) {
    body = <ListLoadError what="expenses" error={list.error} onRetry={() => void list.refetch()} />;
  } else {
    body = <ListLoading what="expenses" />;
  }
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
    </section>
  );
}

// ---------------------------------------------------------------------------------------------
// Refund requests

const REQUEST_STATUS_LABELS: Record<RefundRequestStatus, string> = {
  open: 'Open',
  refunded: 'Refunded',
  declined: 'Declined',
};

function RefundRequestItem({ request }: { request: RefundRequestView }) {
  const titleId = useId();
  const queryClient = useQueryClient();
  const [problem, setProblem] = useState<string | null>(null);
  const decline = useMutation({
    mutationFn: (input: { reason: string }) =>
      apiRequest('POST', `${ADMIN_REFUND_REQUESTS_PATH}/${encodeURIComponent(request.id)}/decline`, input),
    onSuccess: async () => {
      setProblem(null);
      toast({ title: 'Refund request declined' });
      await queryClient.invalidateQueries({ queryKey: [ADMIN_REFUND_REQUESTS_PATH] });
    },
    onError: (err) => {
      const message = errorMessage(err, 'Please try again.');
      setProblem(message);
      toast({ title: 'Could not decline the request', description: message, variant: 'destructive' });
    },
  });
  return (
    <article aria-labelledby={titleId} className="py-5" data-testid="refund-request">
      <h3 id={titleId} className="text-lg font-semibold text-ink">
        {request.name}: {formatCents(request.amountCents, request.currency)}
        {request.currency !== 'USD' && ` ${request.currency}`}
      </h3>
      {request.age && <AgeNote age={request.age} />}
      <dl className="mt-3 grid gap-2 text-sm sm:grid-cols-[10rem_1fr]">
        <dt className="font-medium text-slate-600">Email</dt>
        <dd>
          <a href={`mailto:${request.email}`} className="rounded wrap-anywhere text-brand-800 underline">
            {request.email}
          </a>
        </dd>
        <dt className="font-medium text-slate-600">Gave</dt>
        <dd>
          by {request.paymentMethod} on {formatDay(request.donatedOn)}
          {request.reference && `, reference ${request.reference}`}
        </dd>
        <dt className="font-medium text-slate-600">Reason</dt>
        <dd className="whitespace-pre-line">{request.reason}</dd>
        <dt className="font-medium text-slate-600">Received</dt>
        <dd>
          <time dateTime={request.createdAt}>{formatWhen(request.createdAt)}</time>
        </dd>
        <dt className="font-medium text-slate-600">Request id</dt>
        <dd>
          <code className="rounded bg-slate-100 px-1 text-xs break-all">{request.id}</code>
        </dd>
        {request.decisionNote && (
          <>
            <dt className="font-medium text-slate-600">
              {request.status === 'declined' ? 'Why it was declined' : 'Note'}
            </dt>
            <dd className="whitespace-pre-line">{request.decisionNote}</dd>
          </>
        )}
      </dl>
      {problem && (
        <div className="mt-3">
          <FormAlert>{problem}</FormAlert>
        </div>
      )}
      {request.status === 'open' && (
        <div className="mt-4 space-y-2">
          <p className="text-sm text-slate-700">
            To refund, find the donation on{' '}
            <Link href="/admin-donations" className="font-semibold text-brand-800 underline">
              Donation Management
            </Link>{' '}
            and use its Refund action with this request id; the request is then marked refunded.
          </p>
          <ReasonToggle
            label="Decline"
            accessibleName={`Decline the refund request from ${request.name}`}
            formId={`decline-${request.id}`}
            reasonLabel="Why it is declined"
            hint="Write it so it can be sent to the donor."
            maxLength={REASON_MAX}
            schema={DeclineRefundRequestSchema}
            submitLabel="Confirm decline"
            pendingLabel="Saving…"
            pending={decline.isPending}
            onSubmit={(input, done) => decline.mutate(input, { onSuccess: done })}
          />
        </div>
      )}
    </article>
  );
}

function RefundRequests() {
  const [status, setStatus] = useState<RefundRequestStatus>('open');
  const [page, setPage] = useState(1);
  const list = useQuery({
    queryKey: [ADMIN_REFUND_REQUESTS_PATH, status, page],
    queryFn: () => fetchRefundRequests(status, page),
    placeholderData: keepPreviousData,
    gcTime: 0,
  });
  let body: ReactNode;
  if (list.data) {
    body = list.data.items.length ? (
      <ul aria-label="Refund requests" className="divide-y divide-brand-100">
        {list.data.items.map((r) => (
          <li key={r.id}>
            <RefundRequestItem request={r} />
          </li>
        ))}
      </ul>
    ) : (
      <p className="mt-4 text-slate-700">
        {status === 'open'
          ? 'No refund requests are waiting.'
          : `No ${REQUEST_STATUS_LABELS[status].toLowerCase()} requests.`}
      </p>
    );
  } else if (list.error) {
    body = <ListLoadError what="refund requests" error={list.error} onRetry={() => void list.refetch()} />;
  } else {
    body = <ListLoading what="refund requests" />;
  }
  return (
    <section id="refund-requests" aria-labelledby="refunds-title" className="mt-12 scroll-mt-24">
      <h2 id="refunds-title" className="text-2xl font-semibold text-ink">
        Refund requests
      </h2>
      <p className="mt-1 text-slate-700">
        Donors asking for their money back. Each gets an answer within the disputes window of up to{' '}
        {SPENDING_WINDOWS_BUSINESS_DAYS.disputes.to} business days.
      </p>
      <div role="group" aria-label="Show refund requests" className="mt-4 flex flex-wrap gap-2">
        {REFUND_REQUEST_STATUSES.map((s) => (
          <Button
            key={s}
            variant={status === s ? 'primary' : 'secondary'}
            aria-pressed={status === s}
            onClick={() => {
              setStatus(s);
              setPage(1);
            }}
          >
            {REQUEST_STATUS_LABELS[s]}
          </Button>
        ))}
      </div>
      <Card className="mt-4">
        {list.data && <p className="text-sm text-slate-600">{list.data.total} in all.</p>}
        {body}
        {list.data && (
          <Pager
            label="Refund request pages"
            page={page}
            total={list.data.total}
            pageSize={list.data.pageSize}
            onPage={setPage}
          />
        )}
      </Card>
    </section>
  );
}

export default function AdminExpensesPage() {
  return (
    <AdminOnly minimum="manager" returnTo="/admin-expenses">
      {() => (
        <div className="mx-auto max-w-5xl px-4 py-10">
          <h1 className="text-3xl font-bold tracking-tight text-ink">Expense Approvals</h1>
          <p className="mt-2 text-slate-700">
            Money is released only against verified expenses. Released amounts appear on the public{' '}
            <Link href="/transparency" className="font-semibold text-brand-800 underline">
              transparency page
            </Link>
            .
          </p>
          <ExpenseQueue />
          <RefundRequests />
        </div>
      )}
    </AdminOnly>
  );
}
