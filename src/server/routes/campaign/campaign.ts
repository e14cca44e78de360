/** Public campaign content and fundraising progress. */
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { presentCampaign, presentProgress } from '../../presenters/campaign.ts';
import type { ProgressTotals } from '../../services/campaign.ts';

const campaign: FastifyPluginAsyncZod = async (app) => {
  app.get('/api/campaign', { config: { access: 'public' } }, async (_request, reply) => {
    reply.header('cache-control', 'public, max-age=5');
    return presentCampaign(await app.campaigns.current());
  });

  // The hottest endpoint (every visitor polls it): the JSON text is made once per totals, not per request.
  let lastTotals: ProgressTotals | undefined;
  let lastBody = '';
  app.get('/api/fundraising/progress', { config: { access: 'public' }, logLevel: 'warn' }, async (_request, reply) => {
    const totals = await app.campaigns.progress();
    if (totals !== lastTotals) {
      lastTotals = totals;
      lastBody = JSON.stringify(presentProgress(totals));
    }
    return reply.header('cache-control', 'no-cache').type('application/json; charset=utf-8').send(lastBody);
  });
};
export default campaign;
