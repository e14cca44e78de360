/**
 * What every instance keeps in memory (progress, ledgers, the public and record pages) is forgotten when any
 * instance writes: run() notifies CHANGES_CHANNEL in the write's transaction with the caches it changed, every
 * instance hears it once the write commits and clears them; after its listening session was lost, all of them.
 * The caches' own ages stay as the backstop of a notice nobody heard.
 */
import fp from 'fastify-plugin';
import { CACHES, CHANGES_CHANNEL, changedCaches, forgetCaches } from '../commands/run.ts';

export default fp(
  async (app) => {
    let stop: (() => Promise<void>) | undefined;
    app.addHook('onReady', async () => {
      const env = app.commandEnv();
      stop = await app.database.listen(
        CHANGES_CHANNEL,
        (payload) => {
          const caches = changedCaches(payload, env.instance);
          if (caches) void forgetCaches(env, caches);
        },
        () => void forgetCaches(env, CACHES),
      );
    });
    app.addHook('onClose', async () => {
      await stop?.();
    });
  },
  { name: 'changes', dependencies: ['commands'] },
);
