/**
 * The gift form of a donate page: amount, message, what the donor tells us, and the payment methods. Choosing a
 * method opens it and records the intent through `send` (the flagship's call, or a fundraiser's campaign's).
 */
import { useRef, useState } from 'react';
import { Mail } from 'lucide-react';
import { DONOR_NAME_MAX, MESSAGE_MAX, QUICK_AMOUNTS } from '#shared/constants.ts';
import type { DonationIntentInput } from '#shared/schemas/donation.ts';
import { UPDATES_NEED_EMAIL } from '#shared/update-messages.ts';
import type { PaymentMethod } from '#shared/schemas/campaign.ts';
import { useGivingOptions } from '#client/lib/giving-options.ts';
import { errorMessage } from '#client/lib/api.ts';
import { formatCents } from '#client/lib/format.ts';
import { track } from '#client/lib/analytics.ts';
import { Card, CardTitle } from '#client/components/ui/card.tsx';
import { buttonClass } from '#client/components/ui/button.tsx';
import { toast } from '#client/components/ui/toast.ts';
import {
  effectiveAmount,
  initialAmountState,
  NO_AMOUNT_ALERT,
  paymentLink,
  pickQuick,
  typeCustom,
} from './donate-model.ts';

export function GiftForm({
  recipientName,
  send,
}: {
  /** Whose updates the donor may ask for: "Email me Maya's updates". */
  recipientName: string;
  send: (intent: DonationIntentInput) => Promise<unknown>;
}) {
  const { paymentMethods, directTransfer } = useGivingOptions();
  const [amount, setAmount] = useState(initialAmountState);
  const [message, setMessage] = useState('');
  const [donorName, setDonorName] = useState('');
  const [donorEmail, setDonorEmail] = useState('');
  const [showPublicly, setShowPublicly] = useState(false);
  const [followUpdates, setFollowUpdates] = useState(false);
  const [emailError, setEmailError] = useState<string | null>(null);
  const emailInput = useRef<HTMLInputElement>(null);
  const effective = effectiveAmount(amount);

  function give(method: PaymentMethod) {
    if (!effective.ok) {
      window.alert(NO_AMOUNT_ALERT);
      return;
    }
    // The browser's own check of type=email, before anything opens (the server checks again).
    const emailProblem =
      emailInput.current && !emailInput.current.checkValidity()
        ? 'Please enter a valid email address, or leave it empty.'
        : followUpdates && donorEmail.trim() === ''
          ? UPDATES_NEED_EMAIL
          : null;
    if (emailProblem) {
      setEmailError(emailProblem);
      emailInput.current?.focus();
      return;
    }
    const orNull = (text: string) => (text.trim() === '' ? null : text.trim());
    const intent: DonationIntentInput = {
      amount: effective.dollars,
      message: orNull(message),
      paymentMethod: method.name,
      timestamp: new Date().toISOString(),
      donorName: orNull(donorName),
      donorEmail: orNull(donorEmail),
      showPublicly,
      followUpdates,
    };
    track({ name: 'donation_click', method: method.name, amount: effective.dollars });
    const saved = send(intent);
    // Opened in the click itself so pop-up blockers allow it; the intent is already on its way.
    const link = paymentLink(method, effective.dollars);
    if (link.startsWith('mailto:')) window.location.assign(link);
    else window.open(link, '_blank', 'noopener,noreferrer');
    saved.then(
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
  }

  return (
    <>
      <Card aria-labelledby="amount-title">
        <CardTitle id="amount-title">Alternative Payment Options</CardTitle>
        <fieldset className="mt-4">
          <legend className="mb-2 text-sm font-medium text-slate-700">Choose an amount</legend>
          <div className="grid grid-cols-3 gap-2">
            {QUICK_AMOUNTS.map((value) => (
              <button
                key={value}
                type="button"
                aria-pressed={amount.quick === value}
                onClick={() => setAmount((s) => pickQuick(s, value))}
                className={`h-12 rounded-xl border text-base font-semibold ${
                  amount.quick === value
                    ? 'border-brand-700 bg-brand-700 text-white'
                    : 'border-brand-200 bg-white text-brand-800 hover:bg-brand-50'
                }`}
              >
                ${value}
              </button>
            ))}
          </div>
        </fieldset>
        <div className="mt-4">
          <label htmlFor="custom-amount" className="block text-sm font-medium text-slate-700">
            Custom amount (USD)
          </label>
          <div className="relative mt-1">
            <span aria-hidden="true" className="absolute top-1/2 left-3 -translate-y-1/2 text-slate-600">
              $
            </span>
            <input
              id="custom-amount"
              type="number"
              inputMode="decimal"
              min={1}
              step={0.01}
              value={amount.custom}
              onChange={(e) => setAmount((s) => typeCustom(s, e.target.value))}
              aria-invalid={amount.custom !== '' && !effective.ok}
              aria-describedby="amount-summary"
              placeholder="Enter amount"
              className="h-12 w-full rounded-xl border border-slate-400 pr-3 pl-7 text-base"
            />
          </div>
        </div>
        <div className="mt-4">
          <label htmlFor="support-message" className="block text-sm font-medium text-slate-700">
            Message of support (optional)
          </label>
          <textarea
            id="support-message"
            value={message}
            maxLength={MESSAGE_MAX}
            onChange={(e) => setMessage(e.target.value)}
            rows={3}
            className="mt-1 w-full rounded-xl border border-slate-400 p-3 text-base"
          />
        </div>
        <fieldset className="mt-4 space-y-3">
          <legend className="text-sm font-medium text-slate-700">About you (optional)</legend>
          <div>
            <label htmlFor="donor-name" className="block text-sm font-medium text-slate-700">
              Your name
            </label>
            <input
              id="donor-name"
              type="text"
              autoComplete="name"
              value={donorName}
              maxLength={DONOR_NAME_MAX}
              onChange={(e) => setDonorName(e.target.value)}
              className="mt-1 h-12 w-full rounded-xl border border-slate-400 px-3 text-base"
            />
          </div>
          <div>
            <label htmlFor="donor-email" className="block text-sm font-medium text-slate-700">
              Email for your thank-you and receipt
            </label>
            <input
              id="donor-email"
              ref={emailInput}
              type="email"
              autoComplete="email"
              value={donorEmail}
              maxLength={254}
              onChange={(e) => {
                setDonorEmail(e.target.value);
                setEmailError(null);
              }}
              aria-required={followUpdates}
              aria-invalid={emailError !== null}
              aria-describedby={emailError ? 'donor-email-error' : 'donor-email-hint'}
              className="mt-1 h-12 w-full rounded-xl border border-slate-400 px-3 text-base"
            />
            {emailError ? (
              <p id="donor-email-error" className="mt-1 text-sm text-red-700">
                {emailError}
              </p>
            ) : (
              <p id="donor-email-hint" className="mt-1 text-sm text-slate-600">
                Sent once your gift is recorded. Never shown or shared.
              </p>
            )}
          </div>
          <label className="flex items-start gap-3 text-slate-800">
            <input
              type="checkbox"
              checked={showPublicly}
              onChange={(e) => setShowPublicly(e.target.checked)}
              className="mt-1 h-5 w-5 shrink-0"
            />
            <span>
              Show my name and gift publicly
              <span className="block text-sm text-slate-600">
                Your name and message appear under Recent Supporters. Otherwise your gift shows as Anonymous.
              </span>
            </span>
          </label>
          <label className="flex items-start gap-3 text-slate-800">
            <input
              type="checkbox"
              checked={followUpdates}
              onChange={(e) => {
                setFollowUpdates(e.target.checked);
                setEmailError(null);
              }}
              className="mt-1 h-5 w-5 shrink-0"
            />
            <span>
              Email me {recipientName}'s updates
              <span className="block text-sm text-slate-600">
                We first send one mail to confirm your address. Every update has a link to stop them.
              </span>
            </span>
          </label>
        </fieldset>
        <p
          id="amount-summary"
          aria-live="polite"
          className="mt-4 rounded-xl bg-brand-50 p-4 text-lg font-semibold text-brand-900"
        >
          {effective.ok
            ? `You're donating: ${formatCents(effective.cents)}`
            : (effective.reason ?? 'Select or enter an amount to continue.')}
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
                onClick={() => give(method)}
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
    </>
  );
}
