/**
 * What a processor's event or a statement's row says happened to money, in one shape, whatever its source: the
 * matcher (commands/payments.ts) records, reverses or files it for a manager from this alone (decision 013).
 */

export {
  PAYMENT_SOURCES,
  SIGNING_PROCESSORS,
  type PaymentSource,
  type SigningProcessor,
} from '#shared/schemas/payments.ts';

export interface PaymentMovement {
  /**
   * The source's own id for this movement (a PayPal capture or refund id, a Stripe payment intent, refund or
   * dispute, a statement's transaction id): stored once per (source, id), so a redelivery or a second import of
   * the same statement, or a statement row for a payment an event already told us of, changes nothing.
   */
  externalId: string;
  kind: 'payment' | 'refund' | 'dispute';
  /** A refund's or a dispute's payment (its `externalId`); null for a payment. */
  paymentExternalId: string | null;
  /** Gross, in cents of `currency`, always positive (a refund's amount is what went back). */
  amountCents: number;
  /**
   * Set on a refund whose `amountCents` is everything refunded on its payment so far, not this refund alone (a
   * Stripe charge says only its running total): the recorder records the part beyond what it already refunded.
   */
  cumulative?: true;
  /** ISO 4217, upper case. */
  currency: string;
  /** The processor's fee in cents of `currency`, when it says; null when it does not. */
  feeCents: number | null;
  occurredAt: Date;
  /** `HC-XXXX` (shared/payment-reference.ts) where the source carried one, else null. */
  reference: string | null;
  /** Personal data: kept only to match and thank, shown only with the intent's consent (docs/security.md). */
  payerName: string | null;
  payerEmail: string | null;
  /** The payer's note, where the source has one. */
  note: string | null;
}

/**
 * A verified event: its id at the processor, its type, its movement (null: an event we do not act on), and its
 * body as parsed, without any secret it carried (Ko-fi's token), kept for managers' questions until pruned.
 */
export interface VerifiedEvent {
  eventId: string;
  type: string;
  movement: PaymentMovement | null;
  payload: unknown;
}

/** The body failed its processor's verification: answered 400, nothing stored. */
export class SignatureError extends Error {}
