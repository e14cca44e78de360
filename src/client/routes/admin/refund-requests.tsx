/** Donors' refund requests (managers and above): each with its age against the disputes window; decline with a reason. */
import { useId, useState } from 'react';
import { campaignFor } from '#shared/fundraiser-words.ts';
import { Link } from 'wouter';
import { keepPreviousData, useMutation, useQuery } from '@tanstack/react-query';
import {
  REFUND_REQUEST_STATUSES,
  SPENDING_WINDOWS_BUSINESS_DAYS,
  type RefundRequestStatus,
} from '#shared/constants.ts';
import { DeclineRefundRequestSchema, SPENDING_REASON_MAX, type RefundRequestView } from '#shared/schemas/spending.ts';
import { errorMessage } from '#client/lib/api.ts';
import { formatCents, formatDay, formatWhen } from '#client/lib/format.ts';
import { declineRefundRequest, refundRequestsQuery } from '#client/api/admin-expenses.ts';
import { Card } from '#client/components/ui/card.tsx';
import { FormAlert } from '#client/components/ui/field.tsx';
import { ReasonToggle } from '#client/components/ui/reason-toggle.tsx';
import { toast } from '#client/components/ui/toast.ts';
import { ChoiceButtons } from './choice-buttons.tsx';
import { AgeNote } from '../spending/expense-parts.tsx';
import { ListBody, ListPager } from './list-body.tsx';

const REQUEST_STATUS_LABELS: Record<RefundRequestStatus, string> = {
  open: 'Open',
  refunded: 'Refunded',
  declined: 'Declined',
};

function RefundRequestItem({ request }: { request: RefundRequestView }) {
  const titleId = useId();
  const [problem, setProblem] = useState<string | null>(null);
  const decline = useMutation({
    mutationFn: (input: { reason: string }) => declineRefundRequest(request.id, input),
    onSuccess: async () => {
      setProblem(null);
      toast({ title: 'Refund request declined' });
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
        <dt className="font-medium text-slate-600">Gave to</dt>
        <dd>{campaignFor(request)}</dd>
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
            max={SPENDING_REASON_MAX}
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

export function RefundRequests() {
  const [status, setStatus] = useState<RefundRequestStatus>('open');
  const [page, setPage] = useState(1);
  const list = useQuery({
    ...refundRequestsQuery(status, page),
    placeholderData: keepPreviousData,
    gcTime: 0,
  });
  return (
    <section id="refund-requests" aria-labelledby="refunds-title" className="mt-12 scroll-mt-24">
      <h2 id="refunds-title" className="text-2xl font-semibold text-ink">
        Refund requests
      </h2>
      <p className="mt-1 text-slate-700">
        Donors asking for their money back. Each gets an answer within the disputes window of up to{' '}
        {SPENDING_WINDOWS_BUSINESS_DAYS.disputes.to} business days.
      </p>
      <ChoiceButtons
        label="Show refund requests"
        className="mt-4 flex flex-wrap gap-2"
        value={status}
        choices={REFUND_REQUEST_STATUSES.map((s) => ({ value: s, label: REQUEST_STATUS_LABELS[s] }))}
        onChange={(next) => {
          setStatus(next);
          setPage(1);
        }}
      />
      <Card className="mt-4">
        {list.data && <p className="text-sm text-slate-600">{list.data.total} in all.</p>}
        <ListBody
          list={list}
          what="refund requests"
          emptyClassName="mt-4 text-slate-700"
          empty={
            status === 'open'
              ? 'No refund requests are waiting.'
              : `No ${REQUEST_STATUS_LABELS[status].toLowerCase()} requests.`
          }
        >
          {(data) => (
            <ul aria-label="Refund requests" className="divide-y divide-brand-100">
              {data.items.map((r) => (
                <li key={r.id}>
                  <RefundRequestItem request={r} />
                </li>
              ))}
            </ul>
          )}
        </ListBody>
        <ListPager list={list} label="Refund request pages" page={page} onPage={setPage} />
      </Card>
    </section>
  );
}
