/**
 * DELETE /api/user: deletes the account and everything only hers, and rewrites what others keep so it no
 * longer names her. Others' rows are picked by her id and the ids of her records, never by searching text for
 * her address or her self-chosen name: those are free text and match other people.
 */
import { randomUUID } from 'node:crypto';
import { and, eq, inArray, isNotNull, ne, or, sql } from 'drizzle-orm';
import { AppError } from '#shared/errors.ts';
import { OWNER_CANNOT_DELETE_ACCOUNT } from '#shared/account-messages.ts';
import {
  adminInvites,
  auditLog,
  campaignFollowers,
  contactMessages,
  donationIntents,
  payments,
  donations,
  expenseApprovals,
  expenseDocuments,
  notifications,
  outbox,
  refundRequests,
  uploads,
  users,
} from '../db/schema/index.ts';
import {
  auditAbout,
  byConfirmedEmail,
  herRecordIds,
  type HerRecordIds,
  mailTo,
  mapStrings,
  myRefundRequests,
  ownsCampaign,
} from '../db/queries/accounts.ts';
import type { UserRow } from '../db/queries/users.ts';
import { assertNotLastSuperAdmin } from './accounts.ts';
import { DELETED_DONOR, DELETED_EMAIL, FORMER_MEMBER } from './personal-data.ts';
import type { CommandContext } from './run.ts';

/** Keys in audit snapshots that hold a name or an address; only there are her names and address replaced. */
const NAME_OR_EMAIL_KEY = /name|email/i;

/** The event-key prefix (`<kind>:<id>`) of notifications to others about each kind of her records (see notify() callers). */
function noticePrefixes(records: HerRecordIds): string[] {
  return [
    ...records.doctor.map((id) => `doctor:${id}`),
    ...records.story.map((id) => `story:${id}`),
    ...records.support_reply.map((id) => `support:${id}`),
    ...records.support_report.map((id) => `report:${id}`),
    ...records.expense.map((id) => `expense:${id}`),
    ...records.refund_request.map((id) => `refund_request:${id}`),
    ...records.donation.map((id) => `donation:${id}`),
  ];
}

/**
 * Deletes the account and everything that is only theirs; rewrites what others keep (audit log, money records,
 * other people's notifications) so it no longer names them. Refused while they own a campaign or are the last super admin.
 */
