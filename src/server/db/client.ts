/** One database handle: PGlite on disk by default, PostgreSQL when DATABASE_URL is set. */
import fs from 'node:fs';
import { PGlite } from '@electric-sql/pglite';
import { sql } from 'drizzle-orm';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import pg from 'pg';
import { MIGRATIONS_DIR } from '../paths.ts';
import { lockDataDir } from './data-dir-lock.ts';
import * as schema from './schema/index.ts';

/** What `execute()` answers: both drivers (PGlite's Results, node-postgres' QueryResult) carry the rows. */
interface Rows<T> {
  rows: T[];
}
/** The query-result kind common to both drivers, so `db.execute<Row>(query)` is typed `{ rows: Row[] }`. */
export interface RowsResultHKT extends PgQueryResultHKT {
  type: Rows<this['row']>;
}

/** Either driver's handle: PGlite's and node-postgres' databases are both assignable to it, no cast needed. */
export type Db = PgDatabase<RowsResultHKT, typeof schema>;
/** An open transaction (commands get one from run()); it has every query method of Db. */
export type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];

export interface Database {
  db: Db;
  kind: 'pglite' | 'postgres';
  /** Applies checked-in migrations; safe to call from several instances at once. */
  migrate(): Promise<void>;
  /** Resolves when the database answers a trivial query. */
  ping(): Promise<void>;
  /** PGlite only: its whole data directory as one archive (for loadDataDir). */
  dumpDataDir?(): Promise<Blob>;
  close(): Promise<void>;
}

export interface DatabaseOptions {
  /** postgres:// URL; when absent PGlite is used. */
  url?: string | undefined;
  /** PGlite data directory; undefined means in memory (tests). */
  dataDir?: string | undefined;
  /** In memory only: start from this dump of a data directory (tests start from one migrated, seeded copy). */
  loadDataDir?: Blob | undefined;
}

// Any fixed number works: it only has to be the same for every instance.
const MIGRATION_LOCK_ID = 7_312_025;

export async function openDatabase(options: DatabaseOptions): Promise<Database> {
  if (options.url) return openPostgres(options.url);
  return openPglite(options.dataDir, options.loadDataDir);
}

async function openPglite(dataDir: string | undefined, loadDataDir?: Blob): Promise<Database> {
  if (dataDir) fs.mkdirSync(dataDir, { recursive: true });
  // Before PGlite touches the files: a second process on the same directory would lose writes.
  const lock = dataDir ? lockDataDir(dataDir) : null;
  const client = dataDir ? new PGlite(dataDir) : new PGlite(loadDataDir ? { loadDataDir } : {});
  try {
    await client.waitReady;
  } catch (err) {
    lock?.release();
    throw err;
  }
  const pglite = drizzlePglite({ client, schema });
  const db: Db = pglite;
  return {
    db,
    kind: 'pglite',
    // One process per directory (the lock above): no migration lock needed.
    migrate: () => migratePglite(pglite, { migrationsFolder: MIGRATIONS_DIR }),
    ping: async () => {
      await db.execute(sql`select 1`);
    },
    dumpDataDir: () => client.dumpDataDir('none'),
    close: async () => {
      await client.close();
      lock?.release();
    },
  };
}

async function openPostgres(url: string): Promise<Database> {
  // A database that does not answer fails a request within seconds (503), instead of holding it open.
  const pool = new pg.Pool({ connectionString: url, max: 10, connectionTimeoutMillis: 5_000 });
  // A client losing its connection (the server restarts or ends it) emits 'error': the pool listens while the
  // client is idle, nobody while a transaction holds it between queries, and an unheard 'error' ends the process.
  // Both are ignored here; the request using the client fails at its next query (503) and the pool drops it.
  pool.on('error', () => {});
  pool.on('connect', (client) => client.on('error', () => {}));
  const db: Db = drizzlePg({ client: pool, schema });
  return {
    db,
    kind: 'postgres',
    migrate: async () => {
      const conn = await pool.connect();
      try {
        await conn.query('select pg_advisory_lock($1)', [MIGRATION_LOCK_ID]);
        await migratePg(drizzlePg({ client: conn, schema }), { migrationsFolder: MIGRATIONS_DIR });
      } finally {
        await conn.query('select pg_advisory_unlock($1)', [MIGRATION_LOCK_ID]).catch(() => {});
        conn.release();
      }
    },
    ping: async () => {
      await pool.query('select 1');
    },
    close: () => pool.end(),
  };
}
