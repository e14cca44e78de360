/**
 * One verifier per processor that signs its events (issue 36): each checks a delivery's raw body as its processor
 * documents before reading anything in it, then reads it as one VerifiedEvent. Each takes a list of secrets and
 * accepts a body that any of them verifies, so a secret can be rotated without refusing deliveries meanwhile.
 */
import type { Clock } from '../clock.ts';
import type { SigningProcessor } from './movement.ts';
import type { EventVerifier } from './event-input.ts';
import { buyMeACoffeeVerifier } from './buymeacoffee-events.ts';
import { kofiVerifier } from './kofi-events.ts';
import { paypalVerifier } from './paypal-events.ts';
import type { PaypalCertificateOptions } from './paypal-certificates.ts';
import { stripeVerifier } from './stripe-events.ts';

export type { EventVerifier, WebhookHeaders } from './event-input.ts';
export { buyMeACoffeeVerifier, kofiVerifier, paypalVerifier, stripeVerifier };

export interface VerifierOptions {
  /** Now, for Stripe's and PayPal's timestamps and PayPal's certificate dates. */
  clock?: Clock;
  /** Seconds a Stripe signature stays acceptable (STRIPE_TOLERANCE_SECONDS by default). */
  stripeToleranceSeconds?: number;
  /** How PayPal's certificates are fetched and which roots they must chain to (tests make their own). */
  paypal?: PaypalCertificateOptions;
}

/**
 * The verifier for `processor` under `secrets`: Stripe's endpoint secrets (`whsec_...`), PayPal's webhook ids,
 * Buy Me a Coffee's signing secrets or Ko-fi's verification tokens. One or two (old and new, during a rotation).
 */
export function verifierFor(
  processor: SigningProcessor,
  secrets: readonly string[],
  options: VerifierOptions = {},
): EventVerifier {
  switch (processor) {
    case 'stripe':
      return stripeVerifier(secrets, { clock: options.clock, toleranceSeconds: options.stripeToleranceSeconds });
    case 'paypal':
      return paypalVerifier(secrets, { ...options.paypal, clock: options.clock });
    case 'buymeacoffee':
      return buyMeACoffeeVerifier(secrets);
    case 'kofi':
      return kofiVerifier(secrets);
  }
}
