/** Public campaign content and fundraising progress. */
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { presentCampaign, presentProgress } from '../../presenters/campaign.ts';

const campaign: FastifyPluginAsyncZod = async (app) => {
  app.get('/api/campaign', async (_request, reply) => {
    reply.header('cache-control', 'public, max-age=5');
    return presentCampaign(await app.campaigns.current());
  });

  app.get('/api/fundraising/progress', { logLevel: 'warn' }, async (_request, reply) => {
    reply.header('cache-control', 'no-cache');
    return presentProgress(await app.campaigns.progress());
  });
};
export default campaign;
