/**
 * Passkeys (WebAuthn): adding one in Account Settings, the list, and signing in with one. The browser's answers
 * are checked by @simplewebauthn/server; these schemas only bound their shape and size before that.
 */
import { z } from 'zod';
import { ConfirmPasswordSchema } from './two-factor.ts';

export const PASSKEY_NAME_MAX = 60;
export const PASSKEY_MAX = 10;

const NAME_NEEDED = 'Name the passkey, e.g. “Phone” or “Laptop”';
export const PASSKEY_NOT_ACCEPTED = 'That passkey was not accepted. Try again, or sign in with your password.';
/** The admin gate's refusal of a passkey (its "Access Denied: " prefix is the gate's, as for a wrong password). */
export const PASSKEY_STEP_UP_REFUSED = 'Access Denied: That passkey was not accepted. Try again, or use your password.';

/** Her re-confirmation with a passkey was refused (another account's passkey, a replayed or late answer). */
export const PASSKEY_CONFIRMATION_REFUSED = 'That passkey was not accepted. Try again with a passkey of this account.';
/** A sensitive change without her password and without a fresh passkey confirmation. */
export const CONFIRM_WITH_PASSWORD_OR_PASSKEY = 'Enter your password, or confirm with a passkey';
export const CONFIRM_WITH_PASSKEY = 'Confirm it is you with a passkey first';
/** Removing the password is refused while she has no passkey: she would have no way to sign in. */
export const PASSWORD_NEEDS_PASSKEY = 'Add a passkey first: without a password or a passkey you could not sign in.';
/** Removing her last passkey is refused while she has no password. */
export const LAST_WAY_IN =
  'This passkey is your only way to sign in. Set a password or add another passkey before you remove it.';

/** A base64url value of the WebAuthn JSON (`clientDataJSON`, a signature...), bounded. */
const base64url = (max: number) =>
  z
    .string({ error: PASSKEY_NOT_ACCEPTED })
    .max(max, PASSKEY_NOT_ACCEPTED)
    .regex(/^[A-Za-z0-9_-]*$/, PASSKEY_NOT_ACCEPTED);

const credentialBase = {
  id: base64url(1024),
  rawId: base64url(1024),
  type: z.literal('public-key', { error: PASSKEY_NOT_ACCEPTED }),
  // No extension is asked for, so none is read: whatever the browser reports is dropped.
  clientExtensionResults: z.unknown().transform(() => ({})),
  authenticatorAttachment: z.enum(['platform', 'cross-platform']).optional(),
};

/** What `navigator.credentials.create()` answered, as @simplewebauthn/browser's startRegistration gives it. */
export const RegistrationCredentialSchema = z.object(
  {
    ...credentialBase,
    response: z.object({
      clientDataJSON: base64url(4096),
      attestationObject: base64url(16_384),
      transports: z.array(z.string().max(32)).max(10).optional(),
    }),
  },
  { error: PASSKEY_NOT_ACCEPTED },
);

/** What `navigator.credentials.get()` answered, as startAuthentication gives it. */
export const AuthenticationCredentialSchema = z.object(
  {
    ...credentialBase,
    response: z.object({
      clientDataJSON: base64url(4096),
      authenticatorData: base64url(4096),
      signature: base64url(1024),
      userHandle: base64url(512).optional(),
    }),
  },
  { error: PASSKEY_NOT_ACCEPTED },
);

/**
 * POST /api/user/passkeys/options: her password again (or a passkey confirmation just before), so a borrowed
 * session cannot add its own way in.
 */
export const PasskeyOptionsRequestSchema = ConfirmPasswordSchema;

const PasskeyNameSchema = z
  .string({ error: NAME_NEEDED })
  .trim()
  .min(1, NAME_NEEDED)
  .max(PASSKEY_NAME_MAX, `Keep the name to ${PASSKEY_NAME_MAX} characters or fewer`);

/** Account Settings' form: the name, and her password for the options (left out without one). */
export const AddPasskeyFormSchema = ConfirmPasswordSchema.extend({ name: PasskeyNameSchema });

/** POST /api/user/passkeys */
export const AddPasskeySchema = z.strictObject({ name: PasskeyNameSchema, credential: RegistrationCredentialSchema });

/** POST /api/auth/passkey */
export const PasskeySignInSchema = z.strictObject({ credential: AuthenticationCredentialSchema });

export type RegistrationCredential = z.output<typeof RegistrationCredentialSchema>;
export type AuthenticationCredential = z.output<typeof AuthenticationCredentialSchema>;

/**
 * The options for the browser's ceremonies, made by @simplewebauthn/server and passed on to @simplewebauthn/browser
 * as they are: the fields each ceremony needs are named (so the browser library takes them as its own type), and
 * the library's others pass through.
 */
export const SignInOptionsSchema = z.looseObject({ challenge: z.string() });
export const RegistrationOptionsSchema = z.looseObject({
  challenge: z.string(),
  rp: z.object({ name: z.string(), id: z.string().optional() }),
  user: z.object({ id: z.string(), name: z.string(), displayName: z.string() }),
  pubKeyCredParams: z.array(z.object({ alg: z.number(), type: z.literal('public-key') })),
});

/** POST /api/user/reauth/passkey: until when this session may make one sensitive change without her password. */
export const ReauthenticationSchema = z.object({ confirmedUntil: z.string() });
export type Reauthentication = z.infer<typeof ReauthenticationSchema>;

/** One of her passkeys (GET /api/user/passkeys item). */
export const PasskeyViewSchema = z.object({
  id: z.string(),
  name: z.string(),
  createdAt: z.string(),
  lastUsedAt: z.string().nullable(),
});
export type PasskeyView = z.infer<typeof PasskeyViewSchema>;
export const PasskeyListSchema = z.array(PasskeyViewSchema);
