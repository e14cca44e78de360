/** The donate pages' intents: the flagship's (the spec's call) and any campaign's, a patient's fundraiser among them. */
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { z } from 'zod';
import { AppError } from '#shared/errors.ts';
import { UuidSchema } from '#shared/schemas/common.ts';
import { DonationIntentCreatedSchema, DonationIntentSchema, type DonationIntent } from '#shared/schemas/donation.ts';
import { recordIntent, recordIntentAndFollow } from '../../commands/record-intent.ts';
import { tooManyRequests } from '../../services/account-limits.ts';
import { linkSettings } from '../../commands/accounts.ts';
import { giftTarget } from '../../db/queries/fundraisers.ts';

const intentSchema = { body: DonationIntentSchema, response: { 201: DonationIntentCreatedSchema } };
// Counted per address in the same statement as the insert (commands/record-intent.ts), not by the plugin.
const intentConfig = { access: 'public', rateLimit: false } as const;

const donations: FastifyPluginAsyncZod = async (app) => {
  const links = linkSettings(app.config);

  async function record(
    request: FastifyRequest,
    reply: FastifyReply,
    target: { id: string; name: string },
    intent: DonationIntent,
  ) {
    const { donorEmail } = intent;
    const outcome =
      intent.followUpdates && donorEmail
        ? await request.run(recordIntentAndFollow, links, target, { ...intent, donorEmail })
        : await request.run(recordIntent, target, intent);
    if ('retryInMs' in outcome) tooManyRequests(outcome.retryInMs, reply);
    return reply.status(201).send(outcome);
  }

  app.post('/api/donation-intent', { schema: intentSchema, config: intentConfig }, async (request, reply) => {
    const campaign = await app.campaigns.current();
    return record(request, reply, { id: campaign.id, name: campaign.content.name }, request.body);
  });

  app.post(
    '/api/campaigns/:id/intents',
    {
      schema: { ...intentSchema, params: z.strictObject({ id: UuidSchema }) },
      config: intentConfig,
    },
    async (request, reply) => {
      const target = await giftTarget(app.db, request.params.id);
      if (!target) throw new AppError('NOT_FOUND', 'No such campaign');
      if (!target.takesGifts) throw new AppError('CONFLICT', 'This fundraiser is closed and takes no new gifts');
      return record(request, reply, target, request.body);
    },
  );
};
export default donations;
