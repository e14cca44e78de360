/**
 * GET /metrics in Prometheus' text format, for an operator's scraper only: it answers a bearer METRICS_TOKEN and
 * nothing else (404, as if there were none; without the variable there is none). Request duration by route
 * pattern and status (fastify-metrics), jobs by queue and state, mail sent and failed by kind, the PostgreSQL
 * pool's sessions, and the process (memory, event loop) from prom-client's defaults. docs/operations.md lists
 * the alerts worth having.
 */
import { createHash, timingSafeEqual } from 'node:crypto';
import fp from 'fastify-plugin';
import metricsPlugin from 'fastify-metrics';
import client from 'prom-client';
import { AppError } from '#shared/errors.ts';
import { jobCounts } from '../db/queries/jobs.ts';
import { quietRoute } from '../logging.ts';

declare module 'fastify' {
  interface FastifyInstance {
    /** Counts a mail the site tried: sent, or not sent yet (its job tries again). */
    observeMail(outcome: 'sent' | 'failed', kind: string): void;
  }
}

const digest = (text: string) => createHash('sha256').update(text).digest();

/** The header names the token, compared in constant time. */
function bearerMatches(header: string | undefined, token: string): boolean {
  const given = /^Bearer (.+)$/.exec(header ?? '')?.[1] ?? '';
  return timingSafeEqual(digest(given), digest(token));
}

export default fp(
  async (app) => {
    const token = app.config.metricsToken;
    if (!token) {
      app.decorate('observeMail', () => {});
      return;
    }
    await app.register(metricsPlugin, {
      endpoint: null,
      // One registry per app: a second app in the process (tests) starts it afresh.
      clearRegisterOnInit: true,
      routeMetrics: {
        enabled: true,
        registeredRoutesOnly: true,
        routeBlacklist: ['/metrics', '/healthz', '/readyz'],
      },
    });
    const mail = new client.Counter({
      name: 'healing_circle_mail_total',
      help: 'Mail the site tried to send, by outcome (sent, failed: its job tries again) and kind',
      labelNames: ['outcome', 'kind'],
    });
    new client.Gauge({
      name: 'healing_circle_jobs',
      help: 'Jobs in the queue, by queue and state (created: waiting; retry: waiting to be retried)',
      labelNames: ['queue', 'state'],
      async collect() {
        this.reset();
        for (const row of await jobCounts(app.db)) this.set({ queue: row.queue, state: row.state }, row.n);
      },
    });
    const pool = app.database.poolStats;
    if (pool)
      new client.Gauge({
        name: 'healing_circle_db_pool_sessions',
        help: 'PostgreSQL sessions of this instance: total, idle, and requests waiting for one',
        labelNames: ['state'],
        collect() {
          const stats = pool();
          for (const state of ['total', 'idle', 'waiting'] as const) this.set({ state }, stats[state]);
        },
      });
    app.decorate('observeMail', (outcome, kind) => mail.inc({ outcome, kind }));

    app.get('/metrics', quietRoute({}), async (request, reply) => {
      if (!bearerMatches(request.headers.authorization, token)) throw new AppError('NOT_FOUND', 'Not found');
      return reply
        .header('content-type', client.register.contentType)
        .header('cache-control', 'no-store')
        .send(await client.register.metrics());
    });
  },
  { name: 'metrics', dependencies: ['db'] },
);
