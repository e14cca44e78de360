/**
 * The donate pages' intents: one code path for any campaign (`/api/campaigns/:id/intents`, a patient's fundraiser
 * or the main appeal); the spec's `/api/donation-intent` is its alias for the main appeal (decision 012).
 */
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { AppError } from '#shared/errors.ts';
import * as endpoints from '#shared/contract/donations.ts';
import type { DonationIntent } from '#shared/schemas/donation.ts';
import { findReference } from '#shared/payment-reference.ts';
import { recordIntent, recordIntentAndFollow } from '../../commands/record-intent.ts';
import { tooManyRequests } from '../../services/account-limits.ts';
import { linkSettings } from '../../commands/accounts.ts';
import { appealTarget, giftTarget, type GiftTarget } from '../../db/queries/fundraisers.ts';
import { giftStatusOf } from '../../db/queries/donations.ts';
import { route } from '../endpoint.ts';

// Counted per address in the same statement as the insert (commands/record-intent.ts), not by the plugin.
const intentExtras = { config: { rateLimit: false } } as const;

const donations: FastifyPluginAsyncZod = async (app) => {
  const links = linkSettings(app.config);

  /** Records the intent for the campaign it names: 404 for one donors may not know of, 409 for a closed one. */
  async function recordFor(
    request: FastifyRequest,
    reply: FastifyReply,
    target: GiftTarget | undefined,
    intent: DonationIntent,
  ) {
    if (!target) throw new AppError('NOT_FOUND', 'No such campaign');
    if (!target.takesGifts) throw new AppError('CONFLICT', 'This fundraiser is closed and takes no new gifts');
    const { donorEmail } = intent;
    const outcome =
      intent.followUpdates && donorEmail
        ? await request.run(recordIntentAndFollow, links, target, { ...intent, donorEmail })
        : await request.run(recordIntent, target, intent);
    if ('retryInMs' in outcome) tooManyRequests(outcome.retryInMs, reply);
    return reply.status(201).send(outcome);
  }

  route(app, endpoints.campaignIntent, intentExtras, async (request, reply) =>
    recordFor(request, reply, await giftTarget(app.db, request.params.id), request.body),
  );

  // The spec's call: the main appeal, read from its cached row (it always takes gifts), so an intent stays one
  // statement.
  route(app, endpoints.mainAppealIntent, intentExtras, async (request, reply) =>
    recordFor(request, reply, appealTarget(await app.campaigns.mainAppeal()), request.body),
  );

  // The thank-you page's question, asked every few seconds until the answer is yes: a reference in any spelling.
  route(app, endpoints.giftStatus, { config: { rateLimit: { max: 120, timeWindow: '1 minute' } } }, async (request) => {
    const reference = findReference(request.params.reference);
    const status = reference && (await giftStatusOf(app.db, reference));
    if (!status) throw new AppError('NOT_FOUND', 'No gift has that reference');
    return status;
  });
};
export default donations;
