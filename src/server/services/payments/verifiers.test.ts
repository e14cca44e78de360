import { describe, expect, it } from 'vitest';
import { fakeClock } from '../clock.ts';
import { verifierFor, type WebhookHeaders } from './verifiers.ts';
import {
  bmcDonation,
  buyMeACoffeeDelivery,
  kofiDelivery,
  kofiDonation,
  stripeChargeRefunded,
  stripeCheckoutCompleted,
  stripeDelivery,
  stripeDisputeCreated,
  TEST_REFERENCE,
  withChanged,
  expectSignatureError,
} from '../../../../tests/setup/processor-events.ts';

describe('verifierFor', () => {
  it('refuses to build a verifier without a secret or with an empty one', () => {
    expect(() => verifierFor('kofi', [])).toThrow(/at least one secret/);
    expect(() => verifierFor('stripe', ['whsec_a', ''])).toThrow(/none empty/);
  });
});

describe('Stripe', () => {
  const clock = fakeClock(new Date('2026-11-02T10:00:00Z'));
  const stripe = verifierFor('stripe', ['whsec_current', 'whsec_previous'], { clock });
  const signed = (event: object | string, secret = 'whsec_current') =>
    stripeDelivery(event, secret, { timestamp: clock.now() });
  const verify = ({ body, headers }: { body: Buffer; headers: WebhookHeaders }) => stripe.verify(body, headers);

  it('reads a paid Checkout session as a payment: its total, its payment intent, reference and payer', async () => {
    const event = stripeCheckoutCompleted({ amountCents: 5000, paymentIntent: 'pi_123', created: clock.now() });
    expect(await verify(signed(event))).toEqual({
      payload: event,
      eventId: event.id,
      type: 'checkout.session.completed',
      movement: {
        externalId: 'pi_123',
        kind: 'payment',
        paymentExternalId: null,
        amountCents: 5000,
        currency: 'USD',
        feeCents: null,
        occurredAt: clock.now(),
        reference: TEST_REFERENCE,
        payerName: 'Rosa Donor',
        payerEmail: 'rosa.donor@example.com',
        note: null,
      },
    });
  });

  it('names a session without a payment intent by its own id', async () => {
    const event = stripeCheckoutCompleted({ paymentIntent: null, sessionId: 'cs_test_1' });
    expect((await verify(signed(event))).movement?.externalId).toBe('cs_test_1');
  });

  it('finds a reference typed in a custom field, or in metadata, when client_reference_id is not one', async () => {
    const typed = stripeCheckoutCompleted({ reference: 'order-12', customFieldTexts: ['', 'for rosa hc 7kq3'] });
    expect((await verify(signed(typed))).movement?.reference).toBe('HC-7KQ3');
    const inMetadata = stripeCheckoutCompleted({ reference: null, metadata: { gift: 'HC-M4RT' } });
    expect((await verify(signed(inMetadata))).movement?.reference).toBe('HC-M4RT');
    const none = stripeCheckoutCompleted({ reference: null });
    expect((await verify(signed(none))).movement?.reference).toBeNull();
  });

  it('ignores an unpaid asynchronous session and reads the async_payment_succeeded that follows it', async () => {
    const unpaid = stripeCheckoutCompleted({ paymentStatus: 'unpaid', paymentIntent: 'pi_ach' });
    expect((await verify(signed(unpaid))).movement).toBeNull();
    const free = stripeCheckoutCompleted({ paymentStatus: 'no_payment_required', amountCents: 0 });
    expect((await verify(signed(free))).movement).toBeNull();
    const paid = stripeCheckoutCompleted({ type: 'checkout.session.async_payment_succeeded', paymentIntent: 'pi_ach' });
    expect((await verify(signed(paid))).movement).toMatchObject({ externalId: 'pi_ach', kind: 'payment' });
  });

  it('reads charge.refunded as a cumulative refund named after the charge and its running total', async () => {
    const event = stripeChargeRefunded({
      chargeId: 'ch_1',
      paymentIntent: 'pi_123',
      amountCents: 5000,
      amountRefundedCents: 1500,
      created: clock.now(),
    });
    expect((await verify(signed(event))).movement).toEqual({
      externalId: 'ch_1:refunded:1500',
      kind: 'refund',
      paymentExternalId: 'pi_123',
      amountCents: 1500,
      cumulative: true,
      currency: 'USD',
      feeCents: null,
      occurredAt: clock.now(),
      reference: null,
      payerName: null,
      payerEmail: null,
      note: null,
    });
  });

  it('reads charge.dispute.created as a dispute of its payment intent, or of its charge without one', async () => {
    const event = stripeDisputeCreated({ disputeId: 'dp_1', paymentIntent: 'pi_123', amountCents: 5000 });
    expect((await verify(signed(event))).movement).toMatchObject({
      externalId: 'dp_1',
      kind: 'dispute',
      paymentExternalId: 'pi_123',
      amountCents: 5000,
      currency: 'USD',
    });
    const legacy = stripeDisputeCreated({ chargeId: 'ch_9', paymentIntent: null });
    expect((await verify(signed(legacy))).movement?.paymentExternalId).toBe('ch_9');
  });

  it('passes a currency outside ours through in upper case, its amount in its smallest unit', async () => {
    const event = stripeCheckoutCompleted({ currency: 'jpy', amountCents: 3000 });
    expect((await verify(signed(event))).movement).toMatchObject({ currency: 'JPY', amountCents: 3000 });
  });

  it('answers a null movement for an event type it does not act on', async () => {
    const event = { ...stripeCheckoutCompleted(), type: 'payment_intent.created' };
    expect(await verify(signed(event))).toMatchObject({ eventId: event.id, movement: null });
  });

  it('refuses a body with one byte changed', async () => {
    const { body, headers } = signed(stripeCheckoutCompleted({ amountCents: 5000 }));
    await expectSignatureError(stripe.verify(withChanged(body, '5000', '9000'), headers), /No signatures found/);
  });

  it('refuses a signature made with a secret not among ours', async () => {
    await expectSignatureError(verify(signed(stripeCheckoutCompleted(), 'whsec_other')), /No signatures found/);
  });

  it('accepts a signature made with the second (rotated) secret', async () => {
    const event = stripeCheckoutCompleted();
    expect((await verify(signed(event, 'whsec_previous'))).eventId).toBe(event.id);
  });

  it('refuses a timestamp more than five minutes old, and accepts one just inside', async () => {
    const event = stripeCheckoutCompleted();
    const at = (secondsAgo: number) =>
      stripeDelivery(event, 'whsec_current', { timestamp: new Date(clock.now().getTime() - secondsAgo * 1000) });
    await expectSignatureError(verify(at(301)), /tolerance/);
    expect((await verify(at(299))).eventId).toBe(event.id);
  });

  it('refuses a validly signed body that is not JSON', async () => {
    await expectSignatureError(verify(signed('{"id": "evt_1", ')), /not JSON/);
  });

  it('refuses a delivery without a Stripe-Signature header', async () => {
    const { body } = signed(stripeCheckoutCompleted());
    await expectSignatureError(stripe.verify(body, { 'content-type': 'application/json' }), /stripe-signature/);
  });

  it('refuses a signed paid session whose total is not a positive whole number of cents', async () => {
    const event = stripeCheckoutCompleted();
    event.data.object.amount_total = 50.5;
    await expectSignatureError(verify(signed(event)), /unreadable checkout session/);
  });
});

