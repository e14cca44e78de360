/**
 * `npm run payments:simulate`: one payment (or a refund of an earlier one) signed as its processor signs it and
 * sent to a running site, as Stripe's CLI sends test events, so the whole path shows without a processor account:
 * a donor's intent on /donate gives her a reference, the simulated payment carrying it records her gift, progress
 * moves and her receipt goes out. The secret is the processor's variable when set (the first of two while
 * rotating), else the development one `npm start` keeps in DATA_DIR (dev-webhook-secrets.mjs). See docs/payments.md.
 */
import { randomBytes } from 'node:crypto';
import { parseArgs } from 'node:util';
import { AMOUNT_MAX_DOLLARS } from '../src/shared/constants.ts';
import { decimalToCents, formatCents, centsToDecimal } from '../src/shared/money.ts';
import { findReference } from '../src/shared/payment-reference.ts';
import {
  bmcDonation,
  kofiDonation,
  stripeChargeRefunded,
  stripeCheckoutCompleted,
} from '../tests/setup/processor-event-bodies.ts';
import { buyMeACoffeeDelivery, kofiDelivery, stripeDelivery, type Delivery } from '../tests/setup/processor-signers.ts';
import {
  devSecretsPath,
  readDevSecrets,
  WEBHOOK_SECRET_VARIABLES,
  type DevSecretProcessor,
} from './dev-webhook-secrets.mjs';

export const USAGE = `Usage:
  npm run payments:simulate -- --processor stripe|buymeacoffee|kofi --amount DOLLARS [--reference HC-XXXX] [--fee DOLLARS]
  npm run payments:simulate -- --processor stripe|buymeacoffee --refund PAYMENT_ID --amount DOLLARS
Sends a signed event to http://localhost:$PORT (3000 by default; --url URL for another site). Without --reference
the payment waits in the reconciliation inbox. --refund takes the payment id an earlier run printed; its --amount is
what went back (for Stripe, all refunded of that payment so far, as Stripe's charge.refunded says). --fee is Buy Me
a Coffee's fee (Stripe's and Ko-fi's events carry none).`;

/**
 * Why PayPal is not simulated: no key on this machine can sign an event the server accepts.
 */
export const PAYPAL_NOT_SIMULATED =
  "PayPal events can't be simulated locally: PayPal signs each event with the key of a certificate only PayPal " +
  "holds, and the server accepts it only from PayPal's own hosts and chained to a public certificate authority, " +
  'so nothing on this machine can sign one it takes. Try PayPal with a sandbox app whose webhook points at a ' +
  'public address of the site (docs/payments.md).';

const SIMULATED: readonly DevSecretProcessor[] = ['stripe', 'buymeacoffee', 'kofi'];
/** The payer a simulated payment names: plainly not a person, in the inbox and the stored payload. */
const PAYER = { name: 'Simulated Payer', email: 'simulated.payer@example.org' };

export interface SimulationIo {
  env: Record<string, string | undefined>;
  /** What it sent and the answer. */
  out(line: string): void;
  /** Why it stopped (status 1). */
  err(line: string): void;
}

/** What one run sends. */
interface Simulation {
  processor: DevSecretProcessor;
  cents: number;
  feeCents: number | null;
  reference: string | null;
  /** The payment refunded, for a refund. */
  refundOf: string | null;
  base: string;
}

class UsageError extends Error {}

