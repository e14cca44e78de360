/**
 * What links a person's data to her account: her record ids, mail to her address, her refund requests; the export
 * document (db/queries/user-export.ts) and deletion (commands/personal-data-delete.ts) start from these.
 * commands/personal-data.ts declares, per table, how it is exported and deleted; records other people created are
 * linked by email only once confirmed.
 */
import { and, eq, gte, inArray, or, sql, type SQL } from 'drizzle-orm';
import type { AuditTargetType } from '#shared/audit.ts';
import type { Db } from '../client.ts';
import {
  auditLog,
  campaigns,
  commentReports,
  contactMessages,
  donationIntents,
  donations,
  expenses,
  outbox,
  refundRequests,
  stories,
  storyComments,
} from '../schema/index.ts';
import type { UserRow } from './users.ts';

/** Rows other people created that name this address; none while the address is unconfirmed. */
export function byConfirmedEmail(user: UserRow, column: Parameters<typeof eq>[0]): SQL {
  return user.emailVerifiedAt ? sql`lower(${column}) = ${user.email.toLowerCase()}` : sql`false`;
}

/**
 * Mail to exactly her address (never found by name or substring): any age once confirmed, else only since the
 * account began. Once confirmed, also the team's copies of her contact messages, whose first line is
 * `From: <name> <address>` (src/server/routes/contact/contact.ts): matched on the whole bracketed address.
 */
export function mailTo(user: UserRow): SQL {
  const email = user.email.toLowerCase();
  const exact = sql`lower(${outbox.to}) = ${email}`;
  if (!user.emailVerifiedAt) return and(exact, gte(outbox.createdAt, user.createdAt))!;
  return or(
    exact,
    sql`(${outbox.text} like 'From: %' and position(${`<${email}>\n`} in lower(split_part(${outbox.text}, E'\n', 1) || E'\n')) > 0)`,
  )!;
}

/** Her refund requests: made while signed in, or sent with her confirmed address. */
export function myRefundRequests(user: UserRow): SQL {
  return or(eq(refundRequests.requesterId, user.id), byConfirmedEmail(user, refundRequests.email))!;
}

/**
 * Drizzle's queries run when awaited, so these run one after the other: on one connection (a transaction) node-postgres
 * would otherwise queue overlapping queries with a deprecation warning, and refuse them from its version 9.
 */
async function inTurn<Queries extends PromiseLike<unknown>[]>(
  queries: [...Queries],
): Promise<{ [K in keyof Queries]: Awaited<Queries[K]> }> {
  const results: unknown[] = [];
  for (const query of queries) results.push(await query);
  return results as { [K in keyof Queries]: Awaited<Queries[K]> };
}

/** The ids of her records, by audit target type: what "about her" means for the audit log and others' notifications. */
export async function herRecordIds(db: Db, user: UserRow) {
  const me = user.id;
  const ids = (rows: { id: string | null }[]) => rows.flatMap((r) => (r.id ? [r.id] : []));
  // Deleting an account reads these inside its transaction.
  const [story, reply, report, expense, requests, message, gifts, intents] = await inTurn([
    db.select({ id: stories.id }).from(stories).where(eq(stories.authorId, me)),
    db.select({ id: storyComments.id }).from(storyComments).where(eq(storyComments.authorId, me)),
    db.select({ id: commentReports.id }).from(commentReports).where(eq(commentReports.reporterId, me)),
    db.select({ id: expenses.id }).from(expenses).where(eq(expenses.submittedBy, me)),
    db
      .select({
        id: refundRequests.id,
        donationId: refundRequests.donationId,
        name: refundRequests.name,
        email: refundRequests.email,
      })
      .from(refundRequests)
      .where(myRefundRequests(user)),
    db.select({ id: contactMessages.id }).from(contactMessages).where(byConfirmedEmail(user, contactMessages.email)),
    db.select({ id: donations.id }).from(donations).where(byConfirmedEmail(user, donations.donorEmail)),
    db
      .select({ id: donationIntents.id })
      .from(donationIntents)
      .where(byConfirmedEmail(user, donationIntents.donorEmail)),
  ]);
  return {
    user: [me],
    doctor: [me],
    story: ids(story),
    support_reply: ids(reply),
    support_report: ids(report),
    expense: ids(expense),
    refund_request: ids(requests),
    // Donations have no link to an account: hers are those recorded with her confirmed address, and those a
    // refund request of hers names.
    donation: [...new Set([...ids(gifts), ...ids(requests.map((r) => ({ id: r.donationId })))])],
    donation_intent: ids(intents),
    contact_message: ids(message),
    /** The names and addresses she wrote on her refund requests. */
    refundRequestContacts: requests.flatMap((r) => [r.name, r.email]),
  } satisfies Partial<Record<AuditTargetType, string[]>> & { refundRequestContacts: string[] };
}
export type HerRecordIds = Awaited<ReturnType<typeof herRecordIds>>;

/** Audit entries about her account or one of her records, picked by ids only. */
export function auditAbout(records: HerRecordIds): SQL {
  const { refundRequestContacts: _contacts, ...byType } = records;
  return or(
    ...Object.entries(byType)
      .filter(([, list]) => list.length > 0)
      .map(([type, list]) => and(eq(auditLog.targetType, type), inArray(auditLog.targetId, list))),
  )!;
}

/** A JSON value with every string found by `replace` swapped; keys pass through, each value sees its key. */
export function mapStrings(value: unknown, replace: (text: string, key: string) => string, key = ''): unknown {
  if (typeof value === 'string') return replace(value, key);
  if (Array.isArray(value)) return value.map((v) => mapStrings(v, replace, key));
  if (value && typeof value === 'object' && !(value instanceof Date))
    return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, mapStrings(v, replace, k)]));
  return value;
}

/** Whether the user owns a campaign: its expenses and donors depend on the account, so it cannot be deleted. */
export async function ownsCampaign(db: Db, userId: string): Promise<boolean> {
  const rows = await db.select({ id: campaigns.id }).from(campaigns).where(eq(campaigns.ownerId, userId)).limit(1);
  return rows.length > 0;
}
