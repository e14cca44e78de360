/**
 * Backups of all data (uploads included: their bytes live in the database), the same on PGlite and PostgreSQL.
 * A backup is gzipped JSON lines: a header (format, the migrations the data is shaped by, each table's row
 * count), then each table's rows in batches, parents before children. It is read in one REPEATABLE READ
 * transaction, so it is one consistent moment while the server keeps writing. A restore goes only into an empty
 * database made by the same migrations; it inserts the rows as they were (triggers off: the ledger's balances
 * and rows come from the backup, not recomputed) and moves identity counters past them.
 */
import { once } from 'node:events';
import readline from 'node:readline';
import type { Readable, Writable } from 'node:stream';
import { createGunzip, createGzip } from 'node:zlib';
import { sql } from 'drizzle-orm';
import { readMigrationFiles } from 'drizzle-orm/migrator';
import { MIGRATIONS_DIR } from '../paths.ts';
import type { Database, Tx } from './client.ts';

export const BACKUP_FORMAT = 'healing-circle-backup';
const BATCH_ROWS = 200;

export interface BackupHeader {
  format: typeof BACKUP_FORMAT;
  version: 1;
  createdAt: string;
  /** The hashes of the applied migrations, oldest first: the shape of the data. */
  migrations: string[];
  /** Every table, parents before children, with its number of rows. */
  tables: { name: string; rows: number }[];
}

/** A backup that cannot be restored here, or a target that is not empty: the message says which and why. */
export class BackupError extends Error {}

const ident = (name: string) => sql.raw(`"${name.replaceAll('"', '""')}"`);

/** The tables of the public schema, each after every table it references. */
async function tablesInOrder(tx: Tx): Promise<string[]> {
  const tables = (
    await tx.execute<{ name: string }>(
      sql`select c.relname as name from pg_class c join pg_namespace n on n.oid = c.relnamespace
          where n.nspname = 'public' and c.relkind = 'r' order by c.relname`,
    )
  ).rows.map((r) => r.name);
  const edges = (
    await tx.execute<{ child: string; parent: string }>(
      sql`select ch.relname as child, pa.relname as parent from pg_constraint k
          join pg_class ch on ch.oid = k.conrelid join pg_class pa on pa.oid = k.confrelid
          join pg_namespace n on n.oid = ch.relnamespace
          where k.contype = 'f' and n.nspname = 'public' and k.conrelid <> k.confrelid`,
    )
  ).rows;
  const ordered: string[] = [];
  const visit = (table: string, path: Set<string>) => {
    if (ordered.includes(table) || path.has(table)) return;
    path.add(table);
    for (const { parent } of edges.filter((e) => e.child === table)) visit(parent, path);
    ordered.push(table);
  };
  for (const table of tables) visit(table, new Set());
  return ordered;
}

async function rowCount(tx: Tx, table: string): Promise<number> {
  const result = await tx.execute<{ n: number }>(sql`select count(*)::int as n from ${ident(table)}`);
  return result.rows[0]!.n;
}

async function appliedMigrations(tx: Tx): Promise<string[]> {
  const rows = await tx.execute<{ hash: string }>(
    sql`select hash from drizzle.__drizzle_migrations order by created_at, id`,
  );
  return rows.rows.map((r) => r.hash);
}

async function writeLine(out: Writable, value: unknown) {
  if (!out.write(`${JSON.stringify(value)}\n`)) await once(out, 'drain');
}

