/** The contact form. */
import type { z } from 'zod';
import type { ContactMessageSchema } from '#shared/schemas/contact.ts';
import { apiRequest } from '#client/lib/api.ts';

/** POST /api/contact */
export const sendContactMessage = (input: z.input<typeof ContactMessageSchema>) =>
  apiRequest<unknown>('POST', '/api/contact', input);
