/**
 * Stopping cleanly on SIGTERM or SIGINT: /readyz turns 503 at once, the server keeps serving for the drain period
 * (so the load balancer notices and stops sending), then stops accepting, lets in-flight requests finish, closes
 * idle keep-alive connections and the database (onClose hooks), and exits 0. A second signal, or a close that
 * hangs past its deadline, exits at once with status 1.
 */
import type { FastifyInstance } from 'fastify';

/** How long closing may take after the drain before the process gives up waiting. */
export const CLOSE_DEADLINE_MS = 4_000;

export function stopOnSignals(app: FastifyInstance, drainMs: number): void {
  const stop = (signal: NodeJS.Signals) => {
    if (app.lifecycle.draining) {
      app.log.warn({ signal }, 'second signal: exiting now');
      process.exit(1);
    }
    app.lifecycle.draining = true;
    app.log.info({ signal, drainMs }, 'shutting down: draining');
    const deadline = setTimeout(() => {
      app.log.error('shutting down took too long: exiting');
      process.exit(1);
    }, drainMs + CLOSE_DEADLINE_MS);
    deadline.unref();
    setTimeout(() => {
      app.close().then(
        () => {
          app.log.info('stopped');
          process.exit(0);
        },
        (err: unknown) => {
          app.log.error({ err: (err as Error).message }, 'closing failed');
          process.exit(1);
        },
      );
    }, drainMs);
  };
  process.on('SIGTERM', stop);
  process.on('SIGINT', stop);
}
