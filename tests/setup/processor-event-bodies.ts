/**
 * Event bodies shaped like each processor's, with the fields our verifiers read set from options: the rest is
 * as the processor sends it. Sign them with processor-signers.ts (or processor-events.ts, which adds PayPal's).
 * `npm run payments:simulate` (scripts/payment-simulation.ts) builds its events here too: no Vitest imports.
 */
import { randomBytes, randomUUID } from 'node:crypto';
import { centsToDecimal } from '../../src/shared/money.ts';

/** The reference every builder's payment carries unless told otherwise. */
export const TEST_REFERENCE = 'HC-7KQ3';

const seconds = (date: Date) => Math.floor(date.getTime() / 1000);
const randomId = (prefix: string, length = 24) =>
  `${prefix}${randomBytes(length).toString('base64url').slice(0, length)}`;
/** PayPal's ids: 17 upper-case letters and digits. */
const paypalId = () => randomBytes(17).toString('hex').toUpperCase().slice(0, 17);

// ---------------------------------------------------------------------------------------------------- Stripe

function stripeEvent<Resource extends object>(type: string, object: Resource, created: Date, extra: object = {}) {
  return {
    id: randomId('evt_'),
    object: 'event',
    api_version: '2026-10-28.endive',
    created: seconds(created),
    data: { object, ...extra },
    livemode: false,
    pending_webhooks: 1,
    request: { id: null, idempotency_key: null },
    type,
  };
}

export interface StripeCheckoutOptions {
  amountCents?: number;
  currency?: string;
  /** Set as `client_reference_id`, as our Checkout sessions carry it (TEST_REFERENCE by default). */
  reference?: string | null;
  /** What a payment link's donor typed in its text fields. */
  customFieldTexts?: string[];
  metadata?: Record<string, string>;
  paymentIntent?: string | null;
  sessionId?: string;
  paymentStatus?: 'paid' | 'unpaid' | 'no_payment_required';
  name?: string | null;
  email?: string | null;
  created?: Date;
  type?: 'checkout.session.completed' | 'checkout.session.async_payment_succeeded';
}

export function stripeCheckoutCompleted(options: StripeCheckoutOptions = {}) {
  const created = options.created ?? new Date();
  const amount = options.amountCents ?? 5000;
  const session = {
    id: options.sessionId ?? randomId('cs_test_', 58),
    object: 'checkout.session',
    amount_subtotal: amount,
    amount_total: amount,
    client_reference_id: options.reference === undefined ? TEST_REFERENCE : options.reference,
    created: seconds(created) - 60,
    currency: options.currency ?? 'usd',
    custom_fields: (options.customFieldTexts ?? []).map((value, index) => ({
      key: `note${index}`,
      label: { custom: 'Gift reference', type: 'custom' },
      optional: true,
      text: { default_value: null, maximum_length: null, minimum_length: null, value },
      type: 'text',
    })),
    customer: null,
    customer_details: {
      address: { city: null, country: 'US', line1: null, line2: null, postal_code: '94103', state: null },
      email: options.email === undefined ? 'rosa.donor@example.com' : options.email,
      name: options.name === undefined ? 'Rosa Donor' : options.name,
      phone: null,
      tax_exempt: 'none',
      tax_ids: [],
    },
    expires_at: seconds(created) + 23 * 3600,
    livemode: false,
    metadata: options.metadata ?? {},
    mode: 'payment',
    payment_intent: options.paymentIntent === undefined ? randomId('pi_') : options.paymentIntent,
    payment_status: options.paymentStatus ?? 'paid',
    status: 'complete',
    success_url: 'https://healing-circle.example/donate/thanks',
    url: null,
  };
  return stripeEvent(options.type ?? 'checkout.session.completed', session, created);
}

export interface StripeChargeRefundedOptions {
  chargeId?: string;
  paymentIntent?: string | null;
  amountCents?: number;
  /** Everything refunded on the charge so far, this refund included (all of it by default). */
  amountRefundedCents?: number;
  currency?: string;
  created?: Date;
}

export function stripeChargeRefunded(options: StripeChargeRefundedOptions = {}) {
  const created = options.created ?? new Date();
  const amount = options.amountCents ?? 5000;
  const refunded = options.amountRefundedCents ?? amount;
  const charge = {
    id: options.chargeId ?? randomId('ch_'),
    object: 'charge',
    amount,
    amount_captured: amount,
    amount_refunded: refunded,
    balance_transaction: randomId('txn_'),
    billing_details: { email: 'rosa.donor@example.com', name: 'Rosa Donor' },
    captured: true,
    created: seconds(created) - 24 * 3600,
    currency: options.currency ?? 'usd',
    livemode: false,
    metadata: {},
    paid: true,
    payment_intent: options.paymentIntent === undefined ? randomId('pi_') : options.paymentIntent,
    refunded: refunded === amount,
    status: 'succeeded',
  };
  return stripeEvent('charge.refunded', charge, created, { previous_attributes: { amount_refunded: 0 } });
}

