/**
 * What follows a donor's choice of payment method, its tab already open: her intent recorded for its campaign (the
 * spec's call for the main appeal), a toast saying whether it was, the tab sent on to the method's page with the
 * gift's reference where its link takes one, and under the method the reference to add to her payment's note and,
 * where the method's page cannot take the amount, the amount to carry there. Its own chunk, loaded as soon as she
 * has an amount, so the donate pages' first load does not carry it (docs/performance.md).
 */
import { useEffect, useState } from 'react';
import { Copy, CopyCheck } from 'lucide-react';
import { COPIED_INDICATOR_MS } from '#shared/constants.ts';
import type { PaymentMethod } from '#shared/schemas/campaign.ts';
import { createDonationIntent } from '#client/api/donations.ts';
import { errorMessage } from '#client/lib/api.ts';
import { formatCents } from '#client/lib/format.ts';
import { track } from '#client/lib/analytics.ts';
import { rememberReference } from '#client/lib/gift-reference.ts';
import { toast } from '#client/components/ui/toast.ts';
import { Button } from '#client/components/ui/button.tsx';
import { linkClass } from '#client/components/ui/text-classes.ts';
import { isStripeLink, paymentLink, takesAmount } from './donate-model.ts';

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

/**
 * How long, from her choice, the blank tab waits for the intent's answer before it opens the method's page without
 * the reference: she is never left on a blank tab by a slow or failed answer.
 */
export const REFERENCE_WAIT_MS = 3000;

/**
 * Records the gift's intent and says how that went. `tab` is the blank tab opened in her click (null when the
 * browser refused it and the method's page opened without one): it goes on to the method's page once the intent
 * answers, or after REFERENCE_WAIT_MS. Returns what to show under the method.
 */
export function recordGift(gift: Gift, tab: Window | null) {
  const { campaignId, fields, method, dollars, timestamp } = gift;
  const text = (name: string) => String(fields.get(name) ?? '').trim() || null;
  const followUpdates = fields.has('followUpdates');
  track({ name: 'donation_click', method: method.name, amount: dollars });
  const reference = createDonationIntent(
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
    (created) => {
      toast({
        title: 'Intent Saved',
        description: followUpdates
          ? 'Your donation details have been recorded. Thank you! To get updates, confirm your email from the mail we sent.'
          : 'Your donation details have been recorded. Thank you!',
      });
      if (created.reference) rememberReference(created.reference);
      return created.reference || undefined;
    },
    (err: unknown) => {
      toast({
        title: 'Could not save your donation details',
        description: errorMessage(err, 'Please try again.'),
        variant: 'destructive',
      });
      return undefined;
    },
  );
  if (tab) {
    let opened = false;
    const open = (ref?: string) => {
      if (opened || tab.closed) return;
      opened = true;
      // Replaced, not pushed: Back in her new tab does not return to the blank page.
      tab.location.replace(paymentLink(method, dollars, ref));
    };
    // Counted from her choice: this chunk may have arrived after it.
    setTimeout(open, REFERENCE_WAIT_MS - (Date.now() - Date.parse(timestamp)));
    void reference.then(open);
  }
  return <GiftNote gift={gift} reference={reference} />;
}

/** Under the method she left for: the amount to carry there if its page cannot take it, and her gift's reference. */
function GiftNote({ gift, reference }: { gift: Gift; reference: Promise<string | undefined> }) {
  const { method, dollars, cents, payee } = gift;
  const [known, setKnown] = useState<string>();
  useEffect(() => void reference.then(setKnown), [reference]);
  const amountNote = !takesAmount(method);
  if (!amountNote && !known) return null;
  return (
    <div className="mt-2 space-y-3 rounded-xl bg-brand-50 p-4 text-brand-900">
      {/* Its page cannot take the amount from here: she carries it there, so it is shown large as she goes. */}
      {amountNote && (
        <p>
          <span className="block text-2xl font-bold">
            Send {formatCents(cents)} to {payee}
          </span>
          {method.name} opened in a new tab. Its page cannot take the amount from here: enter {formatCents(cents)}{' '}
          there.
        </p>
      )}
      {known && (
        <>
          <p className="text-lg">
            {/* A Stripe Payment Link carries the reference itself; every other page needs her to write it. */}
            {isStripeLink(method.link) ? "Your gift's reference is " : 'Add '}
            <strong className="font-bold tracking-wide select-all">{known}</strong>
            {isStripeLink(method.link) ? '.' : " to the payment's note so we can thank you"}
          </p>
          <div className="flex flex-wrap items-center gap-x-4 gap-y-2">
            <CopyReference reference={known} />
            {method.link.startsWith('mailto:') && (
              <a href={paymentLink(method, dollars, known)} className={linkClass}>
                Write the email again with {known} in it
              </a>
            )}
          </div>
        </>
      )}
    </div>
  );
}

/** Copies the reference (Clipboard API); the label reads "Copied" for 2 seconds. Without a clipboard, she selects it. */
function CopyReference({ reference }: { reference: string }) {
  const [copied, setCopied] = useState(false);
  useEffect(() => {
    if (!copied) return;
    const timer = setTimeout(() => setCopied(false), COPIED_INDICATOR_MS);
    return () => clearTimeout(timer);
  }, [copied]);
  // Insecure pages and some browsers have no clipboard: the reference is selectable text (one tap selects it all).
  if (!navigator.clipboard) return null;

  async function copy() {
    try {
      await navigator.clipboard.writeText(reference);
      setCopied(true);
    } catch {
      toast({ title: 'Copy failed', description: 'Select the reference to copy it.', variant: 'destructive' });
    }
  }

  return (
    <Button variant="secondary" onClick={copy} aria-live="polite">
      {copied ? <CopyCheck aria-hidden="true" className="h-4 w-4" /> : <Copy aria-hidden="true" className="h-4 w-4" />}
      {copied ? 'Copied' : 'Copy reference'}
    </Button>
  );
}
