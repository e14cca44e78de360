/**
 * `request.run(command, ...args)`: the write path for route handlers. It runs the command through run()
 * (commands/run.ts) with the signed-in person as the actor and the app's mailer, caches and pages for the
 * after-commit queue, so a handler never opens a transaction, clears a cache or sends mail itself.
 */
import { randomUUID } from 'node:crypto';
import fp from 'fastify-plugin';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { run, type Command, type CommandEnv, type StatementCommand } from '../commands/run.ts';

declare module 'fastify' {
  interface FastifyRequest {
    run<A extends unknown[], T>(command: Command<A, T>, ...args: A): Promise<T>;
    run<A extends unknown[], T>(command: Command<A, T> | StatementCommand<A, T>, ...args: A): Promise<T>;
  }
  interface FastifyInstance {
    /** The after-commit queue's view of this app (for writes outside a request: timers, tests). */
    commandEnv(log?: CommandEnv['log']): CommandEnv;
  }
}

function commandEnv(app: FastifyInstance, instance: string, log: CommandEnv['log']): CommandEnv {
  return {
    db: app.db,
    clock: app.clock,
    mailer: app.mailer,
    // Registered after this plugin; read when a write enqueues its mail.
    get jobs() {
      return app.jobs;
    },
    sessionSecret: app.config.sessionSecret,
    observeMail: (outcome, kind) => app.observeMail(outcome, kind),
    campaigns: app.campaigns,
    ledgers: app.ledgers,
    // Registered after this plugin; read when a follow-up runs.
    get sitePages() {
      return app.hasDecorator('sitePages') ? app.sitePages : undefined;
    },
    publicUrl: app.config.publicUrl,
    instance,
    examples: app.examples,
    log,
  };
}

export default fp(
  async (app) => {
    const instance = randomUUID();
    app.decorate('commandEnv', (log?: CommandEnv['log']) => commandEnv(app, instance, log ?? app.log));
    app.decorateRequest('run', function <
      A extends unknown[],
      T,
    >(this: FastifyRequest, command: Command<A, T> | StatementCommand<A, T>, ...args: A) {
      return run(commandEnv(app, instance, this.log), { id: this.user?.id ?? null, ip: this.ip }, command, ...args);
    });
  },
  { name: 'commands', dependencies: ['db', 'auth', 'metrics'] },
);