export interface StripeDisputeOptions {
  disputeId?: string;
  chargeId?: string;
  paymentIntent?: string | null;
  amountCents?: number;
  currency?: string;
  created?: Date;
}

export function stripeDisputeCreated(options: StripeDisputeOptions = {}) {
  const created = options.created ?? new Date();
  const dispute = {
    id: options.disputeId ?? randomId('dp_'),
    object: 'dispute',
    amount: options.amountCents ?? 5000,
    charge: options.chargeId ?? randomId('ch_'),
    created: seconds(created),
    currency: options.currency ?? 'usd',
    is_charge_refundable: false,
    livemode: false,
    metadata: {},
    payment_intent: options.paymentIntent === undefined ? randomId('pi_') : options.paymentIntent,
    reason: 'fraudulent',
    status: 'needs_response',
  };
  return stripeEvent('charge.dispute.created', dispute, created);
}

// ---------------------------------------------------------------------------------------------------- PayPal

const paypalMoney = (cents: number, currency: string) => ({ currency_code: currency, value: centsToDecimal(cents) });

function paypalEvent<Resource extends object>(
  eventType: string,
  resourceType: string,
  resource: Resource,
  summary: string,
) {
  return {
    id: `WH-${paypalId()}-${paypalId()}`,
    event_version: '1.0',
    create_time: new Date().toISOString(),
    resource_type: resourceType,
    resource_version: '2.0',
    event_type: eventType,
    summary,
    resource,
    links: [],
  };
}

export interface PaypalCaptureOptions {
  captureId?: string;
  amountCents?: number;
  /** PayPal's fee; 3.49% + 49 cents by default. */
  feeCents?: number;
  currency?: string;
  /** Where our orders put the reference (TEST_REFERENCE by default). */
  customId?: string | null;
  invoiceId?: string | null;
  created?: Date;
}

export function paypalCaptureCompleted(options: PaypalCaptureOptions = {}) {
  const id = options.captureId ?? paypalId();
  const amount = options.amountCents ?? 5000;
  const fee = options.feeCents ?? 49 + Math.round((amount * 349) / 10_000);
  const currency = options.currency ?? 'USD';
  const time = (options.created ?? new Date()).toISOString().replace(/\.\d{3}Z$/, 'Z');
  const orderId = paypalId();
  const capture = {
    id,
    status: 'COMPLETED',
    amount: paypalMoney(amount, currency),
    final_capture: true,
    seller_protection: { status: 'ELIGIBLE', dispute_categories: ['ITEM_NOT_RECEIVED', 'UNAUTHORIZED_TRANSACTION'] },
    seller_receivable_breakdown: {
      gross_amount: paypalMoney(amount, currency),
      paypal_fee: paypalMoney(fee, currency),
      net_amount: paypalMoney(amount - fee, currency),
    },
    ...(options.customId === null ? {} : { custom_id: options.customId ?? TEST_REFERENCE }),
    ...(options.invoiceId ? { invoice_id: options.invoiceId } : {}),
    supplementary_data: { related_ids: { order_id: orderId } },
    links: [
      { href: `https://api.sandbox.paypal.com/v2/payments/captures/${id}`, rel: 'self', method: 'GET' },
      { href: `https://api.sandbox.paypal.com/v2/payments/captures/${id}/refund`, rel: 'refund', method: 'POST' },
      { href: `https://api.sandbox.paypal.com/v2/checkout/orders/${orderId}`, rel: 'up', method: 'GET' },
    ],
    create_time: time,
    update_time: time,
  };
  return paypalEvent(
    'PAYMENT.CAPTURE.COMPLETED',
    'capture',
    capture,
    `Payment completed for ${centsToDecimal(amount)} ${currency}`,
  );
}

export interface PaypalRefundOptions {
  refundId?: string;
  captureId?: string;
  amountCents?: number;
  currency?: string;
  created?: Date;
}