/** Runs `npm run payments:simulate` with these arguments; resolves with the exit status (0 sent and taken, else 1). */
export async function simulatePayment(argv: string[], io: SimulationIo): Promise<number> {
  let simulation: Simulation | 'help' | 'paypal';
  try {
    simulation = readArguments(argv, io.env);
  } catch (err) {
    if (!(err instanceof UsageError || (err instanceof TypeError && 'code' in err))) throw err;
    io.err(err.message);
    io.err(USAGE);
    return 1;
  }
  if (simulation === 'help') {
    io.out(USAGE);
    return 0;
  }
  if (simulation === 'paypal') {
    io.err(PAYPAL_NOT_SIMULATED);
    return 1;
  }
  const { processor, base } = simulation;
  const variable = WEBHOOK_SECRET_VARIABLES[processor];
  let secret: string | undefined;
  try {
    secret = io.env[variable]?.split(',')[0]?.trim() || readDevSecrets(io.env)?.[processor];
  } catch (err) {
    io.err((err as Error).message);
    return 1;
  }
  if (!secret) {
    io.err(
      `No secret to sign with: ${variable} is unset and ${devSecretsPath(io.env)} does not exist. Start the site ` +
        `with npm start (outside production it makes development secrets there), or set ${variable} to the site's.`,
    );
    return 1;
  }

  const { delivery, type, paymentId } = signedEvent(simulation, secret);
  const endpoint = `${base}/api/webhooks/${processor}`;
  const what = simulation.refundOf
    ? `a refund of ${formatCents(simulation.cents)} of payment ${paymentId}`
    : `${formatCents(simulation.cents)}${simulation.feeCents ? ` (fee ${formatCents(simulation.feeCents)})` : ''}` +
      `${simulation.reference ? `, reference ${simulation.reference}` : ', no reference'}, payment ${paymentId}`;
  io.out(`Sending ${processor} ${type}: ${what}, to ${endpoint}`);

  let answer: Response;
  try {
    answer = await fetch(endpoint, { method: 'POST', body: new Uint8Array(delivery.body), headers: delivery.headers });
  } catch (err) {
    const cause = (err as { cause?: { code?: string; message?: string } }).cause;
    io.err(
      `Could not reach ${base} (${cause?.code ?? cause?.message ?? (err as Error).message}): is the site running ` +
        '(npm start)? --url names another address.',
    );
    return 1;
  }
  if (!answer.ok) {
    const message = messageOf(await answer.text());
    const off =
      answer.status === 404
        ? ` (its ${processor} webhook is off: the site has no ${variable}; see docs/payments.md)`
        : '';
    io.err(`The site answered ${answer.status}: ${message}${off}`);
    return 1;
  }
  io.out(`The site answered ${answer.status}: ${await outcome(simulation, paymentId)}`);
  return 0;
}

function readArguments(argv: string[], env: SimulationIo['env']): Simulation | 'help' | 'paypal' {
  const { values } = parseArgs({
    args: argv,
    options: {
      processor: { type: 'string' },
      amount: { type: 'string' },
      reference: { type: 'string' },
      fee: { type: 'string' },
      refund: { type: 'string' },
      url: { type: 'string' },
      help: { type: 'boolean', short: 'h' },
    },
  });
  if (values.help) return 'help';
  if (values.processor === 'paypal') return 'paypal';
  const processor = SIMULATED.find((p) => p === values.processor);
  if (!processor) {
    const got = values.processor === undefined ? '' : ` (got "${values.processor}")`;
    throw new UsageError(`--processor must be stripe, buymeacoffee or kofi${got}`);
  }
  const refundOf = values.refund?.trim() ?? null;
  if (refundOf !== null) {
    if (processor === 'kofi')
      throw new UsageError(
        "Ko-fi's webhook reports payments only, never refunds: refund a Ko-fi gift at /admin-donations",
      );
    if (processor === 'buymeacoffee' && !/^\d{1,15}$/.test(refundOf))
      throw new UsageError(
        `--refund takes a Buy Me a Coffee donation id, a number an earlier run printed (got "${refundOf}")`,
      );
    if (processor === 'stripe' && !/^[\w-]{3,255}$/.test(refundOf))
      throw new UsageError(`--refund takes a Stripe payment id (pi_...) an earlier run printed (got "${refundOf}")`);
    if (values.reference !== undefined)
      throw new UsageError('--reference goes with a payment: a refund names its payment');
    if (values.fee !== undefined) throw new UsageError('--fee goes with a payment, not a refund');
  }
  const cents = dollars('--amount', values.amount, false);
  let feeCents: number | null = null;
  if (values.fee !== undefined) {
    if (processor !== 'buymeacoffee')
      throw new UsageError(`--fee: ${processor}'s event carries no fee (only Buy Me a Coffee's says its own)`);
    feeCents = dollars('--fee', values.fee, true);
  }
  let reference: string | null = null;
  if (values.reference !== undefined) {
    reference = findReference(values.reference);
    if (!reference || values.reference.trim().length > reference.length)
      throw new UsageError(
        `--reference must be a gift reference such as HC-7KQ3, as /donate shows it (got "${values.reference}")`,
      );
  }
  return { processor, cents, feeCents, reference, refundOf, base: siteUrl(values.url, env) };
}

/** Cents of a dollar argument: above 0 (or 0 for a fee), at most AMOUNT_MAX_DOLLARS, whole cents. */
function dollars(option: string, text: string | undefined, zeroAllowed: boolean): number {
  if (text === undefined) throw new UsageError(`${option} is missing: dollars, such as 50 or 12.50`);
  const cents = decimalToCents(text.trim().replace(/^\$/, ''));
  if (cents === null || cents < 0 || (cents === 0 && !zeroAllowed) || cents > AMOUNT_MAX_DOLLARS * 100) {
    const least = zeroAllowed ? '0 or more' : 'above 0';
    throw new UsageError(
      `${option} must be dollars ${least}, at most ${AMOUNT_MAX_DOLLARS.toLocaleString('en-US')}, ` +
        `with at most two decimals, such as 50 or 12.50 (got "${text}")`,
    );
  }
  return cents;
}