describe('Buy Me a Coffee', () => {
  const bmc = verifierFor('buymeacoffee', ['bmc-current', 'bmc-previous']);
  const verify = ({ body, headers }: { body: Buffer; headers: WebhookHeaders }) => bmc.verify(body, headers);
  const created = new Date('2026-11-02T10:00:00Z');

  it('reads donation.created as a payment: dollars to cents, BMC fee, reference from the note, payer', async () => {
    const event = bmcDonation({ donationId: 58, amount: 5, applicationFee: '0.25', created });
    expect(await verify(buyMeACoffeeDelivery(event, 'bmc-current'))).toEqual({
      payload: event,
      eventId: String(event.event_id),
      type: 'donation.created',
      movement: {
        externalId: '58',
        kind: 'payment',
        paymentExternalId: null,
        amountCents: 500,
        currency: 'USD',
        feeCents: 25,
        occurredAt: created,
        reference: TEST_REFERENCE,
        payerName: 'Rosa',
        payerEmail: 'rosa.donor@example.com',
        note: `For Rosa, ${TEST_REFERENCE}`,
      },
    });
  });

  it('reads an amount sent as a decimal string, and a fractional JSON number, exactly', async () => {
    const asString = bmcDonation({ amount: '12.50', currency: 'eur' });
    expect((await verify(buyMeACoffeeDelivery(asString, 'bmc-current'))).movement).toMatchObject({
      amountCents: 1250,
      currency: 'EUR',
    });
    const asNumber = bmcDonation({ amount: 19.99 });
    expect((await verify(buyMeACoffeeDelivery(asNumber, 'bmc-current'))).movement?.amountCents).toBe(1999);
  });

  it('keeps the reference but not the note when the supporter hid her note', async () => {
    const event = bmcDonation({ note: 'private: hc-7kq3', noteHidden: true });
    expect((await verify(buyMeACoffeeDelivery(event, 'bmc-current'))).movement).toMatchObject({
      reference: 'HC-7KQ3',
      note: null,
    });
  });

  it('reads donation.refunded as a refund of the whole donation, named after it', async () => {
    const event = bmcDonation({ type: 'donation.refunded', donationId: 58, amount: '5.00', created });
    expect((await verify(buyMeACoffeeDelivery(event, 'bmc-current'))).movement).toEqual({
      externalId: '58:refunded',
      kind: 'refund',
      paymentExternalId: '58',
      amountCents: 500,
      currency: 'USD',
      feeCents: null,
      occurredAt: created,
      reference: null,
      payerName: null,
      payerEmail: null,
      note: null,
    });
  });

  it('answers a null movement for a test delivery (live_mode false) and for an event type it ignores', async () => {
    const test = bmcDonation({ liveMode: false });
    expect((await verify(buyMeACoffeeDelivery(test, 'bmc-current'))).movement).toBeNull();
    const membership = { ...bmcDonation(), type: 'membership.started' };
    expect(await verify(buyMeACoffeeDelivery(membership, 'bmc-current'))).toMatchObject({
      type: 'membership.started',
      movement: null,
    });
  });

  it('refuses a body with one byte changed', async () => {
    const { body, headers } = buyMeACoffeeDelivery(bmcDonation({ amount: '5.00' }), 'bmc-current');
    await expectSignatureError(bmc.verify(withChanged(body, '5.00', '9.00'), headers), /does not match/);
  });

  it('refuses a signature made with a secret not among ours, and accepts the second (rotated) secret', async () => {
    await expectSignatureError(verify(buyMeACoffeeDelivery(bmcDonation(), 'bmc-other')), /does not match/);
    const event = bmcDonation();
    expect((await verify(buyMeACoffeeDelivery(event, 'bmc-previous'))).eventId).toBe(String(event.event_id));
  });

  it('refuses a missing or malformed x-signature-sha256 header', async () => {
    const { body, headers } = buyMeACoffeeDelivery(bmcDonation(), 'bmc-current');
    await expectSignatureError(bmc.verify(body, {}), /x-signature-sha256/);
    const short = headers['x-signature-sha256']!.slice(2);
    await expectSignatureError(bmc.verify(body, { 'x-signature-sha256': short }), /not a hex SHA-256/);
  });

  it('refuses a validly signed body that is not JSON, and a donation whose amount has a third decimal', async () => {
    await expectSignatureError(verify(buyMeACoffeeDelivery('{"type": "donation.', 'bmc-current')), /not JSON/);
    const precise = bmcDonation({ amount: '5.005' });
    await expectSignatureError(verify(buyMeACoffeeDelivery(precise, 'bmc-current')), /unreadable donation amount/);
  });
});

