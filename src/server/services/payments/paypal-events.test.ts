import { crc32 } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { verifierFor, type WebhookHeaders } from './verifiers.ts';
import {
  expectSignatureError,
  paypalCaptureCompleted,
  paypalCaptureRefunded,
  paypalDelivery,
  paypalTestPki,
  TEST_REFERENCE,
  withChanged,
  type PaypalTestPki,
} from '../../../../tests/setup/processor-events.ts';

const WEBHOOK_ID = '8PT597110X687430LKGECATA';
const PREVIOUS_WEBHOOK_ID = '5GP028458E2496506';
const MINUTE_MS = 60_000;

/** A verifier that fetches from and trusts `pki`, and a delivery helper signing with `pki`'s certificate. */
function setup(pki: PaypalTestPki = paypalTestPki()) {
  const paypal = verifierFor('paypal', [WEBHOOK_ID, PREVIOUS_WEBHOOK_ID], { paypal: pki.certificates });
  const verify = ({ body, headers }: { body: Buffer; headers: WebhookHeaders }) => paypal.verify(body, headers);
  return { paypal, verify, pki };
}

describe('PayPal', () => {
  const { paypal, verify, pki } = setup();
  const signed = (event: object | string, webhookId = WEBHOOK_ID) => paypalDelivery(event, webhookId, pki.signer);

  it('reads a completed capture as a payment with PayPal fee and the reference in custom_id', async () => {
    const created = new Date('2026-11-02T10:00:00Z');
    const event = paypalCaptureCompleted({ captureId: '2GG279541U471931P', amountCents: 5000, feeCents: 224, created });
    expect(await verify(signed(event))).toEqual({
      payload: event,
      eventId: event.id,
      type: 'PAYMENT.CAPTURE.COMPLETED',
      movement: {
        externalId: '2GG279541U471931P',
        kind: 'payment',
        paymentExternalId: null,
        amountCents: 5000,
        currency: 'USD',
        feeCents: 224,
        occurredAt: created,
        reference: TEST_REFERENCE,
        payerName: null,
        payerEmail: null,
        note: null,
      },
    });
  });

  it('takes the reference from invoice_id when custom_id has none', async () => {
    const event = paypalCaptureCompleted({ customId: null, invoiceId: 'gift hc-m4rt' });
    expect((await verify(signed(event))).movement?.reference).toBe('HC-M4RT');
  });

  it('leaves the fee null when PayPal took it in another currency', async () => {
    const event = paypalCaptureCompleted({ currency: 'EUR' });
    event.resource.seller_receivable_breakdown.paypal_fee.currency_code = 'USD';
    expect((await verify(signed(event))).movement).toMatchObject({ currency: 'EUR', feeCents: null });
  });

  it('reads a refund as a refund of the capture its up link names', async () => {
    const created = new Date('2026-11-03T10:00:00Z');
    const event = paypalCaptureRefunded({ refundId: '1Y107995YT783435V', captureId: '2GG279541U471931P', created });
    event.resource.amount.value = '12.50';
    expect((await verify(signed(event))).movement).toEqual({
      externalId: '1Y107995YT783435V',
      kind: 'refund',
      paymentExternalId: '2GG279541U471931P',
      amountCents: 1250,
      currency: 'USD',
      feeCents: null,
      occurredAt: created,
      reference: null,
      payerName: null,
      payerEmail: null,
      note: null,
    });
  });

  it('answers a null movement for an event type it does not act on', async () => {
    const event = { ...paypalCaptureCompleted(), event_type: 'CHECKOUT.ORDER.APPROVED' };
    expect(await verify(signed(event))).toMatchObject({ eventId: event.id, movement: null });
  });

  it('signs the CRC32 of the body as an unsigned decimal', async () => {
    // A checksum with its top bit set, which a signed 32-bit reading would make negative.
    const event = paypalCaptureCompleted();
    let body = JSON.stringify(event);
    for (let pad = 0; crc32(body) < 2 ** 31; pad++) body = JSON.stringify({ ...event, pad });
    expect((await verify(signed(body))).eventId).toBe(event.id);
  });

  it('refuses a body with one byte changed', async () => {
    const { body, headers } = signed(paypalCaptureCompleted({ amountCents: 5000 }));
    await expectSignatureError(paypal.verify(withChanged(body, '50.00', '90.00'), headers), /does not match/);
  });

  it('refuses a body signed for a webhook id not among ours, and accepts the second (rotated) id', async () => {
    await expectSignatureError(verify(signed(paypalCaptureCompleted(), 'WH-SOMEONE-ELSE')), /does not match/);
    const event = paypalCaptureCompleted();
    expect((await verify(signed(event, PREVIOUS_WEBHOOK_ID))).eventId).toBe(event.id);
  });

  it('refuses a transmission time more than five minutes from now, either way', async () => {
    const at = (offsetMs: number) =>
      paypalDelivery(paypalCaptureCompleted(), WEBHOOK_ID, pki.signer, {
        transmissionTime: new Date(Date.now() + offsetMs),
      });
    await expectSignatureError(verify(at(-6 * MINUTE_MS)), /not within five minutes/);
    await expectSignatureError(verify(at(6 * MINUTE_MS)), /not within five minutes/);
    expect((await verify(at(-4 * MINUTE_MS))).movement).not.toBeNull();
  });

  it('refuses an algorithm other than SHA256withRSA', async () => {
    const { body, headers } = signed(paypalCaptureCompleted());
    await expectSignatureError(paypal.verify(body, { ...headers, 'paypal-auth-algo': 'SHA1withRSA' }), /auth-algo/);
  });

  it('refuses a validly signed body that is not JSON', async () => {
    await expectSignatureError(verify(signed('{"id": "WH-1", ')), /not JSON/);
  });

  it('refuses a refund without a link up to its capture', async () => {
    const event = paypalCaptureRefunded();
    event.resource.links = event.resource.links.filter((link) => link.rel !== 'up');
    await expectSignatureError(verify(signed(event)), /no link up to its capture/);
  });
});

