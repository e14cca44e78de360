/**
 * Server-side sessions: an opaque random token in the cookie, its keyed hash in the table.
 * A session ends after SESSION_IDLE_MS without use or SESSION_ABSOLUTE_MS after sign-in, whichever comes first.
 */
import { and, eq, ne, sql, type SQL } from 'drizzle-orm';
import type { Db } from '../db/client.ts';
import { sessions, users } from '../db/schema/index.ts';
import type { Clock } from './clock.ts';
import { hashToken, randomToken } from './tokens.ts';

export const SESSION_IDLE_MS = 3 * 24 * 60 * 60 * 1000;
export const SESSION_ABSOLUTE_MS = 30 * 24 * 60 * 60 * 1000;
/** lastSeenAt is written at most this often, not on every request. */
const TOUCH_EVERY_MS = 60 * 1000;

export type UserRow = typeof users.$inferSelect;
export type SessionRow = typeof sessions.$inferSelect;

/**
 * A change that must commit with a new session, made in the same statement (a sign-in's counter given back:
 * commands/sign-in.ts). Its SQL takes this call's values through placeholders, so that the statement is prepared
 * once per change, under `name`, and reused: pass the same `change` every time.
 */
export interface SessionAlongside {
  name: string;
  change: SQL;
  values: Record<string, unknown>;
}

export interface SessionService {
  /** Starts a new session (a new token every time: no fixation) and returns its token. */
  create(
    userId: string,
    userAgent: string,
    options?: { secondFactor?: boolean; alongside?: SessionAlongside },
  ): Promise<{ token: string; session: SessionRow }>;
  /** The live session and its active user for a cookie token, or null. */
  resolve(token: string): Promise<{ session: SessionRow; user: UserRow } | null>;
  revoke(sessionId: string): Promise<void>;
  /** Ends every session of a user, optionally keeping one (the one making the request). */
  revokeAll(userId: string, keepSessionId?: string): Promise<void>;
}

export function createSessionService(db: Db, secret: string, clock: Clock): SessionService {
  // Prepared once and reused, as the sign-in's counting statement (commands/sign-in.ts says why).
  const insertSession = (name: string, alongside?: SQL) =>
    (alongside ? db.with(db.$with('alongside', {}).as(alongside)) : db)
      .insert(sessions)
      .values({
        tokenHash: sql.placeholder('tokenHash'),
        userId: sql.placeholder('userId'),
        createdAt: sql.placeholder('now'),
        lastSeenAt: sql.placeholder('now'),
        expiresAt: sql.placeholder('expiresAt'),
        userAgent: sql.placeholder('userAgent'),
        // A placeholder for a column is filled through the column's mapping, which does not take null.
        secondFactorAt: sql`${sql.placeholder('secondFactorAt')}::timestamptz`,
      })
      .returning()
      .prepare(name);
  const plainInsert = insertSession('session_insert');
  // Keyed by the change itself: another change under a used name is a second statement text, which node-postgres
  // refuses ("Prepared statements must be unique") rather than running the first one.
  const insertsWith = new WeakMap<SQL, ReturnType<typeof insertSession>>();
  const insertFor = (alongside?: SessionAlongside) => {
    if (!alongside) return plainInsert;
    let insert = insertsWith.get(alongside.change);
    if (!insert)
      insertsWith.set(alongside.change, (insert = insertSession(`session_insert_${alongside.name}`, alongside.change)));
    return insert;
  };

  return {
    async create(userId, userAgent, { secondFactor = false, alongside } = {}) {
      const token = randomToken();
      const now = clock.now();
      const [session] = await insertFor(alongside).execute({
        ...alongside?.values,
        tokenHash: hashToken(token, secret),
        userId,
        now,
        expiresAt: new Date(now.getTime() + SESSION_ABSOLUTE_MS),
        userAgent: describeUserAgent(userAgent),
        secondFactorAt: secondFactor ? now.toISOString() : null,
      });
      return { token, session: session! };
    },

    async resolve(token) {
      if (!token || token.length > 100) return null;
      const [row] = await db
        .select({ session: sessions, user: users })
        .from(sessions)
        .innerJoin(users, eq(users.id, sessions.userId))
        .where(eq(sessions.tokenHash, hashToken(token, secret)))
        .limit(1);
      if (!row) return null;
      const now = clock.now().getTime();
      const idleFor = now - row.session.lastSeenAt.getTime();
      if (now >= row.session.expiresAt.getTime() || idleFor >= SESSION_IDLE_MS || row.user.status !== 'active') {
        await db.delete(sessions).where(eq(sessions.id, row.session.id));
        return null;
      }
      if (idleFor >= TOUCH_EVERY_MS) {
        await db
          .update(sessions)
          .set({ lastSeenAt: new Date(now) })
          .where(eq(sessions.id, row.session.id));
      }
      return row;
    },

    async revoke(sessionId) {
      await db.delete(sessions).where(eq(sessions.id, sessionId));
    },

    async revokeAll(userId, keepSessionId) {
      await db
        .delete(sessions)
        .where(
          keepSessionId
            ? and(eq(sessions.userId, userId), ne(sessions.id, keepSessionId))
            : eq(sessions.userId, userId),
        );
    },
  };
}

/** "Chrome on Linux": enough to recognise a session in a list, without storing a fingerprint. */
export function describeUserAgent(ua: string): string {
  const browser = /Edg\//.test(ua)
    ? 'Edge'
    : /Firefox\//.test(ua)
      ? 'Firefox'
      : /Chrome\//.test(ua)
        ? 'Chrome'
        : /Safari\//.test(ua)
          ? 'Safari'
          : 'A browser';
  const os = /Android/.test(ua)
    ? 'Android'
    : /iPhone|iPad/.test(ua)
      ? 'iOS'
      : /Windows/.test(ua)
        ? 'Windows'
        : /Mac OS X/.test(ua)
          ? 'macOS'
          : /Linux/.test(ua)
            ? 'Linux'
            : 'an unknown system';
  return `${browser} on ${os}`;
}
