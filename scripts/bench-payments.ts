/**
 * `npm run bench`'s issue 36 figures: a processor's signed event recorded end to end (the `events` pair: Stripe's
 * checkout.session.completed for a donor's reference, each a new payment, so each is a gift with its ledger rows,
 * audit entry and receipt), and a 50,000-row PayPal statement imported through the managers' API (`statement`):
 * its time and the app's resident memory growth while it streams in.
 */
import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import { text } from 'node:stream/consumers';
import { paypalStatement } from '../src/server/services/payments/statement-fixtures.ts';
import { stripeCheckoutCompleted } from '../tests/setup/processor-event-bodies.ts';
import { stripeDelivery } from '../tests/setup/processor-signers.ts';
import type { RunningApp } from './app-process.ts';
import { signInManager, type BenchManager } from './bench-gifts.ts';

/** The bench app's Stripe signing secret (a fresh one each run). */
export const BENCH_STRIPE_SECRET = `whsec_${randomBytes(24).toString('hex')}`;
/** The statement the bench imports, and the limits for it. */
export const STATEMENT_ROWS = 50_000;

/** A donor's intent on the main appeal, as the donate page records one (with her address: a receipt per gift). */
export async function benchReference(appUrl: string, donorEmail?: string): Promise<string> {
  const res = await fetch(`${appUrl}/api/donation-intent`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'x-forwarded-for': '10.250.0.1' },
    body: JSON.stringify({ amount: 25, paymentMethod: 'PayPal', timestamp: new Date().toISOString(), donorEmail }),
  });
  if (res.status !== 201) throw new Error(`POST /api/donation-intent answered ${res.status}: ${await res.text()}`);
  return ((await res.json()) as { reference: string }).reference;
}

/** A new payment of the reference, as Stripe's event body (its payment intent new each time). */
export const stripeEventBody = (reference: string) =>
  JSON.stringify(stripeCheckoutCompleted({ reference, amountCents: 2500 }));

/** Stripe's signature over this body, as Stripe sends it. */
export const stripeSignature = (body: string, secret: string) => stripeDelivery(body, secret).headers;

/** The app process's resident memory in MB (Linux: /proc/<pid>/status). */
function residentMb(pid: number): number {
  const line = fs
    .readFileSync(`/proc/${pid}/status`, 'utf8')
    .split('\n')
    .find((l) => l.startsWith('VmRSS:'));
  return Number(line?.match(/\d+/)?.[0] ?? 0) / 1024;
}

/**
 * Imports a 50,000-row PayPal statement through POST /api/admin/payments/statements as a signed-in, stepped-up
 * manager, sampling the app's resident memory every 50 ms; answers the time, the rows stored and the growth.
 */
export async function importStatementBench(app: RunningApp, manager: BenchManager): Promise<string> {
  const headers = await signInManager(app.url, manager, () => '10.250.0.2');
  const csv = await text(paypalStatement(STATEMENT_ROWS));
  const form = new FormData();
  form.append('statement', new Blob([csv], { type: 'text/csv' }), 'paypal-activity.csv');
  const pid = app.child.pid!;
  const before = residentMb(pid);
  let peak = before;
  const sampling = setInterval(() => (peak = Math.max(peak, residentMb(pid))), 50);
  const started = performance.now();
  const res = await fetch(`${app.url}/api/admin/payments/statements?source=paypal&format=paypal`, {
    method: 'POST',
    headers,
    body: form,
  });
  const seconds = (performance.now() - started) / 1000;
  clearInterval(sampling);
  if (res.status !== 201) throw new Error(`the statement's import answered ${res.status}: ${await res.text()}`);
  const outcome = (await res.json()) as { rows: number; added: number };
  return (
    `statement: ${outcome.rows.toLocaleString('en-US')} PayPal rows (${(csv.length / 1024 / 1024).toFixed(1)} MB), ` +
    `${outcome.added.toLocaleString('en-US')} stored, in ${seconds.toFixed(1)} s (limit 30 s); resident memory ` +
    `${before.toFixed(0)} MB before, ${peak.toFixed(0)} MB at most, growth ${(peak - before).toFixed(0)} MB (limit 100 MB)`
  );
}
