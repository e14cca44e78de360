/**
 * A person's data, complete by construction: PERSONAL_DATA says for every table that holds something about a
 * user how it is exported and what deletion does to it, and a test fails when a table that refers to a user
 * (or holds an email or a name) appears without that decision.
 * Records other people created are linked to an account by email only once the account has confirmed it.
 */
import { randomUUID } from 'node:crypto';
import { and, eq, gte, inArray, isNotNull, ne, or, sql, type SQL } from 'drizzle-orm';
import { AppError } from '#shared/errors.ts';
import { OWNER_CANNOT_DELETE_ACCOUNT } from '#shared/account-messages.ts';
import type { Db } from '../db/client.ts';
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
  donations,
  donorProfiles,
  expenseApprovals,
  expenseDocuments,
  expenses,
  notifications,
  outbox,
  patientProfiles,
  rateLimits,
  recoveryCodes,
  refundRequests,
  sessions,
  stories,
  storyComments,
  storyEvents,
  uploads,
  userTokens,
  users,
} from '../db/schema/index.ts';
import type { UserRow } from '../services/sessions.ts';
import { assertNotLastSuperAdmin } from './accounts.ts';

/** Bumped whenever the export document changes shape. */
export const EXPORT_FORMAT_VERSION = 2;

/** What other people see where a deleted member's name was. */
export const FORMER_MEMBER = 'A former member';
/** The name left on money records (refund requests, donations they asked about) after deletion. */
export const DELETED_DONOR = 'Deleted donor';
const DELETED_EMAIL = 'deleted@invalid';

interface PersonalData {
  /** Where the rows appear in GET /api/user/export (top-level keys, dotted for nested ones). */
  exportedAs: readonly string[];
  /** What DELETE /api/user does to them. */
  onDelete: string;
}

/** Every table that holds something about a person, keyed by its SQL name. */
export const PERSONAL_DATA: Record<string, PersonalData> = {
  users: { exportedAs: ['account'], onDelete: 'deleted (secrets never exported)' },
  sessions: { exportedAs: ['sessions'], onDelete: 'cascade; token hashes never exported' },
  user_tokens: { exportedAs: ['mailedLinks'], onDelete: 'cascade; token hashes never exported' },
  recovery_codes: { exportedAs: ['recoveryCodes'], onDelete: 'cascade; code hashes never exported' },
  admin_invites: { exportedAs: ['adminInvites.accepted', 'adminInvites.created'], onDelete: 'used_by/created_by set null (FK); the used invite forgets the address; an unused invite for the confirmed address is deleted' },
  patient_profiles: { exportedAs: ['profiles'], onDelete: 'cascade' },
  doctor_profiles: { exportedAs: ['profiles'], onDelete: 'cascade; verification_decided_by set null (FK) on profiles they decided' },
  donor_profiles: { exportedAs: ['profiles'], onDelete: 'cascade' },
  admin_profiles: { exportedAs: ['profiles'], onDelete: 'cascade' },
  campaigns: { exportedAs: ['campaignsOwned'], onDelete: 'refused with 409 while they own one' },
  campaign_versions: { exportedAs: ['campaignVersionsPublished'], onDelete: 'published_by set null (FK): the content is the campaign’s' },
  campaign_followers: { exportedAs: ['campaignsFollowed'], onDelete: 'cascade' },
  donations: { exportedAs: ['donations'], onDelete: `recorded_by set null; donations their refund requests point to show "${DELETED_DONOR}" (amounts are fixed by trigger)` },
  contact_messages: { exportedAs: ['byVerifiedEmail.contactMessages'], onDelete: 'deleted when sent from their confirmed address' },
  outbox: { exportedAs: ['mailSent'], onDelete: 'mail to or about them deleted (any age once the address is confirmed, else only since the account existed)' },
  rate_limits: { exportedAs: [], onDelete: 'counters keyed by their id or address deleted (short-lived, nothing to carry)' },
  audit_log: { exportedAs: ['auditEntries.aboutYou', 'auditEntries.byYou'], onDelete: 'their id becomes one random pseudonym per account; their address, names and IP are removed from the entries' },
  notifications: { exportedAs: ['notifications'], onDelete: `theirs cascade; others' that named them say "${FORMER_MEMBER}", and quotes of their words are emptied` },
  stories: { exportedAs: ['stories'], onDelete: 'cascade' },
  story_events: { exportedAs: ['stories'], onDelete: 'cascade with their stories; actor_id set null (FK) on others’ stories' },
  story_comments: { exportedAs: ['wordsOfSupportWritten', 'wordsOfSupportReceived'], onDelete: 'cascade (written by them, and all on their stories)' },
  comment_reports: { exportedAs: ['commentReports'], onDelete: 'cascade; resolved_by set null (FK)' },
  uploads: { exportedAs: ['uploads'], onDelete: 'cascade, except expense documents, which stay as the campaign’s records owned by nobody' },
  expenses: { exportedAs: ['expensesSubmitted'], onDelete: 'submitted_by/released_by set null (FK): expenses are the campaign’s records' },
  expense_approvals: { exportedAs: ['expenseApprovals'], onDelete: 'approver_id becomes their pseudonym, so "two different approvers" still counts' },
  ledger_entries: { exportedAs: [], onDelete: 'kept: created_by is immutable (see KEPT_AFTER_DELETION)' },
  refund_requests: { exportedAs: ['refundRequests', 'byVerifiedEmail.refundRequests'], onDelete: `requester_id set null, name "${DELETED_DONOR}", address removed; decided_by set null (FK)` },
};

