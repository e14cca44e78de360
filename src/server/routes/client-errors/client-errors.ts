/**
 * Pages the browser could not show, reported by the page's error boundary: one warning line each, with the kind,
 * the path and the error's name, nothing else (schemas/client-errors.ts). Limited per address like the events.
 */
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import * as endpoints from '#shared/contract/client-errors.ts';
import { route } from '../endpoint.ts';

const clientErrors: FastifyPluginAsyncZod = async (app) => {
  route(
    app,
    endpoints.report,
    { config: { rateLimit: { max: 10, timeWindow: '1 minute' } } },
    async (request, reply) => {
      request.log.warn({ clientError: request.body }, 'a page failed in the browser');
      return reply.status(204).send();
    },
  );
};
export default clientErrors;
