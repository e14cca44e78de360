/**
 * Every /api route comes from its endpoint's declaration (routes/endpoint.ts): the server refuses to start with one
 * that does not. Where answers are checked (tests and development), an answer with a success status its endpoint
 * does not declare is an error too, so a declaration cannot fall behind what the handler sends.
 */
import fp from 'fastify-plugin';
import type { onSendHookHandler } from 'fastify';

export default fp<{ check: boolean }>(
  async (app, { check }) => {
    app.addHook('onRoute', (route) => {
      if (!route.url.startsWith('/api/')) return;
      const declaration = route.config?.endpoint;
      // HEAD routes are Fastify's own copies of the GET routes (exposeHeadRoutes), made from their declaration.
      if (!declaration && route.method !== 'HEAD')
        throw new Error(`${String(route.method)} ${route.url} is not registered from an endpoint of the contract`);
      if (!declaration || !check) return;
      const declared = new Set(Object.keys(declaration.responses).map(Number));
      const undeclared: onSendHookHandler = (request, reply, payload, done) => {
        const status = reply.statusCode;
        if (status >= 200 && status < 300 && !declared.has(status))
          done(new Error(`${request.method} ${route.url} answered ${status}, which its endpoint does not declare`));
        else done(null, payload);
      };
      route.onSend = [...[route.onSend ?? []].flat(), undeclared];
    });
  },
  { name: 'contract' },
);
