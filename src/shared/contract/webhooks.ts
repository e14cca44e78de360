/**
 * The processors' signed events: `POST /api/webhooks/<processor>`, public, each body kept raw (the bytes that were
 * signed) and verified before anything is parsed. No page calls them; the processors (and `npm run
 * payments:simulate`) do. Every accepted delivery is answered the same, new or not: processors look only at the status.
 */
import { z } from 'zod';
import { endpoint } from './endpoint.ts';

const ReceivedSchema = z.object({ received: z.literal(true) });

export const stripe = endpoint({
  method: 'POST',
  path: '/api/webhooks/stripe',
  access: 'public',
  body: 'raw',
  responses: { 200: ReceivedSchema },
});
export const paypal = endpoint({
  method: 'POST',
  path: '/api/webhooks/paypal',
  access: 'public',
  body: 'raw',
  responses: { 200: ReceivedSchema },
});
export const buymeacoffee = endpoint({
  method: 'POST',
  path: '/api/webhooks/buymeacoffee',
  access: 'public',
  body: 'raw',
  responses: { 200: ReceivedSchema },
});
export const kofi = endpoint({
  method: 'POST',
  path: '/api/webhooks/kofi',
  access: 'public',
  body: 'raw',
  responses: { 200: ReceivedSchema },
});