describe('Ko-fi', () => {
  const kofi = verifierFor('kofi', ['kofi-current', 'kofi-previous']);
  const verify = ({ body, headers }: { body: Buffer; headers: WebhookHeaders }) => kofi.verify(body, headers);

  it('reads a Donation as a payment by its transaction id, its event by its message id', async () => {
    const timestamp = new Date('2026-11-02T10:00:00Z');
    const data = kofiDonation({ amount: '3.00', transactionId: 'tx-1', timestamp });
    expect(await verify(kofiDelivery(data, 'kofi-current'))).toEqual({
      eventId: data.message_id,
      type: 'Donation',
      movement: {
        externalId: 'tx-1',
        kind: 'payment',
        paymentExternalId: null,
        amountCents: 300,
        currency: 'USD',
        feeCents: null,
        occurredAt: timestamp,
        reference: TEST_REFERENCE,
        payerName: 'Jo Example',
        payerEmail: 'jo.example@example.com',
        note: `Get well soon! ${TEST_REFERENCE}`,
      },
      // Kept for managers' questions, without the token that proves a delivery is Ko-fi's.
      payload: Object.fromEntries(Object.entries(data)),
    });
  });

  it('reads a Subscription payment as a payment, and answers null for a Commission or a Shop Order', async () => {
    const subscription = kofiDonation({ type: 'Subscription', amount: '10.00' });
    expect((await verify(kofiDelivery(subscription, 'kofi-current'))).movement?.amountCents).toBe(1000);
    for (const type of ['Commission', 'Shop Order'] as const) {
      expect((await verify(kofiDelivery(kofiDonation({ type }), 'kofi-current'))).movement).toBeNull();
    }
  });

  it('keeps the reference but not the message of a private donation', async () => {
    const data = kofiDonation({ isPublic: false, message: 'quietly, HC-7KQ3' });
    expect((await verify(kofiDelivery(data, 'kofi-current'))).movement).toMatchObject({
      reference: 'HC-7KQ3',
      note: null,
    });
  });

  it('refuses a token not among ours, even one byte from ours, and accepts the second (rotated) token', async () => {
    await expectSignatureError(verify(kofiDelivery(kofiDonation(), 'kofi-currenT')), /token matches none/);
    await expectSignatureError(verify(kofiDelivery(kofiDonation(), '')), /token matches none/);
    const data = kofiDonation();
    expect((await verify(kofiDelivery(data, 'kofi-previous'))).eventId).toBe(data.message_id);
  });

  it('checks the token before reading anything else in the body', async () => {
    const garbled = { ...kofiDonation(), amount: 'lots', kofi_transaction_id: 7 };
    await expectSignatureError(verify(kofiDelivery(garbled, 'kofi-other')), /token matches none/);
    await expectSignatureError(verify(kofiDelivery(garbled, 'kofi-current')), /unreadable kofi data/);
  });

  it('refuses a body without one data field of JSON', async () => {
    const form = (text: string) => kofi.verify(Buffer.from(text), {});
    await expectSignatureError(form('message=hello'), /no single data field/);
    await expectSignatureError(
      form(`data=${encodeURIComponent('{"verification_token": "kofi-current", ')}`),
      /not JSON/,
    );
    const data = encodeURIComponent(JSON.stringify({ verification_token: 'kofi-current' }));
    await expectSignatureError(form(`data=${data}&data=${data}`), /no single data field/);
  });
});
