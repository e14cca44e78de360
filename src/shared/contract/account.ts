/** The signed-in person's own account: the devices signed in to it. */
import { z } from 'zod';
import { SessionViewSchema } from '../schemas/auth.ts';
import { IdParamsSchema } from '../schemas/common.ts';
import { endpoint } from './endpoint.ts';

export const sessions = endpoint({
  method: 'GET',
  path: '/api/user/sessions',
  access: 'user',
  responses: { 200: z.array(SessionViewSchema) },
  resource: 'sessions',
});

export const revokeSession = endpoint({
  method: 'DELETE',
  path: '/api/user/sessions/:id',
  access: 'user',
  params: IdParamsSchema,
  responses: { 204: null },
  changes: ['sessions'],
});

export const revokeOtherSessions = endpoint({
  method: 'POST',
  path: '/api/user/sessions/revoke-others',
  access: 'user',
  responses: { 204: null },
  changes: ['sessions'],
});
