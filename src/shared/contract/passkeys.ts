/**
 * Passkeys: a member adds them in Account Settings (her password again first), lists and removes them, and signs
 * in with one, from a button or from the browser's autofill. Each ceremony starts with options holding a
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
