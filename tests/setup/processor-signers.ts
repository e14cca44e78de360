/**
 * Deliveries signed as Stripe, Buy Me a Coffee and Ko-fi sign them, with secrets only: for the verifiers' and webhook
 * routes' tests, and for `npm run payments:simulate` (scripts/payment-simulation.ts), so this file imports nothing of
 * Vitest. PayPal's, which need a certificate authority, are in processor-events.ts.
 */
import { createHmac } from 'node:crypto';
import Stripe from 'stripe';

/** What a processor POSTs: the raw body and the headers, named in lower case as Node gives them. */
export interface Delivery {
  body: Buffer;
  headers: Record<string, string>;
}

/** An event's JSON, or a string sent as it is (a body that is not JSON). */
export const eventBody = (event: object | string) =>
  Buffer.from(typeof event === 'string' ? event : JSON.stringify(event));

/** Signed with Stripe's library as Stripe signs (`t=<seconds>,v1=<HMAC>`), at `timestamp` (now by default). */
export function stripeDelivery(event: object | string, secret: string, options: { timestamp?: Date } = {}): Delivery {
  const payload = eventBody(event).toString();
  const timestamp = options.timestamp ? Math.floor(options.timestamp.getTime() / 1000) : undefined;
  const signature = Stripe.webhooks.generateTestHeaderString({ payload, secret, timestamp });
  return { body: Buffer.from(payload), headers: { 'content-type': 'application/json', 'stripe-signature': signature } };
}

/** Signed as Buy Me a Coffee signs: the hex HMAC-SHA256 of the body in `x-signature-sha256`. */
export function buyMeACoffeeDelivery(event: object | string, secret: string): Delivery {
  const body = eventBody(event);
  const signature = createHmac('sha256', secret).update(body).digest('hex');
  return { body, headers: { 'content-type': 'application/json', 'x-signature-sha256': signature } };
}

/** Posted as Ko-fi posts: a form with one field, `data`, whose JSON carries the verification token. */
export function kofiDelivery(data: object, token: string): Delivery {
  const form = new URLSearchParams({ data: JSON.stringify({ verification_token: token, ...data }) });
  return { body: Buffer.from(form.toString()), headers: { 'content-type': 'application/x-www-form-urlencoded' } };
}
