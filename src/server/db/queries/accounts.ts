/**
 * A person's data as the app reads it: what is linked to an account (her record ids, mail to her address, her
 * refund requests) and the export document (GET /api/user/export). commands/personal-data.ts declares, per
 * table, how it is exported and deleted; records other people created are linked by email only once confirmed.
 */
import { and, eq, gte, inArray, ne, or, sql, type SQL } from 'drizzle-orm';
import type { AuditTargetType } from '#shared/audit.ts';
import type { Db } from '../client.ts';
import {
  adminInvites,
  adminProfiles,
  auditLog,
  campaignFollowers,
  campaignVersions,
  campaigns,
  commentReports,
  contactMessages,
  doctorProfiles,
  donationIntents,
  donations,
  donorProfiles,
  expenseApprovals,
  expenses,
  notifications,
  outbox,
  patientProfiles,
  recoveryCodes,
  refundRequests,
  sessions,
  stories,
  storyComments,
  storyEvents,
  uploads,
  userTokens,
  users,
} from '../schema/index.ts';
import type { UserRow } from './users.ts';

/** Bumped whenever the export document changes shape. */
export const EXPORT_FORMAT_VERSION = 2;
/** What her export shows where another member's id or address was. */
export const ANOTHER_MEMBER = 'another member';

const secretFree = <T extends { tokenHash?: unknown; codeHash?: unknown }>(row: T) => {
  const { tokenHash: _token, codeHash: _code, ...rest } = row;
  return rest;
};

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

/** Strings in a JSON value that could be someone's id or address. */
function idsAndAddresses(value: unknown): string[] {
  const found: string[] = [];
  mapStrings(value, (text) => {
    if (UUID.test(text) || text.includes('@')) found.push(text);
    return text;
  });
  return found;
}
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** Replaces other members' ids and addresses (what the admin who decided, recorded or acted was) with a neutral word. */
async function withoutOthers<T>(db: Db, me: string, doc: T): Promise<T> {
  const candidates = [...new Set(idsAndAddresses(doc))];
  const uuids = candidates.filter((c) => UUID.test(c) && c !== me);
  const addresses = candidates.filter((c) => c.includes('@')).map((c) => c.toLowerCase());
  if (uuids.length === 0 && addresses.length === 0) return doc;
  const others = await db
    .select({ id: users.id, email: users.email })
    .from(users)
    .where(
      and(
        ne(users.id, me),
        or(
          uuids.length ? inArray(users.id, uuids) : sql`false`,
          addresses.length ? inArray(sql`lower(${users.email})`, addresses) : sql`false`,
        ),
      ),
    );
  const hidden = new Set(others.flatMap((o) => [o.id, o.email.toLowerCase()]));
  return mapStrings(doc, (text) => (hidden.has(text.toLowerCase()) ? ANOTHER_MEMBER : text)) as T;
}