export function paypalCaptureRefunded(options: PaypalRefundOptions = {}) {
  const id = options.refundId ?? paypalId();
  const captureId = options.captureId ?? paypalId();
  const amount = options.amountCents ?? 5000;
  const currency = options.currency ?? 'USD';
  const time = (options.created ?? new Date()).toISOString().replace(/\.\d{3}Z$/, 'Z');
  const refund = {
    id,
    status: 'COMPLETED',
    amount: paypalMoney(amount, currency),
    seller_payable_breakdown: {
      gross_amount: paypalMoney(amount, currency),
      paypal_fee: paypalMoney(0, currency),
      net_amount: paypalMoney(amount, currency),
      total_refunded_amount: paypalMoney(amount, currency),
    },
    links: [
      { href: `https://api.sandbox.paypal.com/v2/payments/refunds/${id}`, rel: 'self', method: 'GET' },
      { href: `https://api.sandbox.paypal.com/v2/payments/captures/${captureId}`, rel: 'up', method: 'GET' },
    ],
    create_time: time,
    update_time: time,
  };
  return paypalEvent(
    'PAYMENT.CAPTURE.REFUNDED',
    'refund',
    refund,
    `A ${centsToDecimal(amount)} ${currency} capture payment was refunded`,
  );
}

// ---------------------------------------------------------------------------------------------- Buy Me a Coffee

export interface BmcDonationOptions {
  donationId?: number;
  /** Dollars as BMC sends them: a JSON number (5) or a decimal string ("5.00"). */
  amount?: number | string;
  currency?: string;
  /** BMC's fee. */
  applicationFee?: string;
  note?: string | null;
  noteHidden?: boolean;
  name?: string;
  email?: string;
  created?: Date;
  liveMode?: boolean;
  type?: 'donation.created' | 'donation.refunded';
}

/** A `donation.created` (or, with `type`, `donation.refunded`) as BMC's deliveries carry one. */
export function bmcDonation(options: BmcDonationOptions = {}) {
  const created = options.created ?? new Date();
  const amount = options.amount ?? 5;
  const refunded = options.type === 'donation.refunded';
  return {
    type: options.type ?? 'donation.created',
    live_mode: options.liveMode ?? true,
    attempt: 1,
    created: seconds(created),
    event_id: Number.parseInt(randomBytes(3).toString('hex'), 16),
    data: {
      id: options.donationId ?? Number.parseInt(randomBytes(3).toString('hex'), 16),
      amount,
      object: 'payment',
      status: 'succeeded',
      message: `${options.name ?? 'Rosa'} bought you a coffee`,
      currency: options.currency ?? 'USD',
      refunded: refunded ? 'true' : 'false',
      created_at: seconds(created) - (refunded ? 3600 : 0),
      note_hidden: options.noteHidden ? 'true' : 'false',
      refunded_at: refunded ? seconds(created) : null,
      coffee_count: 1,
      coffee_price: '5.0000',
      support_note: options.note === undefined ? `For Rosa, ${TEST_REFERENCE}` : options.note,
      support_type: 'Supporter',
      supporter_id: 10815174,
      supporter_name: options.name ?? 'Rosa',
      transaction_id: randomId('pi_'),
      application_fee: options.applicationFee ?? '0.25',
      supporter_email: options.email ?? 'rosa.donor@example.com',
      supporter_name_type: 'default',
      total_amount_charged: typeof amount === 'string' ? amount : amount.toFixed(2),
    },
  };
}

// ---------------------------------------------------------------------------------------------------- Ko-fi

export interface KofiDonationOptions {
  /** A decimal string, as Ko-fi sends it. */
  amount?: string;
  currency?: string;
  message?: string | null;
  isPublic?: boolean;
  fromName?: string;
  email?: string;
  type?: 'Donation' | 'Subscription' | 'Commission' | 'Shop Order';
  transactionId?: string;
  timestamp?: Date;
}

/** The `data` of a Ko-fi delivery, without its verification token (kofiDelivery adds it). */
export function kofiDonation(options: KofiDonationOptions = {}) {
  const transactionId = options.transactionId ?? randomUUID();
  const subscription = options.type === 'Subscription';
  return {
    message_id: randomUUID(),
    timestamp: (options.timestamp ?? new Date()).toISOString().replace(/\.\d{3}Z$/, 'Z'),
    type: options.type ?? 'Donation',
    is_public: options.isPublic ?? true,
    from_name: options.fromName ?? 'Jo Example',
    message: options.message === undefined ? `Get well soon! ${TEST_REFERENCE}` : options.message,
    amount: options.amount ?? '3.00',
    url: `https://ko-fi.com/Home/CoffeeShop?txid=${transactionId}`,
    email: options.email ?? 'jo.example@example.com',
    currency: options.currency ?? 'USD',
    is_subscription_payment: subscription,
    is_first_subscription_payment: subscription,
    kofi_transaction_id: transactionId,
    shop_items: null,
    tier_name: subscription ? 'Supporter' : null,
    shipping: null,
  };
}
