/**
 * The processors' signed events, delivered as each processor delivers them (signed in the test with its documented
 * scheme): a gift recorded once, whatever is resent, changed or forged.
 */
import { describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { createTestApp, setupTestApp } from '../../../../tests/setup/test-app.ts';
import { memoryMail } from '../../../../tests/setup/memory-mail.ts';
import { backgroundMailSent } from '../../commands/run.ts';
import { buildIntent, mainAppealId } from '../../../../tests/factories/donations.ts';
import {
  bmcDonation,
  buyMeACoffeeDelivery,
  kofiDelivery,
  kofiDonation,
  paypalCaptureCompleted,
  paypalCaptureRefunded,
  paypalDelivery,
  paypalTestPki,
  stripeCheckoutCompleted,
  stripeChargeRefunded,
  stripeDelivery,
  withChanged,
  type Delivery,
} from '../../../../tests/setup/processor-events.ts';
import { donations, ledgerBalances, payments, processorDeliveries } from '../../db/schema/index.ts';
import { WEBHOOK_BODY_MAX, WEBHOOK_REFUSALS } from './webhooks.ts';

const SECRETS = {
  stripe: 'whsec_current_signing_secret_0001',
  stripeOld: 'whsec_previous_signing_secret_02',
  paypal: '8PT597110X687430LKGECATA',
  bmc: 'bmc-webhook-secret-for-tests-0001',
  kofi: 'kofi-verification-token-for-tests',
};
const pki = paypalTestPki();
const mail = memoryMail();
const t = setupTestApp({
  mailer: mail.mailer,
  paypalCertificates: pki.certificates,
  env: {
    STRIPE_WEBHOOK_SECRET: `${SECRETS.stripe},${SECRETS.stripeOld}`,
    PAYPAL_WEBHOOK_ID: SECRETS.paypal,
    BUYMEACOFFEE_WEBHOOK_SECRET: SECRETS.bmc,
    KOFI_VERIFICATION_TOKEN: SECRETS.kofi,
  },
});

const deliver = (processor: string, { body, headers }: Delivery) =>
  t.app.inject({ method: 'POST', url: `/api/webhooks/${processor}`, payload: body, headers });

async function raised() {
  const [row] = await t.database.db
    .select()
    .from(ledgerBalances)
    .where(eq(ledgerBalances.campaignId, await mainAppealId(t.database.db)));
  return { raised: row?.raisedCents ?? 0, refunded: row?.refundedCents ?? 0, fees: row?.feesCents ?? 0 };
}

const storedPayments = () => t.database.db.$count(payments);
const giftsOfIntent = (intentId: string) =>
  t.database.db.select().from(donations).where(eq(donations.intentId, intentId));

let serial = 0;
/** A donor's intent with a fresh reference, as the donate page records one. */
async function intentWithReference(overrides: Parameters<typeof buildIntent>[1] = {}) {
  const reference = `HC-${'ABCDEFGHJK'[Math.floor(serial / 10) % 10]}${'MNPQRSTVWX'[serial % 10]}${'23456789'[++serial % 8]}Z`;
  return buildIntent(t.database.db, { reference, donorEmail: `donor${serial}@example.org`, ...overrides });
}

describe('each processor’s signed payment', () => {
  const cases: [string, (reference: string) => Delivery, number, number][] = [
    [
      'stripe',
      (reference) => stripeDelivery(stripeCheckoutCompleted({ reference, amountCents: 5000 }), SECRETS.stripe),
      5000,
      0,
    ],
    [
      'paypal',
      (reference) =>
        paypalDelivery(
          paypalCaptureCompleted({ customId: reference, amountCents: 5000, feeCents: 224 }),
          SECRETS.paypal,
          pki.signer,
        ),
      5000,
      224,
    ],
    [
      'buymeacoffee',
      (reference) => buyMeACoffeeDelivery(bmcDonation({ note: `For Maya ${reference}`, amount: 15 }), SECRETS.bmc),
      1500,
      // Buy Me a Coffee's own fee, as its event says.
      25,
    ],
    [
      'kofi',
      (reference) => kofiDelivery(kofiDonation({ amount: '25.00', message: `Love, ${reference}` }), SECRETS.kofi),
      2500,
      0,
    ],
  ];

  it.each(cases)(
    '%s: records the gift of its reference once, and the donor’s receipt goes once',
    async (processor, delivery, cents, fee) => {
      const intent = await intentWithReference();
      const before = await raised();
      const signed = delivery(intent.reference!);
      const answers = await Promise.all([deliver(processor, signed), deliver(processor, signed)]);
      expect(answers.map((a) => a.statusCode)).toEqual([200, 200]);
      expect(answers[0]!.json()).toEqual({ received: true });
      const [gift, ...more] = await giftsOfIntent(intent.id);
      expect(more).toEqual([]);
      expect(gift).toMatchObject({ usdCents: cents, usdFeeCents: fee });
      const after = await raised();
      expect(after.raised - before.raised).toBe(cents);
      expect(after.fees - before.fees).toBe(fee);
      await backgroundMailSent();
      expect(mail.sent.filter((m) => m.to === intent.donorEmail)).toHaveLength(1);
    },
  );
});

describe('the public ledger of a gift its processor took a fee from', () => {
  it('shows the fee on its own line, and held falls by it while raised keeps the whole gift', async () => {
    const campaignId = await mainAppealId(t.database.db);
    const ledger = async () => (await t.app.inject(`/api/campaigns/${campaignId}/ledger`)).json();
    const before = await ledger();
    const intent = await intentWithReference({ donorName: 'Fee Shown', showPublicly: true });
    const signed = paypalDelivery(
      paypalCaptureCompleted({ customId: intent.reference!, amountCents: 5000, feeCents: 224 }),
      SECRETS.paypal,
      pki.signer,
    );
    expect((await deliver('paypal', signed)).statusCode).toBe(200);
    // No invalidate here: the write path clears the cached ledger itself.
    const after = await ledger();
    expect(after.totals.raisedCents - before.totals.raisedCents).toBe(5000);
    expect(after.totals.feesCents - before.totals.feesCents).toBe(224);
    expect(after.totals.heldCents - before.totals.heldCents).toBe(5000 - 224);
    expect(after.totals.heldCents).toBe(
      after.totals.raisedCents - after.totals.feesCents - after.totals.releasedCents - after.totals.refundedCents,
    );
    expect(after.donations[0]).toMatchObject({ donorName: 'Fee Shown', amountCents: 5000, feeCents: 224 });
  });
});

describe('a delivery that is not what the processor signed', () => {
  it('refuses one changed byte with 400, stores nothing, and the payments page sees the failure', async () => {
    const intent = await intentWithReference();
    const signed = stripeDelivery(
      stripeCheckoutCompleted({ reference: intent.reference, amountCents: 5000 }),
      SECRETS.stripe,
    );
    const before = await storedPayments();
    const res = await deliver('stripe', { ...signed, body: withChanged(signed.body, '5000', '9000') });
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toMatch(/signature/);
    expect(await storedPayments()).toBe(before);
    const [state] = await t.database.db
      .select()
      .from(processorDeliveries)
      .where(eq(processorDeliveries.processor, 'stripe'));
    expect(state!.failuresSinceEvent).toBeGreaterThan(0);
  });

  it('refuses a Stripe event signed ten minutes ago (a replay) with 400', async () => {
    const old = new Date(Date.now() - 10 * 60_000);
    const res = await deliver('stripe', stripeDelivery(stripeCheckoutCompleted(), SECRETS.stripe, { timestamp: old }));
    expect(res.statusCode).toBe(400);
  });

  it('refuses a PayPal event sent ten minutes ago with 400', async () => {
    const old = new Date(Date.now() - 10 * 60_000);
    const res = await deliver(
      'paypal',
      paypalDelivery(paypalCaptureCompleted(), SECRETS.paypal, pki.signer, { transmissionTime: old }),
    );
    expect(res.statusCode).toBe(400);
  });

  it('refuses a Ko-fi delivery with another token, and a Buy Me a Coffee one signed with another secret', async () => {
    expect((await deliver('kofi', kofiDelivery(kofiDonation(), 'not-our-token-at-all'))).statusCode).toBe(400);
    expect((await deliver('buymeacoffee', buyMeACoffeeDelivery(bmcDonation(), 'another-secret-0001'))).statusCode).toBe(
      400,
    );
  });

  it('accepts an event signed with the previous Stripe secret while it is rotated', async () => {
    const intent = await intentWithReference();
    const res = await deliver(
      'stripe',
      stripeDelivery(stripeCheckoutCompleted({ reference: intent.reference }), SECRETS.stripeOld),
    );
    expect(res.statusCode).toBe(200);
    expect(await giftsOfIntent(intent.id)).toHaveLength(1);
  });

  it('answers an address 429 for the rest of the minute after 60 refused deliveries, then records its events', async () => {
    let now = Date.now();
    const flood = await createTestApp({
      env: { STRIPE_WEBHOOK_SECRET: SECRETS.stripe },
      clock: { now: () => new Date(now) },
    });
    try {
      const send = ({ body, headers }: Delivery, remoteAddress = '198.51.100.7') =>
        flood.app.inject({ method: 'POST', url: '/api/webhooks/stripe', payload: body, headers, remoteAddress });
      const forged = stripeDelivery(stripeCheckoutCompleted(), 'whsec_not_the_secret_at_all_00001');
      const answers = [];
      for (let i = 0; i < WEBHOOK_REFUSALS.max + 1; i++) answers.push((await send(forged)).statusCode);
      expect(answers.slice(0, WEBHOOK_REFUSALS.max).every((status) => status === 400)).toBe(true);
      expect(answers.at(-1)).toBe(429);
      const reference = 'HC-FXD7';
      const intent = await buildIntent(flood.database.db, { reference });
      const signed = () =>
        stripeDelivery(stripeCheckoutCompleted({ reference }), SECRETS.stripe, { timestamp: new Date(now) });
      const blocked = await send(signed());
      expect(blocked.statusCode).toBe(429);
      expect(Number(blocked.headers['retry-after'])).toBeGreaterThan(0);
      expect((await send(signed(), '198.51.100.8')).statusCode).toBe(200);
      now += WEBHOOK_REFUSALS.windowMs + 1000;
      expect((await send(signed())).statusCode).toBe(200);
      expect(await flood.database.db.$count(donations, eq(donations.intentId, intent.id))).toBe(2);
    } finally {
      await flood.close();
    }
  });

  it('answers a body over 256 KB with 413 and another content type with 415, storing nothing', async () => {
    const before = await storedPayments();
    const huge = stripeDelivery({ padding: 'x'.repeat(WEBHOOK_BODY_MAX) }, SECRETS.stripe);
    expect((await deliver('stripe', huge)).statusCode).toBe(413);
    const signed = stripeDelivery(stripeCheckoutCompleted(), SECRETS.stripe);
    const asText = await deliver('stripe', { ...signed, headers: { ...signed.headers, 'content-type': 'text/plain' } });
    expect(asText.statusCode).toBe(415);
    expect(asText.json()).toEqual({ message: expect.any(String), code: 'UNSUPPORTED_MEDIA_TYPE' });
    expect(await storedPayments()).toBe(before);
  });
});

describe('what the matcher is told', () => {
  it('answers an event it does not act on with 200 and stores nothing', async () => {
    const before = await storedPayments();
    const res = await deliver(
      'stripe',
      stripeDelivery({ ...stripeCheckoutCompleted(), type: 'customer.created' }, SECRETS.stripe),
    );
    expect(res.statusCode).toBe(200);
    expect(await storedPayments()).toBe(before);
  });

  it('stores ten redeliveries of one event arriving together once', async () => {
    const intent = await intentWithReference();
    const signed = paypalDelivery(paypalCaptureCompleted({ customId: intent.reference! }), SECRETS.paypal, pki.signer);
    const answers = await Promise.all(Array.from({ length: 10 }, () => deliver('paypal', signed)));
    expect(answers.every((a) => a.statusCode === 200)).toBe(true);
    expect(await giftsOfIntent(intent.id)).toHaveLength(1);
  });

  it('records twelve donors’ events arriving together each as her own gift, with her own receipt', async () => {
    const intents = await Promise.all(Array.from({ length: 12 }, () => intentWithReference()));
    const before = await raised();
    const answers = await Promise.all(
      intents.map((intent, i) =>
        deliver(
          'stripe',
          stripeDelivery(
            stripeCheckoutCompleted({ reference: intent.reference, amountCents: 1000 + i * 100 }),
            SECRETS.stripe,
          ),
        ),
      ),
    );
    expect(answers.map((a) => a.statusCode)).toEqual(intents.map(() => 200));
    await backgroundMailSent();
    for (const [i, intent] of intents.entries()) {
      const gifts = await giftsOfIntent(intent.id);
      expect(gifts.map((g) => g.usdCents)).toEqual([1000 + i * 100]);
      expect(mail.sent.filter((m) => m.to === intent.donorEmail)).toHaveLength(1);
    }
    expect((await raised()).raised - before.raised).toBe(12 * 1000 + (100 * (11 * 12)) / 2);
  });

  it('leaves a gift refunded once when its payment and its refund arrive together', async () => {
    const intent = await intentWithReference();
    const capture = paypalCaptureCompleted({ customId: intent.reference!, amountCents: 4000, feeCents: 150 });
    const captureId = (capture as { resource: { id: string } }).resource.id;
    const before = await raised();
    const refund = paypalCaptureRefunded({ captureId, amountCents: 4000 });
    await Promise.all([
      deliver('paypal', paypalDelivery(capture, SECRETS.paypal, pki.signer)),
      deliver('paypal', paypalDelivery(refund, SECRETS.paypal, pki.signer)),
    ]);
    const after = await raised();
    expect(await giftsOfIntent(intent.id)).toHaveLength(1);
    expect([after.raised - before.raised, after.refunded - before.refunded]).toEqual([4000, 4000]);
  });

  it('holds a refund that arrives before its payment, and reverses the gift once the payment comes', async () => {
    const intent = await intentWithReference();
    const capture = paypalCaptureCompleted({ customId: intent.reference!, amountCents: 3000, feeCents: 150 });
    const captureId = (capture as { resource: { id: string } }).resource.id;
    const before = await raised();
    const refund = paypalDelivery(paypalCaptureRefunded({ captureId, amountCents: 3000 }), SECRETS.paypal, pki.signer);
    expect((await deliver('paypal', refund)).statusCode).toBe(200);
    expect(await giftsOfIntent(intent.id)).toHaveLength(0);
    await deliver('paypal', paypalDelivery(capture, SECRETS.paypal, pki.signer));
    const after = await raised();
    expect(after.raised - before.raised).toBe(3000);
    expect(after.refunded - before.refunded).toBe(3000);
  });

  it('reverses a Stripe gift by the charge’s refunds, one part at a time', async () => {
    const intent = await intentWithReference();
    const paymentIntent = 'pi_refunded_in_parts';
    await deliver(
      'stripe',
      stripeDelivery(
        stripeCheckoutCompleted({ reference: intent.reference, paymentIntent, amountCents: 8000 }),
        SECRETS.stripe,
      ),
    );
    const before = await raised();
    for (const refunded of [2000, 5000])
      await deliver(
        'stripe',
        stripeDelivery(
          stripeChargeRefunded({
            chargeId: 'ch_parts',
            paymentIntent,
            amountCents: 8000,
            amountRefundedCents: refunded,
          }),
          SECRETS.stripe,
        ),
      );
    expect((await raised()).refunded - before.refunded).toBe(5000);
  });
});

describe('a processor without its secret', () => {
  it('has no webhook: 404 whatever is sent', async () => {
    const bare = await createTestApp();
    try {
      const res = await bare.app.inject({
        method: 'POST',
        url: '/api/webhooks/stripe',
        payload: 'x'.repeat(WEBHOOK_BODY_MAX + 10),
        headers: { 'content-type': 'text/plain' },
      });
      expect(res.statusCode).toBe(404);
      expect(res.json()).toEqual({ message: expect.any(String), code: 'NOT_FOUND' });
    } finally {
      await bare.close();
    }
  });
});
