/**
 * A passkey in software for the API tests: an ES256 key pair that answers the server's WebAuthn options as a
 * platform authenticator would (attestation "none", user present and verified, a counter that grows), so the
 * server's checks run on real signatures. The browser tests use Chromium's virtual authenticator instead.
 */
import { createHash, generateKeyPairSync, sign, type KeyObject } from 'node:crypto';
import { isoBase64URL, isoCBOR } from '@simplewebauthn/server/helpers';

const b64 = (bytes: Uint8Array<ArrayBuffer>) => isoBase64URL.fromBuffer(bytes);
const sha256 = (data: Uint8Array | string) => new Uint8Array(createHash('sha256').update(data).digest());

export interface SoftwarePasskey {
  credentialId: string;
  /** The answer to POST /api/user/passkeys/options' options, as startRegistration would send it. */
  register(options: { challenge: string; rp: { id?: string } }, origin: string): Record<string, unknown>;
  /** The answer to POST /api/auth/passkey/options' options, as startAuthentication would send it. */
  signIn(
    options: { challenge: string; rpId?: string },
    origin: string,
    change?: Partial<SignInChange>,
  ): Record<string, unknown>;
}

/** What a test can bend in one answer: an old counter (a cloned key), no user verification, another key's signature. */
interface SignInChange {
  counter: number;
  verified: boolean;
  signWith: KeyObject;
}

function authenticatorData(
  rpId: string,
  flags: number,
  counter: number,
  attested?: Uint8Array,
): Uint8Array<ArrayBuffer> {
  const count = new Uint8Array(4);
  new DataView(count.buffer).setUint32(0, counter);
  return new Uint8Array([...sha256(rpId), flags, ...count, ...(attested ?? [])]);
}

export function softwarePasskey(userId: string): SoftwarePasskey {
  const { privateKey, publicKey } = generateKeyPairSync('ec', { namedCurve: 'P-256' });
  const jwk = publicKey.export({ format: 'jwk' });
  const id = sha256(`${userId}:${Math.random()}`).slice(0, 16);
  let counter = 0;
  const coseKey = new Map<number, number | Uint8Array>([
    [1, 2], // kty: EC2
    [3, -7], // alg: ES256
    [-1, 1], // crv: P-256
    [-2, isoBase64URL.toBuffer(jwk.x!)],
    [-3, isoBase64URL.toBuffer(jwk.y!)],
  ]);
  const clientData = (type: string, challenge: string, origin: string) =>
    new TextEncoder().encode(JSON.stringify({ type, challenge, origin, crossOrigin: false }));

  return {
    credentialId: b64(id),
    register(options, origin) {
      const rpId = options.rp.id ?? new URL(origin).hostname;
      const idLength = new Uint8Array([0, id.length]);
      const attested = new Uint8Array([...new Uint8Array(16), ...idLength, ...id, ...isoCBOR.encode(coseKey)]);
      // UP (0x01), UV (0x04), attested credential data (0x40).
      const authData = authenticatorData(rpId, 0x45, counter, attested);
      const attestationObject = isoCBOR.encode(
        new Map<string, unknown>([
          ['fmt', 'none'],
          ['attStmt', new Map()],
          ['authData', authData],
        ]) as never,
      );
      return {
        id: b64(id),
        rawId: b64(id),
        type: 'public-key',
        clientExtensionResults: {},
        authenticatorAttachment: 'platform',
        response: {
          clientDataJSON: b64(clientData('webauthn.create', options.challenge, origin)),
          attestationObject: b64(new Uint8Array(attestationObject)),
          transports: ['internal'],
        },
      };
    },
    signIn(options, origin, change = {}) {
      const rpId = options.rpId ?? new URL(origin).hostname;
      counter = change.counter ?? counter + 1;
      const authData = authenticatorData(rpId, change.verified === false ? 0x01 : 0x05, counter);
      const clientDataJSON = clientData('webauthn.get', options.challenge, origin);
      const signature = sign(
        'sha256',
        new Uint8Array([...authData, ...sha256(clientDataJSON)]),
        change.signWith ?? privateKey,
      );
      return {
        id: b64(id),
        rawId: b64(id),
        type: 'public-key',
        clientExtensionResults: {},
        authenticatorAttachment: 'platform',
        response: {
          clientDataJSON: b64(clientDataJSON),
          authenticatorData: b64(authData),
          signature: b64(new Uint8Array(signature)),
          userHandle: b64(new TextEncoder().encode(userId)),
        },
      };
    },
  };
}

/** Another key, to sign an answer the stored passkey did not make. */
export const strangerKey = () => generateKeyPairSync('ec', { namedCurve: 'P-256' }).privateKey;
