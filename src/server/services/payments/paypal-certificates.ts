/**
 * The public key a PayPal delivery is signed with, from the certificate its `paypal-cert-url` names: fetched only
 * from PayPal's API hosts, kept per URL, and trusted only while current, issued for a paypal.com name and chained
 * to a trusted root authority. The URL comes with the delivery, so every one of these checks is what stops a
 * forger from naming a certificate of her own.
 */
import { X509Certificate, type KeyObject } from 'node:crypto';
import { rootCertificates } from 'node:tls';
import { SignatureError } from './movement.ts';

/** Where PayPal serves its signing certificates (live and sandbox, both API generations). */
export const PAYPAL_CERT_HOSTS: readonly string[] = [
  'api.paypal.com',
  'api.sandbox.paypal.com',
  'api-m.paypal.com',
  'api-m.sandbox.paypal.com',
];

export interface PaypalCertificateOptions {
  /** The PEM text at a certificate URL: the signing certificate, possibly followed by its intermediates. */
  fetchCertificate?: (url: string) => Promise<string>;
  /** PEM certificates of the authorities a signing certificate must chain to; Node's bundled roots by default. */
  trustedRoots?: readonly string[];
}

/** Certificates kept: PayPal signs with one at a time, so a few cover its rotations and the sandbox. */
const CACHE_SIZE = 20;
const FETCH_TIMEOUT_MS = 5_000;
const PEM_MAX_CHARS = 64 * 1024;
/** Intermediates allowed between the signing certificate and a root. */
const CHAIN_MAX = 4;
const PEM_CERTIFICATE = /-----BEGIN CERTIFICATE-----[\s\S]+?-----END CERTIFICATE-----/g;

let nodeRoots: X509Certificate[] | undefined;

/** Reads signing keys from certificate URLs, fetching each URL once while it stays among the last CACHE_SIZE used. */
export function paypalCertificates(options: PaypalCertificateOptions = {}) {
  const fetchCertificate = options.fetchCertificate ?? fetchPem;
  const injectedRoots = options.trustedRoots?.map((pem) => new X509Certificate(pem));
  const cache = new Map<string, Promise<X509Certificate[]>>();

  function chainAt(url: string): Promise<X509Certificate[]> {
    let chain = cache.get(url);
    if (chain) {
      cache.delete(url); // re-inserted below: the map's order is the order of use
    } else {
      chain = fetchCertificate(url).then(parseChain);
      // A failed fetch is not kept, so the redelivery fetches again.
      chain.catch(() => cache.get(url) === chain && cache.delete(url));
    }
    cache.set(url, chain);
    if (cache.size > CACHE_SIZE) cache.delete(cache.keys().next().value!);
    return chain;
  }

  return {
    /** The public key of the certificate at `certUrl` once it passes every check at `now`; else SignatureError. */
    async signingKey(certUrl: string, now: Date): Promise<KeyObject> {
      const url = pinnedUrl(certUrl);
      const chain = await chainAt(url).catch((error: unknown) => {
        throw error instanceof SignatureError ? error : new SignatureError(`paypal certificate: ${String(error)}`);
      });
      const roots = injectedRoots ?? (nodeRoots ??= rootCertificates.map((pem) => new X509Certificate(pem)));
      return trustedLeaf(chain, roots, now).publicKey;
    },
  };
}

/** The URL, normalized, when it is HTTPS on one of PayPal's hosts (default port, no credentials). */
function pinnedUrl(text: string): string {
  let url: URL;
  try {
    url = new URL(text);
  } catch {
    throw new SignatureError('paypal-cert-url is not a URL');
  }
  const pinned =
    url.protocol === 'https:' &&
    PAYPAL_CERT_HOSTS.includes(url.hostname) &&
    !url.port &&
    !url.username &&
    !url.password;
  if (!pinned) throw new SignatureError(`paypal-cert-url is not on PayPal's hosts: ${url.origin}`);
  return url.href;
}

async function fetchPem(url: string): Promise<string> {
  // No redirects: the host was pinned, and a redirect could leave it.
  const response = await fetch(url, { redirect: 'error', signal: AbortSignal.timeout(FETCH_TIMEOUT_MS) });
  if (!response.ok) throw new SignatureError(`paypal certificate: HTTP ${response.status}`);
  const text = await response.text();
  if (text.length > PEM_MAX_CHARS) throw new SignatureError('paypal certificate: too large');
  return text;
}

function parseChain(pem: string): X509Certificate[] {
  const blocks = pem.match(PEM_CERTIFICATE) ?? [];
  if (blocks.length === 0) throw new SignatureError('paypal certificate: no certificate in the PEM');
  try {
    return blocks.map((block) => new X509Certificate(block));
  } catch {
    throw new SignatureError('paypal certificate: unreadable');
  }
}

function requireCurrent(certificate: X509Certificate, now: Date) {
  const time = now.getTime();
  if (!(Date.parse(certificate.validFrom) <= time && time <= Date.parse(certificate.validTo))) {
    throw new SignatureError(`paypal certificate not valid now: ${certificate.subject.replaceAll('\n', ', ')}`);
  }
}

const issuedBy = (certificate: X509Certificate, issuer: X509Certificate) =>
  certificate.checkIssued(issuer) && certificate.verify(issuer.publicKey);

/** PayPal's signing certificate is `messageverificationcerts.paypal.com` (sandbox: `...sandbox.paypal.com`). */
function namesPaypal(certificate: X509Certificate): boolean {
  const commonNames = certificate.subject
    .split('\n')
    .filter((part) => part.startsWith('CN='))
    .map((part) => part.slice(3).toLowerCase());
  // A suffix, not "contains": a CA would gladly certify paypal.com.example.net to its owner.
  return commonNames.some((name) => name === 'paypal.com' || name.endsWith('.paypal.com'));
}

/** The chain's first certificate, once it and each issuer up to a trusted root are current and sign one another. */
function trustedLeaf(chain: readonly X509Certificate[], roots: readonly X509Certificate[], now: Date): X509Certificate {
  const [leaf, ...intermediates] = chain;
  if (!leaf || !namesPaypal(leaf)) throw new SignatureError('paypal certificate is not issued to paypal.com');
  let current = leaf;
  for (let depth = 0; depth <= CHAIN_MAX; depth++) {
    requireCurrent(current, now);
    const root = roots.find((candidate) => issuedBy(current, candidate));
    if (root) {
      requireCurrent(root, now);
      return leaf;
    }
    const next = intermediates.find((candidate) => candidate.ca && issuedBy(current, candidate));
    if (!next) break;
    current = next;
  }
  throw new SignatureError('paypal certificate is not issued by a trusted authority');
}
