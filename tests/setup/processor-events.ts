/**
 * Deliveries signed as each processor signs them, for the verifiers' tests and the webhook routes' API tests:
 * `stripeDelivery(stripeCheckoutCompleted({ amountCents: 5000 }), secret)` gives the body and headers Stripe would
 * POST. The event bodies come from processor-event-bodies.ts and the secret-signed deliveries from
 * processor-signers.ts, both exported here too; PayPal's, signed by a test certificate authority, are here.
 */
import { generateKeyPairSync, randomUUID, sign, type KeyObject } from 'node:crypto';
import { crc32 } from 'node:zlib';
import { expect } from 'vitest';
import { SignatureError } from '../../src/server/services/payments/movement.ts';
import type { PaypalCertificateOptions } from '../../src/server/services/payments/paypal-certificates.ts';
import { eventBody, type Delivery } from './processor-signers.ts';
import { makeCertificate } from './x509.ts';

export * from './processor-event-bodies.ts';
export * from './processor-signers.ts';

const DAY_MS = 24 * 60 * 60 * 1000;

/** The body with the first `from` replaced by `to`, of the same length: a delivery changed in transit. */
export function withChanged(body: Buffer, from: string, to: string): Buffer {
  const at = body.indexOf(from);
  if (at < 0 || from.length !== to.length) throw new Error(`no ${from} in the body, or ${to} is not as long`);
  return Buffer.concat([body.subarray(0, at), Buffer.from(to), body.subarray(at + from.length)]);
}

/** Expects a verifier to refuse with a SignatureError whose message matches `reason`. */
export async function expectSignatureError(verifying: Promise<unknown>, reason: RegExp) {
  const error = await verifying.then(
    () => null,
    (thrown: unknown) => thrown,
  );
  expect(error).toBeInstanceOf(SignatureError);
  expect((error as Error).message).toMatch(reason);
}

// ---------------------------------------------------------------------------------------------------- PayPal

/** What PayPal signs with: its certificate's key, and the URL its deliveries name for the certificate. */
export interface PaypalSigner {
  certUrl: string;
  privateKey: KeyObject;
}

export interface PaypalTestPki {
  signer: PaypalSigner;
  /** For paypalVerifier (or verifierFor's `paypal`): serves the certificate at its URL, trusts this root only. */
  certificates: Required<PaypalCertificateOptions>;
  /** Every URL `certificates.fetchCertificate` was asked for, in order. */
  fetched: string[];
}

export interface PaypalPkiOptions {
  commonName?: string;
  certUrl?: string;
  /** The signing certificate's life (and its authorities'); from a day ago for a month by default. */
  validFrom?: Date;
  validTo?: Date;
  /** Sign the certificate by an intermediate authority, served after it as PayPal serves its chain. */
  intermediate?: boolean;
}

let paypalKeys: { publicKey: KeyObject; privateKey: KeyObject } | undefined;

/**
 * A root authority and a PayPal signing certificate it issued, served at a PayPal URL by a fake fetch. Two of
 * them make a certificate some other authority issued: sign with one's signer, verify with the other's roots.
 */
export function paypalTestPki(options: PaypalPkiOptions = {}): PaypalTestPki {
  const validFrom = options.validFrom ?? new Date(Date.now() - DAY_MS);
  const validTo = options.validTo ?? new Date(validFrom.getTime() + 31 * DAY_MS);
  const life = { validFrom, validTo };
  const root = makeCertificate({ commonName: 'Test Root CA', ca: true, keyType: 'ec', ...life });
  const issuer = options.intermediate
    ? makeCertificate({ commonName: 'Test Intermediate CA', ca: true, keyType: 'ec', issuer: root, ...life })
    : root;
  // One RSA key for every test certificate: making one takes a second, and trust rests on the chain, not the key.
  paypalKeys ??= generateKeyPairSync('rsa', { modulusLength: 2048 });
  const leaf = makeCertificate({
    commonName: options.commonName ?? 'messageverificationcerts.paypal.com',
    organization: 'PayPal, Inc.',
    issuer,
    keys: paypalKeys,
    ...life,
  });
  const certUrl = options.certUrl ?? `https://api.sandbox.paypal.com/v1/notifications/certs/CERT-${randomUUID()}`;
  const served = options.intermediate ? leaf.pem + issuer.pem : leaf.pem;
  const fetched: string[] = [];
  return {
    signer: { certUrl, privateKey: leaf.privateKey },
    fetched,
    certificates: {
      trustedRoots: [root.pem],
      async fetchCertificate(url) {
        fetched.push(url);
        if (url !== certUrl) throw new Error(`404 for ${url}`);
        return served;
      },
    },
  };
}

export interface PaypalDeliveryOptions {
  /** Now by default. */
  transmissionTime?: Date;
  transmissionId?: string;
  /** The signer's by default. */
  certUrl?: string;
}

/** Signed as PayPal signs: SHA256withRSA over `transmission id|time|webhook id|CRC32 of the body`. */
export function paypalDelivery(
  event: object | string,
  webhookId: string,
  signer: PaypalSigner,
  options: PaypalDeliveryOptions = {},
): Delivery {
  const body = eventBody(event);
  const transmissionId = options.transmissionId ?? randomUUID();
  // PayPal's format: whole seconds, "2026-11-27T19:49:41Z".
  const transmissionTime = (options.transmissionTime ?? new Date()).toISOString().replace(/\.\d{3}Z$/, 'Z');
  const message = `${transmissionId}|${transmissionTime}|${webhookId}|${crc32(body)}`;
  return {
    body,
    headers: {
      'content-type': 'application/json',
      'paypal-auth-algo': 'SHA256withRSA',
      'paypal-cert-url': options.certUrl ?? signer.certUrl,
      'paypal-transmission-id': transmissionId,
      'paypal-transmission-sig': sign('sha256', Buffer.from(message), signer.privateKey).toString('base64'),
      'paypal-transmission-time': transmissionTime,
    },
  };
}
