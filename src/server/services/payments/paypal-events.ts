/**
 * PayPal's signed events, checked as PayPal documents for verifying without its API: an RSA-SHA256 signature over
 * `transmission id|transmission time|webhook id|CRC32 of the body`, by the certificate its `paypal-cert-url` names
 * (paypal-certificates.ts). The "secrets" are our webhook ids: not secret, but a body signed for another
 * listener's webhook does not verify here. Amounts are decimal strings ("50.00").
 */
import { verify as verifySignature } from 'node:crypto';
import { crc32 } from 'node:zlib';
import { z } from 'zod';
import { findReference } from '#shared/payment-reference.ts';
import { systemClock, type Clock } from '../clock.ts';
import { SignatureError, type PaymentMovement, type VerifiedEvent } from './movement.ts';
import { paypalCertificates, type PaypalCertificateOptions } from './paypal-certificates.ts';
import {
  amountCents,
  feeCents,
  fromIso,
  parseJson,
  readAs,
  requireSecrets,
  singleHeader,
  type EventVerifier,
  type WebhookHeaders,
} from './event-input.ts';

/** How far a transmission's time may be from ours either way: a captured delivery cannot be replayed later. */
export const PAYPAL_TOLERANCE_MS = 5 * 60 * 1000;

export interface PaypalVerifierOptions extends PaypalCertificateOptions {
  clock?: Clock;
}

const Envelope = z.object({ id: z.string().min(1), event_type: z.string(), resource: z.unknown() });

const Money = z.object({ currency_code: z.string().min(1), value: z.string() });

const Capture = z.object({
  id: z.string().min(1),
  status: z.string(),
  amount: Money,
  seller_receivable_breakdown: z.object({ paypal_fee: Money.nullish() }).nullish(),
  custom_id: z.string().nullish(),
  invoice_id: z.string().nullish(),
  create_time: z.string(),
});

const Refund = z.object({
  id: z.string().min(1),
  status: z.string(),
  amount: Money,
  create_time: z.string(),
  links: z.array(z.object({ href: z.string(), rel: z.string() })),
});

/** A refund's `up` link: `https://api.paypal.com/v2/payments/captures/<capture id>`. */
const CAPTURE_PATH = /\/v2\/payments\/captures\/([A-Za-z0-9-]+)\/?$/;

/** Checks a delivery's signature under each of our webhook ids in turn, then reads the event. */
export function paypalVerifier(webhookIds: readonly string[], options: PaypalVerifierOptions = {}): EventVerifier {
  requireSecrets('paypal', webhookIds);
  const clock = options.clock ?? systemClock;
  const certificates = paypalCertificates(options);
  return {
    async verify(rawBody: Buffer, headers: WebhookHeaders): Promise<VerifiedEvent> {
      const transmissionId = singleHeader(headers, 'paypal-transmission-id');
      const transmissionTime = singleHeader(headers, 'paypal-transmission-time');
      const signature = Buffer.from(singleHeader(headers, 'paypal-transmission-sig'), 'base64');
      const certUrl = singleHeader(headers, 'paypal-cert-url');
      if (singleHeader(headers, 'paypal-auth-algo').toUpperCase() !== 'SHA256WITHRSA') {
        throw new SignatureError('paypal-auth-algo is not SHA256withRSA');
      }
      const now = clock.now();
      const sentAt = Date.parse(transmissionTime);
      if (!(Math.abs(now.getTime() - sentAt) <= PAYPAL_TOLERANCE_MS)) {
        throw new SignatureError(`paypal-transmission-time is not within five minutes of now: ${transmissionTime}`);
      }
      const key = await certificates.signingKey(certUrl, now);
      const checksum = crc32(rawBody);
      const signed = webhookIds.some((webhookId) =>
        verifySignature(
          'sha256',
          Buffer.from(`${transmissionId}|${transmissionTime}|${webhookId}|${checksum}`),
          key,
          signature,
        ),
      );
      if (!signed) throw new SignatureError('paypal: the signature does not match the body under any webhook id');
      const payload = parseJson(rawBody.toString('utf8'));
      const event = readAs(Envelope, payload, 'paypal event');
      return { eventId: event.id, type: event.event_type, movement: paypalMovement(event), payload };
    },
  };
}

function paypalMovement(event: z.infer<typeof Envelope>): PaymentMovement | null {
  switch (event.event_type) {
    case 'PAYMENT.CAPTURE.COMPLETED': {
      const capture = readAs(Capture, event.resource, 'capture');
      if (capture.status !== 'COMPLETED') return null;
      const currency = capture.amount.currency_code.toUpperCase();
      const fee = capture.seller_receivable_breakdown?.paypal_fee;
      return {
        externalId: capture.id,
        kind: 'payment',
        paymentExternalId: null,
        amountCents: amountCents(capture.amount.value, 'capture amount'),
        currency,
        // A fee taken in another currency (a cross-currency payment) is not in cents of this one.
        feeCents: fee && fee.currency_code.toUpperCase() === currency ? feeCents(fee.value, 'paypal fee') : null,
        occurredAt: fromIso(capture.create_time, 'capture create_time'),
        reference: findReference(capture.custom_id) ?? findReference(capture.invoice_id),
        // A capture says nothing of its payer (the order does).
        payerName: null,
        payerEmail: null,
        note: null,
      };
    }
    case 'PAYMENT.CAPTURE.REFUNDED': {
      const refund = readAs(Refund, event.resource, 'refund');
      if (refund.status !== 'COMPLETED') return null;
      const captureId = refund.links.find((link) => link.rel === 'up')?.href.match(CAPTURE_PATH)?.[1];
      if (!captureId) throw new SignatureError('unreadable refund: no link up to its capture');
      return {
        externalId: refund.id,
        kind: 'refund',
        paymentExternalId: captureId,
        amountCents: amountCents(refund.amount.value, 'refund amount'),
        currency: refund.amount.currency_code.toUpperCase(),
        // The breakdown's fee is what PayPal gave back of its fee, not a fee we paid.
        feeCents: null,
        occurredAt: fromIso(refund.create_time, 'refund create_time'),
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
