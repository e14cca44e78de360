/**
 * Who sees each of a patient's health answers (decision 020): her settings in Account Settings, and the member page
 * that shows another member what she chose to show them. The member page is public: a signed-out visitor reads
 * the fields set to public, a member those set to members too.
 */
import {
  FieldVisibilityAnswerSchema,
  MemberPageSchema,
  MemberParamsSchema,
  SetFieldVisibilitySchema,
} from '../schemas/field-visibility.ts';
import { endpoint } from './endpoint.ts';

export const fieldVisibility = endpoint({
  method: 'GET',
  path: '/api/user/profile/visibility',
  access: 'user',
  resource: 'field-visibility',
  responses: { 200: FieldVisibilityAnswerSchema },
});
/** Widening a field beyond "only me" needs her standing consent to sharing (400 on `visibility` without it). */
export const setFieldVisibility = endpoint({
  method: 'POST',
  path: '/api/user/profile/visibility',
  access: 'user',
  body: SetFieldVisibilitySchema,
  responses: { 200: FieldVisibilityAnswerSchema },
  changes: ['field-visibility', 'members'],
});
/** 404 for an unknown or suspended member; a malformed id is a 400, as on every route with an id. */
export const memberPage = endpoint({
  method: 'GET',
  path: '/api/members/:id',
  access: 'public',
  params: MemberParamsSchema,
  resource: 'members',
  responses: { 200: MemberPageSchema },
});
