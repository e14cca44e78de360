/**
 * X.509 certificates made in a test, for PayPal's certificate checks: a key (RSA, as PayPal signs with, or a
 * quicker P-256 for an authority) and a DER-encoded v3 certificate signed with SHA-256 by its issuer (or itself).
 * Written here rather than with the openssl CLI, whose 3.0 release cannot date a certificate's start in the past, so
 * a test could not choose a certificate's life around its clock.
 */
import { generateKeyPairSync, sign, type KeyObject } from 'node:crypto';

export interface TestCertificate {
  pem: string;
  privateKey: KeyObject;
  /** The subject as encoded, to name this certificate as another's issuer. */
  name: Buffer;
}

export interface CertificateOptions {
  commonName: string;
  organization?: string;
  /** Signs the certificate; itself when absent (a root). */
  issuer?: TestCertificate;
  /** May sign certificates (basicConstraints CA:TRUE). */
  ca?: boolean;
  /** RSA by default; an authority's P-256 key is made a hundred times faster. */
  keyType?: 'rsa' | 'ec';
  /** A key made before (RSA takes a second to make), instead of a new one. */
  keys?: { publicKey: KeyObject; privateKey: KeyObject };
  validFrom: Date;
  validTo: Date;
}

let serial = 1;

/** A new key and its certificate. */
export function makeCertificate(options: CertificateOptions): TestCertificate {
  const { publicKey, privateKey } =
    options.keys ??
    (options.keyType === 'ec'
      ? generateKeyPairSync('ec', { namedCurve: 'P-256' })
      : generateKeyPairSync('rsa', { modulusLength: 2048 }));
  const signer = options.issuer?.privateKey ?? privateKey;
  const algorithm = signer.asymmetricKeyType === 'ec' ? ECDSA_WITH_SHA256 : SHA256_WITH_RSA;
  const name = sequence(
    ...(options.organization ? [rdn('2.5.4.10', options.organization)] : []),
    rdn('2.5.4.3', options.commonName),
  );
  const basicConstraints = options.ca
    ? sequence(oid('2.5.29.19'), tlv(0x01, Buffer.from([0xff])), tlv(0x04, sequence(tlv(0x01, Buffer.from([0xff])))))
    : sequence(oid('2.5.29.19'), tlv(0x04, sequence()));
  const tbs = sequence(
    tlv(0xa0, integer(2)),
    integer(serial++),
    algorithm,
    options.issuer?.name ?? name,
    sequence(utcTime(options.validFrom), utcTime(options.validTo)),
    name,
    publicKey.export({ type: 'spki', format: 'der' }),
    tlv(0xa3, sequence(basicConstraints)),
  );
  const signature = sign('sha256', tbs, signer);
  const der = sequence(tbs, algorithm, tlv(0x03, Buffer.concat([Buffer.from([0]), signature])));
  const base64 = der.toString('base64').replace(/.{64}/g, '$&\n');
  return { pem: `-----BEGIN CERTIFICATE-----\n${base64}\n-----END CERTIFICATE-----\n`, privateKey, name };
}

function tlv(tag: number, ...contents: Buffer[]): Buffer {
  const body = Buffer.concat(contents);
  const length: number[] = [];
  for (let n = body.length; n > 0; n >>= 8) length.unshift(n & 0xff);
  const header = body.length < 0x80 ? [body.length] : [0x80 | length.length, ...length];
  return Buffer.concat([Buffer.from([tag, ...header]), body]);
}

const sequence = (...contents: Buffer[]) => tlv(0x30, ...contents);

function integer(value: number): Buffer {
  const bytes: number[] = [];
  for (let n = value; n > 0; n = Math.floor(n / 256)) bytes.unshift(n % 256);
  if (bytes.length === 0 || bytes[0]! >= 0x80) bytes.unshift(0);
  return tlv(0x02, Buffer.from(bytes));
}

function oid(dotted: string): Buffer {
  const [first = 0, second = 0, ...rest] = dotted.split('.').map(Number);
  const bytes = [first * 40 + second];
  for (const arc of rest) {
    const base128 = [arc & 0x7f];
    for (let n = arc >> 7; n > 0; n >>= 7) base128.unshift(0x80 | (n & 0x7f));
    bytes.push(...base128);
  }
  return tlv(0x06, Buffer.from(bytes));
}

const rdn = (type: string, value: string) => tlv(0x31, sequence(oid(type), tlv(0x0c, Buffer.from(value, 'utf8'))));

/** UTCTime, as RFC 5280 has for dates before 2050. */
const utcTime = (date: Date) =>
  tlv(0x17, Buffer.from(date.toISOString().replace(/[-:T]/g, '').slice(2, 14) + 'Z', 'ascii'));

const SHA256_WITH_RSA = sequence(oid('1.2.840.113549.1.1.11'), tlv(0x05));
const ECDSA_WITH_SHA256 = sequence(oid('1.2.840.10045.4.3.2'));
