/**
 * Stripe's signed events (`Stripe-Signature`, checked by Stripe's own library) as movements: a paid Checkout
 * session, a charge's refunds, a dispute. Stripe gives amounts in the currency's smallest unit already.
 */
import Stripe from 'stripe';
import { z } from 'zod';
import { findReference, isReference } from '#shared/payment-reference.ts';
import { systemClock, type Clock } from '../clock.ts';
import { SignatureError, type PaymentMovement, type VerifiedEvent } from './movement.ts';
import {
  fromUnixSeconds,
  readAs,
  requireSecrets,
  singleHeader,
  textOrNull,
  type EventVerifier,
  type WebhookHeaders,
} from './event-input.ts';

/** Stripe's default: a signature older than five minutes is refused, so a captured delivery cannot be replayed. */
export const STRIPE_TOLERANCE_SECONDS = 300;

export interface StripeVerifierOptions {
  clock?: Clock;
  toleranceSeconds?: number;
}

const Envelope = z.object({
  id: z.string().min(1),
  type: z.string(),
  created: z.number().int(),
  data: z.object({ object: z.unknown() }),
});

const Cents = z.number().int().positive();

const PaymentStatus = z.object({ payment_status: z.string() });

const Session = z.object({
  id: z.string().min(1),
  payment_intent: z.string().nullish(),
  amount_total: Cents,
  currency: z.string().min(1),
  client_reference_id: z.string().nullish(),
  custom_fields: z.array(z.object({ text: z.object({ value: z.string().nullish() }).nullish() })).nullish(),
  metadata: z.record(z.string(), z.string()).nullish(),
  customer_details: z.object({ name: z.string().nullish(), email: z.string().nullish() }).nullish(),
});

const Charge = z.object({
  id: z.string().min(1),
  amount_refunded: Cents,
  currency: z.string().min(1),
  payment_intent: z.string().nullish(),
});

const Dispute = z.object({
  id: z.string().min(1),
  amount: Cents,
  currency: z.string().min(1),
  charge: z.string().min(1),
  payment_intent: z.string().nullish(),
});

/** Checks `Stripe-Signature` against each secret in turn, then reads the event. */
export function stripeVerifier(secrets: readonly string[], options: StripeVerifierOptions = {}): EventVerifier {
  requireSecrets('stripe', secrets);
  const clock = options.clock ?? systemClock;
  const tolerance = options.toleranceSeconds ?? STRIPE_TOLERANCE_SECONDS;
  async function constructEvent(rawBody: Buffer, signature: string): Promise<unknown> {
    let reason = '';
    for (const secret of secrets) {
      try {
        const receivedAt = clock.now().getTime();
        return await Stripe.webhooks.constructEventAsync(rawBody, signature, secret, tolerance, undefined, receivedAt);
      } catch (error) {
        // Anything but a signature error comes after the signature matched: the body is not JSON.
        if (!(error instanceof Stripe.errors.StripeSignatureVerificationError)) {
          throw new SignatureError('body is not JSON');
        }
        // Why the secret that signed it refused it (a stale timestamp), rather than that the others did not sign it.
        if (!reason || reason.startsWith('No signatures found')) reason = error.message.split('\n')[0]!;
      }
    }
    throw new SignatureError(`stripe: ${reason}`);
  }
  return {
    async verify(rawBody: Buffer, headers: WebhookHeaders): Promise<VerifiedEvent> {
      const signature = singleHeader(headers, 'stripe-signature');
      const payload = await constructEvent(rawBody, signature);
      const event = readAs(Envelope, payload, 'stripe event');
      return { eventId: event.id, type: event.type, movement: stripeMovement(event), payload };
    },
  };
}

function stripeMovement(event: z.infer<typeof Envelope>): PaymentMovement | null {
  const occurredAt = fromUnixSeconds(event.created);
  switch (event.type) {
    // An asynchronous method (a bank debit) completes the session unpaid and succeeds later, with the same session.
    case 'checkout.session.completed':
    case 'checkout.session.async_payment_succeeded': {
      // An unpaid session's total may be 0 (a full discount), so its status is read first.
      if (readAs(PaymentStatus, event.data.object, 'checkout session').payment_status !== 'paid') return null;
      const session = readAs(Session, event.data.object, 'checkout session');
      return {
        externalId: session.payment_intent ?? session.id,
        kind: 'payment',
        paymentExternalId: null,
        amountCents: session.amount_total,
        currency: session.currency.toUpperCase(),
        // The session carries no fee; it is on the charge's balance transaction, which the event does not include.
        feeCents: null,
        occurredAt,
        reference: sessionReference(session),
        payerName: textOrNull(session.customer_details?.name),
        payerEmail: textOrNull(session.customer_details?.email),
        note: null,
      };
    }
    case 'charge.refunded': {
      // The charge has only the running total (its refunds list is not sent since API version 2022-11-15, and two
      // refunds close together can share a snapshot), so the movement is cumulative and its id names the total: a
      // redelivery changes nothing and each new total is recorded once.
      const charge = readAs(Charge, event.data.object, 'charge');
      return {
        externalId: `${charge.id}:refunded:${charge.amount_refunded}`,
        kind: 'refund',
        paymentExternalId: charge.payment_intent ?? charge.id,
        amountCents: charge.amount_refunded,
        cumulative: true,
        currency: charge.currency.toUpperCase(),
        feeCents: null,
        occurredAt,
        reference: null,
        payerName: null,
        payerEmail: null,
        note: null,
      };
    }
    case 'charge.dispute.created': {
      const dispute = readAs(Dispute, event.data.object, 'dispute');
      return {
        externalId: dispute.id,
        kind: 'dispute',
        paymentExternalId: dispute.payment_intent ?? dispute.charge,
        amountCents: dispute.amount,
        currency: dispute.currency.toUpperCase(),
        feeCents: null,
        occurredAt,
        reference: null,
        payerName: null,
        payerEmail: null,
        note: null,
      };
    }
    default:
      return null;
  }
}

/** Our Checkout sessions carry the reference as `client_reference_id`; a payment link's donor types it in a field. */
function sessionReference(session: z.infer<typeof Session>): string | null {
  if (session.client_reference_id && isReference(session.client_reference_id)) return session.client_reference_id;
  const typed = (session.custom_fields ?? []).map((field) => field.text?.value);
  for (const text of [...typed, ...Object.values(session.metadata ?? {})]) {
    const reference = findReference(text);
    if (reference) return reference;
  }
  return null;
}
