/**
 * The job queue (decision 011) on this app: `app.jobs`, its handlers (mail, the hourly housekeeping sweep), its
 * workers once the app is ready (not in tests, which run jobs with `app.jobs.drain()`), and their stop at close:
 * no new job is taken, and those running finish within the shutdown drain.
 */
import fp from 'fastify-plugin';
import { sweep } from '../commands/housekeeping.ts';
import { run, SYSTEM_ACTOR } from '../commands/run.ts';
import { createJobQueue, type JobQueue } from '../services/job-queue.ts';
import { mailHandlers } from '../services/mail-delivery.ts';

declare module 'fastify' {
  interface FastifyInstance {
    jobs: JobQueue;
  }
}

export default fp(
  async (app) => {
    const jobs = createJobQueue(app.database.sql, {
      workers: app.config.env !== 'test',
      mailLeaseSeconds: Math.ceil(app.mailer.longestSendMs / 1000),
      log: app.log,
    });
    app.decorate('jobs', jobs);
    const mail = mailHandlers({ ...app.commandEnv(), sessionSecret: app.config.sessionSecret }, jobs);
    jobs.handle('mail', mail.mail);
    jobs.handle('mail-hourly', mail['mail-hourly']);
    jobs.handle('housekeeping', async () => {
      const removed = await run(app.commandEnv(), SYSTEM_ACTOR, sweep);
      app.log.info({ removed }, 'housekeeping');
      return removed;
    });
    app.addHook('onReady', () => jobs.start());
    app.addHook('onClose', () => jobs.stop(app.config.shutdownDrainMs));
  },
  { name: 'jobs', dependencies: ['db', 'commands'] },
);
