/** Read models of accounts: finding a user, the admin user list, a user's profile answers, sessions and codes. */
import { and, asc, count, desc, eq, gt, ilike, isNull, or, sql, type Placeholder } from 'drizzle-orm';
import { ADMIN_LIST_PAGE_SIZE } from '#shared/constants.ts';
import type { Db } from '../client.ts';
import {
  adminProfiles,
  doctorProfiles,
  donorProfiles,
  patientProfiles,
  recoveryCodes,
  sessions,
  userTokens,
  users,
} from '../schema/index.ts';
import { paged } from './paging.ts';

export type UserRow = typeof users.$inferSelect;
export type SessionRow = typeof sessions.$inferSelect;

/** Each role's table of onboarding answers. */
export const PROFILE_TABLES = {
  patient: patientProfiles,
  doctor: doctorProfiles,
  donor: donorProfiles,
  admin: adminProfiles,
} as const;

/** The condition "the account with this address, whatever its case" (the unique index is on lower(email)). */
export const emailIs = (email: string | Placeholder) => sql`lower(${users.email}) = lower(${email})`;

/** The account with this address, whatever its case. */
export async function findUserByEmail(db: Db, email: string): Promise<UserRow | undefined> {
  const [user] = await db.select().from(users).where(emailIs(email)).limit(1);
  return user;
}

/** The account with this id. */
export async function findUserById(db: Db, id: string): Promise<UserRow | undefined> {
  const [user] = await db.select().from(users).where(eq(users.id, id));
  return user;
}

/** The account a live (unused, unexpired) mailed-link token of this purpose belongs to; tokens are stored hashed. */
export async function userByLiveToken(
  db: Db,
  tokenHash: string,
  purpose: (typeof userTokens.$inferSelect)['purpose'],
  now: Date,
): Promise<UserRow | undefined> {
  const [found] = await db
    .select({ user: users })
    .from(userTokens)
    .innerJoin(users, eq(users.id, userTokens.userId))
    .where(
      and(
        eq(userTokens.tokenHash, tokenHash),
        eq(userTokens.purpose, purpose),
        isNull(userTokens.usedAt),
        gt(userTokens.expiresAt, now),
      ),
    )
    .limit(1);
  return found?.user;
}

/** Users whose address or name contains `q` (all without it), newest first, a page at a time. */
export function usersPage<Item>(
  db: Db,
  query: { page: number; q?: string | undefined },
  present: (row: UserRow) => Item,
) {
  // The search is literal: % and _ in it match themselves.
  const like = query.q ? `%${query.q.replace(/[%_\\]/g, (c) => `\\${c}`)}%` : undefined;
  const where = like
    ? or(ilike(users.email, like), ilike(users.firstName, like), ilike(users.lastName, like))
    : undefined;
  return paged(
    { page: query.page, pageSize: ADMIN_LIST_PAGE_SIZE },
    (limit, offset) => db.select().from(users).where(where).orderBy(desc(users.createdAt)).limit(limit).offset(offset),
    () => db.select({ n: count() }).from(users).where(where),
    present,
  );
}

/** The role's onboarding answers, or null. */
export async function loadProfile(db: Db, user: UserRow) {
  const table = PROFILE_TABLES[user.role ?? 'patient'];
  const [row] = await db.select().from(table).where(eq(table.userId, user.id));
  if (!row) return null;
  const { userId: _userId, ...answers } = row;
  return answers;
}

/** A user's live sessions, oldest first. */
export function sessionsOf(db: Db, userId: string): Promise<SessionRow[]> {
  return db.select().from(sessions).where(eq(sessions.userId, userId)).orderBy(asc(sessions.createdAt));
}

/** How many of the user's recovery codes are still unused. */
export async function recoveryCodesLeft(db: Db, userId: string): Promise<number> {
  const [row] = await db
    .select({ n: count() })
    .from(recoveryCodes)
    .where(and(eq(recoveryCodes.userId, userId), isNull(recoveryCodes.usedAt)));
  return row?.n ?? 0;
}
