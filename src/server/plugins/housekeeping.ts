/** Runs the housekeeping sweep an hour after start and hourly after that, on every instance. */
import fp from 'fastify-plugin';
import { sweep } from '../commands/housekeeping.ts';
import { run, SYSTEM_ACTOR } from '../commands/run.ts';
import { sendPendingReceipts } from '../services/donor-mail.ts';
import { loggableError } from './errors.ts';

const HOUR_MS = 60 * 60 * 1000;

export default fp(
  async (app) => {
    const runSweep = () => {
      run(app.commandEnv(), SYSTEM_ACTOR, sweep).then(
        (removed) => app.log.info({ removed }, 'housekeeping'),
        (err: unknown) => app.log.warn({ err: loggableError(err as Error) }, 'housekeeping failed'),
      );
      // Receipts whose mail failed when their gift was recorded.
      sendPendingReceipts(app.commandEnv()).then(
        (receipts) => receipts > 0 && app.log.info({ receipts }, 'pending receipts sent'),
        (err: unknown) => app.log.warn({ err: loggableError(err as Error) }, 'pending receipts not sent'),
      );
    };
    let timer: NodeJS.Timeout | undefined;
    app.addHook('onReady', async () => {
      timer = setInterval(runSweep, HOUR_MS).unref();
    });
    app.addHook('onClose', async () => clearInterval(timer));
  },
  { name: 'housekeeping', dependencies: ['db', 'auth', 'commands'] },
);
