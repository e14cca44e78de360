/** Public campaign content and fundraising progress: the flagship's (the spec's calls) and any campaign's by id or slug. */
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { FastifyReply } from 'fastify';
import { ProgressSchema, SupportersSchema } from '#shared/schemas/campaign.ts';
import { CampaignParamsSchema } from '#shared/schemas/public-fundraisers.ts';
import { presentCampaign, presentProgress, presentSupporter } from '../../presenters/campaign.ts';
import type { ProgressTotals } from '../../services/campaign.ts';
import { quietRoute } from '../../logging.ts';

const campaign: FastifyPluginAsyncZod = async (app) => {
  app.get('/api/campaign', { config: { access: 'public' } }, async (_request, reply) => {
    reply.header('cache-control', 'public, max-age=5');
    return presentCampaign(await app.campaigns.current());
  });

  // The hottest endpoints (every visitor polls one): the JSON text is made once per totals, not per request, and
  // sent as text, which Fastify passes on without serializing it again.
  const progressBodies = new WeakMap<ProgressTotals, string>();
  function sendProgress(reply: FastifyReply, totals: ProgressTotals): void {
    let body = progressBodies.get(totals);
    if (body === undefined) {
      body = JSON.stringify(presentProgress(totals));
      progressBodies.set(totals, body);
    }
    void reply.header('cache-control', 'no-cache').type('application/json; charset=utf-8').send(body);
  }

  // Not async: while the totals are fresh (almost always) the answer costs no promise at all. Never compressed
  // (about 100 bytes, under the threshold), so the compression plugin's two hooks are left out.
  app.get(
    '/api/fundraising/progress',
    quietRoute({ compress: false, config: { access: 'public' } }),
    (_request, reply) => {
      const fresh = app.campaigns.freshProgress();
      if (fresh) {
        sendProgress(reply, fresh);
        return;
      }
      return app.campaigns.progress().then((totals) => sendProgress(reply, totals));
    },
  );

  // Fetched by every visitor of the campaign page, like progress: no request line.
  app.get(
    '/api/campaign/supporters',
    quietRoute({ schema: { response: { 200: SupportersSchema } }, config: { access: 'public' } }),
    async (_request, reply) => {
      const rows = await app.campaigns.supporters();
      return reply.header('cache-control', 'no-cache').send({ items: rows.map(presentSupporter) });
    },
  );

  // The same two reads for any campaign (a patient's fundraiser, decision 009), cached per campaign alike.
  app.get(
    '/api/campaigns/:id/progress',
    quietRoute({
      compress: false,
      schema: { params: CampaignParamsSchema, response: { 200: ProgressSchema } },
      config: { access: 'public' },
    }),
    (request, reply) => {
      const fresh = app.campaigns.freshProgressOf(request.params.id);
      if (fresh) {
        sendProgress(reply, fresh);
        return;
      }
      return app.campaigns.progressOf(request.params.id).then((totals) => sendProgress(reply, totals));
    },
  );

  app.get(
    '/api/campaigns/:id/supporters',
    quietRoute({
      schema: { params: CampaignParamsSchema, response: { 200: SupportersSchema } },
      config: { access: 'public' },
    }),
    async (request, reply) => {
      const rows = await app.campaigns.supportersOf(request.params.id);
      return reply.header('cache-control', 'no-cache').send({ items: rows.map(presentSupporter) });
    },
  );
};
export default campaign;
