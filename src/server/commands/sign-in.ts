/**
 * The bookkeeping around a sign-in's password check in two database statements: before the check, the try counted
 * against the address and (while the address is within its limit) against the email asked for, with the account
 * read; after a right password, the try given back with the session stored. Five round trips before (issue 17):
 * under load each cost the main thread more than its SQL, on the same cores as the argon2 threads. With the counters
 * in Redis the same steps run side by side.
 */
import { sql, type SQL } from 'drizzle-orm';
import type { Db } from '../db/client.ts';
import { emailIs, findUserByEmail } from '../db/queries/users.ts';
import { users } from '../db/schema/index.ts';
import {
  countOf,
  FAILED_SIGN_INS,
  tooManyRequests,
  tooManyTries,
  type AccountLimit,
  type AccountLimits,
  type Count,
  type CounterStatements,
  type CounterStore,
  type HeaderTarget,
} from '../services/account-limits.ts';
import type { Clock } from '../services/clock.ts';
import type { SessionAlongside, UserRow } from '../services/sessions.ts';

/** Sign-in tries per client address, whatever emails it asks for. */
export const SIGN_INS_PER_ADDRESS: AccountLimit = { name: 'sign-in-address', max: 10, windowMs: 15 * 60 * 1000 };

/** A counted try: refused before this if either limit was used up. */
export interface SignInTry {
  /** The account asked for, if there is one. */
  user: UserRow | undefined;
  /** A wrong password now uses up the account's tries (the moment to tell its owner). */
  isLast: boolean;
  /** A right password: the try is given back, within `start`'s statement (the session insert) where it can be. */
  giveBackWith(start: (alongside?: SessionAlongside) => Promise<void>): Promise<void>;
  /** A right password, but no session follows (suspended, or a code still to check). */
  giveBack(): Promise<void>;
}

export interface SignInTries {
  /** Counts a try from `address` for `email` and reads the account; refuses with 429 past either limit. */
  count(address: string, email: string, reply: HeaderTarget): Promise<SignInTry>;
}

/**
 * The address's count, the email's (only while the address is within its limit: a refused address must not use up
 * the tries of the email it asks for) and the account, in one statement prepared once (on PostgreSQL a named
 * statement: no parse or plan per sign-in; issue 17 measured building and planning at about half of its cost), and
 * the give-back that rides in the session insert (SessionService.create).
 */
function prepareStatements(db: Db, statements: CounterStatements) {
  const now = sql.placeholder('now');
  // Typed by one column; the select below reads both counters by their CTE's name.
  const counter = (name: string, counting: SQL) => db.$with(name, { key: sql<string>`key`.as('key') }).as(counting);
  const address = counter(
    'address',
    statements.increment(sql.placeholder('addressKey'), SIGN_INS_PER_ADDRESS.windowMs, now),
  );
  // Reads the address's count, so its row is always locked first: two sign-ins cannot deadlock.
  const account = counter(
    'account',
    statements.increment(
      sql.placeholder('accountKey'),
      FAILED_SIGN_INS.windowMs,
      now,
      sql`(select count from address) <= ${SIGN_INS_PER_ADDRESS.max}`,
    ),
  );
  const counting = db
    .with(address, account)
    .select({
      addressCount: sql<number | string>`address.count`,
      addressResetAt: sql<number | string>`address.reset_at`,
      accountCount: sql<number | string | null>`account.count`,
      accountResetAt: sql<number | string | null>`account.reset_at`,
      user: users,
    })
    .from(address)
    .leftJoin(account, sql`true`)
    .leftJoin(users, emailIs(sql.placeholder('email')))
    .prepare('sign_in_count');
  const giveBack = statements.decrement(sql.placeholder('giveBackKey'), sql.placeholder('giveBackNow'));
  return { counting, giveBack };
}

export function createSignInTries(db: Db, store: CounterStore, limits: AccountLimits, clock: Clock): SignInTries {
  // Only when the counters live in the database; with Redis the same steps run side by side.
  const prepared = store.statements && prepareStatements(db, store.statements);

  async function countAndRead(
    addressKey: string,
    accountKey: string,
    email: string,
  ): Promise<{ address: Count; account: Count | undefined; user: UserRow | undefined }> {
    if (!prepared) {
      const [address, user] = await Promise.all([
        store.increment(addressKey, SIGN_INS_PER_ADDRESS.windowMs),
        findUserByEmail(db, email),
      ]);
      const account =
        address.count > SIGN_INS_PER_ADDRESS.max
          ? undefined
          : await store.increment(accountKey, FAILED_SIGN_INS.windowMs);
      return { address, account, user };
    }
    const now = clock.now().getTime();
    const [row] = await prepared.counting.execute({ addressKey, accountKey, email, now });
    const { addressCount, addressResetAt, accountCount, accountResetAt, user } = row!;
    return {
      address: countOf({ count: addressCount, reset_at: addressResetAt }, now),
      account: accountCount === null ? undefined : countOf({ count: accountCount, reset_at: accountResetAt! }, now),
      user: user ?? undefined,
    };
  }

  return {
    async count(address, email, reply) {
      const accountKey = limits.key(FAILED_SIGN_INS, email);
      const counted = await countAndRead(limits.key(SIGN_INS_PER_ADDRESS, address), accountKey, email);
      if (!counted.account) tooManyRequests(counted.address.resetInMs, reply);
      if (counted.account.count > FAILED_SIGN_INS.max) tooManyTries(counted.account.resetInMs, reply);
      const giveBack = () => store.decrement(accountKey);
      return {
        user: counted.user,
        isLast: counted.account.count === FAILED_SIGN_INS.max,
        giveBack,
        async giveBackWith(start) {
          if (!prepared) return void (await Promise.all([giveBack(), start()]));
          const values = { giveBackKey: accountKey, giveBackNow: clock.now().getTime() };
          await start({ name: 'sign_in_give_back', change: prepared.giveBack, values });
        },
      };
    },
  };
}
