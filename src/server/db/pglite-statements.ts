/**
 * PGlite whose queries keep their plans, as node-postgres's named statements do on PostgreSQL (issue 17).
 *
 * PGlite's `query()` parses, describes and plans its text every time, in six calls into WebAssembly; all of it on
 * the server's one thread. Sign-in's counting statement spent two thirds of its time there (1.4 ms of 2.1 ms). Here
 * each distinct text is parsed once into a named statement (its parameter types read once), and each run is one
 * call: bind, describe, execute, sync; inside a transaction too (its `query` runs them the same way).
 *
 * Only PGlite's public API (issue 35): `execProtocol` under `runExclusive`, the documented way to send protocol
 * messages, which takes the lock of PGlite's queries. That lock alone would let a query run inside an open
 * transaction (a transaction holds it only per statement), so `transaction()` and these queries also share a lock
 * of their own: a query waits for an open transaction, as PGlite's own `query()` does.
 */
import type * as Pglite from '@electric-sql/pglite';

type PgliteModule = typeof Pglite;
type Parsers = Pglite.PGlite['parsers'];

/** Distinct texts kept prepared; past this the first one prepared is closed (drizzle's texts are few and fixed). */
const MAX_STATEMENTS = 500;

/** "cached plan must not change result type" (a column's type changed) and "prepared statement does not exist". */
const STALE_STATEMENT_CODES = new Set(['0A000', '26000']);

interface Statement {
  name: string;
  paramTypes: number[];
}

/** Options PGlite's own path handles specially (files, chosen types, notices): such queries stay on it. */
const special = (options: Pglite.QueryOptions | undefined) =>
  Boolean(options?.blob || options?.paramTypes || options?.serializers || options?.onNotice);

/** PGlite's own words for a query sent to a closed database. */
function closedError() {
  return new Error('PGlite is closed');
}

/** The PGlite class of `pglite` (the module the caller imported lazily), with prepared queries. */
export function preparingPglite({ PGlite, Mutex, protocol, parse, messages }: PgliteModule) {
  const { serialize } = protocol;

  return class PreparingPglite extends PGlite {
    readonly #statements = new Map<string, Statement>();
    #counter = 0;
    /** Held by each prepared query and for each whole transaction (PGlite's own queries wait on its own lock). */
    readonly #transactionLock = new Mutex();

    override async query<T>(text: string, params: unknown[] = [], options?: Pglite.QueryOptions) {
      // What PGlite's own path handles specially (files, chosen types, notices) stays on it.
      if (special(options)) return super.query<T>(text, params, options);
      await this.#started();
      return this.#transactionLock.runExclusive(() =>
        this.runExclusive(async () => {
          // As query() refuses (checked here too: close() may have run while this query waited for the locks).
          if (!this.ready) throw this.closed ? closedError() : new Error('PGlite is closing');
          const result = await this.#run<T>(text, params, options);
          await this.syncToFs();
          return result;
        }),
      );
    }

    /**
     * PGlite's own transaction, during which prepared queries wait; its queries are prepared too (under PGlite's
     * query lock, as its own are), and what a transaction writes reaches the files at its COMMIT.
     */
    override async transaction<T>(callback: (tx: Pglite.Transaction) => Promise<T>): Promise<T> {
      await this.#started();
      return this.#transactionLock.runExclusive(() =>
        super.transaction((tx) => {
          const preparing: Pglite.Transaction = Object.create(tx) as Pglite.Transaction;
          preparing.query = async <R>(text: string, params?: unknown[], options?: Pglite.QueryOptions) => {
            if (special(options) || tx.closed) return tx.query<R>(text, params, options);
            return this.runExclusive(() => this.#run<R>(text, params ?? [], options));
          };
          return callback(preparing);
        }),
      );
    }

    /** Runs `text` as a kept statement (prepared the first time), under the locks the caller holds. */
    async #run<T>(text: string, params: unknown[], options: Pglite.QueryOptions | undefined) {
      try {
        const statement = this.#statements.get(text) ?? (await this.#prepare(text));
        const values = params.map((value, i) => {
          if (value === null || value === undefined) return null;
          const serializer = this.serializers[statement.paramTypes[i]!];
          return serializer ? serializer(value) : String(value as string);
        });
        const answer = await this.#send(
          serialize.bind({ statement: statement.name, values }),
          serialize.describe({ type: 'P' }),
          serialize.execute({}),
        );
        // The query's own parsers over PGlite's by prototype: PGlite would copy all of its ~300 per query (80 µs).
        const parsers: Parsers = options?.parsers
          ? Object.assign(Object.create(this.parsers) as Parsers, options.parsers)
          : this.parsers;
        const rowMode = options?.rowMode ? { rowMode: options.rowMode } : undefined;
        return parse.parseResults(answer.messages, parsers, rowMode)[0] as Pglite.Results<T>;
      } catch (err) {
        if (err instanceof messages.DatabaseError) {
          // A plan the schema has outgrown, or a statement deallocated: prepared afresh on the next call.
          if (STALE_STATEMENT_CODES.has(err.code ?? '')) await this.#drop(text);
          // As PGlite's own query() does: the error names its query.
          Object.assign(err, { query: text, params, queryOptions: options });
        }
        throw err;
      }
    }

    /**
     * Waits while the database starts, as PGlite's own calls do, and before taking the lock: starting runs queries
     * of its own, which would wait for a transaction that waits for the start. A closed database is refused here,
     * a closing one under the locks.
     */
    async #started() {
      if (this.ready) return;
      if (this.closed) throw closedError();
      await this.waitReady;
    }

    /** One call into PGlite: these messages and a sync, which also ends a failed step's error state. */
    #send(...steps: Uint8Array[]) {
      return this.execProtocol(Buffer.concat([...steps, serialize.sync()]), { syncToFs: false });
    }

    /** Forgets a kept statement and closes it in PGlite (closing one that no longer exists is no error). */
    async #drop(text: string) {
      const statement = this.#statements.get(text);
      if (!statement) return;
      this.#statements.delete(text);
      await this.#send(serialize.close({ type: 'S', name: statement.name }));
    }

    async #prepare(text: string): Promise<Statement> {
      if (this.#statements.size >= MAX_STATEMENTS) await this.#drop(this.#statements.keys().next().value!);
      const name = `hc_${++this.#counter}`;
      const described = await this.#send(serialize.parse({ name, text }), serialize.describe({ type: 'S', name }));
      const statement = { name, paramTypes: parse.parseDescribeStatementResults(described.messages) };
      this.#statements.set(text, statement);
      return statement;
    }
  };
}
