/** The donate page's intents. */
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { DonationIntentCreatedSchema, DonationIntentSchema } from '#shared/schemas/donation.ts';
import { recordIntent } from '../../commands/record-intent.ts';

const donations: FastifyPluginAsyncZod = async (app) => {
  app.post(
    '/api/donation-intent',
    {
      schema: { body: DonationIntentSchema, response: { 201: DonationIntentCreatedSchema } },
      config: { access: 'public', rateLimit: { max: 20, timeWindow: '1 minute' } },
    },
    async (request, reply) => {
      const campaign = await app.campaigns.current();
      const created = await request.run(recordIntent, campaign.id, request.body);
      return reply.status(201).send(created);
    },
  );
};
export default donations;
