/**
 * The processors' signed events: `POST /api/webhooks/<processor>`, each on only while its secret is set (else 404,
 * before its body is read). The body is kept raw, at most WEBHOOK_BODY_MAX, and verified as its processor documents
 * before anything is parsed or stored; a verified event's movement is stored once and matched (commands/payments.ts).
 * A redelivery answers 200 as the first did, and so does an event we do not act on.
 */
import type { FastifyReply } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import * as endpoints from '#shared/contract/webhooks.ts';
import { AppError } from '#shared/errors.ts';
import { Batcher } from '../../commands/batcher.ts';
import type { PaymentOutcome, ReceivedMovement } from '../../commands/payments.ts';
import { noteDeliveryRefused, noteEventReceived, receiveEvents } from '../../commands/processor-deliveries.ts';
import { run, SYSTEM_ACTOR } from '../../commands/run.ts';
import { tooManyRequests, type AccountLimit } from '../../services/account-limits.ts';
import { isDatabaseUnavailable } from '../../services/db-errors.ts';
import { SIGNING_PROCESSORS, SignatureError, type SigningProcessor } from '../../services/payments/movement.ts';
import { verifierFor, type EventVerifier, type VerifierOptions } from '../../services/payments/verifiers.ts';
import { route } from '../endpoint.ts';

/** Far above any event the four processors send (a Stripe Checkout session is a few kilobytes). */
export const WEBHOOK_BODY_MAX = 256 * 1024;

/**
 * Deliveries refused per address a minute before it is answered 429 until the minute ends, before its signature
 * is checked and without a write: a flood of forged events costs neither a certificate's fetch nor a write each.
 */
export const WEBHOOK_REFUSALS: AccountLimit = { name: 'webhook-refused', max: 60, windowMs: 60_000 };

/** Addresses kept refused before their signature is checked, at most (then forgotten, and counted again). */
const REFUSED_ADDRESSES_MAX = 10_000;

/** At most this many events in one transaction. */
const EVENT_BATCH = 100;

/** Any of the four processors' endpoints (src/shared/contract/webhooks.ts): the same but for the path. */
type Webhook = (typeof endpoints)[SigningProcessor]['declaration'];

/** What every accepted delivery is answered, new or not: processors look only at the status. */
const RECEIVED = { received: true } as const;

const webhooks: FastifyPluginAsyncZod<Pick<VerifierOptions, 'paypal'>> = async (app, options) => {
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

  // Events that arrive together are recorded together, one transaction for the lot (commands/batcher.ts): a
  // processor sends in bursts, and a gift is a dozen statements. Stored again one by one when the batch fails, so a
  // bad one fails alone (each is stored once by its id, so nothing can count twice).
  const batchers = new Map(
    SIGNING_PROCESSORS.map((processor) => [
      processor,
      new Batcher<ReceivedMovement, PaymentOutcome>({
        max: EVENT_BATCH,
        // A database that is down fails the lot (the processor sends them again), rather than each in turn.
        retryOneByOne: (err) => !isDatabaseUnavailable(err),
        store: (received) => run(app.commandEnv(), SYSTEM_ACTOR, receiveEvents, processor, received),
      }),
    ]),
  );

  // Addresses past WEBHOOK_REFUSALS, until their window ends: refused here before their signature is checked (a
  // forged PayPal delivery costs a fetch of the certificate it names) and without writing their count again.
  const refusedUntil = new Map<string, number>();
  const refuseIfFlooding = (ip: string, reply: FastifyReply) => {
    const until = refusedUntil.get(ip);
    if (until === undefined) return;
    const now = app.clock.now().getTime();
    if (until > now) tooManyRequests(until - now, reply);
    refusedUntil.delete(ip);
  };

  // No rate limit per request: a processor sends a backlog in bursts after an outage, and each signed event is
  // stored once. Refused deliveries are counted per address instead (WEBHOOK_REFUSALS).
  for (const processor of SIGNING_PROCESSORS) {
    route<Webhook>(
      app,
      endpoints[processor],
      {
        bodyLimit: WEBHOOK_BODY_MAX,
        // Off while its secret is unset: nothing about the body (its type, its size) is looked at.
        onRequest: async () => {
          if (!verifiers.has(processor)) throw new AppError('NOT_FOUND', 'Not found');
        },
      },
      async (request, reply) => {
        const body = request.body;
        if (!Buffer.isBuffer(body)) throw new AppError('VALIDATION', 'Request body is empty; send the signed event');
        refuseIfFlooding(request.ip, reply);
        let event;
        try {
          event = await verifiers.get(processor)!.verify(body, request.headers);
        } catch (err) {
          if (!(err instanceof SignatureError)) throw err;
          const refused = await app.accountLimits.hit(WEBHOOK_REFUSALS, request.ip);
          if (refused.count > WEBHOOK_REFUSALS.max) {
            // Forgotten once its window ends; a flood of new addresses is bounded by what the map holds.
            if (refusedUntil.size >= REFUSED_ADDRESSES_MAX) refusedUntil.clear();
            refusedUntil.set(request.ip, app.clock.now().getTime() + refused.resetInMs);
            tooManyRequests(refused.resetInMs, reply);
          }
          await request.run(noteDeliveryRefused, processor, err.message);
          throw new AppError('VALIDATION', `This event failed ${processor}'s signature check: ${err.message}`);
        }
        const origin = { eventId: event.eventId, eventType: event.type, payload: event.payload };
        if (event.movement)
          await batchers
            .get(processor)!
            .add({ movement: event.movement, origin, sender: { id: null, ip: request.ip } });
        else await request.run(noteEventReceived, processor, event.type);
        return reply.send(RECEIVED);
      },
    );
  }
};
export default webhooks;
