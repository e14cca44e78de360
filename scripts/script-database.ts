/** The database for a command-line script, opened as the server opens it; a held data directory ends the script with its one line. */
import { loadConfig, type Config } from '../src/server/config.ts';
import { openDatabase, type Database } from '../src/server/db/client.ts';
import { DataDirLockedError } from '../src/server/db/data-dir-lock.ts';

export async function openScriptDatabase(config: Config = loadConfig()): Promise<Database> {
  try {
    return await openDatabase({ url: config.databaseUrl, dataDir: config.databaseUrl ? undefined : config.dataDir });
  } catch (err) {
    if (!(err instanceof DataDirLockedError)) throw err;
    console.error(err.message);
    process.exit(1);
  }
}
