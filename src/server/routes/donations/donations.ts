/** The donate page's intents. */
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { DonationIntentCreatedSchema, DonationIntentSchema } from '#shared/schemas/donation.ts';
import { recordIntent, recordIntentAndFollow } from '../../commands/record-intent.ts';
import { tooManyRequests } from '../../services/account-limits.ts';
import { linkSettings } from '../../commands/accounts.ts';

const donations: FastifyPluginAsyncZod = async (app) => {
  const links = linkSettings(app.config);
  app.post(
    '/api/donation-intent',
    {
      schema: { body: DonationIntentSchema, response: { 201: DonationIntentCreatedSchema } },
      // Counted per address in the same statement as the insert (commands/record-intent.ts), not by the plugin.
      config: { access: 'public', rateLimit: false },
    },
    async (request, reply) => {
      const campaign = await app.campaigns.current();
      const target = { id: campaign.id, name: campaign.content.name };
      const { donorEmail } = request.body;
      const outcome =
        request.body.followUpdates && donorEmail
          ? await request.run(recordIntentAndFollow, links, target, { ...request.body, donorEmail })
          : await request.run(recordIntent, target, request.body);
      if ('retryInMs' in outcome) tooManyRequests(outcome.retryInMs, reply);
      return reply.status(201).send(outcome);
    },
  );
};
export default donations;
