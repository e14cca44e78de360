/** /healthz: the process answers. /readyz: the database answers too. */
import type { FastifyPluginAsync } from 'fastify';
import { quietRoute } from '../../logging.ts';

const health: FastifyPluginAsync = async (app) => {
  app.get('/healthz', quietRoute({}), async () => ({ status: 'ok' }));
  app.get('/readyz', quietRoute({}), async (_request, reply) => {
    try {
      await app.database.ping();
      return { status: 'ok', database: app.database.kind };
    } catch {
      return reply.status(503).send({ message: 'Database is not answering', code: 'UNAVAILABLE' });
    }
  });
};
export default health;
