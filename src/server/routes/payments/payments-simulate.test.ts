/**
 * `npm run payments:simulate` (issue 36) against a listening site with the development secrets `npm start` gives
 * it: a donor's reference becomes a counted gift, a refund of it applies once, a payment without one waits in the
 * inbox, and a refused event ends the command with status 1 and the site's own message.
 */
import { execFile } from 'node:child_process';
import fs from 'node:fs';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  applyDevWebhookSecrets,
  devSecretsPath,
  WEBHOOK_SECRET_VARIABLES,
} from '../../../../scripts/dev-webhook-secrets.mjs';
import { PAYPAL_NOT_SIMULATED, simulatePayment } from '../../../../scripts/payment-simulation.ts';
import { memoryMail } from '../../../../tests/setup/memory-mail.ts';
import { SITE_ORIGIN, setupTestApp } from '../../../../tests/setup/test-app.ts';
import { loadConfig } from '../../config.ts';
import { ROOT_DIR } from '../../paths.ts';
import { donations, payments } from '../../db/schema/index.ts';

const scratch = fs.mkdtempSync(path.join(os.tmpdir(), 'hc-simulate-'));
afterAll(() => fs.rmSync(scratch, { recursive: true, force: true }));

/** The environment `npm start` gives the server on a fresh data directory. */
const started: Record<string, string | undefined> = { DATA_DIR: path.join(scratch, 'data') };
applyDevWebhookSecrets(started);
const secretVariables = Object.values(WEBHOOK_SECRET_VARIABLES);
const mail = memoryMail();
const t = setupTestApp({
  mailer: mail.mailer,
  env: Object.fromEntries(secretVariables.flatMap((name) => (started[name] ? [[name, started[name]]] : []))),
});

let site = '';
beforeAll(async () => {
  await t.app.listen({ host: '127.0.0.1', port: 0 });
  site = `http://127.0.0.1:${(t.app.server.address() as AddressInfo).port}`;
});

/** The command's core, reading the secrets as it would beside that server (its DATA_DIR, no variables). */
async function simulate(...args: string[]) {
  const out: string[] = [];
  const err: string[] = [];
  const code = await simulatePayment([...args, '--url', site], {
    env: { DATA_DIR: started.DATA_DIR },
    out: (line) => out.push(line),
    err: (line) => err.push(line),
  });
  return { code, out, err };
}

async function intent(email: string) {
  const answer = await fetch(`${site}/api/donation-intent`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', origin: SITE_ORIGIN },
    body: JSON.stringify({
      amount: 50,
      paymentMethod: 'PayPal',
      timestamp: new Date().toISOString(),
      donorName: 'Rosa',
      donorEmail: email,
    }),
  });
  expect(answer.status).toBe(201);
  return (await answer.json()) as { id: string; reference: string };
}

const progress = async () =>
  ((await (await fetch(`${site}/api/fundraising/progress`)).json()) as { currentCents: number }).currentCents;

describe('development webhook secrets (npm start)', () => {
  it('are random per data directory, made once with mode 0600, and fill only the variables left unset', () => {
    const file = devSecretsPath(started);
    expect(fs.statSync(file).mode & 0o777).toBe(0o600);
    const saved = JSON.parse(fs.readFileSync(file, 'utf8')) as Record<string, string>;
    expect(started).toMatchObject({
      STRIPE_WEBHOOK_SECRET: saved.stripe,
      BUYMEACOFFEE_WEBHOOK_SECRET: saved.buymeacoffee,
      KOFI_VERIFICATION_TOKEN: saved.kofi,
    });
    expect(started.PAYPAL_WEBHOOK_ID).toBeUndefined();
    expect(loadConfig(started as NodeJS.ProcessEnv).webhookSecrets).toEqual({
      stripe: [saved.stripe],
      buymeacoffee: [saved.buymeacoffee],
      kofi: [saved.kofi],
    });

    const again: Record<string, string | undefined> = {
      DATA_DIR: started.DATA_DIR,
      STRIPE_WEBHOOK_SECRET: 'whsec_mine_1234',
    };
    expect(applyDevWebhookSecrets(again)).toEqual(['buymeacoffee', 'kofi']);
    expect(again).toMatchObject({ STRIPE_WEBHOOK_SECRET: 'whsec_mine_1234', KOFI_VERIFICATION_TOKEN: saved.kofi });

    const elsewhere: Record<string, string | undefined> = { DATA_DIR: path.join(scratch, 'other') };
    applyDevWebhookSecrets(elsewhere);
    expect(elsewhere.STRIPE_WEBHOOK_SECRET).toMatch(/^whsec_dev_[0-9a-f]{48}$/);
    expect(elsewhere.STRIPE_WEBHOOK_SECRET).not.toBe(saved.stripe);
  });

  it('are never given in production, nor made there', () => {
    const production: Record<string, string | undefined> = {
      NODE_ENV: 'production',
      DATA_DIR: path.join(scratch, 'production'),
    };
    expect(applyDevWebhookSecrets(production)).toEqual([]);
    expect(secretVariables.filter((name) => production[name])).toEqual([]);
    expect(fs.existsSync(devSecretsPath(production))).toBe(false);
  });
});

