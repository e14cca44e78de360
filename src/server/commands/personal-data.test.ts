/** Every table that refers to a person has a declared export and deletion, or a stated reason it has none. */
import { describe, expect, it } from 'vitest';
import { is } from 'drizzle-orm';
import { getTableConfig, PgTable, pgTable, text, uuid } from 'drizzle-orm/pg-core';
import * as schema from '../db/schema/index.ts';
import { KEPT_AFTER_DELETION, NOT_PERSONAL_DATA, PERSONAL_DATA } from './personal-data.ts';

const TABLES = (Object.values(schema) as unknown[]).filter((value): value is PgTable => is(value, PgTable));

/** Columns that hold an email, a person's name or a mail recipient. */
const PERSON_COLUMN = /email|name|^to$|payee/;

/**
 * Why a table looks like it holds someone's data: a foreign key to users, a uuid/text column named *_by or *_id
 * that points at no other table (audit_log.actor_id, expense_approvals.approver_id), or a name/email column.
 */
function personalColumns(table: PgTable): string[] {
  const config = getTableConfig(table);
  const references = new Map<string, string>();
  for (const fk of config.foreignKeys) {
    const ref = fk.reference();
    for (const column of ref.columns) references.set(column.name, getTableConfig(ref.foreignTable).name);
  }
  return config.columns
    .filter((column) => {
      const target = references.get(column.name);
      if (target) return target === 'users';
      const idLike =
        column.name !== 'id' && /(_by|_id)$/.test(column.name) && ['uuid', 'text'].includes(column.getSQLType());
      return idLike || (column.getSQLType() === 'text' && PERSON_COLUMN.test(column.name));
    })
    .map((column) => column.name);
}

/** Tables that look personal but have no decision either way. */
function undecided(tables: PgTable[]): string[] {
  return tables
    .filter((table) => personalColumns(table).length > 0)
    .map((table) => getTableConfig(table).name)
    .filter((name) => !(name in PERSONAL_DATA) && !(name in NOT_PERSONAL_DATA));
}

describe('personal data, table by table', () => {
  it('declares how every table that refers to a user, or holds an email or a name, is exported and deleted (or why not)', () => {
    expect(undecided(TABLES)).toEqual([]);
  });

  it('fails for a new table that refers to users until someone decides its export and deletion', () => {
    const pets = pgTable('pets', {
      id: uuid('id').primaryKey(),
      ownerId: uuid('owner_id').references(() => schema.users.id),
    });
    const notes = pgTable('notes', { id: uuid('id').primaryKey(), writtenBy: uuid('written_by') });
    const letters = pgTable('letters', { id: uuid('id').primaryKey(), recipientEmail: text('recipient_email') });
    expect(undecided([...TABLES, pets, notes, letters])).toEqual(['pets', 'notes', 'letters']);
  });

  it('sees the user references that have no foreign key (audit actors, approvers, ledger authors)', () => {
    const byName = Object.fromEntries(TABLES.map((table) => [getTableConfig(table).name, personalColumns(table)]));
    expect(byName.audit_log).toEqual(expect.arrayContaining(['actor_id', 'target_id']));
    expect(byName.expense_approvals).toEqual(['approver_id']);
    expect(byName.ledger_entries).toEqual(['created_by']);
    expect(byName.donations).toEqual(expect.arrayContaining(['donor_name', 'recorded_by']));
    expect(byName.outbox).toEqual(['to']);
  });

  it('names only tables that exist, each decided once, with nothing kept after deletion outside the declared tables', () => {
    const names = new Set(TABLES.map((table) => getTableConfig(table).name));
    const declared = [...Object.keys(PERSONAL_DATA), ...Object.keys(NOT_PERSONAL_DATA)];
    expect(declared.filter((name) => !names.has(name))).toEqual([]);
    expect(Object.keys(PERSONAL_DATA).filter((name) => name in NOT_PERSONAL_DATA)).toEqual([]);
    expect(KEPT_AFTER_DELETION.filter((kept) => !(kept.table in PERSONAL_DATA))).toEqual([]);
  });
});
