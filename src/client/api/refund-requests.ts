/** What a donor sends to ask for her gift back. */
import type { z } from 'zod';
import type { RefundRequestSchema } from '#shared/schemas/spending.ts';
import * as expenses from '#shared/contract/expenses.ts';
import { call } from '#client/lib/api.ts';

/** Sends a donor's request for her gift back. */
export const createRefundRequest = (body: z.input<typeof RefundRequestSchema>) =>
  call(expenses.refundRequest, { body });
