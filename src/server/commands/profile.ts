/** The signed-in user's own data: onboarding answers, export, deletion. */
import { and, eq, inArray } from 'drizzle-orm';
import type { OnboardingSchema } from '#shared/schemas/onboarding.ts';
import type { z } from 'zod';
import type { Db } from '../db/client.ts';
import {
  adminProfiles,
  campaignFollowers,
  contactMessages,
  doctorProfiles,
  donorProfiles,
  expenseDocuments,
  expenses,
  outbox,
  patientProfiles,
  refundRequests,
  sessions,
  uploads,
  users,
} from '../db/schema/index.ts';
import type { UserRow } from '../services/sessions.ts';
import { assertNotLastSuperAdmin } from './accounts.ts';

type Onboarding = z.output<typeof OnboardingSchema>;

const PROFILE_TABLES = { patient: patientProfiles, doctor: doctorProfiles, donor: donorProfiles, admin: adminProfiles } as const;

/** What an admin checks before verifying a doctor: changing any of it asks for a new check. */
const CHECKED_CREDENTIALS = ['specialty', 'licenseNumber', 'licenseState', 'medicalBoard'] as const;

/** A rejected doctor who sends their answers again, or a verified one whose checked credentials change, waits for review again. */
async function backToVerificationQueue(tx: Db, userId: string, answers: Extract<Onboarding, { role: 'doctor' }>['onboardingData']): Promise<boolean> {
  const [before] = await tx.select().from(doctorProfiles).where(eq(doctorProfiles.userId, userId)).for('update');
  if (!before) return false;
  if (before.verificationStatus === 'rejected') return true;
  return before.verificationStatus === 'verified' && CHECKED_CREDENTIALS.some((key) => before[key] !== answers[key]);
}

/**
 * Stores the role's answers (insert or replace) and marks onboarding done, in one transaction.
 * A doctor's verification status is not among the answers: only an admin decides it, and new answers
 * can only send a decided profile back to the queue (backToVerificationQueue).
 */
export async function saveOnboarding(db: Db, userId: string, input: Onboarding, now: Date): Promise<UserRow> {
  return db.transaction(async (tx) => {
    const table = PROFILE_TABLES[input.role];
    const reopen = input.role === 'doctor' && (await backToVerificationQueue(tx as unknown as Db, userId, input.onboardingData));
    // The shared schema has already shaped the answers for this role's table.
    const answers = { userId, ...input.onboardingData, updatedAt: now };
    const queued = input.role === 'doctor' ? { verificationRequestedAt: now } : {};
    await tx
      .insert(table)
      .values({ ...answers, ...queued } as never)
      .onConflictDoUpdate({ target: table.userId, set: { ...answers, ...(reopen ? { verificationStatus: 'pending', ...queued } : {}) } as never });
    const [user] = await tx.update(users).set({ onboardingCompletedAt: now, updatedAt: now }).where(eq(users.id, userId)).returning();
    return user!;
  });
}

/** The role's onboarding answers, or null. */
export async function loadProfile(db: Db, user: UserRow) {
  const table = PROFILE_TABLES[user.role ?? 'patient'];
  const [row] = await db.select().from(table).where(eq(table.userId, user.id));
  if (!row) return null;
  const { userId: _userId, ...answers } = row;
  return answers;
}

/** Everything we hold about the user, for "download my data". */
export async function exportUserData(db: Db, user: UserRow) {
  // Secrets stay on the server: the password hash and the authenticator secrets are not the person's data to carry.
  const { passwordHash: _hash, totpSecret: _totp, totpPendingSecret: _pending, totpLastStep: _step, ...account } = user;
  const [patient, doctor, donor, admin, userSessions, messages, mails, files, submittedExpenses, refundAsks, following] = await Promise.all([
    db.select().from(patientProfiles).where(eq(patientProfiles.userId, user.id)),
    db.select().from(doctorProfiles).where(eq(doctorProfiles.userId, user.id)),
    db.select().from(donorProfiles).where(eq(donorProfiles.userId, user.id)),
    db.select().from(adminProfiles).where(eq(adminProfiles.userId, user.id)),
    db.select({ createdAt: sessions.createdAt, lastSeenAt: sessions.lastSeenAt, device: sessions.userAgent }).from(sessions).where(eq(sessions.userId, user.id)),
    db.select().from(contactMessages).where(eq(contactMessages.email, user.email)),
    db.select({ subject: outbox.subject, createdAt: outbox.createdAt }).from(outbox).where(eq(outbox.to, user.email)),
    db.select({ id: uploads.id, purpose: uploads.purpose, contentType: uploads.contentType, size: uploads.size, createdAt: uploads.createdAt }).from(uploads).where(eq(uploads.ownerId, user.id)),
    db.select().from(expenses).where(eq(expenses.submittedBy, user.id)),
    db.select().from(refundRequests).where(eq(refundRequests.email, user.email)),
    db.select({ campaignId: campaignFollowers.campaignId, since: campaignFollowers.createdAt }).from(campaignFollowers).where(eq(campaignFollowers.userId, user.id)),
  ]);
  return {
    exportedAt: new Date().toISOString(),
    account,
    profiles: { patient: patient[0] ?? null, doctor: doctor[0] ?? null, donor: donor[0] ?? null, admin: admin[0] ?? null },
    sessions: userSessions,
    contactMessages: messages,
    mailSent: mails,
    uploads: files.map((f) => ({ ...f, url: `/api/uploads/${f.id}` })),
    expensesSubmitted: submittedExpenses,
    refundRequests: refundAsks,
    campaignsFollowed: following,
  };
}

/** Deletes the account and its profiles and sessions; messages they sent us are anonymised. */
export async function deleteAccount(db: Db, user: UserRow): Promise<void> {
  await db.transaction(async (tx) => {
    const [current] = await tx.select().from(users).where(eq(users.id, user.id)).for('update');
    await assertNotLastSuperAdmin(tx as unknown as Db, current ?? user, null, 'You are the last super admin; make someone else a super admin before deleting your account');
    await tx
      .update(contactMessages)
      .set({ name: 'Deleted user', email: 'deleted@invalid' })
      .where(eq(contactMessages.email, user.email));
    await tx.delete(outbox).where(eq(outbox.to, user.email));
    // Invoices attached to expenses are the campaign's financial records: they stay, owned by nobody.
    await tx
      .update(uploads)
      .set({ ownerId: null })
      .where(and(eq(uploads.ownerId, user.id), inArray(uploads.id, tx.select({ id: expenseDocuments.uploadId }).from(expenseDocuments))));
    // Profiles, sessions and tokens go with the user (ON DELETE CASCADE).
    await tx.delete(users).where(eq(users.id, user.id));
  });
}
