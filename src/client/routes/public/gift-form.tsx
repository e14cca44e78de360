/**
 * The gift form of a donate page: amount, message, what the donor tells us, and the payment methods. Choosing a
 * method opens its tab and records the intent for `campaignId` (a fundraiser's campaign; none: the main appeal, by
 * the spec's call), whose answer names the gift's reference for the method's link and the donor's payment note.
 *
 * What she taps or types before the page hydrates stays in the controls themselves (radios, fields and boxes the
 * browser keeps), so nothing she did is lost: the fields are read when she chooses a method, and the amount, the
 * one thing the page reacts to, is taken from the controls once hydrated.
 */
import { createContext, useEffect, useRef, useState, type MouseEvent, type ReactNode } from 'react';
import { Mail } from 'lucide-react';
import { MESSAGE_MAX, QUICK_AMOUNTS } from '#shared/constants.ts';
import type * as GiftSentModule from './gift-sent.tsx';
import type { PaymentMethod } from '#shared/schemas/campaign.ts';
import { useGivingOptions } from '#client/lib/giving-options.ts';
import { useCampaign } from '#client/lib/campaign-context.tsx';
import { formatCents } from '#client/lib/format.ts';
import { Card, CardTitle } from '#client/components/ui/card.tsx';
import { buttonClass } from '#client/components/ui/button.tsx';
import { belowFold } from '#client/components/below-fold.tsx';
import {
  effectiveAmount,
  initialAmountState,
  NO_AMOUNT_MESSAGE,
  paymentLink,
  pickQuick,
  typeCustom,
} from './donate-model.ts';

type GiftSent = typeof GiftSentModule;
let giftSent: GiftSent | undefined;
const loadGiftSent = () => import('./gift-sent.tsx').then((m) => (giftSent = m));

/** A second tap this soon after one that opened a payment page is the same gesture (a double tap): it opens nothing. */
const DOUBLE_TAP_MS = 1000;

const MESSAGE_MAX_TEXT = MESSAGE_MAX.toLocaleString('en-US');
export const fieldClass = 'mt-1 h-12 w-full rounded-xl border border-slate-400 px-3 text-base';
export const labelClass = 'block text-sm font-medium text-slate-700';

/** Whose updates the donor may ask for, for "About you" (the same for the page's life, so the part hydrates as sent). */
export const GiftRecipient = createContext('');
const AboutYou = belowFold(() => import('./gift-about-you.tsx'), 'mt-4');

