/**
 * What follows a donor's choice of payment method, its page already opening: her intent recorded for its campaign
 * (the spec's call for the main appeal), a toast saying whether it was, and, where the method's page
 * cannot take the amount, the amount to carry there. Its own chunk, loaded as soon as she has an amount, so the
 * donate pages' first load does not carry it (docs/performance.md).
 */
import type { PaymentMethod } from '#shared/schemas/campaign.ts';
import { createDonationIntent } from '#client/api/donations.ts';
import { errorMessage } from '#client/lib/api.ts';
import { formatCents } from '#client/lib/format.ts';
import { track } from '#client/lib/analytics.ts';
import { toast } from '#client/components/ui/toast.ts';
import { takesAmount } from './donate-model.ts';

export interface Gift {
  /** The campaign the gift is for (a patient's fundraiser's); none: the main appeal. */
  campaignId?: string;
  /** The gift form's fields as they were at the choice (message, donorName, donorEmail and the two boxes). */
  fields: FormData;
  method: PaymentMethod;
  dollars: number;
  cents: number;
  /** When she chose, ISO. */
  timestamp: string;
  /** Whom the methods pay: the site (its product name). */
  payee: string;
}

/** Records the gift's intent and says how that went; returns what to show under the method, if anything. */
export function recordGift({ campaignId, fields, method, dollars, cents, timestamp, payee }: Gift) {
  const text = (name: string) => String(fields.get(name) ?? '').trim() || null;
  const followUpdates = fields.has('followUpdates');
  track({ name: 'donation_click', method: method.name, amount: dollars });
  createDonationIntent(
    {
      amount: dollars,
      message: text('message'),
      paymentMethod: method.name,
      timestamp,
      donorName: text('donorName'),
      donorEmail: text('donorEmail'),
      showPublicly: fields.has('showPublicly'),
      followUpdates,
    },
    campaignId,
  ).then(
    () =>
      toast({
        title: 'Intent Saved',
        description: followUpdates
          ? 'Your donation details have been recorded. Thank you! To get updates, confirm your email from the mail we sent.'
          : 'Your donation details have been recorded. Thank you!',
      }),
    (err: unknown) =>
      toast({
        title: 'Could not save your donation details',
        description: errorMessage(err, 'Please try again.'),
        variant: 'destructive',
      }),
  );
  // Its page cannot take the amount from here: she carries it there, so it is shown large as she goes.
  return takesAmount(method) ? null : (
    <p className="mt-2 rounded-xl bg-brand-50 p-4 text-brand-900">
      <span className="block text-2xl font-bold">
        Send {formatCents(cents)} to {payee}
      </span>
      {method.name} opened in a new tab. Its page cannot take the amount from here: enter {formatCents(cents)} there.
    </p>
  );
}
