/** A page the browser could not show (a render error, or its code that would not load): one line in the log. */
import { ClientErrorSchema } from '../schemas/client-errors.ts';
import { endpoint } from './endpoint.ts';

export const report = endpoint({
  method: 'POST',
  path: '/api/client-errors',
  access: 'public',
  body: ClientErrorSchema,
  responses: { 204: null },
});