export function GiftForm({
  recipientName,
  campaignId,
}: {
  /** Whose updates the donor may ask for: "Email me Maya's updates". */
  recipientName: string;
  /** The campaign the intent is for (a patient's fundraiser's); none: the main appeal, by the spec's call. */
  campaignId?: string;
}) {
  const { paymentMethods, directTransfer } = useGivingOptions();
  const { product } = useCampaign();
  const [amount, setAmount] = useState(initialAmountState);
  const [amountAsked, setAmountAsked] = useState(false);
  const [messageLength, setMessageLength] = useState(0);
  /** What is shown under the method she left for, while the amount is still the one she left with. */
  const [note, setNote] = useState<{ key: string; shown: ReactNode } | null>(null);
  const form = useRef<HTMLFormElement>(null);
  const customInput = useRef<HTMLInputElement>(null);
  const lastOpened = useRef(-Infinity);
  const effective = effectiveAmount(amount);
  const amountError = effective.ok ? null : (effective.reason ?? (amountAsked ? NO_AMOUNT_MESSAGE : null));

  /** A field of the form by name (a radio group's value is its checked radio's). */
  const field = (name: string) => form.current!.elements.namedItem(name) as { value: string };

  useEffect(() => {
    // Tapped or typed before the page hydrated: the browser kept it in the controls (outside React), while the
    // state starts as the server rendered it. Read once, after hydration, so the first render still matches the HTML.
    const custom = field('customAmount').value;
    const quick = field('quickAmount').value;
    /* eslint-disable react-hooks/set-state-in-effect */
    if (custom) setAmount(typeCustom(initialAmountState, custom));
    else if (quick) setAmount(pickQuick(initialAmountState, Number(quick)));
    setMessageLength(field('message').value.length);
    /* eslint-enable react-hooks/set-state-in-effect */
  }, []);

  useEffect(() => {
    // What follows a choice, fetched once there is an amount to give: usually here before she chooses.
    if (effective.ok) void loadGiftSent();
  }, [effective.ok]);

  function give(event: MouseEvent, method: PaymentMethod) {
    // The second tap of a double tap (or a tap while the first one's page is opening) opens nothing more.
    if (event.timeStamp - lastOpened.current < DOUBLE_TAP_MS) return;
    if (!effective.ok) {
      setAmountAsked(true);
      customInput.current!.focus();
      return;
    }
    // The email is checked before anything opens, by the browser's rule and "About you"'s (updates need one); the
    // server checks again, and the field says what is wrong. After a navigation it may not be there yet.
    const email = form.current!.elements.namedItem('donorEmail') as HTMLInputElement | null;
    if (email?.checkValidity() === false) {
      email.focus();
      return;
    }
    const fields = new FormData(form.current!);
    lastOpened.current = event.timeStamp;
    const { dollars, cents } = effective;
    const gift = {
      campaignId,
      fields,
      method,
      dollars,
      cents,
      timestamp: new Date().toISOString(),
      payee: product.name,
    };
    // Opened in the click itself so pop-up blockers allow it, blank until the intent gives the reference its link
    // can carry (gift-sent.tsx sends it on). A browser that refuses a blank tab gets the method's page at once.
    const link = paymentLink(method, dollars);
    let tab: Window | null = null;
    if (link.startsWith('mailto:')) window.location.assign(link);
    else if ((tab = window.open('', '_blank'))) tab.opener = null;
    else window.open(link, '_blank', 'noopener,noreferrer');
    const record = (sent: GiftSent) => setNote({ key: method.name + cents, shown: sent.recordGift(gift, tab) });
    // Recorded at once when its code is here, as it is once an amount was chosen; else when it comes, and should it
    // never come, the tab goes to the method's page without a reference.
    if (giftSent) record(giftSent);
    else void loadGiftSent().then(record, () => tab?.location.replace(link));
  }

  return (
    // No submit button: choosing a method is the one way to give. The fields keep what she typed and are read then.
    <form ref={form} className="space-y-6" onSubmit={(e) => e.preventDefault()}>
      <Card aria-labelledby="gift-title">
        <CardTitle id="gift-title">Your Gift</CardTitle>
        <fieldset className="mt-4">
          <legend className={`mb-2 ${labelClass}`}>Choose an amount</legend>
          <div className="grid grid-cols-3 gap-2">
            {QUICK_AMOUNTS.map((value) => (
              <label
                key={value}
                className="flex h-12 cursor-pointer items-center justify-center rounded-xl border border-brand-200 bg-white text-base font-semibold text-brand-800 outline-offset-2 outline-brand-600 hover:bg-brand-50 has-checked:border-brand-700 has-checked:bg-brand-700 has-checked:text-white has-focus-visible:outline-3"
              >
                <input
                  type="radio"
                  name="quickAmount"
                  value={value}
                  checked={amount.quick === value}
                  onChange={() => setAmount((s) => pickQuick(s, value))}
                  className="sr-only"
                />
                ${value}
              </label>
            ))}
          </div>
        </fieldset>
        <div className="mt-4">
          <label htmlFor="custom-amount" className={labelClass}>
            Custom amount (USD)
          </label>
          <div className="relative mt-1">
            <span aria-hidden="true" className="absolute top-1/2 left-3 -translate-y-1/2 text-slate-600">
              $
            </span>
            <input
              id="custom-amount"
              name="customAmount"
              ref={customInput}
              type="number"
              inputMode="decimal"
              min={1}
              step={0.01}
              value={amount.custom}
              onChange={(e) => setAmount((s) => typeCustom(s, e.target.value))}
              aria-invalid={!!amountError}
              aria-describedby="amount-error"
              placeholder="Enter amount"
              className="h-12 w-full rounded-xl border border-slate-400 pr-3 pl-7 text-base"
            />
          </div>
          <p id="amount-error" aria-live="polite" className="mt-1 text-sm font-medium text-red-700">
            {amountError}
          </p>
        </div>
        <div className="mt-4">
          <label htmlFor="support-message" className={labelClass}>
            Message of support (optional)
          </label>
          <textarea
            id="support-message"
            name="message"
            maxLength={MESSAGE_MAX}
            onChange={(e) => setMessageLength(e.target.value.length)}
            aria-describedby="message-count"
            rows={3}
            className="mt-1 w-full rounded-xl border border-slate-400 p-3 text-base"
          />
          <p id="message-count" className="mt-1 text-sm text-slate-600">
            {messageLength.toLocaleString('en-US')} of {MESSAGE_MAX_TEXT} characters
            {/* Said once, as she reaches it: a paste longer than the limit is cut here, never silently. */}
            <span aria-live="polite">{messageLength >= MESSAGE_MAX && ': the limit. Text past it is not added.'}</span>
          </p>
        </div>
        <GiftRecipient value={recipientName}>
          <AboutYou />
        </GiftRecipient>
        <p
          id="amount-summary"
          aria-live="polite"
          className="mt-4 rounded-xl bg-brand-50 p-4 text-lg font-semibold text-brand-900"
        >
          {effective.ok ? `You're donating: ${formatCents(effective.cents)}` : 'Select or enter an amount to continue.'}
        </p>
      </Card>

      <Card aria-labelledby="methods-title">
        <CardTitle id="methods-title">Choose Payment Method</CardTitle>
        <ul className="mt-4 grid gap-3">
          {paymentMethods.map((method) => (
            <li key={method.name}>
              <button
                type="button"
                // aria-disabled rather than disabled: the button stays focusable and explains itself when pressed.
                aria-disabled={!effective.ok}
                onClick={(e) => give(e, method)}
                style={effective.ok ? { backgroundColor: method.color } : undefined}
                className={`flex w-full items-center justify-between gap-3 rounded-xl px-5 py-4 text-left text-white ${
                  effective.ok ? 'hover:opacity-90' : 'cursor-not-allowed bg-slate-500'
                }`}
              >
                <span>
                  <span className="block font-semibold">{method.name}</span>
                  <span className="block text-sm opacity-95">{method.description}</span>
                </span>
                {effective.ok && <span className="font-semibold">{formatCents(effective.cents)}</span>}
              </button>
              {effective.ok && note?.key === method.name + effective.cents && note.shown}
            </li>
          ))}
        </ul>
        {paymentMethods.length === 0 && !directTransfer && (
          <p className="mt-4 text-slate-700">Ways to give will be listed here soon. Please check back.</p>
        )}
        {directTransfer && (
          <a
            href={`mailto:${directTransfer.email}?subject=${encodeURIComponent(directTransfer.subject)}`}
            className={buttonClass('secondary', 'lg', 'mt-4 w-full')}
          >
            <Mail aria-hidden="true" className="h-5 w-5" />
            Email for Direct Transfer
          </a>
        )}
      </Card>
    </form>
  );
}
