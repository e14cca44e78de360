/** /healthz: the process answers. /readyz: the database answers too, and the process is not shutting down. */
import type { FastifyPluginAsync } from 'fastify';
import { quietRoute } from '../../logging.ts';

const health: FastifyPluginAsync = async (app) => {
  app.get('/healthz', quietRoute({}), async () => ({ status: 'ok' }));
  app.get('/readyz', quietRoute({}), async (_request, reply) => {
    if (app.lifecycle.draining)
      return reply.status(503).send({ message: 'Shutting down: send new requests elsewhere', code: 'UNAVAILABLE' });
    try {
      await app.database.ping();
      return { status: 'ok', database: app.database.kind };
    } catch {
      return reply.status(503).send({ message: 'Database is not answering', code: 'UNAVAILABLE' });
    }
  });
};
export default health;
