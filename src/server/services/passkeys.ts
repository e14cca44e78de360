/**
 * The WebAuthn ceremonies, by @simplewebauthn/server: the relying party is the site itself (its id the host of
 * PUBLIC_URL, its origin PUBLIC_URL's), so a passkey made here answers nowhere else, and a phishing page gets
 * nothing it can use. Challenges are kept and used once by commands/passkeys.ts.
 */
import {
  generateAuthenticationOptions,
  generateRegistrationOptions,
  verifyAuthenticationResponse,
  verifyRegistrationResponse,
  type AuthenticationResponseJSON,
  type AuthenticatorTransportFuture,
  type RegistrationResponseJSON,
} from '@simplewebauthn/server';
import { decodeClientDataJSON, isoBase64URL } from '@simplewebauthn/server/helpers';
import type { AuthenticationCredential, RegistrationCredential } from '#shared/schemas/passkeys.ts';

/** How long the browser's ceremony may take; the kept challenge lasts as long. */
export const CEREMONY_MS = 5 * 60 * 1000;

export interface RelyingParty {
  id: string;
  origin: string;
  name: string;
}

export function relyingPartyOf(publicUrl: string, name: string): RelyingParty {
  const url = new URL(publicUrl);
  return { id: url.hostname, origin: url.origin, name };
}

/** The options for adding a passkey to her account; her other passkeys are excluded (one per authenticator). */
export function registrationOptions(
  rp: RelyingParty,
  user: { id: string; email: string; name: string },
  existing: { credentialId: string; transports: string[] }[],
) {
  return generateRegistrationOptions({
    rpName: rp.name,
    rpID: rp.id,
    userName: user.email,
    userDisplayName: user.name,
    // Her account's id, not her address: the authenticator keeps it as the passkey's user handle.
    userID: new TextEncoder().encode(user.id),
    attestationType: 'none',
    timeout: CEREMONY_MS,
    excludeCredentials: existing.map((p) => ({
      id: p.credentialId,
      transports: p.transports as AuthenticatorTransportFuture[],
    })),
    // A discoverable credential signs in without an email typed first; verification (PIN, face) makes it two factors.
    authenticatorSelection: { residentKey: 'required', userVerification: 'required' },
  });
}

/** The options for signing in: any passkey of this site may answer, with user verification. */
export function signInOptions(rp: RelyingParty) {
  return generateAuthenticationOptions({ rpID: rp.id, userVerification: 'required', timeout: CEREMONY_MS });
}

/**
 * The options for an admin's step-up, or for her confirmation in place of her password: only her own passkeys may
 * answer, with user verification.
 */
export function stepUpOptions(rp: RelyingParty, hers: { credentialId: string; transports: string[] }[]) {
  return generateAuthenticationOptions({
    rpID: rp.id,
    userVerification: 'required',
    timeout: CEREMONY_MS,
    allowCredentials: hers.map((p) => ({
      id: p.credentialId,
      transports: p.transports as AuthenticatorTransportFuture[],
    })),
  });
}

/** The challenge the browser signed, or null when what it sent cannot be read. */
export function challengeOf(credential: { response: { clientDataJSON: string } }): string | null {
  try {
    const { challenge } = decodeClientDataJSON(credential.response.clientDataJSON);
    return typeof challenge === 'string' ? challenge : null;
  } catch {
    return null;
  }
}

/** The new credential when the answer is valid for this challenge and this site; null otherwise. */
export async function verifiedRegistration(rp: RelyingParty, credential: RegistrationCredential, challenge: string) {
  try {
    const result = await verifyRegistrationResponse({
      // Its shape was checked by the request's schema; transports the library does not know are only hints.
      response: credential as RegistrationResponseJSON,
      expectedChallenge: challenge,
      expectedOrigin: rp.origin,
      expectedRPID: rp.id,
      requireUserVerification: true,
    });
    if (!result.verified || !result.registrationInfo) return null;
    const { credential: made } = result.registrationInfo;
    return {
      credentialId: made.id,
      publicKey: isoBase64URL.fromBuffer(made.publicKey),
      counter: made.counter,
      transports: made.transports ?? [],
    };
  } catch {
    return null;
  }
}

/**
 * The counter the authenticator now reports when the answer is a valid signature by this stored passkey, with
 * user verification, over this challenge and this site; null otherwise. A counter that did not grow (a cloned
 * authenticator) is refused by the library, unless the authenticator keeps none (0 both times).
 */
export async function verifiedSignIn(
  rp: RelyingParty,
  credential: AuthenticationCredential,
  challenge: string,
  stored: { credentialId: string; publicKey: string; counter: number; transports: string[] },
): Promise<number | null> {
  try {
    const result = await verifyAuthenticationResponse({
      response: credential as AuthenticationResponseJSON,
      expectedChallenge: challenge,
      expectedOrigin: rp.origin,
      expectedRPID: rp.id,
      requireUserVerification: true,
      credential: {
        id: stored.credentialId,
        publicKey: isoBase64URL.toBuffer(stored.publicKey),
        counter: stored.counter,
        transports: stored.transports as AuthenticatorTransportFuture[],
      },
    });
    return result.verified ? result.authenticationInfo.newCounter : null;
  } catch {
    return null;
  }
}