describe('npm run payments:simulate', () => {
  it('records the gift of a donor’s reference: progress moves and her receipt goes out; a refund applies once', async () => {
    const { reference } = await intent('rosa.simulated@example.org');
    const before = await progress();

    const paid = await simulate('--processor', 'stripe', '--amount', '50', '--reference', reference);
    expect(paid.err).toEqual([]);
    expect(paid.code).toBe(0);
    expect(paid.out[0]).toMatch(
      new RegExp(
        `^Sending stripe checkout\\.session\\.completed: \\$50\\.00, reference ${reference}, payment pi_\\w+, to `,
      ),
    );
    expect(paid.out[1]).toContain(`The site answered 200: gift ${reference} is counted`);
    expect(await progress()).toBe(before + 5000);
    await expect.poll(() => mail.sent.filter((m) => m.to === 'rosa.simulated@example.org').length).toBe(1);

    const refundCommand = paid.out[1]!.match(/--refund (\S+) --amount (\S+)/)!;
    expect(refundCommand.slice(1)).toEqual([expect.stringMatching(/^pi_/), '50.00']);
    for (let i = 0; i < 2; i++) {
      const refunded = await simulate('--processor', 'stripe', '--refund', refundCommand[1]!, '--amount', '50');
      expect(refunded.code).toBe(0);
      expect(refunded.out[0]).toContain(`a refund of $50.00 of payment ${refundCommand[1]}`);
    }
    // Progress counts what was raised; the refund is the ledger's, once, and the gift is no longer counted.
    const refunds = await t.database.db
      .select()
      .from(payments)
      .where(eq(payments.paymentExternalId, refundCommand[1]!));
    expect(refunds).toMatchObject([{ kind: 'refund', state: 'recorded', amountCents: 5000 }]);
    const status = await fetch(`${site}/api/gift-status/${reference}`);
    expect(((await status.json()) as { status: string }).status).toBe('refunded');
  });

  it('sends Buy Me a Coffee’s fee, and leaves a payment without a reference in the inbox', async () => {
    const { id, reference } = await intent('jo.simulated@example.org');
    const coffee = await simulate(
      '--processor',
      'buymeacoffee',
      '--amount',
      '12.5',
      '--fee',
      '0.75',
      '--reference',
      reference,
    );
    expect(coffee.code).toBe(0);
    const [gift] = await t.database.db.select().from(donations).where(eq(donations.intentId, id));
    expect(gift).toMatchObject({ usdCents: 1250, usdFeeCents: 75, paymentMethod: 'Buy Me a Coffee' });

    const before = await progress();
    const anonymous = await simulate('--processor', 'kofi', '--amount', '3');
    expect(anonymous.code).toBe(0);
    expect(anonymous.out[1]).toContain('with no reference the payment waits in the reconciliation inbox');
    const externalId = anonymous.out[0]!.match(/payment (\S+), to /)![1]!;
    const [waiting] = await t.database.db.select().from(payments).where(eq(payments.externalId, externalId));
    expect(waiting).toMatchObject({ source: 'kofi', state: 'unmatched', amountCents: 300, reference: null });
    expect(await progress()).toBe(before);
  });

  it('refuses PayPal and a bad amount, saying why, before sending anything', async () => {
    const paypal = await simulate('--processor', 'paypal', '--amount', '50');
    expect(paypal).toMatchObject({ code: 1, out: [], err: [PAYPAL_NOT_SIMULATED] });
    const amount = await simulate('--processor', 'stripe', '--amount', '12.345');
    expect(amount.code).toBe(1);
    expect(amount.out).toEqual([]);
    expect(amount.err[0]).toContain('--amount must be dollars above 0');
    const kofiRefund = await simulate('--processor', 'kofi', '--refund', 'abc', '--amount', '3');
    expect(kofiRefund.err[0]).toContain("Ko-fi's webhook reports payments only, never refunds");
  });

  it('exits 1 with the site’s message when the site refuses its signature', async () => {
    const { stdout, stderr, code } = await new Promise<{ stdout: string; stderr: string; code: number | null }>(
      (resolve) => {
        const child = execFile(
          process.execPath,
          ['--import', 'tsx', 'scripts/payments-simulate.ts', '--processor', 'stripe', '--amount', '50', '--url', site],
          { cwd: ROOT_DIR, env: { ...process.env, STRIPE_WEBHOOK_SECRET: 'whsec_not_the_sites_secret' } },
          (_error, out, err) => resolve({ stdout: out, stderr: err, code: child.exitCode }),
        );
      },
    );
    expect(code).toBe(1);
    expect(stdout).toMatch(/^Sending stripe checkout\.session\.completed: \$50\.00, no reference/);
    expect(stderr.trim()).toMatch(
      /^The site answered 400: This event failed stripe's signature check: stripe: No signatures found matching/,
    );
  });
});