/** Tables that match the test's "refers to a person" patterns but hold nobody's data. */
export const NOT_PERSONAL_DATA: Record<string, string> = {
  // `name` is the event's name ("donate_click"); events carry only a daily-rotating visitor hash, no account.
  analytics_events: 'event names and a cookieless visitor hash; no account or address',
};

/** The only columns that may still hold a deleted user's id after DELETE /api/user, and why. */
export const KEPT_AFTER_DELETION: readonly { table: string; column: string; why: string }[] = [
  // Migration 0007 makes ledger rows immutable (a trigger refuses UPDATE and DELETE): the public ledger is
  // trustworthy only if no code path can rewrite it. The id names no one once the account is gone.
  { table: 'ledger_entries', column: 'created_by', why: 'ledger rows are immutable by database trigger' },
];

const secretFree = <T extends { tokenHash?: unknown; codeHash?: unknown }>(row: T) => {
  const { tokenHash: _token, codeHash: _code, ...rest } = row;
  return rest;
};

/** Rows other people created that name this address; none while the address is unconfirmed. */
function byConfirmedEmail(user: UserRow, column: Parameters<typeof eq>[0]): SQL {
  return user.emailVerifiedAt ? sql`lower(${column}) = ${user.email.toLowerCase()}` : sql`false`;
}

/** Mail to or about the person: any age once their address is confirmed, else only mail since the account began. */
function mailAbout(user: UserRow): SQL {
  const mentions = [user.email.toLowerCase(), user.id, `${user.firstName} ${user.lastName}`.toLowerCase()];
  const names = or(...mentions.map((m) => sql`position(${m} in lower(${outbox.to} || ' ' || ${outbox.subject} || ' ' || ${outbox.text} || ' ' || coalesce(${outbox.html}, ''))) > 0`))!;
  return user.emailVerifiedAt ? names : and(names, gte(outbox.createdAt, user.createdAt))!;
}

