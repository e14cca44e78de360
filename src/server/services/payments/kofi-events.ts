/**
 * Ko-fi's webhook: a form post whose one field `data` is JSON carrying our verification token (ko-fi.com/manage/
 * webhooks). Nothing is signed, so the token is the whole check and must be read out of the body first; nothing
 * else in the body is read until it matches. Ko-fi sends no refunds and no timestamps to check against; a replay
 * carries its `message_id` and `kofi_transaction_id` again, and the recorder stores each once.
 */
import { z } from 'zod';
import { findReference } from '#shared/payment-reference.ts';
import { SignatureError, type PaymentMovement, type VerifiedEvent } from './movement.ts';
import {
  amountCents,
  fromIso,
  parseJson,
  readAs,
  requireSecrets,
  sameSecret,
  textOrNull,
  type EventVerifier,
} from './event-input.ts';

/** Kinds of Ko-fi payment that are gifts; a commission or a shop order is a purchase. */
const GIFT_TYPES = new Set(['Donation', 'Subscription']);

const Token = z.object({ verification_token: z.string() });

const Data = z.object({
  message_id: z.string().min(1),
  timestamp: z.string(),
  type: z.string(),
  is_public: z.boolean().nullish(),
  from_name: z.string().nullish(),
  message: z.string().nullish(),
  amount: z.string(),
  currency: z.string().min(1),
  email: z.string().nullish(),
  kofi_transaction_id: z.string().min(1),
});

/** Checks the body's verification token against each of ours, then reads the payment. */
export function kofiVerifier(tokens: readonly string[]): EventVerifier {
  requireSecrets('kofi', tokens);
  return {
    async verify(rawBody: Buffer): Promise<VerifiedEvent> {
      const field = new URLSearchParams(rawBody.toString('utf8')).getAll('data');
      if (field.length !== 1) throw new SignatureError('kofi: the body has no single data field');
      const data = parseJson(field[0]!);
      const { verification_token: token } = readAs(Token, data, 'kofi data');
      if (!tokens.some((expected) => sameSecret(token, expected))) {
        throw new SignatureError('kofi: the verification token matches none of ours');
      }
      const payment = readAs(Data, data, 'kofi data');
      // Kept for managers' questions, without the token that proves it came from Ko-fi.
      const { verification_token: _token, ...payload } = data as Record<string, unknown>;
      return { eventId: payment.message_id, type: payment.type, movement: kofiMovement(payment), payload };
    },
  };
}

function kofiMovement(payment: z.infer<typeof Data>): PaymentMovement | null {
  if (!GIFT_TYPES.has(payment.type)) return null;
  return {
    externalId: payment.kofi_transaction_id,
    kind: 'payment',
    paymentExternalId: null,
    amountCents: amountCents(payment.amount, 'kofi amount'),
    currency: payment.currency.toUpperCase(),
    // Ko-fi does not say what PayPal or Stripe kept.
    feeCents: null,
    occurredAt: fromIso(payment.timestamp, 'kofi timestamp'),
    // A private message still carries the reference the donor typed for us; only the message itself is not kept.
    reference: findReference(payment.message),
    payerName: textOrNull(payment.from_name),
    payerEmail: textOrNull(payment.email),
    note: payment.is_public === false ? null : textOrNull(payment.message),
  };
}
