import { describe, expect, it } from 'vitest';
import { setupTestApp } from '../../../../tests/setup/test-app.ts';
import { buildDonation, buildIntent } from '../../../../tests/factories/donations.ts';

const t = setupTestApp();

describe('GET /api/campaign', () => {
  it('returns the seeded campaign content', async () => {
    const res = await t.app.inject('/api/campaign');
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body.content.product.name).toBe('Healing Circle');
    expect(body.content.goal).toEqual({ cents: 1_500_000, currency: 'USD' });
    expect(body.content.paymentMethods.map((m: { name: string }) => m.name)).toEqual([
      'Email Us',
      'Buy Me a Coffee',
      'PayPal',
      'Venmo',
      'CashApp',
    ]);
    expect(body.content.journey.updates.map((u: { date: string }) => u.date)).toEqual(['2025-09-11']);
  });
});

describe('GET /api/fundraising/progress', () => {
  it('starts at the goal with nothing raised', async () => {
    const res = await t.app.inject('/api/fundraising/progress');
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({
      goalAmount: 15000,
      currentAmount: 0,
      donorCount: 0,
      goalCents: 1_500_000,
      currentCents: 0,
      currency: 'USD',
    });
  });

  it('sums recorded donations in USD, ignoring intents and voided donations', async () => {
    const db = t.database.db;
    await buildDonation(db, { amountCents: 10_050 });
    await buildDonation(db, { amountCents: 10_000, currency: 'CAD', usdCents: 7_300 });
    await buildDonation(db, { amountCents: 99_900, voidedAt: new Date() });
    await buildIntent(db, { amountCents: 500_000 });
    t.app.campaigns.invalidate();

    const body = (await t.app.inject('/api/fundraising/progress')).json();
    expect(body.currentCents).toBe(17_350);
    expect(body.currentAmount).toBe(173.5);
    expect(body.donorCount).toBe(2);
    expect(body.goalAmount).toBe(15000);
  });
});