/** Everything we hold about the user, as one JSON document (GET /api/user/export). */
export async function exportUserData(db: Db, user: UserRow) {
  // Secrets stay on the server: the password hash and the authenticator secrets are not the person's data to carry.
  const { passwordHash: _hash, totpSecret: _totp, totpPendingSecret: _pending, totpLastStep: _step, ...account } = user;
  const me = user.id;
  const myStories = db.select({ id: stories.id }).from(stories).where(eq(stories.authorId, me));
  const myRefundRequests = or(eq(refundRequests.requesterId, me), byConfirmedEmail(user, refundRequests.email))!;
  const [patient, doctor, donor, admin, mySessions, tokens, codes, accepted, created, storyRows, events, written, received, reports] = await Promise.all([
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
      .select({ id: storyComments.id, storyId: storyComments.storyId, body: storyComments.body, createdAt: storyComments.createdAt, hiddenAt: storyComments.hiddenAt, thankedAt: storyComments.thankedAt })
      .from(storyComments)
      .where(and(inArray(storyComments.storyId, myStories), ne(storyComments.authorId, me))),
    db.select().from(commentReports).where(eq(commentReports.reporterId, me)),
  ]);
  const [notices, owned, published, followed, files, submitted, approvals, mine, viaEmail, messages, mails, aboutYou, byYou] = await Promise.all([
    db.select().from(notifications).where(eq(notifications.userId, me)),
    db.select({ id: campaigns.id, slug: campaigns.slug }).from(campaigns).where(eq(campaigns.ownerId, me)),
    db.select({ campaignId: campaignVersions.campaignId, version: campaignVersions.version, note: campaignVersions.note, createdAt: campaignVersions.createdAt }).from(campaignVersions).where(eq(campaignVersions.publishedBy, me)),
    db.select({ campaignId: campaignFollowers.campaignId, since: campaignFollowers.createdAt }).from(campaignFollowers).where(eq(campaignFollowers.userId, me)),
    db.select({ id: uploads.id, purpose: uploads.purpose, contentType: uploads.contentType, size: uploads.size, createdAt: uploads.createdAt }).from(uploads).where(eq(uploads.ownerId, me)),
    db.select().from(expenses).where(eq(expenses.submittedBy, me)),
    db.select().from(expenseApprovals).where(eq(expenseApprovals.approverId, me)),
    db.select().from(refundRequests).where(eq(refundRequests.requesterId, me)),
    db.select().from(refundRequests).where(and(byConfirmedEmail(user, refundRequests.email), sql`${refundRequests.requesterId} is distinct from ${me}`)),
    db.select().from(contactMessages).where(byConfirmedEmail(user, contactMessages.email)),
    db.select({ to: outbox.to, subject: outbox.subject, text: outbox.text, createdAt: outbox.createdAt }).from(outbox).where(mailAbout(user)),
    db.select().from(auditLog).where(and(eq(auditLog.targetType, 'user'), eq(auditLog.targetId, me))),
    db.select().from(auditLog).where(eq(auditLog.actorId, me)),
  ]);
  // Donations have no link to an account; the only one is a refund request of theirs that names the donation.
  // Intents are anonymous (no account, no address), so none can be attributed to anyone.
  const asked = db.select({ id: refundRequests.donationId }).from(refundRequests).where(and(myRefundRequests, isNotNull(refundRequests.donationId)));
  const gifts = await db
    .select({ id: donations.id, campaignId: donations.campaignId, amountCents: donations.amountCents, currency: donations.currency, paymentMethod: donations.paymentMethod, donorName: donations.donorName, isAnonymous: donations.isAnonymous, message: donations.message, voidedAt: donations.voidedAt, createdAt: donations.createdAt })
    .from(donations)
    .where(inArray(donations.id, asked));
  return {
    formatVersion: EXPORT_FORMAT_VERSION,
    exportedAt: new Date().toISOString(),
    account,
    profiles: { patient: patient[0] ?? null, doctor: doctor[0] ?? null, donor: donor[0] ?? null, admin: admin[0] ?? null },
    sessions: mySessions.map(secretFree),
    mailedLinks: tokens.map(secretFree),
    recoveryCodes: codes.map(({ createdAt, usedAt }) => ({ createdAt, usedAt })),
    adminInvites: { accepted: accepted.map(secretFree), created: created.map(secretFree) },
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
    refundRequests: mine,
    donations: gifts,
    notes: 'Donations and donation intents are not linked to accounts; the donations listed are those your refund requests name.',
    byVerifiedEmail: {
      linkedBy: 'verified email' as const,
      email: user.emailVerifiedAt ? user.email : null,
      note: user.emailVerifiedAt
        ? 'Records sent with your confirmed email address, before or without signing in.'
        : 'Confirm your email address to see records sent with it; until then nothing is linked to your account by address.',
      contactMessages: messages,
      refundRequests: viaEmail,
    },
    mailSent: mails,
    auditEntries: { aboutYou, byYou },
  };
}

export type UserExport = Awaited<ReturnType<typeof exportUserData>>;

/** Whether the user owns a campaign: its expenses and donors depend on the account, so it cannot be deleted. */
export async function ownsCampaign(db: Db, userId: string): Promise<boolean> {
  const rows = await db.select({ id: campaigns.id }).from(campaigns).where(eq(campaigns.ownerId, userId)).limit(1);
  return rows.length > 0;
}

/** Replaces every mention of the person in a JSON value (audit before/after) with the pseudonym or a neutral word. */
function scrub(value: unknown, replace: (text: string) => string): unknown {
  if (typeof value === 'string') return replace(value);
  if (Array.isArray(value)) return value.map((v) => scrub(v, replace));
  if (value && typeof value === 'object') return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, scrub(v, replace)]));
  return value;
}

/**
 * Deletes the account and everything that is only theirs; rewrites what others keep (audit log, money records,
 * other people's notifications) so it no longer names them. Refused while they own a campaign or are the last super admin.
 */
