/**
 * The processors' signed events: `POST /api/webhooks/<processor>`, each on only while its secret is set (else 404,
 * before its body is read). The body is kept raw, at most WEBHOOK_BODY_MAX, and verified as its processor documents
 * before anything is parsed or stored; a verified event's movement is stored once and matched (commands/payments.ts).
 * A redelivery answers 200 as the first did, and so does an event we do not act on.
 */
import type { FastifyPluginAsync, FastifyRequest } from 'fastify';
import { AppError } from '#shared/errors.ts';
import { receivePayment } from '../../commands/payments.ts';
import { noteDeliveryRefused, noteEventReceived } from '../../commands/processor-deliveries.ts';
import { SIGNING_PROCESSORS, SignatureError, type SigningProcessor } from '../../services/payments/movement.ts';
import { verifierFor, type EventVerifier, type VerifierOptions } from '../../services/payments/verifiers.ts';

/** Far above any event the four processors send (a Stripe Checkout session is a few kilobytes). */
export const WEBHOOK_BODY_MAX = 256 * 1024;

/** What every accepted delivery is answered, new or not: processors look only at the status. */
const RECEIVED = { received: true } as const;

const webhooks: FastifyPluginAsync<Pick<VerifierOptions, 'paypal'>> = async (app, options) => {
  // In this plugin only: bodies stay the bytes that were signed (Stripe's and Buy Me a Coffee's JSON, Ko-fi's form).
  app.removeAllContentTypeParsers();
  app.addContentTypeParser(
    ['application/json', 'application/x-www-form-urlencoded'],
    { parseAs: 'buffer', bodyLimit: WEBHOOK_BODY_MAX },
    (_request, body, done) => done(null, body),
  );

  const verifiers = new Map<SigningProcessor, EventVerifier>();
  for (const processor of SIGNING_PROCESSORS) {
    const secrets = app.config.webhookSecrets[processor];
    if (secrets) verifiers.set(processor, verifierFor(processor, secrets, { ...options, clock: app.clock }));
  }

  for (const processor of SIGNING_PROCESSORS) {
    app.post(
      `/api/webhooks/${processor}`,
      {
        bodyLimit: WEBHOOK_BODY_MAX,
        // Processors send from a few addresses, in bursts after an outage: a generous limit that still stops a flood.
        config: { access: 'public', rateLimit: { max: 600, timeWindow: '1 minute' } },
        // Off while its secret is unset: nothing about the body (its type, its size) is looked at.
        onRequest: async () => {
          if (!verifiers.has(processor)) throw new AppError('NOT_FOUND', 'Not found');
        },
      },
      async (request: FastifyRequest<{ Body: Buffer }>) => {
        const body = request.body;
        if (!Buffer.isBuffer(body)) throw new AppError('VALIDATION', 'Request body is empty; send the signed event');
        let event;
        try {
          event = await verifiers.get(processor)!.verify(body, request.headers);
        } catch (err) {
          if (!(err instanceof SignatureError)) throw err;
          await request.run(noteDeliveryRefused, processor, err.message);
          throw new AppError('VALIDATION', `This event failed ${processor}'s signature check: ${err.message}`);
        }
        if (event.movement)
          await request.run(receivePayment, processor, event.movement, {
            eventId: event.eventId,
            eventType: event.type,
            payload: event.payload,
          });
        await request.run(noteEventReceived, processor, event.type);
        return RECEIVED;
      },
    );
  }
};
export default webhooks;
