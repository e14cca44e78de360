/**
 * Passkeys: hers in Account Settings, and signing in with one. The browser's ceremony is @simplewebauthn/browser's,
 * loaded only when she uses a passkey, so no page ships it up front.
 */
import type { z } from 'zod';
import * as passkeys from '#shared/contract/passkeys.ts';
import type { PasskeyOptionsRequestSchema } from '#shared/schemas/passkeys.ts';
import { call, queryOf } from '#client/lib/api.ts';

export const passkeysQuery = () => queryOf(passkeys.passkeys);
export const removePasskey = (id: string) => call(passkeys.removePasskey, { params: { id } });

/**
 * Adds a passkey: her password (or, without one, a passkey she has), the browser's ceremony (she confirms on her
 * device), then the server's check.
 */
export async function addPasskey(name: string, password: z.input<typeof PasskeyOptionsRequestSchema>['password']) {
  const options = await withConfirmation(password, (confirmed) =>
    call(passkeys.registrationOptions, { body: { password: confirmed } }),
  );
  const { startRegistration } = await import('@simplewebauthn/browser');
  const credential = await startRegistration({
    optionsJSON: options,
  });
  return call(passkeys.addPasskey, { body: { name, credential } });
}

/**
 * Signs in with a passkey: from a button, or (`autofill`) from the browser's list of saved sign-ins under the
 * email field, which waits until she picks one.
 */
export async function signInWithPasskey(autofill = false) {
  const { startAuthentication } = await import('@simplewebauthn/browser');
  const options = await call(passkeys.signInOptions);
  const credential = await startAuthentication({
    optionsJSON: options,
    useBrowserAutofill: autofill,
  });
  return call(passkeys.signIn, { body: { credential } }).catch((error: unknown) => {
    throw new PasskeyRefused(error);
  });
}

/** The server's answer to the passkey she chose: the one failure of a sign-in that is hers to act on. */
export class PasskeyRefused extends Error {
  constructor(readonly refusal: unknown) {
    super('The passkey was not accepted');
  }
}

/** Opens an admin's step-up window with one of her passkeys instead of her password. */
export async function stepUpWithPasskey() {
  const { startAuthentication } = await import('@simplewebauthn/browser');
  const options = await call(passkeys.stepUpOptions);
  const credential = await startAuthentication({
    optionsJSON: options,
  });
  return call(passkeys.stepUp, { body: { credential } });
}

/**
 * Confirms her with one of her passkeys in place of her password (decision 016): the server then lets this session
 * make one sensitive change within a few minutes.
 */
export async function confirmWithPasskey() {
  const { startAuthentication } = await import('@simplewebauthn/browser');
  const options = await call(passkeys.reauthOptions);
  const credential = await startAuthentication({ optionsJSON: options });
  return call(passkeys.reauth, { body: { credential } });
}

/**
 * Makes a sensitive change with her password when she typed one, or (`undefined`: she has none) after a passkey
 * of hers confirmed her.
 */
export async function withConfirmation<T>(
  password: string | undefined,
  change: (password: string | undefined) => Promise<T>,
): Promise<T> {
  if (password === undefined) await confirmWithPasskey();
  return change(password);
}

/** Whether this browser can offer passkeys in the email field's autofill (conditional mediation), asked without the library. */
export async function passkeyAutofillSupported(): Promise<boolean> {
  const credential = globalThis.PublicKeyCredential;
  return (
    typeof credential?.isConditionalMediationAvailable === 'function' && credential.isConditionalMediationAvailable()
  );
}