/** Everything we hold about the user, as one JSON document (GET /api/user/export). */
export async function exportUserData(db: Db, user: UserRow) {
  // Secrets stay on the server: the password hash and the authenticator secrets are not the person's data to carry.
  const { passwordHash: _hash, totpSecret: _totp, totpPendingSecret: _pending, totpLastStep: _step, ...account } = user;
  const me = user.id;
  const myStories = db.select({ id: stories.id }).from(stories).where(eq(stories.authorId, me));
  const records = await herRecordIds(db, user);
  const [
    patient,
    doctor,
    donor,
    admin,
    mySessions,
    tokens,
    codes,
    accepted,
    created,
    storyRows,
    events,
    written,
    received,
    reports,
  ] = await Promise.all([
    db.select().from(patientProfiles).where(eq(patientProfiles.userId, me)),
    db.select().from(doctorProfiles).where(eq(doctorProfiles.userId, me)),
    db.select().from(donorProfiles).where(eq(donorProfiles.userId, me)),
    db.select().from(adminProfiles).where(eq(adminProfiles.userId, me)),
    db.select().from(sessions).where(eq(sessions.userId, me)),
    db.select().from(userTokens).where(eq(userTokens.userId, me)),
    db.select().from(recoveryCodes).where(eq(recoveryCodes.userId, me)),
    db.select().from(adminInvites).where(eq(adminInvites.usedBy, me)),
    db.select().from(adminInvites).where(eq(adminInvites.createdBy, me)),
    db.select().from(stories).where(eq(stories.authorId, me)),
    db.select().from(storyEvents).where(inArray(storyEvents.storyId, myStories)),
    db.select().from(storyComments).where(eq(storyComments.authorId, me)),
    db
      .select({
        id: storyComments.id,
        storyId: storyComments.storyId,
        body: storyComments.body,
        createdAt: storyComments.createdAt,
        hiddenAt: storyComments.hiddenAt,
        thankedAt: storyComments.thankedAt,
      })
      .from(storyComments)
      .where(and(inArray(storyComments.storyId, myStories), ne(storyComments.authorId, me))),
    db.select().from(commentReports).where(eq(commentReports.reporterId, me)),
  ]);
  const [
    notices,
    owned,
    published,
    followed,
    files,
    submitted,
    approvals,
    mine,
    viaEmail,
    messages,
    mails,
    aboutYou,
    byYou,
  ] = await Promise.all([
    db.select().from(notifications).where(eq(notifications.userId, me)),
    db.select({ id: campaigns.id, slug: campaigns.slug }).from(campaigns).where(eq(campaigns.ownerId, me)),
    db
      .select({
        campaignId: campaignVersions.campaignId,
        version: campaignVersions.version,
        note: campaignVersions.note,
        createdAt: campaignVersions.createdAt,
      })
      .from(campaignVersions)
      .where(eq(campaignVersions.publishedBy, me)),
    db
      .select({ campaignId: campaignFollowers.campaignId, since: campaignFollowers.createdAt })
      .from(campaignFollowers)
      .where(eq(campaignFollowers.userId, me)),
    db
      .select({
        id: uploads.id,
        purpose: uploads.purpose,
        contentType: uploads.contentType,
        size: uploads.size,
        createdAt: uploads.createdAt,
      })
      .from(uploads)
      .where(eq(uploads.ownerId, me)),
    db.select().from(expenses).where(eq(expenses.submittedBy, me)),
    db.select().from(expenseApprovals).where(eq(expenseApprovals.approverId, me)),
    db.select().from(refundRequests).where(eq(refundRequests.requesterId, me)),
    db
      .select()
      .from(refundRequests)
      .where(
        and(byConfirmedEmail(user, refundRequests.email), sql`${refundRequests.requesterId} is distinct from ${me}`),
      ),
    db.select().from(contactMessages).where(byConfirmedEmail(user, contactMessages.email)),
    db
      .select({ to: outbox.to, subject: outbox.subject, text: outbox.text, createdAt: outbox.createdAt })
      .from(outbox)
      .where(mailTo(user)),
    // Who acted and from where is the admin's data, not hers.
    db
      .select({
        action: auditLog.action,
        targetType: auditLog.targetType,
        targetId: auditLog.targetId,
        actorId: auditLog.actorId,
        before: auditLog.before,
        after: auditLog.after,
        createdAt: auditLog.createdAt,
      })
      .from(auditLog)
      .where(auditAbout(records)),
    // Her own actions, without the snapshots of the people and records she acted on.
    db
      .select({
        action: auditLog.action,
        targetType: auditLog.targetType,
        targetId: auditLog.targetId,
        createdAt: auditLog.createdAt,
      })
      .from(auditLog)
      .where(eq(auditLog.actorId, me)),
  ]);
  // Intents name no account; hers are those sent with her confirmed address (records.donation_intent).
  const emailIntents = await db
    .select()
    .from(donationIntents)
    .where(inArray(donationIntents.id, records.donation_intent));
  const updatesByEmail = await db
    .select({
      campaignId: campaignFollowers.campaignId,
      email: campaignFollowers.email,
      since: campaignFollowers.createdAt,
      confirmedAt: campaignFollowers.confirmedAt,
    })
    .from(campaignFollowers)
    .where(byConfirmedEmail(user, campaignFollowers.email));
  const gifts = await db
    .select({
      id: donations.id,
      campaignId: donations.campaignId,
      amountCents: donations.amountCents,
      currency: donations.currency,
      paymentMethod: donations.paymentMethod,
      donorName: donations.donorName,
      isAnonymous: donations.isAnonymous,
      donorEmail: donations.donorEmail,
      showPublicly: donations.showPublicly,
      message: donations.message,
      voidedAt: donations.voidedAt,
      createdAt: donations.createdAt,
    })
    .from(donations)
    .where(inArray(donations.id, records.donation));
  const withoutDecider = ({ decidedBy: _decidedBy, ...request }: (typeof mine)[number]) => request;
  const doc = {
    formatVersion: EXPORT_FORMAT_VERSION,
    exportedAt: new Date().toISOString(),
    account,
    profiles: {
      patient: patient[0] ?? null,
      doctor: doctor[0] ?? null,
      donor: donor[0] ?? null,
      admin: admin[0] ?? null,
    },
    sessions: mySessions.map(secretFree),
    mailedLinks: tokens.map(secretFree),
    recoveryCodes: codes.map(({ createdAt, usedAt }) => ({ createdAt, usedAt })),
    stories: storyRows.map((story) => ({ ...story, history: events.filter((e) => e.storyId === story.id) })),
    wordsOfSupportWritten: written,
    wordsOfSupportReceived: received,
    commentReports: reports,
    notifications: notices,
    campaignsOwned: owned,
    campaignVersionsPublished: published,
    campaignsFollowed: followed,
    uploads: files.map((f) => ({ ...f, url: `/api/uploads/${f.id}` })),
    expensesSubmitted: submitted,
    expenseApprovals: approvals,
    refundRequests: mine.map(withoutDecider),
    donations: gifts,
    notes:
      'Donations and donation intents are not linked to accounts; the donations listed are those recorded with your confirmed email address and those your refund requests name.',
    byVerifiedEmail: {
      linkedBy: 'verified email' as const,
      email: user.emailVerifiedAt ? user.email : null,
      note: user.emailVerifiedAt
        ? 'Records sent with your confirmed email address, before or without signing in.'
        : 'Confirm your email address to see records sent with it; until then nothing is linked to your account by address.',
      contactMessages: messages,
      refundRequests: viaEmail.map(withoutDecider),
      donationIntents: emailIntents,
      campaignUpdatesByEmail: updatesByEmail,
    },
    mailSent: mails,
    auditEntries: {
      aboutYou: aboutYou.map(({ actorId, ...entry }) => ({
        ...entry,
        by: actorId === me ? 'you' : actorId ? 'an administrator' : 'nobody signed in',
      })),
    },
  };
  // Invites she made keep the address she invited (her own record of it), never who used it or who invited her.
  const invites = {
    accepted: accepted.map(({ createdBy: _by, ...invite }) => secretFree(invite)),
    created: created.map(({ usedBy: _by, ...invite }) => secretFree(invite)),
  };
  const shown = await withoutOthers(db, me, doc);
  // What she did keeps its target ids: that record is hers (no snapshots, so no one else's details).
  return { ...shown, auditEntries: { ...shown.auditEntries, byYou }, adminInvites: invites };
}

export type UserExport = Awaited<ReturnType<typeof exportUserData>>;

/** Whether the user owns a campaign: its expenses and donors depend on the account, so it cannot be deleted. */
export async function ownsCampaign(db: Db, userId: string): Promise<boolean> {
  const rows = await db.select({ id: campaigns.id }).from(campaigns).where(eq(campaigns.ownerId, userId)).limit(1);
  return rows.length > 0;
}