export async function deleteAccount(db: Db, user: UserRow): Promise<void> {
  await db.transaction(async (t) => {
    const tx = t as unknown as Db;
    const [current] = await tx.select().from(users).where(eq(users.id, user.id)).for('update');
    const me = current ?? user;
    await assertNotLastSuperAdmin(tx, me, null, 'You are the last super admin; make someone else a super admin before deleting your account');
    if (await ownsCampaign(tx, me.id)) throw new AppError('CONFLICT', OWNER_CANNOT_DELETE_ACCOUNT);

    const pseudonym = randomUUID();
    const email = me.email.toLowerCase();
    const fullName = `${me.firstName} ${me.lastName}`.trim();
    const replace = (text: string) => {
      const out = text.replaceAll(me.id, pseudonym).replace(new RegExp(email.replace(/[.*+?^${}()|[\]\\]/g, '\\$&'), 'gi'), DELETED_EMAIL);
      return fullName ? out.replaceAll(fullName, FORMER_MEMBER) : out;
    };

    // The audit log keeps what happened, under a pseudonym: this is the one place the app rewrites it.
    const entries = await tx
      .select()
      .from(auditLog)
      .where(or(eq(auditLog.actorId, me.id), eq(auditLog.targetId, me.id), sql`position(${me.id} in coalesce(${auditLog.before}::text, '') || coalesce(${auditLog.after}::text, '')) > 0`, sql`position(${email} in lower(coalesce(${auditLog.before}::text, '') || coalesce(${auditLog.after}::text, ''))) > 0`));
    for (const entry of entries) {
      const clean = (json: unknown) => scrub(json, (text) => (text === me.firstName || text === me.lastName ? FORMER_MEMBER : replace(text)));
      await tx
        .update(auditLog)
        .set({
          actorId: entry.actorId === me.id ? pseudonym : entry.actorId,
          targetId: entry.targetId === me.id ? pseudonym : entry.targetId,
          before: clean(entry.before),
          after: clean(entry.after),
          ip: entry.actorId === me.id ? null : entry.ip,
        })
        .where(eq(auditLog.id, entry.id));
    }

    // Other people's notifications that named them, or quoted words of theirs that are about to go.
    const myComments = (await tx.select({ id: storyComments.id }).from(storyComments).where(eq(storyComments.authorId, me.id))).map((c) => `support:${c.id}`);
    const myReports = (await tx.select({ id: commentReports.id }).from(commentReports).where(eq(commentReports.reporterId, me.id))).map((r) => `report:${r.id}`);
    const quotes = [...myComments, ...myReports];
    const named = await tx
      .select()
      .from(notifications)
      .where(
        and(
          ne(notifications.userId, me.id),
          or(
            ...(fullName ? [sql`position(${fullName} in ${notifications.title} || ' ' || ${notifications.body}) > 0`] : []),
            sql`position(${me.id} in coalesce(${notifications.eventKey}, '') || coalesce(${notifications.link}, '')) > 0`,
            sql`position(${email} in lower(${notifications.title} || ' ' || ${notifications.body})) > 0`,
            ...(quotes.length ? [inArray(notifications.eventKey, quotes)] : []),
          ),
        ),
      );
    for (const n of named) {
      await tx
        .update(notifications)
        .set({
          title: replace(n.title),
          body: n.eventKey && quotes.includes(n.eventKey) ? '' : replace(n.body),
          link: n.link && replace(n.link),
          eventKey: n.eventKey && replace(n.eventKey),
        })
        .where(eq(notifications.id, n.id));
    }

    // Money records stay for the ledger and the donor agreement, without the person.
    const myRefunds = or(eq(refundRequests.requesterId, me.id), byConfirmedEmail(me, refundRequests.email))!;
    const asked = tx.select({ id: refundRequests.donationId }).from(refundRequests).where(and(myRefunds, isNotNull(refundRequests.donationId)));
    await tx.update(donations).set({ donorName: DELETED_DONOR }).where(and(inArray(donations.id, asked), isNotNull(donations.donorName)));
    await tx.update(donations).set({ recordedBy: null }).where(eq(donations.recordedBy, me.id));
    await tx.update(refundRequests).set({ requesterId: null, name: DELETED_DONOR, email: DELETED_EMAIL }).where(myRefunds);
    await tx.update(expenseApprovals).set({ approverId: pseudonym }).where(eq(expenseApprovals.approverId, me.id));
    // Invoices attached to expenses are the campaign's financial records: they stay, owned by nobody.
    await tx
      .update(uploads)
      .set({ ownerId: null })
      .where(and(eq(uploads.ownerId, me.id), inArray(uploads.id, tx.select({ id: expenseDocuments.uploadId }).from(expenseDocuments))));

    await tx.delete(contactMessages).where(byConfirmedEmail(me, contactMessages.email));
    await tx.delete(outbox).where(mailAbout(me));
    await tx.delete(rateLimits).where(or(sql`position(${me.id} in ${rateLimits.key}) > 0`, sql`position(${email} in lower(${rateLimits.key})) > 0`));
    await tx.update(adminInvites).set({ email: null }).where(eq(adminInvites.usedBy, me.id));
    await tx.delete(adminInvites).where(and(sql`${adminInvites.usedAt} is null`, byConfirmedEmail(me, adminInvites.email)));
    // Profiles, sessions, tokens, stories (with their history and replies), replies, reports, follows and
    // notifications go with the user (ON DELETE CASCADE); other references to them are set null.
    await tx.delete(users).where(eq(users.id, me.id));
  });
}
