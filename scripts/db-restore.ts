/**
 *   npm run db:restore -- FILE
 * Restores a backup made by db:backup into an empty database: a new DATA_DIR (PGlite) or an empty PostgreSQL
 * database (DATABASE_URL). It refuses a database that holds anything, and a backup made by a version of the
 * code with other migrations. See docs/operations.md.
 */
import fs from 'node:fs';
import { BackupError, restoreBackup } from '../src/server/db/backup.ts';
import { openScriptDatabase } from './script-database.ts';

const file = process.argv[2];
if (!file || process.argv.length > 3) {
  console.error('Usage: npm run db:restore -- FILE');
  process.exit(1);
}
if (!fs.existsSync(file)) {
  console.error(`No such file: ${file}`);
  process.exit(1);
}
const database = await openScriptDatabase();
try {
  const header = await restoreBackup(database, fs.createReadStream(file));
  const rows = header.tables.reduce((sum, t) => sum + t.rows, 0);
  console.log(`Restored ${rows} rows of ${header.tables.length} tables from ${file} (made ${header.createdAt})`);
} catch (err) {
  if (!(err instanceof BackupError)) throw err;
  console.error(err.message);
  process.exitCode = 1;
} finally {
  await database.close();
}
