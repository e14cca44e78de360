/**
 * The export document (GET /api/user/export): everything held about a person, found through what links records to
 * her account (db/queries/accounts.ts), with other members' ids and addresses replaced.
 */
import { careForExport } from './care-plans.ts';
import { and, asc, eq, inArray, ne, or, sql } from 'drizzle-orm';
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
  passkeys,
  contentNoteMutes,
  healthDataConsents,
  profileFieldVisibility,
  paymentImports,
  payments,
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
import { auditAbout, byConfirmedEmail, herRecordIds, mailTo, mapStrings } from './accounts.ts';
import { fundraisersForExport } from './fundraisers.ts';
import { medicalReviewsForExport } from './medical-reviews.ts';

/** Bumped whenever the export document changes shape. */
export const EXPORT_FORMAT_VERSION = 3;
/** What her export shows where another member's id or address was. */
export const ANOTHER_MEMBER = 'another member';

const secretFree = <T extends { tokenHash?: unknown; codeHash?: unknown }>(row: T) => {
  const { tokenHash: _token, codeHash: _code, ...rest } = row;
  return rest;
};

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
  // What a processor or a statement said about the payer with her confirmed address (never the raw body).
  const paymentsByEmail = await db
    .select({
      source: payments.source,
      kind: payments.kind,
      amountCents: payments.amountCents,
      currency: payments.currency,
      occurredAt: payments.occurredAt,
      payerName: payments.payerName,
      payerEmail: payments.payerEmail,
      note: payments.note,
    })
    .from(payments)
    .where(byConfirmedEmail(user, payments.payerEmail));
  const statementsImported = await db
    .select({ source: paymentImports.source, fileName: paymentImports.fileName, createdAt: paymentImports.createdAt })
    .from(paymentImports)
    .where(eq(paymentImports.importedBy, me));
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
  const myPasskeys = await db
    .select({ name: passkeys.name, createdAt: passkeys.createdAt, lastUsedAt: passkeys.lastUsedAt })
    .from(passkeys)
    .where(eq(passkeys.userId, me));
  const mutes = await db
    .select({ note: contentNoteMutes.note, createdAt: contentNoteMutes.createdAt })
    .from(contentNoteMutes)
    .where(eq(contentNoteMutes.userId, me));
  const consents = await db
    .select({
      kind: healthDataConsents.kind,
      policyVersion: healthDataConsents.policyVersion,
      givenAt: healthDataConsents.givenAt,
      withdrawnAt: healthDataConsents.withdrawnAt,
    })
    .from(healthDataConsents)
    .where(eq(healthDataConsents.userId, me))
    .orderBy(asc(healthDataConsents.givenAt));
  // Who sees each health answer, as she set it (a field not listed is "only me").
  const fieldSettings = await db
    .select({
      field: profileFieldVisibility.field,
      visibility: profileFieldVisibility.visibility,
      updatedAt: profileFieldVisibility.updatedAt,
    })
    .from(profileFieldVisibility)
    .where(eq(profileFieldVisibility.userId, me))
    .orderBy(asc(profileFieldVisibility.field));
  const fundraisersWritten = await fundraisersForExport(db, me);
  const care = await careForExport(db, me);
  const reviews = await medicalReviewsForExport(db, me);
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
    passkeys: myPasskeys,
    healthDataConsents: consents,
    profileFieldVisibility: fieldSettings,
    stories: storyRows.map((story) => ({ ...story, history: events.filter((e) => e.storyId === story.id) })),
    mutedContentNotes: mutes,
    ...care,
    fundraisers: fundraisersWritten,
    medicalReviews: reviews,
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
    statementsImported,
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
      processorPayments: paymentsByEmail,
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
