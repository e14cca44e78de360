/** Starts the server: config, database (migrated and seeded), then listen. */
import { ConfigError, loadConfig } from './config.ts';
import { buildApp } from './app.ts';
import { openDatabase } from './db/client.ts';
import { seedCampaign } from './db/seed.ts';
import { linkSettings } from './commands/accounts.ts';
import { ensureSetupLink } from './commands/admin-invites.ts';
import { run, SYSTEM_ACTOR } from './commands/run.ts';
import { stopOnSignals } from './shutdown.ts';

async function main() {
  let config;
  try {
    config = loadConfig();
  } catch (err) {
    if (err instanceof ConfigError) {
      console.error(err.message);
      process.exit(1);
    }
    throw err;
  }

  const database = await openDatabase({
    url: config.databaseUrl,
    dataDir: config.databaseUrl ? undefined : config.dataDir,
    createMigrated: true,
  });
  await database.migrate();
  const seeded = await seedCampaign(database.db);

  const app = await buildApp({ config, database });
  app.addHook('onClose', () => database.close());
  if (seeded) app.log.info('seeded the campaign from content/campaign.json');

  stopOnSignals(app, config.shutdownDrainMs);

  await app.listen({ host: config.host, port: config.port });
  app.log.info(`Healing Circle is serving on ${config.publicUrl} (database: ${database.kind})`);
  // The first super_admin: a one-time link, never a default password.
  const links = linkSettings(config);
  const setup = await run(app.commandEnv(), SYSTEM_ACTOR, ensureSetupLink, links);
  if (setup) {
    console.log(`\nNo super admin yet. Create one within 24 hours with this one-time link:\n  ${setup.link}\n`);
  }
}

main().catch((err: unknown) => {
  console.error('Failed to start:', err instanceof Error ? err.message : err);
  process.exit(1);
});