/** The site: --url, else this machine on PORT (as the server's own default PUBLIC_URL), never a live PUBLIC_URL. */
function siteUrl(url: string | undefined, env: SimulationIo['env']): string {
  const given = url ?? `http://localhost:${env.PORT || 3000}`;
  let parsed: URL;
  try {
    parsed = new URL(given);
  } catch {
    throw new UsageError(`--url must be the site's address, such as http://localhost:3000 (got "${given}")`);
  }
  if (parsed.protocol !== 'http:' && parsed.protocol !== 'https:')
    throw new UsageError(`--url must be an http or https address (got "${given}")`);
  return `${parsed.origin}${parsed.pathname.replace(/\/$/, '')}`;
}

/** The signed delivery, its event type and the payment's id at the processor. */
function signedEvent(s: Simulation, secret: string): { delivery: Delivery; type: string; paymentId: string } {
  const amount = centsToDecimal(s.cents);
  switch (s.processor) {
    case 'stripe': {
      if (s.refundOf) {
        // One charge per payment intent, so a refund sent again names the same charge and total: Stripe's redelivery.
        const chargeId = `ch_${s.refundOf.replace(/^pi_/, '')}`;
        const event = stripeChargeRefunded({ paymentIntent: s.refundOf, chargeId, amountCents: s.cents });
        return { delivery: stripeDelivery(event, secret), type: event.type, paymentId: s.refundOf };
      }
      // Stripe's ids are letters and digits after their prefix; `sim` says where this one came from.
      const paymentIntent = `pi_sim${randomBytes(12).toString('hex')}`;
      const event = stripeCheckoutCompleted({ amountCents: s.cents, reference: s.reference, paymentIntent, ...PAYER });
      return {
        delivery: stripeDelivery(event, secret),
        type: event.type,
        paymentId: event.data.object.payment_intent!,
      };
    }
    case 'buymeacoffee': {
      const event = s.refundOf
        ? bmcDonation({ type: 'donation.refunded', donationId: Number(s.refundOf), amount })
        : bmcDonation({
            amount,
            applicationFee: centsToDecimal(s.feeCents ?? 0),
            note: s.reference ? `Get well soon! ${s.reference}` : 'Get well soon!',
            name: PAYER.name,
            email: PAYER.email,
          });
      return { delivery: buyMeACoffeeDelivery(event, secret), type: event.type, paymentId: String(event.data.id) };
    }
    case 'kofi': {
      const data = kofiDonation({
        amount,
        message: s.reference ? `Get well soon! ${s.reference}` : 'Get well soon!',
        fromName: PAYER.name,
        email: PAYER.email,
      });
      return { delivery: kofiDelivery(data, secret), type: data.type, paymentId: data.kofi_transaction_id };
    }
  }
}

/** The server's `{ message }`, else its text. */
function messageOf(text: string): string {
  try {
    const body: unknown = JSON.parse(text);
    if (body && typeof body === 'object' && 'message' in body && typeof body.message === 'string') return body.message;
  } catch {
    // Not JSON: the text itself.
  }
  return text.trim() || '(no message)';
}

/** What became of it, as far as the public API says: the reference's gift status (nothing about who or how much). */
async function outcome(s: Simulation, paymentId: string): Promise<string> {
  const refund =
    s.processor === 'kofi'
      ? ''
      : ` Refund it: npm run payments:simulate -- --processor ${s.processor} --refund ${paymentId} --amount ${centsToDecimal(s.cents)}`;
  if (s.refundOf) return 'taken (a refund is applied to its gift, or waits for a manager or for its payment).';
  if (!s.reference)
    return `taken; with no reference the payment waits in the reconciliation inbox for a manager.${refund}`;
  const status = await fetch(`${s.base}/api/gift-status/${s.reference}`).catch(() => null);
  if (status?.status === 404)
    return `taken, but no gift here has ${s.reference}: the payment waits in the reconciliation inbox.${refund}`;
  const body = status?.ok ? ((await status.json()) as { status?: string }) : {};
  const counted = body.status ?? 'unknown';
  const said =
    counted === 'counted'
      ? 'counted'
      : counted === 'waiting'
        ? 'not counted: the payment waits in the reconciliation inbox for a manager'
        : counted;
  return `gift ${s.reference} is ${said} (${s.base}/thank-you?ref=${s.reference}).${refund}`;
}
