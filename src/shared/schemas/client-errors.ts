/**
 * POST /api/client-errors: a page the browser could not show, reported as one log line. Only the kind, the page
 * (its pattern in the page table, as request lines name routes: no ids, no query string with a reset link's token)
 * and the error's name; never its message, which may quote what the visitor typed.
 */
import { z } from 'zod';
import { PAGES, type PagePath } from '../routes.ts';

export const CLIENT_ERROR_KINDS = ['render', 'chunk'] as const;

export const ClientErrorSchema = z.strictObject({
  kind: z.enum(CLIENT_ERROR_KINDS, { error: `kind must be one of: ${CLIENT_ERROR_KINDS.join(', ')}` }),
  page: z.enum([...(Object.keys(PAGES) as PagePath[]), '*'], { error: 'page must be a page of the page table' }),
  name: z
    .string({ error: 'name is required' })
    .max(60, 'name must be at most 60 characters')
    .regex(/^[A-Za-z][\w$.]*$/, 'name must be an error name, such as TypeError'),
});
export type ClientError = z.infer<typeof ClientErrorSchema>;
