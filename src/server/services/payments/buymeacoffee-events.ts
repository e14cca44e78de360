/**
 * Buy Me a Coffee's signed events: `x-signature-sha256` is the hex HMAC-SHA256 of the raw body under the webhook's
 * signing secret (help.buymeacoffee.com, "How to setup and use Buy Me a Coffee webhooks"). Its reference does not
 * document each event's `data`; the fields read here are those of its deliveries as integrators have recorded
 * them: `{ event_id, type, live_mode, created, data: { id, amount, currency, supporter_name, supporter_email,
 * support_note, note_hidden, application_fee, transaction_id, created_at, refunded_at } }`, amounts in dollars as a
 * JSON number (5) or a decimal string ("5.00"), times in Unix seconds.
 */
import { createHmac, timingSafeEqual } from 'node:crypto';
import { z } from 'zod';
import { findReference } from '#shared/payment-reference.ts';
import { SignatureError, type PaymentMovement, type VerifiedEvent } from './movement.ts';
import {
  amountCents,
  feeCents,
  fromUnixSeconds,
  parseJson,
  readAs,
  requireSecrets,
  singleHeader,
  textOrNull,
  type EventVerifier,
  type WebhookHeaders,
} from './event-input.ts';

const HEX_SHA256 = /^[0-9a-f]{64}$/i;

const Id = z.union([z.number().int(), z.string().min(1)]).transform(String);
const Dollars = z.union([z.number(), z.string()]);

const Envelope = z.object({
  event_id: Id,
  type: z.string(),
  live_mode: z.boolean().nullish(),
  created: z.number().int().nullish(),
  data: z.unknown(),
});

const Support = z
  .object({
    id: Id.nullish(),
    support_id: Id.nullish(),
    amount: Dollars,
    currency: z.string().min(1),
    supporter_name: z.string().nullish(),
    supporter_email: z.string().nullish(),
    support_note: z.string().nullish(),
    // BMC writes its booleans as strings ("true") in some places and as JSON booleans in others.
    note_hidden: z.union([z.boolean(), z.string()]).nullish(),
    application_fee: Dollars.nullish(),
    created_at: z.number().int().nullish(),
    refunded_at: z.number().int().nullish(),
  })
  .refine((support) => support.id ?? support.support_id, 'a donation has an id');

/** Checks the body's HMAC under each secret in turn, then reads the event. */
export function buyMeACoffeeVerifier(secrets: readonly string[]): EventVerifier {
  requireSecrets('buymeacoffee', secrets);
  return {
    async verify(rawBody: Buffer, headers: WebhookHeaders): Promise<VerifiedEvent> {
      const given = singleHeader(headers, 'x-signature-sha256');
      if (!HEX_SHA256.test(given)) throw new SignatureError('x-signature-sha256 is not a hex SHA-256');
      const givenBytes = Buffer.from(given, 'hex');
      const signed = secrets.some((secret) =>
        timingSafeEqual(createHmac('sha256', secret).update(rawBody).digest(), givenBytes),
      );
      if (!signed) throw new SignatureError('buymeacoffee: the signature does not match the body under any secret');
      const payload = parseJson(rawBody.toString('utf8'));
      const event = readAs(Envelope, payload, 'buymeacoffee event');
      return { eventId: event.event_id, type: event.type, movement: buyMeACoffeeMovement(event), payload };
    },
  };
}

function buyMeACoffeeMovement(event: z.infer<typeof Envelope>): PaymentMovement | null {
  // The dashboard's "Send test" signs with the live secret; its donation never happened.
  if (event.live_mode === false) return null;
  // Memberships and recurring donations report a plan's state, extras and commissions are purchases: not gifts.
  if (event.type !== 'donation.created' && event.type !== 'donation.refunded') return null;
  const support = readAs(Support, event.data, 'donation');
  const donationId = (support.id ?? support.support_id)!;
  const currency = support.currency.toUpperCase();
  const amount = amountCents(support.amount, 'donation amount');
  const at = (seconds: number | null | undefined) => {
    const time = seconds ?? event.created;
    if (time == null) throw new SignatureError('unreadable donation: no time');
    return fromUnixSeconds(time);
  };
  if (event.type === 'donation.refunded') {
    // BMC refunds a donation whole (as far as its deliveries show); the refund has no id of its own, so it is named
    // after its donation.
    return {
      externalId: `${donationId}:refunded`,
      kind: 'refund',
      paymentExternalId: donationId,
      amountCents: amount,
      currency,
      feeCents: null,
      occurredAt: at(support.refunded_at),
      reference: null,
      payerName: null,
      payerEmail: null,
      note: null,
    };
  }
  const noteHidden = support.note_hidden === true || support.note_hidden === 'true';
  return {
    externalId: donationId,
    kind: 'payment',
    paymentExternalId: null,
    amountCents: amount,
    currency,
    // BMC's own fee; the card processor's fee is not in the event.
    feeCents: support.application_fee == null ? null : feeCents(support.application_fee, 'application_fee'),
    occurredAt: at(support.created_at),
    // A hidden note still carries the reference the donor typed for us; only the note itself is not kept.
    reference: findReference(support.support_note),
    payerName: textOrNull(support.supporter_name),
    payerEmail: textOrNull(support.supporter_email),
    note: noteHidden ? null : textOrNull(support.support_note),
  };
}
