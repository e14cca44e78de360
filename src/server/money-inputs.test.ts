/**
 * Every API input that takes dollars refuses an amount that is not whole cents (0.000001 would round to
 * 0 cents, 1.0000009 to $1.00) with 400 and the field's message, and writes nothing. The conversion
 * itself is tested in src/shared/money.test.ts; this walks the routes that use it.
 */
import { beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { count, eq } from 'drizzle-orm';
import { postJson, setupTestApp } from '../../tests/setup/test-app.ts';
import { signUp, solveAltcha, STRONG_PASSWORD } from '../../tests/setup/accounts.ts';
import { signInAdmin } from '../../tests/factories/users.ts';
import { buildDonation } from '../../tests/factories/donations.ts';
import { expenseForm, makeCampaignOwner } from '../../tests/factories/spending.ts';
import {
  analyticsEvents,
  donationIntents,
  donations,
  expenses,
  ledgerEntries,
  rateLimits,
  refundRequests,
} from './db/schema/index.ts';

const t = setupTestApp();

/** Amounts above 0 that only round to whole cents, or carry a third decimal. */
const NOT_WHOLE_CENTS = [0.000001, 1.0000009, 0.001, 10.005, 0.1 + 0.2];

let manager = '';
let owner = '';
let campaignId = '';
let donationId = '';

beforeAll(async () => {
  manager = (await signInAdmin(t.app, t.database.db, 'manager')).cookie;
  const patient = await signUp(t.app, { role: 'patient' });
  owner = patient.cookie;
  campaignId = await makeCampaignOwner(t.database.db, t.app.campaigns, patient.user.id);
  donationId = (await buildDonation(t.database.db, { amountCents: 100_000 })).id;
});

beforeEach(async () => {
  await t.database.db.delete(rateLimits);
  await postJson(t.app, '/api/admin/elevate', { password: STRONG_PASSWORD }, { cookie: manager });
});

async function rowsWritten(): Promise<number> {
  let total = 0;
  for (const table of [donationIntents, donations, expenses, refundRequests, ledgerEntries, analyticsEvents]) {
    const [row] = await t.database.db.select({ n: count() }).from(table);
    total += row!.n;
  }
  return total;
}

interface MoneyInput {
  url: () => string;
  field: string;
  body: (amount: number) => Promise<Record<string, unknown>>;
  cookie?: () => string;
  headers?: Record<string, string>;
}

const INPUTS: Record<string, MoneyInput> = {
  'POST /api/donation-intent amount': {
    url: () => '/api/donation-intent',
    field: 'amount',
    body: async (amount) => ({ amount, message: null, paymentMethod: 'PayPal', timestamp: '2026-11-22T10:00:00.000Z' }),
  },
  'POST /api/events donation_click amount': {
    url: () => '/api/events',
    field: 'amount',
    body: async (amount) => ({ name: 'donation_click', path: '/donate', method: 'Venmo', amount }),
    headers: { 'user-agent': 'Mozilla/5.0 test' },
  },
  'POST /api/admin/add-donation amount': {
    url: () => '/api/admin/add-donation',
    field: 'amount',
    body: async (amount) => ({ amount, paymentMethod: 'Zelle', donorName: 'Ruth B.' }),
    cookie: () => manager,
  },
  'POST /api/admin/add-donation usdAmount': {
    url: () => '/api/admin/add-donation',
    field: 'usdAmount',
    body: async (usdAmount) => ({ amount: 100, currency: 'CAD', usdAmount, paymentMethod: 'Zelle' }),
    cookie: () => manager,
  },
  'POST /api/campaigns/:id/expenses amount': {
    url: () => `/api/campaigns/${campaignId}/expenses`,
    field: 'amount',
    body: (amount) => expenseForm(t.app, owner, { amount }),
    cookie: () => owner,
  },
  'POST /api/campaigns/:id/expenses usdAmount': {
    url: () => `/api/campaigns/${campaignId}/expenses`,
    field: 'usdAmount',
    body: (usdAmount) => expenseForm(t.app, owner, { amount: 1200, currency: 'CAD', usdAmount }),
    cookie: () => owner,
  },
  'POST /api/refund-requests amount': {
    url: () => '/api/refund-requests',
    field: 'amount',
    body: async (amount) => ({
      name: 'Dana Giver',
      email: 'dana@example.com',
      amount,
      paymentMethod: 'PayPal',
      donatedOn: '2026-11-01',
      reason: 'I gave twice by mistake',
      altcha: await solveAltcha(t.app),
    }),
  },
  'POST /api/admin/donations/:id/refund amount': {
    url: () => `/api/admin/donations/${donationId}/refund`,
    field: 'amount',
    body: async (amount) => {
      const [gift] = await t.database.db.select().from(donations).where(eq(donations.id, donationId));
      return { amount, reason: 'Duplicate gift', version: gift!.version };
    },
    cookie: () => manager,
  },
};

describe('every dollar input', () => {
  it.each(Object.entries(INPUTS))(
    '%s accepts whole cents and refuses any other amount with 400 at the field, writing nothing',
    async (_name, input) => {
      const send = async (amount: number) =>
        postJson(t.app, input.url(), await input.body(amount), {
          ...(input.cookie ? { cookie: input.cookie() } : {}),
          ...input.headers,
        });
      for (const amount of NOT_WHOLE_CENTS) {
        await t.database.db.delete(rateLimits);
        const before = await rowsWritten();
        const res = await send(amount);
        expect(res.statusCode, `${amount}: ${res.body}`).toBe(400);
        // A gift's minimum is $1, so below it the field says that instead.
        expect(res.json().fieldErrors?.[input.field], `${amount}: ${res.body}`).toMatch(
          /can have at most two decimal places$|^Amount must be at least \$1$/,
        );
        expect(await rowsWritten(), `${amount} wrote nothing`).toBe(before);
      }
      // The same body with whole cents passes validation (so the refusals above are about the amount).
      await t.database.db.delete(rateLimits);
      const ok = await send(12.34);
      expect(ok.statusCode, ok.body).toBeLessThan(300);
    },
  );
});
