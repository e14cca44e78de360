/**
 * Many rows of one table in one INSERT whose parameter is a single JSON value (`json_populate_recordset`), for the
 * writes that store a batch (processors' events, a statement's rows). Drizzle's own multi-row INSERT builds a
 * parameter object per value: for a batch of events that was a fifth of the app's time, and its text (so its
 * prepared plan) changed with the number of rows. Answers the stored rows as drizzle's `.returning()` does.
 */
import { getTableColumns, getTableName, is, sql, SQL, type InferInsertModel } from 'drizzle-orm';
import { PgJson, PgJsonb, type PgColumn, type PgTable } from 'drizzle-orm/pg-core';
import type { Tx } from './client.ts';

/**
 * The INSERT ... SELECT for `rows` (each with the same columns given): a column no row gives takes its default, as
 * in drizzle's own INSERT. Chain `.onConflictDoNothing()` and `.returning()` on it as on `tx.insert()`.
 */
export function insertRows<T extends PgTable>(tx: Tx, table: T, rows: readonly InferInsertModel<T>[]) {
  // As drizzle's own INSERT: every column but a generated one (drizzle keeps that test internal).
  const columns = Object.entries(getTableColumns(table)).filter(
    ([, column]) => !(column as { shouldDisableInsert?(): boolean }).shouldDisableInsert?.(),
  );
  const given = new Set(
    Object.keys(rows[0] ?? {}).filter((key) => rows[0]![key as keyof (typeof rows)[0]] !== undefined),
  );
  for (const row of rows)
    for (const [key, column] of columns)
      if ((row[key as keyof typeof row] !== undefined) !== given.has(key))
        throw new Error(`insertRows: every row of ${getTableName(table)} must give ${column.name}, or none`);
  const documents = rows.map((row) => {
    const document: Record<string, unknown> = {};
    for (const [key, column] of columns) {
      const value = row[key as keyof typeof row];
      if (value === undefined) continue;
      // A JSON column's value goes in as JSON itself, not as the text drizzle would send for it.
      document[column.name] =
        value === null || is(column, PgJsonb) || is(column, PgJson) ? value : column.mapToDriverValue(value);
    }
    return document;
  });
  const selected = columns.map(([key, column]) =>
    given.has(key) ? sql`x.${sql.identifier(column.name)}` : defaultOf(column),
  );
  return tx
    .insert(table)
    .select(
      sql`select ${sql.join(selected, sql`, `)} from json_populate_recordset(null::${table}, ${JSON.stringify(documents)}::json) as x`,
    );
}

/** What a column takes when a row does not give it: its default (as the table defines it), else NULL. */
function defaultOf(column: PgColumn): SQL {
  // An identity column takes no value from a SELECT without OVERRIDING SYSTEM VALUE: use tx.insert() there.
  if (column.generatedIdentity) throw new Error(`insertRows: ${column.name} is an identity column`);
  if (column.defaultFn) throw new Error(`insertRows: give ${column.name} (its default is made in JavaScript)`);
  if (!column.hasDefault || column.default === undefined) return sql`null`;
  return is(column.default, SQL) ? column.default : sql`${column.mapToDriverValue(column.default)}`;
}
