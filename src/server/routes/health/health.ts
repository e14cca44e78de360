/** /healthz: the process answers. /readyz: the database answers too. */
import type { FastifyPluginAsync } from 'fastify';

const health: FastifyPluginAsync = async (app) => {
  app.get('/healthz', { logLevel: 'warn' }, async () => ({ status: 'ok' }));
  app.get('/readyz', { logLevel: 'warn' }, async (_request, reply) => {
    try {
      await app.database.ping();
      return { status: 'ok', database: app.database.kind };
    } catch {
      return reply.status(503).send({ message: 'Database is not answering', code: 'UNAVAILABLE' });
    }
  });
};
export default health;
