/**
 *   npm run db:backup -- FILE
 * Writes a consistent backup of all data (uploads included) to FILE: on PostgreSQL while the server runs; on the
 * embedded database (PGlite) only while the server is stopped (it is refused, with the line naming the server,
 * while it runs). See docs/operations.md.
 */
import fs from 'node:fs';
import { writeBackup } from '../src/server/db/backup.ts';
import { openScriptDatabase } from './script-database.ts';

const file = process.argv[2];
if (!file || process.argv.length > 3) {
  console.error('Usage: npm run db:backup -- FILE');
  process.exit(1);
}
if (fs.existsSync(file)) {
  console.error(`${file} exists already: choose a new file name`);
  process.exit(1);
}
const database = await openScriptDatabase();
try {
  const header = await writeBackup(database, fs.createWriteStream(file, { flags: 'wx' }));
  const rows = header.tables.reduce((sum, t) => sum + t.rows, 0);
  console.log(`Backed up ${rows} rows of ${header.tables.length} tables to ${file}`);
} catch (err) {
  fs.rmSync(file, { force: true });
  throw err;
} finally {
  await database.close();
}
