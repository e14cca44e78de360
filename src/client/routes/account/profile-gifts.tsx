/** "Your gifts" on /profile: the gifts recorded with her confirmed email address (from the profile answer). */
import { Link } from 'wouter';
import type { MyGift } from '#shared/schemas/donation.ts';
import { formatCents, formatDay } from '#client/lib/format.ts';
import { Card, CardTitle } from '#client/components/ui/card.tsx';

export function GiftsSection({ gifts, emailConfirmed }: { gifts: MyGift[]; emailConfirmed: boolean }) {
  return (
    <Card aria-labelledby="gifts-title">
      <CardTitle id="gifts-title">Your gifts</CardTitle>
      {gifts.length === 0 ? (
        <p className="mt-2 text-slate-700">
          {emailConfirmed
            ? 'Gifts recorded with your email address appear here, with their receipts in your mailbox.'
            : 'Confirm your email address to see the gifts recorded with it.'}
        </p>
      ) : (
        <ul className="mt-4 divide-y divide-brand-100">
          {gifts.map((gift) => (
            <li key={gift.id} className="flex flex-wrap items-baseline justify-between gap-2 py-3">
              <span>
                <span className="font-semibold text-ink">{formatCents(gift.amount.cents, gift.amount.currency)}</span>
                {gift.amount.currency !== 'USD' && ` ${gift.amount.currency}`}
                <span className="text-slate-700">
                  {' '}
                  via {gift.paymentMethod}, {formatDay(gift.recordedAt)}, to{' '}
                  <Link href={gift.campaign.transparencyPath} className="font-medium text-brand-800 underline">
                    {gift.campaign.name}
                  </Link>
                </span>
              </span>
              <span className="text-sm text-slate-600">
                {gift.refundedCents > 0
                  ? `${formatCents(gift.refundedCents)} refunded`
                  : gift.shownPublicly
                    ? 'Shown with your name'
                    : 'Shown as Anonymous'}
              </span>
            </li>
          ))}
        </ul>
      )}
      {gifts.length > 0 && (
        <p className="mt-3 text-sm text-slate-600">
          Each campaign&rsquo;s name leads to its transparency page: every gift, and what the fund paid for.
        </p>
      )}
    </Card>
  );
}
