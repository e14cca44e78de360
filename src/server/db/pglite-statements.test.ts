/** PGlite with prepared queries answers as PGlite's own path does, and keeps to its transactions' locks. */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import * as pgliteModule from '@electric-sql/pglite';
import { sql } from 'drizzle-orm';
import { drizzle } from 'drizzle-orm/pglite';
import { preparingPglite } from './pglite-statements.ts';

const PreparingPglite = preparingPglite(pgliteModule);
let db: InstanceType<typeof PreparingPglite>;
/** PGlite's own query(), for comparison. */
let plain: pgliteModule.PGlite;

beforeAll(async () => {
  db = new PreparingPglite();
  plain = new pgliteModule.PGlite();
  for (const client of [db, plain]) {
    await client.exec(`create table notes (
      id serial primary key, title text not null unique, at timestamptz, size bigint, tags text[], extra jsonb)`);
  }
});
afterAll(async () => {
  await db.close();
  await plain.close();
});

describe('prepared queries on PGlite', () => {
  it('answer with the same rows, types and fields as PGlite itself, in object and array rows, run after run', async () => {
    const insert = 'insert into notes (title, at, size, tags, extra) values ($1, $2, $3, $4, $5) returning *';
    const select = 'select * from notes where size > $1 or at is null order by id';
    for (const client of [db, plain]) {
      await client.query(insert, ['first', new Date('2026-11-25T01:00:00Z'), 12n, ['a', 'b'], { kind: 'x' }]);
      await client.query(insert, ['second', null, 99, null, null]);
    }
    // drizzle's own parsers keep timestamps as text.
    const asText = { parsers: { [pgliteModule.types.TIMESTAMPTZ]: (value: string) => value } };
    for (const options of [{ rowMode: 'object' }, { rowMode: 'array' }, { rowMode: 'array', ...asText }] as const) {
      for (let run = 0; run < 3; run++) {
        const mine = await db.query(select, [10], options);
        const theirs = await plain.query(select, [10], options);
        expect(mine.rows).toEqual(theirs.rows);
        expect(mine.fields).toEqual(theirs.fields);
      }
    }
    expect((await db.query<{ title: string }>(select, [10])).rows.map((r) => r.title)).toEqual(['first', 'second']);
    expect((await db.query<unknown[]>(select, [10], { rowMode: 'array', ...asText })).rows[0]![2]).toBe(
      '2026-11-25 01:00:00+00',
    );
  });

  it('refuse a broken write with the database error, naming its query, and go on answering', async () => {
    const insert = 'insert into notes (title) values ($1) returning id';
    await db.query(insert, ['unique title']);
    const refused = await db.query(insert, ['unique title']).catch((err: unknown) => err);
    expect(refused).toBeInstanceOf(pgliteModule.messages.DatabaseError);
    expect(refused).toMatchObject({ code: '23505', query: insert, params: ['unique title'] });
    expect((await db.query(insert, ['another title'])).rows).toHaveLength(1);
    const missing = 'select * from no_such_table where id = $1';
    await expect(db.query(missing, [1])).rejects.toMatchObject({ code: '42P01', query: missing });
  });

  it('prepare a query afresh once a column it reads changed type, after answering that change with an error', async () => {
    await db.exec('create table sizes (id int primary key, size int); insert into sizes values (1, 12)');
    const read = 'select size from sizes where id = $1';
    expect((await db.query(read, [1])).rows).toEqual([{ size: 12 }]);
    await db.exec('alter table sizes alter column size type text');
    await expect(db.query(read, [1])).rejects.toMatchObject({ code: '0A000' });
    expect((await db.query(read, [1])).rows).toEqual([{ size: '12' }]);
  });

  it('refuse a query once the database is closed, as PGlite does', async () => {
    const closing = new PreparingPglite();
    await closing.query('select 1');
    await closing.close();
    await expect(closing.query('select 1')).rejects.toThrow('PGlite is closed');
  });

  it("refuse a query that waited for a transaction while the database closed, in PGlite's words", async () => {
    // The transaction is sent before the database has started: the start's own queries must not wait for it.
    const closing = new PreparingPglite();
    let release!: () => void;
    const held = new Promise<void>((resolve) => (release = resolve));
    let started!: () => void;
    const inside = new Promise<void>((resolve) => (started = resolve));
    const transaction = closing.transaction(async (tx) => {
      await tx.query('select 1');
      started();
      await held;
    });
    await inside;
    const waiting = closing.query('select $1::int as n', [1]).catch((err: unknown) => err);
    const closed = closing.close();
    release();
    await transaction;
    await closed;
    expect(await waiting).toMatchObject({ message: expect.stringMatching(/^PGlite is clos(ing|ed)$/) as string });
    await expect(closing.query('select $1::int as n', [1])).rejects.toThrow('PGlite is closed');
  });

  it('hold a query sent while a transaction is open until it commits: it never sees the uncommitted row', async () => {
    await db.exec('create table pending (title text)');
    const events: string[] = [];
    let release!: () => void;
    const held = new Promise<void>((resolve) => (release = resolve));
    let started!: () => void;
    const inside = new Promise<void>((resolve) => (started = resolve));
    const transaction = db
      .transaction(async (tx) => {
        await tx.query("insert into pending values ('uncommitted')");
        started();
        await held;
      })
      .then(() => events.push('committed'));
    await inside;
    const read = db
      .query<{ n: number }>('select count(*)::int as n from pending where title = $1', ['uncommitted'])
      .then(({ rows }) => {
        events.push(`read ${rows[0]!.n}`);
      });
    // Run inside the transaction, it would have answered 1 by now.
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(events).toEqual([]);
    release();
    await Promise.all([transaction, read]);
    expect(events).toEqual(['committed', 'read 1']);
  });

  it("keep drizzle's transactions whole (drizzle-orm/pglite), savepoints included, and wait for them", async () => {
    const orm = drizzle({ client: db });
    await orm.execute(sql`create table gifts (title text)`);
    let release!: () => void;
    const held = new Promise<void>((resolve) => (release = resolve));
    let started!: () => void;
    const inside = new Promise<void>((resolve) => (started = resolve));
    const transaction = orm.transaction(async (tx) => {
      await tx.execute(sql`insert into gifts values (${'kept'})`);
      await tx
        .transaction(async (nested) => {
          await nested.execute(sql`insert into gifts values (${'undone'})`);
          throw new Error('roll back to the savepoint');
        })
        .catch(() => {});
      started();
      await held;
      return (await tx.execute<{ title: string }>(sql`select title from gifts`)).rows.map((r) => r.title);
    });
    const events: string[] = [];
    void transaction.then(() => events.push('committed'));
    await inside;
    const outside = orm
      .execute<{ n: number }>(sql`select count(*)::int as n from gifts where title = ${'kept'}`)
      .then(({ rows }) => events.push(`read ${rows[0]!.n}`));
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(events).toEqual([]);
    release();
    expect(await transaction).toEqual(['kept']);
    await outside;
    expect(events).toEqual(['committed', 'read 1']);
  });

  it("run a transaction's queries as kept statements, and roll it back whole when one of them fails", async () => {
    const insert = 'insert into notes (title, size) values ($1, $2) returning title, size';
    const kept = async () =>
      (await db.query<{ statement: string }>('select statement from pg_prepared_statements')).rows.map(
        (row) => row.statement,
      );
    const answered = await db.transaction(async (tx) => (await tx.query(insert, ['in a transaction', 7])).rows);
    expect(answered).toEqual([{ title: 'in a transaction', size: 7 }]);
    expect(await kept()).toContain(insert);

    const refused = await db
      .transaction(async (tx) => {
        await tx.query(insert, ['rolled back', 1]);
        await tx.query(insert, ['in a transaction', 2]);
      })
      .catch((err: unknown) => err);
    expect(refused).toMatchObject({ code: '23505', query: insert });
    const titles = await db.query<{ title: string }>('select title from notes where title like $1', ['%back%']);
    expect(titles.rows).toEqual([]);
    expect(await db.transaction(async (tx) => (await tx.query(insert, ['after the rollback', 3])).rows)).toHaveLength(
      1,
    );
  });

  it('deliver notifications to listen() from prepared queries, and answer exec() between them', async () => {
    const heard: string[] = [];
    const unlisten = await db.listen('gifts_changed', (payload) => heard.push(payload));
    await db.query('select pg_notify($1, $2)', ['gifts_changed', 'first']);
    const [answer] = await db.exec("select pg_notify('gifts_changed', 'second') as sent, 2 as n");
    expect(answer!.rows).toEqual([{ sent: '', n: 2 }]);
    await db.query('select pg_notify($1, $2)', ['gifts_changed', 'third']);
    await unlisten();
    expect(heard).toEqual(['first', 'second', 'third']);
  });

  it('wait for an open transaction instead of running inside it: its rollback does not undo them', async () => {
    let release!: () => void;
    const held = new Promise<void>((resolve) => (release = resolve));
    let started!: () => void;
    const inside = new Promise<void>((resolve) => (started = resolve));
    const transaction = db
      .transaction(async (tx) => {
        await tx.query("insert into notes (title) values ('rolled back')");
        started();
        await held;
        throw new Error('roll back');
      })
      .catch(() => 'rolled back');
    await inside;
    const outside = db.query('insert into notes (title) values ($1) returning id', ['kept']);
    release();
    expect(await transaction).toBe('rolled back');
    await outside;
    const titles = (await db.query<{ title: string }>('select title from notes')).rows.map((r) => r.title);
    expect(titles).toContain('kept');
    expect(titles).not.toContain('rolled back');
  });

  it('keep answering past the number of statements it keeps prepared', async () => {
    for (let i = 0; i < 520; i++) {
      const { rows } = await db.query<{ n: number }>(`select $1::int + ${i} as n`, [1]);
      expect(rows[0]!.n).toBe(i + 1);
    }
    expect((await db.query<{ n: number }>('select $1::int + 0 as n', [7])).rows[0]!.n).toBe(7);
  });
});
