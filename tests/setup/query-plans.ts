/**
 * EXPLAIN for the queries the code builds: run a read as the app would on a recording handle, then plan every
 * statement it sent, to see which tables and indexes it reads and whether it reads a large table from end to end.
 */
import { afterAll, beforeAll, expect } from 'vitest';
import type { PGlite } from '@electric-sql/pglite';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import type pg from 'pg';
import type { Db } from '../../src/server/db/client.ts';
import * as schema from '../../src/server/db/schema/index.ts';
import { createTestDatabase, type TestDatabase } from './database.ts';

export interface PlanNode {
  'Node Type': string;
  'Relation Name'?: string;
  'Index Name'?: string;
  Plans?: PlanNode[];
}

const clientOf = (database: TestDatabase) => (database.db as unknown as { $client: PGlite | pg.Pool }).$client;

/** A handle on the same connection that records each statement it sends, with its parameters. */
function recordingDb(database: TestDatabase, statements: { sql: string; params: unknown[] }[]): Db {
  const logger = { logQuery: (query: string, params: unknown[]) => statements.push({ sql: query, params }) };
  const client = clientOf(database);
  return database.kind === 'pglite'
    ? drizzlePglite({ client: client as PGlite, schema, logger })
    : drizzlePg({ client: client as pg.Pool, schema, logger });
}

async function explain(database: TestDatabase, statement: { sql: string; params: unknown[] }): Promise<PlanNode> {
  type Answer = { rows: { 'QUERY PLAN': [{ Plan: PlanNode }] }[] };
  const client = clientOf(database);
  const text = `explain (format json) ${statement.sql}`;
  // Both drivers parse the json answer; their query() signatures differ only in overloads.
  const query = client.query.bind(client) as (text: string, params: unknown[]) => Promise<Answer>;
  return (await query(text, statement.params)).rows[0]!['QUERY PLAN'][0].Plan;
}

const nodes = (plan: PlanNode): PlanNode[] => [plan, ...(plan.Plans ?? []).flatMap(nodes)];

/** Runs `read` as the app would, then plans every statement it sent: what reads a large table whole, the indexes and tables read. */
export async function plansOf(database: TestDatabase, largeTables: string[], read: (db: Db) => Promise<unknown>) {
  const statements: { sql: string; params: unknown[] }[] = [];
  await read(recordingDb(database, statements));
  expect(statements.length).toBeGreaterThan(0);
  const plans = await Promise.all(
    statements.map(async (s) => ({ sql: s.sql, plan: nodes(await explain(database, s)) })),
  );
  return {
    /** Each statement that reads a large table sequentially, with the table. */
    largeSeqScans: plans.flatMap(({ sql: text, plan }) =>
      plan
        .filter((n) => n['Node Type'] === 'Seq Scan' && largeTables.includes(n['Relation Name'] ?? ''))
        .map((n) => `${n['Relation Name']!}: ${text}`),
    ),
    indexes: new Set(
      plans.flatMap(({ plan }) => plan.map((n) => n['Index Name']).filter((name) => name !== undefined)),
    ),
    tables: new Set(
      plans.flatMap(({ plan }) => plan.map((n) => n['Relation Name']).filter((name) => name !== undefined)),
    ),
  };
}

/**
 * A test database for the file, seeded once by `seed` before its tests and dropped after them; `plansOf` plans a
 * read on it against the tables the seed made large.
 */
export function seededForPlans(largeTables: string[], seed: (db: Db) => Promise<void>) {
  let database: TestDatabase | undefined;
  beforeAll(async () => {
    database = await createTestDatabase();
    await seed(database.db);
  });
  afterAll(() => database?.destroy());
  const seeded = () => {
    if (!database) throw new Error('the database is seeded in beforeAll');
    return database;
  };
  return {
    db: (): Db => seeded().db,
    plansOf: (read: (db: Db) => Promise<unknown>) => plansOf(seeded(), largeTables, read),
  };
}
