/** What a processor's or a statement's movement becomes: a gift once, a reversal of it, or a row for a manager. */
import { describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { setupTestApp } from '../../../tests/setup/test-app.ts';
import { memoryMail } from '../../../tests/setup/memory-mail.ts';
import { buildDonation, buildIntent, mainAppealId } from '../../../tests/factories/donations.ts';
import { donationIntents, donations, ledgerBalances, ledgerEntries, payments } from '../db/schema/index.ts';
import type { PaymentMovement } from '../services/payments/movement.ts';
import { receivePayment } from './payments.ts';
import { run, SYSTEM_ACTOR } from './run.ts';

const mail = memoryMail();
const t = setupTestApp({ mailer: mail.mailer });

let serial = 0;
const payment = (overrides: Partial<PaymentMovement> = {}): PaymentMovement => ({
  externalId: `pay_${++serial}`,
  kind: 'payment',
  paymentExternalId: null,
  amountCents: 5000,
  currency: 'USD',
  feeCents: 175,
  occurredAt: new Date('2026-11-27T10:00:00Z'),
  reference: null,
  payerName: 'Payer Name',
  payerEmail: 'payer@example.org',
  note: null,
  ...overrides,
});
const refundOf = (paid: PaymentMovement, overrides: Partial<PaymentMovement> = {}): PaymentMovement =>
  payment({ kind: 'refund', paymentExternalId: paid.externalId, feeCents: null, ...overrides });

const receive = (movement: PaymentMovement, source: 'stripe' | 'paypal' = 'paypal') =>
  run(t.app.commandEnv(), SYSTEM_ACTOR, receivePayment, source, movement, {
    eventId: `evt_${movement.externalId}`,
    eventType: 'test.event',
    payload: {},
  });

async function balance() {
  const [row] = await t.database.db
    .select()
    .from(ledgerBalances)
    .where(eq(ledgerBalances.campaignId, await mainAppealId(t.database.db)));
  return row ?? { raisedCents: 0, feesCents: 0, refundedCents: 0, donationCount: 0 };
}

async function giftOf(intentId: string) {
  return t.database.db.select().from(donations).where(eq(donations.intentId, intentId));
}

const receiptsTo = (address: string) =>
  mail.sent.filter((m) => m.to === address && /thank you/i.test(m.subject)).length;

describe('a payment with a known reference', () => {
  it("records the gift to its intent's campaign once, with its fee on its own ledger row, and mails one receipt", async () => {
    const before = await balance();
    const intent = await buildIntent(t.database.db, {
      reference: 'HC-ABCD',
      donorName: 'Rosa',
      donorEmail: 'rosa@example.org',
      showPublicly: true,
    });
    const paid = payment({ reference: 'HC-ABCD' });
    expect(await receive(paid)).toMatchObject({ duplicate: false, state: 'recorded' });
    expect(await receive(paid)).toEqual({ duplicate: true });

    const [gift, ...more] = await giftOf(intent.id);
    expect(more).toEqual([]);
    expect(gift).toMatchObject({
      usdCents: 5000,
      usdFeeCents: 175,
      paymentMethod: 'PayPal',
      donorName: 'Rosa',
      donorEmail: 'rosa@example.org',
      showPublicly: true,
      externalReference: paid.externalId,
    });
    const kinds = await t.database.db
      .select({ kind: ledgerEntries.kind, cents: ledgerEntries.amountCents })
      .from(ledgerEntries)
      .where(eq(ledgerEntries.donationId, gift!.id));
    expect(kinds).toEqual(
      expect.arrayContaining([
        { kind: 'donation', cents: 5000 },
        { kind: 'fee', cents: 175 },
      ]),
    );
    const after = await balance();
    expect(after.raisedCents - before.raisedCents).toBe(5000);
    expect(after.feesCents - before.feesCents).toBe(175);
    const [closed] = await t.database.db.select().from(donationIntents).where(eq(donationIntents.id, intent.id));
    expect(closed!.status).toBe('matched');
    expect(receiptsTo('rosa@example.org')).toBe(1);
  });

  it('never takes the processor’s payer as the donor: no consent, no address for the receipt', async () => {
    const intent = await buildIntent(t.database.db, { reference: 'HC-QRST' });
    await receive(payment({ reference: 'HC-QRST', payerName: 'Someone Else', payerEmail: 'else@example.org' }));
    const [gift] = await giftOf(intent.id);
    expect(gift).toMatchObject({ donorName: null, donorEmail: null, showPublicly: false, isAnonymous: true });
    expect(receiptsTo('else@example.org')).toBe(0);
  });

  it('links to the gift a manager typed in before it arrived instead of counting it twice', async () => {
    const byHand = await buildDonation(t.database.db, { paymentMethod: 'PayPal', externalReference: 'TYPED-1' });
    const before = await balance();
    expect(await receive(payment({ externalId: 'TYPED-1', reference: 'HC-ZZZZ' }))).toMatchObject({
      state: 'recorded',
    });
    expect((await balance()).raisedCents).toBe(before.raisedCents);
    const [row] = await t.database.db.select().from(payments).where(eq(payments.externalId, 'TYPED-1'));
    expect(row!.campaignId).toBe(byHand.campaignId);
  });
});

describe('a payment the matcher cannot be sure of', () => {
  it.each([
    ['no reference', {}, /No gift reference/],
    ['a reference nobody was given', { reference: 'HC-9999' }, /HC-9999 matches no gift reference/],
    ['another currency', { reference: 'HC-CAD2', currency: 'CAD' }, /Paid in CAD/],
  ])('waits for a manager when it has %s, and records nothing', async (_label, overrides, problem) => {
    await buildIntent(t.database.db, { reference: 'HC-CAD2' }).catch(() => undefined);
    const before = await balance();
    const paid = payment(overrides);
    expect(await receive(paid)).toMatchObject({ state: 'unmatched' });
    const [row] = await t.database.db.select().from(payments).where(eq(payments.externalId, paid.externalId));
    expect(row!.problem).toMatch(problem);
    expect((await balance()).raisedCents).toBe(before.raisedCents);
  });
});

describe('refunds and disputes', () => {
  it('reverses the gift its payment became, mails the donor’s refund notice, and progress falls', async () => {
    const intent = await buildIntent(t.database.db, { reference: 'HC-REFD', donorEmail: 'refunded@example.org' });
    const paid = payment({ reference: 'HC-REFD', amountCents: 4000 });
    await receive(paid);
    const before = await balance();
    expect(await receive(refundOf(paid, { amountCents: 4000 }))).toMatchObject({ state: 'recorded' });
    expect((await balance()).refundedCents - before.refundedCents).toBe(4000);
    const [gift] = await giftOf(intent.id);
    expect(gift!.version).toBeGreaterThan(1);
    expect(mail.sent.filter((m) => m.to === 'refunded@example.org' && /refund/i.test(m.subject))).toHaveLength(1);
  });

  it('waits when it arrives before its payment, and is applied the moment the payment is recorded', async () => {
    await buildIntent(t.database.db, { reference: 'HC-EARL' });
    const paid = payment({ reference: 'HC-EARL', amountCents: 3000 });
    const dispute = refundOf(paid, { kind: 'dispute', amountCents: 3000 });
    expect(await receive(dispute)).toMatchObject({ state: 'waiting' });
    const before = await balance();
    await receive(paid);
    const after = await balance();
    expect(after.raisedCents - before.raisedCents).toBe(3000);
    expect(after.refundedCents - before.refundedCents).toBe(3000);
    const [row] = await t.database.db.select().from(payments).where(eq(payments.externalId, dispute.externalId));
    expect(row!.state).toBe('recorded');
  });

  it('takes only what is new from a cumulative refund (Stripe’s amount refunded so far)', async () => {
    await buildIntent(t.database.db, { reference: 'HC-CUMU' });
    const paid = payment({ reference: 'HC-CUMU', amountCents: 10_000 });
    await receive(paid, 'stripe');
    const before = await balance();
    await receive(refundOf(paid, { externalId: 'ch_1:refunded:2500', amountCents: 2500, cumulative: true }), 'stripe');
    await receive(refundOf(paid, { externalId: 'ch_1:refunded:6000', amountCents: 6000, cumulative: true }), 'stripe');
    expect((await balance()).refundedCents - before.refundedCents).toBe(6000);
  });
});
