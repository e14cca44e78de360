/**
 * The database and command environment for a command-line script, opened as the server opens them. A held
 * PGlite data directory ends the script with its one line and status 1.
 */
import { randomUUID } from 'node:crypto';
import { loadConfig, type Config } from '../src/server/config.ts';
import type { CommandEnv } from '../src/server/commands/run.ts';
import { openDatabase, type Database } from '../src/server/db/client.ts';
import { DataDirLockedError } from '../src/server/db/data-dir-lock.ts';
import { createCampaignService } from '../src/server/services/campaign.ts';
import { systemClock } from '../src/server/services/clock.ts';
import { createJobQueue } from '../src/server/services/job-queue.ts';
import { createLedgerService } from '../src/server/services/ledger.ts';
import type { Mailer } from '../src/server/services/mail.ts';

export async function openScriptDatabase(config: Config = loadConfig()): Promise<Database> {
  try {
    return await openDatabase({ url: config.databaseUrl, dataDir: config.databaseUrl ? undefined : config.dataDir });
  } catch (err) {
    if (!(err instanceof DataDirLockedError)) throw err;
    console.error(err.message);
    process.exit(1);
  }
}

/** What run() needs to carry out a command from a script (SYSTEM_ACTOR acts). */
export function scriptCommandEnv(database: Database, config: Config, mailer: Mailer): CommandEnv {
  return {
    db: database.db,
    clock: systemClock,
    mailer,
    // A script only enqueues: the server's workers deliver what it could not send at once.
    jobs: createJobQueue(database.sql, {
      workers: false,
      mailLeaseSeconds: Math.ceil(mailer.longestSendMs / 1000),
      log: { error: (obj, msg) => console.error(msg, obj) },
    }),
    sessionSecret: config.sessionSecret,
    campaigns: createCampaignService(database.db),
    ledgers: createLedgerService(database.db),
    publicUrl: config.publicUrl,
    instance: randomUUID(),
    log: { error: (obj, msg) => console.error(msg, obj) },
  };
}