describe("PayPal's certificate", () => {
  it('is fetched once per URL, not once per delivery', async () => {
    const { verify, pki } = setup();
    await verify(paypalDelivery(paypalCaptureCompleted(), WEBHOOK_ID, pki.signer));
    await verify(paypalDelivery(paypalCaptureCompleted(), WEBHOOK_ID, pki.signer));
    expect(pki.fetched).toEqual([pki.signer.certUrl]);
  });

  it('is kept for the twenty URLs last used, the least recently used forgotten first', async () => {
    const pki = paypalTestPki();
    const fetched: string[] = [];
    // PayPal's URL for its one certificate, under twenty-one names.
    const fetchCertificate = async (url: string) => {
      fetched.push(url);
      return pki.certificates.fetchCertificate(pki.signer.certUrl);
    };
    const paypal = verifierFor('paypal', [WEBHOOK_ID], { paypal: { ...pki.certificates, fetchCertificate } });
    const url = (n: number) => `https://api.paypal.com/v1/notifications/certs/CERT-${n}`;
    const deliver = async (n: number) => {
      const { body, headers } = paypalDelivery(paypalCaptureCompleted(), WEBHOOK_ID, pki.signer, { certUrl: url(n) });
      await paypal.verify(body, headers);
    };
    for (let n = 1; n <= 20; n++) await deliver(n);
    await deliver(1); // now the most recently used; 2 is the least
    await deliver(21);
    expect(fetched).toHaveLength(21);
    await deliver(1);
    await deliver(2);
    expect(fetched.slice(21)).toEqual([url(2)]);
  });

  it('is fetched again after a failed fetch', async () => {
    const pki = paypalTestPki();
    let failures = 1;
    const fetchCertificate = async (url: string) => {
      if (failures-- > 0) throw new Error('connection reset');
      return pki.certificates.fetchCertificate(url);
    };
    const paypal = verifierFor('paypal', [WEBHOOK_ID], { paypal: { ...pki.certificates, fetchCertificate } });
    const delivery = paypalDelivery(paypalCaptureCompleted(), WEBHOOK_ID, pki.signer);
    await expectSignatureError(paypal.verify(delivery.body, delivery.headers), /connection reset/);
    expect((await paypal.verify(delivery.body, delivery.headers)).movement).not.toBeNull();
  });

  it('is refused without fetching when its URL is not HTTPS on one of PayPal API hosts', async () => {
    const { verify, pki } = setup();
    const path = '/v1/notifications/certs/CERT-1';
    for (const certUrl of [
      `https://paypal.example.com${path}`,
      `https://api.paypal.com.example.net${path}`,
      `http://api.paypal.com${path}`,
      `https://api.paypal.com:8443${path}`,
      `https://user@api.paypal.com${path}`,
      'not a url',
    ]) {
      const delivery = paypalDelivery(paypalCaptureCompleted(), WEBHOOK_ID, pki.signer, { certUrl });
      await expectSignatureError(verify(delivery), /cert-url/);
    }
    expect(pki.fetched).toEqual([]);
  });

  it('is refused when no trusted root issued it', async () => {
    const trusted = paypalTestPki();
    const stranger = paypalTestPki();
    const paypal = verifierFor('paypal', [WEBHOOK_ID], {
      paypal: {
        fetchCertificate: stranger.certificates.fetchCertificate,
        trustedRoots: trusted.certificates.trustedRoots,
      },
    });
    const { body, headers } = paypalDelivery(paypalCaptureCompleted(), WEBHOOK_ID, stranger.signer);
    await expectSignatureError(paypal.verify(body, headers), /not issued by a trusted authority/);
  });

  it("is refused when Node's bundled roots are trusted and a test authority issued it", async () => {
    const pki = paypalTestPki();
    const paypal = verifierFor('paypal', [WEBHOOK_ID], {
      paypal: { fetchCertificate: pki.certificates.fetchCertificate },
    });
    const { body, headers } = paypalDelivery(paypalCaptureCompleted(), WEBHOOK_ID, pki.signer);
    await expectSignatureError(paypal.verify(body, headers), /not issued by a trusted authority/);
  });

  it('is accepted through an intermediate authority served after it', async () => {
    const { verify, pki } = setup(paypalTestPki({ intermediate: true }));
    const event = paypalCaptureCompleted();
    expect((await verify(paypalDelivery(event, WEBHOOK_ID, pki.signer))).eventId).toBe(event.id);
  });

  it('is refused when issued to a name outside paypal.com', async () => {
    const { verify, pki } = setup(paypalTestPki({ commonName: 'paypal.com.example.net' }));
    const delivery = paypalDelivery(paypalCaptureCompleted(), WEBHOOK_ID, pki.signer);
    await expectSignatureError(verify(delivery), /not issued to paypal.com/);
  });

  it('is refused once expired', async () => {
    const day = 24 * 60 * MINUTE_MS;
    const expired = paypalTestPki({ validFrom: new Date(Date.now() - 40 * day), validTo: new Date(Date.now() - day) });
    const { verify, pki } = setup(expired);
    await expectSignatureError(
      verify(paypalDelivery(paypalCaptureCompleted(), WEBHOOK_ID, pki.signer)),
      /not valid now/,
    );
  });
});
