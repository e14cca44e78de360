/** One database handle: PGlite on disk by default, PostgreSQL when DATABASE_URL is set. */
import { execFile } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { promisify } from 'node:util';
import { sql } from 'drizzle-orm';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import type { Client as PgClient } from 'pg';
import { MIGRATIONS_DIR, ROOT_DIR } from '../paths.ts';
import { lockDataDir } from './data-dir-lock.ts';
import { migrateJobTables } from './job-tables.ts';
import * as schema from './schema/index.ts';
import { preparingPglite } from './pglite-statements.ts';

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

/** Plain SQL text with positional parameters ($1, $2, ...), for libraries that bring their own (the job queue). */
export interface SqlRunner {
  /** Without values the text may hold several statements. */
  executeSql(text: string, values?: unknown[]): Promise<{ rows: unknown[] }>;
}

export interface Database {
  db: Db;
  kind: 'pglite' | 'postgres';
  /** The same database for SQL text (outside any transaction). */
  sql: SqlRunner;
  /** PostgreSQL only: the connection pool's sessions (for /metrics). */
  poolStats?(): { total: number; idle: number; waiting: number };
  /** Applies checked-in migrations; safe to call from several instances at once. */
  migrate(): Promise<void>;
  /** Resolves when the database answers a trivial query. */
  ping(): Promise<void>;
  /**
   * Hears `channel`: `onMessage` gets each payload any instance notifies on it (pg_notify in a transaction is
   * heard once it commits); `onGap` is called when some may have been missed (the listening session was lost and
   * is back). Answers what stops it.
   */
  listen(channel: string, onMessage: (payload: string) => void, onGap: () => void): Promise<() => Promise<void>>;
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
  /**
   * A new PGlite data directory is created migrated, not empty (the server, which migrates next anyway; a restore
   * needs an empty one).
   */
  createMigrated?: boolean;
}

/**
 * Set (true) on an error the PostgreSQL server answered while the pool was opening a session. Whatever its SQLSTATE
 * (55000 when the database does not accept connections, 3D000 when it is gone, 28P01 when the password is refused),
 * the database cannot serve this instance then; the same codes later in a session are bugs.
 */
export const OPENING_SESSION = Symbol('opening a database session');

// Any fixed number works: it only has to be the same for every instance.
const MIGRATION_LOCK_ID = 7_312_025;

/**
 * PGlite's PostgreSQL settings. Its default shared_buffers (128 MB) is about half the memory of a server on PGlite;
 * the site's data is small, and the operating system caches the data directory's files anyway.
 */
const PGLITE_SETTINGS = ['shared_buffers = 16MB'];

export async function openDatabase(options: DatabaseOptions): Promise<Database> {
  if (options.url) return openPostgres(options.url);
  return openPglite(options);
}

/**
 * Creates a PGlite data directory (migrated, if asked) in a child process: PGlite's initdb and the first
 * migrations take about 700 MB that a process keeps after them (WebAssembly memory is not given back), so a server
 * would hold it for its whole life after a first start. Database.migrate() then finds nothing left to apply.
 */
async function createPgliteDataDir(dataDir: string, migrated: boolean): Promise<void> {
  const create = `
    import { PGlite } from '@electric-sql/pglite';
    import { drizzle } from 'drizzle-orm/pglite';
    import { migrate } from 'drizzle-orm/pglite/migrator';
    const [dataDir, migrationsFolder] = process.argv.slice(1);
    const client = new PGlite({ dataDir, postgresqlconf: ${JSON.stringify(PGLITE_SETTINGS)} });
    if (migrationsFolder) await migrate(drizzle({ client }), { migrationsFolder });
    await client.close();`;
  const args = ['--input-type=module', '-e', create, dataDir, ...(migrated ? [MIGRATIONS_DIR] : [])];
  await promisify(execFile)(process.execPath, args, { cwd: ROOT_DIR });
}

// Each driver loads only when used: a server holds one of them (and its drizzle adapter), not both.
async function openPglite({ dataDir, loadDataDir, createMigrated = false }: DatabaseOptions): Promise<Database> {
  const [pgliteModule, { drizzle: drizzlePglite }, { migrate: migratePglite }] = await Promise.all([
    import('@electric-sql/pglite'),
    import('drizzle-orm/pglite'),
    import('drizzle-orm/pglite/migrator'),
  ]);
  const PGlite = preparingPglite(pgliteModule);
  if (dataDir) fs.mkdirSync(dataDir, { recursive: true });
  // Before PGlite touches the files: a second process on the same directory would lose writes.
  const lock = dataDir ? lockDataDir(dataDir) : null;
  if (dataDir && !fs.existsSync(path.join(dataDir, 'PG_VERSION'))) {
    try {
      await createPgliteDataDir(dataDir, createMigrated);
    } catch (err) {
      lock?.release();
      throw err;
    }
  }
  const client = new PGlite({
    postgresqlconf: PGLITE_SETTINGS,
    ...(dataDir ? { dataDir } : loadDataDir ? { loadDataDir } : {}),
  });
  try {
    await client.waitReady;
  } catch (err) {
    lock?.release();
    throw err;
  }
  const pglite = drizzlePglite({ client, schema });
  const db: Db = pglite;
  const runner: SqlRunner = {
    executeSql: async (text, values) =>
      values?.length ? client.query(text, values) : ((await client.exec(text)).at(-1) ?? { rows: [] }),
  };
  return {
    db,
    kind: 'pglite',
    sql: runner,
    // One process per directory (the lock above): no migration lock needed.
    migrate: async () => {
      await migratePglite(pglite, { migrationsFolder: MIGRATIONS_DIR });
      await migrateJobTables(runner);
    },
    ping: async () => {
      await db.execute(sql`select 1`);
    },
    // One process: nothing is ever missed. Closing the database ends the listening too.
    listen: async (channel, onMessage) => {
      const stop = await client.listen(channel, onMessage);
      return async () => {
        if (!client.closed) await stop();
      };
    },
    dumpDataDir: () => client.dumpDataDir('none'),
    close: async () => {
      await client.close();
      lock?.release();
    },
  };
}

