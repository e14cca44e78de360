/** The donations panel's two lists: recorded donations (with their refunds) and open intents, page by page. */
import type { ReactNode } from 'react';
import { campaignFor } from '#shared/fundraiser-words.ts';
import { Link } from 'wouter';
import type { Page } from '#shared/schemas/paging.ts';
import type { AdminDonationListItem, AdminIntent } from '#shared/schemas/admin-donations.ts';
import { formatCents, formatWhen } from '#client/lib/format.ts';
import { useMutation } from '@tanstack/react-query';
import { isStepUpRequired } from '#client/api/admin-step-up.ts';
import { setDonationMessageHidden } from '#client/api/admin-donations.ts';
import { errorMessage } from '#client/lib/api.ts';
import { toast } from '#client/components/ui/toast.ts';
import { Button } from '#client/components/ui/button.tsx';
import { ConfirmTwice } from '#client/components/ui/confirm-twice.tsx';
import { Card, CardTitle } from '#client/components/ui/card.tsx';
import { linkClass } from '#client/components/ui/text-classes.ts';
import { ListBody, ListPager, type ListQuery } from './list-body.tsx';
import { RefundControl, remainingCents } from './refund-donation.tsx';

/** A list card: loading, error (with retry), empty, or the items; the pager below. */
export function ListCard<T extends { id: string }>({
  id,
  title,
  noun,
  list,
  page,
  onPage,
  empty,
  renderItem,
  csvPath,
}: {
  id: string;
  title: string;
  /** The whole list as a spreadsheet file. */
  csvPath: string;
  noun: string;
  list: ListQuery<T>;
  page: number;
  onPage: (page: number) => void;
  empty: string;
  renderItem: (item: T) => ReactNode;
}) {
  return (
    <Card aria-labelledby={`${id}-title`}>
      <div className="flex flex-wrap items-baseline justify-between gap-2">
        <CardTitle id={`${id}-title`}>{title}</CardTitle>
        <a href={csvPath} download className="rounded text-sm font-semibold text-brand-800 underline">
          Download all {noun} (CSV)
        </a>
      </div>
      {list.data && (
        <p className="mt-1 text-sm text-slate-600">
          {list.data.total} in all, newest first, {list.data.pageSize} a page.
        </p>
      )}
      {/* A closed gate is no error to show here: the page shows the gate instead. */}
      <ListBody list={list} what={noun} empty={empty} hideError={isStepUpRequired}>
        {(data: Page<T>) => (
          <ul className="mt-2 divide-y divide-slate-200" data-testid={`${id}-list`}>
            {data.items.map((item) => (
              <li key={item.id} className="py-3">
                {renderItem(item)}
              </li>
            ))}
          </ul>
        )}
      </ListBody>
      <ListPager list={list} label={`${title} pages`} page={page} onPage={onPage} />
    </Card>
  );
}

export function DonationRow({ donation, onGateClosed }: { donation: AdminDonationListItem; onGateClosed: () => void }) {
  const refunded = donation.refundedCents;
  return (
    <div className="text-sm text-slate-800">
      <p className="flex flex-wrap items-baseline justify-between gap-x-3">
        <span className="text-base font-semibold text-ink">
          {formatCents(donation.amountCents, donation.currency)}
          {donation.currency !== 'USD' && (
            <span className="font-normal text-slate-600"> ({formatCents(donation.usdCents)})</span>
          )}
        </span>
        <span>{donation.paymentMethod}</span>
      </p>
      <p>
        {donation.isAnonymous ? 'Anonymous' : (donation.donorName ?? 'No name given')}
        <span className="text-slate-600">
          {donation.showPublicly ? ' · shown publicly' : ' · shown as Anonymous'}
          {donation.donorEmail && <> · {donation.donorEmail}</>}
        </span>
      </p>
      <ForCampaign item={donation} />
      {donation.message && <p className="text-slate-700 italic">“{donation.message}”</p>}
      {donation.message && donation.showPublicly && <MessageVisibility donation={donation} />}
      <p className="text-slate-600">
        <time dateTime={donation.createdAt}>{formatWhen(donation.createdAt)}</time>
        {donation.externalReference && <> · Ref. {donation.externalReference}</>}
      </p>
      {refunded > 0 && (
        <p className="font-medium text-red-800" data-testid="donation-refunded">
          Refunded {formatCents(refunded)}
          {remainingCents(donation) <= 0 ? ' (in full)' : `; ${formatCents(remainingCents(donation))} remains`}
        </p>
      )}
      <RefundControl donation={donation} onGateClosed={onGateClosed} />
    </div>
  );
}

/** A public message can be taken off the wall (and put back) without changing the donation. */
function MessageVisibility({ donation }: { donation: AdminDonationListItem }) {
  const change = useMutation({
    mutationFn: () => setDonationMessageHidden(donation.id, !donation.messageHidden),
    onError: (err) =>
      toast({ title: 'Not changed', description: errorMessage(err, 'Please try again.'), variant: 'destructive' }),
  });
  return (
    <p className="flex flex-wrap items-center gap-2">
      {donation.messageHidden && <span className="text-slate-600">Message hidden from the public pages.</span>}
      <Button variant="ghost" disabled={change.isPending} onClick={() => change.mutate()}>
        {donation.messageHidden ? 'Show message publicly again' : 'Hide message from the public pages'}
      </Button>
    </p>
  );
}

/** "For ..." the campaign, a link to the panel's lists of that campaign alone. */
function ForCampaign({ item }: { item: { campaignId: string; fundraiserTitle: string | null } }) {
  return (
    <p className="text-slate-700">
      For{' '}
      <Link href={`/admin-donations?campaign=${encodeURIComponent(item.campaignId)}`} className={linkClass}>
        {campaignFor(item)}
      </Link>
    </p>
  );
}

export function IntentRow({
  intent,
  onRecord,
  onDelete,
  deleting,
}: {
  intent: AdminIntent;
  onRecord: () => void;
  onDelete: () => void;
  deleting: boolean;
}) {
  const what = `${formatCents(intent.amountCents)} ${intent.paymentMethod} intent`;
  return (
    <div className="flex flex-wrap items-start justify-between gap-3 text-sm text-slate-800">
      <div>
        <p>
          <span className="text-base font-semibold text-ink">{formatCents(intent.amountCents)}</span> via{' '}
          {intent.paymentMethod}
        </p>
        <ForCampaign item={intent} />
        {intent.message && <p className="text-slate-700 italic">“{intent.message}”</p>}
        <p className="text-slate-600">
          <time dateTime={intent.createdAt}>{formatWhen(intent.createdAt)}</time>
        </p>
      </div>
      <div className="flex flex-wrap items-start gap-2">
        <Button variant="secondary" aria-label={`Record ${what}`} onClick={onRecord}>
          Record
        </Button>
        {/* Asked first: deleting takes the donor's name, email and message with it. */}
        <ConfirmTwice
          label="Delete…"
          labelFor={`Delete ${what}…`}
          groupLabel={`Delete ${what}`}
          warning="Delete this intent? The donor's name, email and message go with it, and it cannot be undone. Delete it only if the gift never arrived or was recorded another way."
          confirmLabel="Delete intent"
          pendingLabel="Deleting…"
          keepLabel="Keep it"
          pending={deleting}
          onConfirm={onDelete}
        />
      </div>
    </div>
  );
}
