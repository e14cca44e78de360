/** The donate page's intents. */
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { DonationIntentCreatedSchema, DonationIntentSchema } from '#shared/schemas/donation.ts';
import { recordIntent } from '../../commands/record-intent.ts';
import { linkSettings } from '../../commands/accounts.ts';

const donations: FastifyPluginAsyncZod = async (app) => {
  const links = linkSettings(app.config);
  app.post(
    '/api/donation-intent',
    {
      schema: { body: DonationIntentSchema, response: { 201: DonationIntentCreatedSchema } },
      config: { access: 'public', rateLimit: { max: 20, timeWindow: '1 minute' } },
    },
    async (request, reply) => {
      const campaign = await app.campaigns.current();
      const created = await request.run(
        recordIntent,
        links,
        { id: campaign.id, name: campaign.content.name },
        request.body,
      );
      return reply.status(201).send(created);
    },
  );
};
export default donations;
