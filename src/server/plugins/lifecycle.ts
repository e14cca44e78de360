/**
 * Where the process is in its life: serving, or draining before it stops (index.ts sets `draining` on SIGTERM).
 * While draining, /readyz answers 503 so the load balancer sends new visitors elsewhere, and every request that
 * arrives is answered with a request to close the connection (the onRequest hook in app.ts), so keep-alive
 * clients reconnect elsewhere.
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
    app.decorate('lifecycle', { draining: false } satisfies Lifecycle);
  },
  { name: 'lifecycle' },
);
