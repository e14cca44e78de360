/** First-party analytics events. Do Not Track and Global Privacy Control are honoured: nothing is stored. */
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import * as endpoints from '#shared/contract/site.ts';
import { quietRoute } from '../../logging.ts';
import { route } from '../endpoint.ts';

const events: FastifyPluginAsyncZod = async (app) => {
  route(
    app,
    endpoints.event,
    quietRoute({ config: { rateLimit: { max: 120, timeWindow: '1 minute' } } }),
    async (request, reply) => {
      const optedOut = request.headers.dnt === '1' || request.headers['sec-gpc'] === '1';
      if (!optedOut) {
        await app.analytics.record(request.body, { ip: request.ip, userAgent: request.headers['user-agent'] ?? '' });
      }
      return reply.status(204).send();
    },
  );
};
export default events;
