/**
 * Passkeys: a member adds them in Account Settings (her password again first, or a passkey she has), lists and
 * removes them, signs in with one, from a button or from the browser's autofill, and confirms herself with one in
 * place of her password. Each ceremony starts with options holding a
 * challenge the server keeps for a few minutes and accepts once.
 */
import { CurrentUserSchema } from '../schemas/auth.ts';
import { IdParamsSchema } from '../schemas/common.ts';
import {
  AddPasskeySchema,
  PasskeyListSchema,
  PasskeyOptionsRequestSchema,
  PasskeySignInSchema,
  PasskeyViewSchema,
  ReauthenticationSchema,
  RegistrationOptionsSchema,
  SignInOptionsSchema,
} from '../schemas/passkeys.ts';
import { ElevationSchema } from '../schemas/admin-donations.ts';
import { endpoint } from './endpoint.ts';

export const passkeys = endpoint({
  method: 'GET',
  path: '/api/user/passkeys',
  access: 'user',
  resource: 'passkeys',
  responses: { 200: PasskeyListSchema },
});
/** The options for `navigator.credentials.create()`, once her password is right. */
export const registrationOptions = endpoint({
  method: 'POST',
  path: '/api/user/passkeys/options',
  access: 'user',
  body: PasskeyOptionsRequestSchema,
  responses: { 200: RegistrationOptionsSchema },
});
export const addPasskey = endpoint({
  method: 'POST',
  path: '/api/user/passkeys',
  access: 'user',
  body: AddPasskeySchema,
  responses: { 201: PasskeyViewSchema },
  changes: ['passkeys'],
});
export const removePasskey = endpoint({
  method: 'DELETE',
  path: '/api/user/passkeys/:id',
  access: 'user',
  params: IdParamsSchema,
  responses: { 204: null },
  changes: ['passkeys'],
});
/** The options for `navigator.credentials.get()`: any of the site's passkeys may answer. */
export const signInOptions = endpoint({
  method: 'POST',
  path: '/api/auth/passkey/options',
  access: 'public',
  responses: { 200: SignInOptionsSchema },
});
export const signIn = endpoint({
  method: 'POST',
  path: '/api/auth/passkey',
  access: 'public',
  body: PasskeySignInSchema,
  responses: { 200: CurrentUserSchema },
  changes: ['session'],
});
/** An admin's step-up with one of her passkeys instead of her password: the options, then her answer. */
export const stepUpOptions = endpoint({
  method: 'POST',
  path: '/api/admin/elevate/passkey/options',
  access: { admin: 'manager' },
  responses: { 200: SignInOptionsSchema },
});
export const stepUp = endpoint({
  method: 'POST',
  path: '/api/admin/elevate/passkey',
  access: { admin: 'manager' },
  body: PasskeySignInSchema,
  responses: { 200: ElevationSchema },
});
/**
 * Her confirmation with a passkey in place of her password, while signed in (a member without a password has only
 * this): the options list only her passkeys; a verified answer lets this session make one sensitive change (add a
 * passkey, two-step settings, set or remove the password, delete the account) within a few minutes.
 */
export const reauthOptions = endpoint({
  method: 'POST',
  path: '/api/user/reauth/passkey/options',
  access: 'user',
  responses: { 200: SignInOptionsSchema },
});
export const reauth = endpoint({
  method: 'POST',
  path: '/api/user/reauth/passkey',
  access: 'user',
  body: PasskeySignInSchema,
  responses: { 200: ReauthenticationSchema },
});
