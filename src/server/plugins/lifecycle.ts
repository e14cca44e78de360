/**
 * Where the process is in its life: serving, or draining before it stops (index.ts sets `draining` on SIGTERM).
 * While draining, /readyz answers 503 so the load balancer sends new visitors elsewhere, and every answer asks
 * its client to close the connection, so keep-alive clients reconnect to another instance.
 */
import fp from 'fastify-plugin';

export interface Lifecycle {
  draining: boolean;
}

declare module 'fastify' {
  interface FastifyInstance {
    lifecycle: Lifecycle;
  }
}

export default fp(
  async (app) => {
    const lifecycle: Lifecycle = { draining: false };
    app.decorate('lifecycle', lifecycle);
    app.addHook('onSend', (_request, reply, payload, done) => {
      if (lifecycle.draining) reply.header('connection', 'close');
      done(null, payload);
    });
  },
  { name: 'lifecycle' },
);