export async function deleteAccount({ tx }: CommandContext, user: UserRow): Promise<void> {
  const [current] = await tx.select().from(users).where(eq(users.id, user.id)).for('update');
  const me = current ?? user;
  await assertNotLastSuperAdmin(
    tx,
    me,
    null,
    'You are the last super admin; make someone else a super admin before deleting your account',
  );
  if (await ownsCampaign(tx, me.id)) throw new AppError('CONFLICT', OWNER_CANNOT_DELETE_ACCOUNT);

  const pseudonym = randomUUID();
  const records = await herRecordIds(tx, me);
  const fullName = `${me.firstName} ${me.lastName}`.trim();
  // Rows picked by her ids hold her account's own address (confirmed or not) and what she wrote on her requests.
  const hers = new Set(
    [me.email, me.firstName, me.lastName, fullName, me.communityName ?? '', ...records.refundRequestContacts]
      .filter(Boolean)
      .map((v) => v.toLowerCase()),
  );
  const clean = (json: unknown) =>
    mapStrings(json, (text, key) => {
      if (text === me.id) return pseudonym;
      if (!NAME_OR_EMAIL_KEY.test(key) || !hers.has(text.toLowerCase())) return text;
      return /email/i.test(key) ? DELETED_EMAIL : FORMER_MEMBER;
    });

  // The audit log keeps what happened, under a pseudonym: this is the one place the app rewrites it.
  // Entries that merely carry her id (a donation she recorded as an admin) lose only the id.
  const about = auditAbout(records);
  const entries = await tx
    .select({ entry: auditLog, aboutHer: sql<boolean>`coalesce(${about}, false)` })
    .from(auditLog)
    .where(
      or(
        eq(auditLog.actorId, me.id),
        about,
        sql`position(${me.id} in coalesce(${auditLog.before}::text, '') || coalesce(${auditLog.after}::text, '')) > 0`,
      ),
    );
  for (const { entry, aboutHer } of entries) {
    const scrub = aboutHer ? clean : (json: unknown) => mapStrings(json, (text) => (text === me.id ? pseudonym : text));
    await tx
      .update(auditLog)
      .set({
        actorId: entry.actorId === me.id ? pseudonym : entry.actorId,
        targetId: entry.targetId === me.id ? pseudonym : entry.targetId,
        before: scrub(entry.before),
        after: scrub(entry.after),
        ip: entry.actorId === me.id ? null : entry.ip,
      })
      .where(eq(auditLog.id, entry.id));
  }

  // Other people's notifications about her records (by event key), and quotes of her words that are about to go.
  const prefixes = noticePrefixes(records);
  const quotes = new Set([
    ...records.support_reply.map((id) => `support:${id}`),
    ...records.support_report.map((id) => `report:${id}`),
  ]);
  const named = prefixes.length
    ? await tx
        .select()
        .from(notifications)
        .where(
          and(
            ne(notifications.userId, me.id),
            inArray(
              sql<string>`split_part(${notifications.eventKey}, ':', 1) || ':' || split_part(${notifications.eventKey}, ':', 2)`,
              prefixes,
            ),
          ),
        )
    : [];
  const unname = (text: string) =>
    (fullName ? text.replaceAll(fullName, FORMER_MEMBER) : text).replaceAll(me.id, pseudonym);
  for (const n of named) {
    await tx
      .update(notifications)
      .set({
        title: unname(n.title),
        body: n.eventKey && quotes.has(n.eventKey) ? '' : unname(n.body),
        link: n.link && unname(n.link),
        eventKey: n.eventKey && unname(n.eventKey),
      })
      .where(eq(notifications.id, n.id));
  }

  // Money records stay for the ledger and the donor agreement, without the person.
  if (records.donation.length) {
    await tx
      .update(donations)
      .set({ donorName: DELETED_DONOR })
      .where(and(inArray(donations.id, records.donation), isNotNull(donations.donorName)));
    await tx
      .update(donations)
      .set({ donorEmail: null, showPublicly: false })
      .where(inArray(donations.id, records.donation));
  }
  // What a processor or a statement said about her: the payment stays for the ledger, without her.
  await tx
    .update(payments)
    .set({ payerName: null, payerEmail: null, note: null, payload: null })
    .where(byConfirmedEmail(me, payments.payerEmail));
  if (records.donation_intent.length)
    await tx
      .update(donationIntents)
      .set({ donorName: null, donorEmail: null, showPublicly: false })
      .where(inArray(donationIntents.id, records.donation_intent));
  await tx.update(donations).set({ recordedBy: null }).where(eq(donations.recordedBy, me.id));
  await tx
    .update(refundRequests)
    .set({ requesterId: null, name: DELETED_DONOR, email: DELETED_EMAIL })
    .where(myRefundRequests(me));
  await tx.update(expenseApprovals).set({ approverId: pseudonym }).where(eq(expenseApprovals.approverId, me.id));
  // Invoices attached to expenses are the campaign's financial records: they stay, owned by nobody.
  await tx
    .update(uploads)
    .set({ ownerId: null })
    .where(
      and(
        eq(uploads.ownerId, me.id),
        inArray(uploads.id, tx.select({ id: expenseDocuments.uploadId }).from(expenseDocuments)),
      ),
    );

  await tx.delete(contactMessages).where(byConfirmedEmail(me, contactMessages.email));
  await tx.delete(campaignFollowers).where(byConfirmedEmail(me, campaignFollowers.email));
  await tx.delete(outbox).where(mailTo(me));
  await tx.update(adminInvites).set({ email: null }).where(eq(adminInvites.usedBy, me.id));
  await tx
    .delete(adminInvites)
    .where(and(sql`${adminInvites.usedAt} is null`, byConfirmedEmail(me, adminInvites.email)));
  // Profiles, sessions, tokens, stories (with their history and replies), replies, reports, follows and
  // notifications go with the user (ON DELETE CASCADE); other references to them are set null.
  await tx.delete(users).where(eq(users.id, me.id));
}
