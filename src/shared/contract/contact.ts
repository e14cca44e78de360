/** The /contact form. */
import { z } from 'zod';
import { ContactMessageSchema } from '../schemas/contact.ts';
import { endpoint } from './endpoint.ts';

export const send = endpoint({
  method: 'POST',
  path: '/api/contact',
  access: 'public',
  body: ContactMessageSchema,
  responses: { 201: z.object({ id: z.uuid() }) },
});
