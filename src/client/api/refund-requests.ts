/** What a donor sends to ask for her gift back. */
import type { z } from 'zod';
import type { RefundRequestSchema } from '#shared/schemas/spending.ts';
import { apiRequest } from '#client/lib/api.ts';

/** POST /api/refund-requests */
export const createRefundRequest = (input: z.input<typeof RefundRequestSchema>) =>
  apiRequest<{ id: string }>('POST', '/api/refund-requests', input);
