/**
 * Public campaign figures, one code path for every campaign by id or slug (`/api/campaigns/:id/progress`,
 * `/supporters`); the spec's `/api/fundraising/progress` is its alias for the main appeal (decision 012), and
 * `/api/campaign` the main appeal's content document.
 */
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { FastifyReply } from 'fastify';
import * as endpoints from '#shared/contract/campaign.ts';
import { presentCampaign, presentProgress, presentSupporter } from '../../presenters/campaign.ts';
import type { ProgressTotals } from '../../services/campaign.ts';
import { quietRoute } from '../../logging.ts';
import { route } from '../endpoint.ts';

const campaign: FastifyPluginAsyncZod = async (app) => {
  route(app, endpoints.mainAppeal, {}, async (_request, reply) => {
    reply.header('cache-control', 'public, max-age=5');
    return presentCampaign(await app.campaigns.mainAppeal());
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

  /**
   * Any campaign's progress by its id or slug. Not async: while the totals are fresh (almost always) the answer
   * costs no promise at all.
   */
  function answerProgress(reply: FastifyReply, idOrSlug: string): Promise<void> | undefined {
    const fresh = app.campaigns.freshProgressOf(idOrSlug);
    if (fresh) {
      sendProgress(reply, fresh);
      return;
    }
    return app.campaigns.progressOf(idOrSlug).then((totals) => sendProgress(reply, totals));
  }

  // Never compressed (about 100 bytes, under the threshold), so the compression plugin's two hooks are left out.
  const uncompressed = quietRoute({ compress: false as const, config: {} });
  route(app, endpoints.progress, uncompressed, (request, reply) => answerProgress(reply, request.params.id));

  // The spec's call: the main appeal's progress, answered by the code above (its id is cached with its row).
  route(app, endpoints.mainAppealProgress, uncompressed, (_request, reply) => {
    const id = app.campaigns.freshMainAppealId();
    if (id) return answerProgress(reply, id);
    return app.campaigns.mainAppeal().then((main) => answerProgress(reply, main.id));
  });

  // Fetched by every visitor of a campaign's page, like progress: no request line.
  route(app, endpoints.supporters, quietRoute({ config: {} }), async (request, reply) => {
    const rows = await app.campaigns.supportersOf(request.params.id);
    return reply.header('cache-control', 'no-cache').send({ items: rows.map(presentSupporter) });
  });
};
export default campaign;