async function openPostgres(url: string): Promise<Database> {
  const [{ default: pg }, { drizzle: drizzlePg }, { migrate: migratePg }] = await Promise.all([
    import('pg'),
    import('drizzle-orm/node-postgres'),
    import('drizzle-orm/node-postgres/migrator'),
  ]);
  /** A client whose refusal to open a session says so (OPENING_SESSION); the pool opens every session this way. */
  class Client extends pg.Client {
    override connect(): Promise<PgClient>;
    override connect(callback: (err: Error) => void): void;
    override connect(callback?: (err: Error) => void): Promise<PgClient> | void {
      const mark = (err: Error) => Object.assign(err, { [OPENING_SESSION]: true });
      if (!callback) return super.connect().catch((err: Error) => Promise.reject(mark(err)));
      // pg-pool's callback takes the error alone (null once the session is open).
      super.connect((err: Error | null) => callback((err ? mark(err) : err) as Error));
    }
  }
  // A database that does not answer fails a request within seconds (503), instead of holding it open.
  const pool = new pg.Pool({ connectionString: url, max: 10, connectionTimeoutMillis: 5_000, Client });
  // A client losing its connection (the server restarts or ends it) emits 'error': the pool listens while the
  // client is idle, nobody while a transaction holds it between queries, and an unheard 'error' ends the process.
  // Both are ignored here; the request using the client fails at its next query (503) and the pool drops it.
  pool.on('error', () => {});
  pool.on('connect', (client) => client.on('error', () => {}));
  const db: Db = drizzlePg({ client: pool, schema });
  const runner: SqlRunner = { executeSql: (text, values) => pool.query(text, values) };
  return {
    db,
    kind: 'postgres',
    sql: runner,
    poolStats: () => ({ total: pool.totalCount, idle: pool.idleCount, waiting: pool.waitingCount }),
    migrate: async () => {
      const conn = await pool.connect();
      try {
        await conn.query('select pg_advisory_lock($1)', [MIGRATION_LOCK_ID]);
        await migratePg(drizzlePg({ client: conn, schema }), { migrationsFolder: MIGRATIONS_DIR });
        await migrateJobTables(runner);
      } finally {
        await conn.query('select pg_advisory_unlock($1)', [MIGRATION_LOCK_ID]).catch(() => {});
        conn.release();
      }
    },
    ping: async () => {
      await pool.query('select 1');
    },
    listen: async (channel, onMessage, onGap) => listenOnPostgres(pg.Client, url, channel, onMessage, onGap),
    close: () => pool.end(),
  };
}

/** How long a lost listening session waits before it opens again. */
const LISTEN_RETRY_MS = 1000;

/**
 * A session of its own that LISTENs on `channel` (a pooled one would lose it when it goes back to the pool), and
 * opens again whenever it is lost (the server restarted, the network broke), with `onGap` once it is back.
 */
async function listenOnPostgres(
  Client: typeof PgClient,
  url: string,
  channel: string,
  onMessage: (payload: string) => void,
  onGap: () => void,
): Promise<() => Promise<void>> {
  let stopped = false;
  let session: PgClient | null = null;
  let retry: NodeJS.Timeout | undefined;
  const openLater = () => {
    if (!stopped) retry = setTimeout(() => void open(true), LISTEN_RETRY_MS);
  };
  const open = async (afterLoss: boolean) => {
    // TCP keep-alive: a session the network dropped without a word is noticed too.
    const client = new Client({
      connectionString: url,
      connectionTimeoutMillis: 5_000,
      keepAlive: true,
      // The system's default waits two hours before its first probe.
      keepAliveInitialDelayMillis: 10_000,
    });
    // Its loss is heard as 'end'; an unheard 'error' would end the process.
    client.on('error', () => {});
    client.on('notification', (message) => {
      if (message.channel === channel) onMessage(message.payload ?? '');
    });
    client.on('end', () => {
      if (session !== client) return;
      session = null;
      openLater();
    });
    try {
      await client.connect();
      await client.query(`LISTEN ${client.escapeIdentifier(channel)}`);
    } catch {
      await client.end().catch(() => {});
      return openLater();
    }
    if (stopped) return void (await client.end());
    session = client;
    if (afterLoss) onGap();
  };
  await open(false);
  return async () => {
    stopped = true;
    clearTimeout(retry);
    await session?.end().catch(() => {});
  };
}