/** Writes a consistent backup of every table to `destination` (gzipped); returns its header. */
export async function writeBackup(database: Database, destination: Writable): Promise<BackupHeader> {
  const gzip = createGzip();
  gzip.pipe(destination);
  const finished = once(destination, 'finish');
  const header = await database.db.transaction(async (tx) => {
    // One snapshot for every table, read-only: writes that commit meanwhile are not half in it.
    await tx.execute(sql`set transaction isolation level repeatable read, read only`);
    const names = await tablesInOrder(tx);
    const tables: BackupHeader['tables'] = [];
    for (const name of names) {
      tables.push({ name, rows: await rowCount(tx, name) });
    }
    const head: BackupHeader = {
      format: BACKUP_FORMAT,
      version: 1,
      createdAt: new Date().toISOString(),
      migrations: await appliedMigrations(tx),
      tables,
    };
    await writeLine(gzip, head);
    for (const { name, rows } of tables) {
      for (let offset = 0; offset < rows; offset += BATCH_ROWS) {
        // Ordered by every column's text, so batches neither skip nor repeat a row.
        const batch = await tx.execute<{ row: Record<string, unknown> }>(
          sql`select row_to_json(t) as row from ${ident(name)} t order by t::text limit ${BATCH_ROWS} offset ${offset}`,
        );
        await writeLine(gzip, { table: name, rows: batch.rows.map((r) => r.row) });
      }
    }
    return head;
  });
  gzip.end();
  await finished;
  return header;
}

/** Restores a backup into an empty database (migrated here to the backup's migrations); returns its header. */
export async function restoreBackup(database: Database, source: Readable): Promise<BackupHeader> {
  const lines = readline.createInterface({ input: source.pipe(createGunzip()), crlfDelay: Infinity });
  const iterator = lines[Symbol.asyncIterator]();
  const first = await iterator.next().catch(() => ({ done: true, value: '' }));
  let header: BackupHeader | undefined;
  try {
    header = JSON.parse(String(first.value)) as BackupHeader;
  } catch {
    // Not JSON: refused below like any other file that is not a backup.
  }
  if (header?.format !== BACKUP_FORMAT || header.version !== 1)
    throw new BackupError('This file is not a Healing Circle backup (npm run db:backup makes one)');

  const existing = await database.db.execute<{ n: number }>(
    sql`select count(*)::int as n from pg_tables where schemaname in ('public', 'drizzle')`,
  );
  if (existing.rows[0]!.n > 0)
    throw new BackupError('The target database is not empty: restore into a new DATA_DIR or an empty database');
  const here = readMigrationFiles({ migrationsFolder: MIGRATIONS_DIR }).map((m) => m.hash);
  if (here.length !== header.migrations.length || here.some((hash, i) => hash !== header.migrations[i]))
    throw new BackupError(
      `This backup's data has ${header.migrations.length} migrations applied and this version of the code has ${here.length}` +
        ' (or different ones): restore it with the version that made it, then start the new version to upgrade',
    );
  await database.migrate();

  await database.db.transaction(async (tx) => {
    const names = header.tables.map((t) => t.name);
    // The rows are restored as they were: the ledger's triggers (which refuse changes and derive balances) wait.
    for (const name of names) await tx.execute(sql`alter table ${ident(name)} disable trigger user`);
    for await (const line of { [Symbol.asyncIterator]: () => iterator }) {
      if (!line.trim()) continue;
      const { table, rows } = JSON.parse(line) as { table: string; rows: unknown[] };
      if (!names.includes(table)) throw new BackupError(`The backup names a table it did not list: ${table}`);
      await tx.execute(
        sql`insert into ${ident(table)} overriding system value
            select * from json_populate_recordset(null::${ident(table)}, ${JSON.stringify(rows)}::json)`,
      );
    }
    for (const name of names) await tx.execute(sql`alter table ${ident(name)} enable trigger user`);
    // Identity columns continue after the restored rows.
    const identities = await tx.execute<{ table: string; column: string }>(
      sql`select table_name as table, column_name as column from information_schema.columns
          where table_schema = 'public' and is_identity = 'YES'`,
    );
    for (const { table, column } of identities.rows)
      await tx.execute(
        sql`select setval(pg_get_serial_sequence(${`"${table}"`}, ${column}), coalesce(max(${ident(column)}), 0) + 1, false) from ${ident(table)}`,
      );
    for (const { name, rows } of header.tables) {
      const n = await rowCount(tx, name);
      if (n !== rows) throw new BackupError(`The backup is cut short: ${name} has ${n} of its ${rows} rows`);
    }
  });
  return header;
}
