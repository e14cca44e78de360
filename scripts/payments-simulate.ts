/**
 *   npm run payments:simulate -- --processor stripe --amount 50 --reference HC-7KQ3
 * Sends a running site one payment (or, with --refund, a refund) signed as its processor signs it, so a gift records
 * itself without any processor account: see payment-simulation.ts and docs/payments.md. Exits 1 with the reason
 * (the site's own message for a refused event).
 */
import { simulatePayment } from './payment-simulation.ts';

process.exitCode = await simulatePayment(process.argv.slice(2), {
  env: process.env,
  out: (line) => console.log(line),
  err: (line) => console.error(line),
});
