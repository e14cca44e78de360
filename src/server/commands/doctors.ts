/**
 * Doctor verification: an admin's decision (verified or rejected, with the reason the doctor reads) in one
 * transaction with its audit entry and the doctor's notification; and telling managers a profile waits.
 */
import { eq } from 'drizzle-orm';
import { AppError } from '#shared/errors.ts';
import type { Db } from '../db/client.ts';
import { doctorProfiles, users } from '../db/schema/index.ts';
import type { DoctorProfileRow } from '../db/queries/doctors.ts';
import { audit } from '../services/audit.ts';
import { notify, notifyAdmins } from '../services/notifications.ts';
import { assertReadVersion } from './read-version.ts';
import type { CommandContext } from './run.ts';

/** Names the profile version its manager read (decision 010). */
export type VerificationDecision = { version: number } & (
  { status: 'verified' } | { status: 'rejected'; reason: string }
);

export interface DecisionResult {
  profile: DoctorProfileRow;
  /** False when the profile already stood so (a repeated request): nothing was written or sent. */
  changed: boolean;
}

const DASHBOARD_LINK = '/doctor-dashboard';

/**
 * Records a verification decision. The same decision again (verify a verified profile, reject a rejected one
 * with the same reason) changes nothing and notifies nobody; any other is a new decision, so a rejected doctor
 * can be verified later, and is refused (409) when the profile changed since its manager read it. The notification's key names the decision, so it is stored once whatever happens; it is
 * mailed after the commit to a doctor who allows it.
 */
export async function decideVerification(
  { tx, actor, now, afterCommit }: CommandContext,
  doctorId: string,
  decision: VerificationDecision,
): Promise<DecisionResult> {
  const [row] = await tx
    .select({ profile: doctorProfiles, role: users.role })
    .from(doctorProfiles)
    .innerJoin(users, eq(users.id, doctorProfiles.userId))
    .where(eq(doctorProfiles.userId, doctorId))
    .for('update');
  if (!row) throw new AppError('NOT_FOUND', 'No doctor profile waits for verification under this id');
  if (row.role !== 'doctor') throw new AppError('CONFLICT', 'This account is no longer a doctor account');
  const before = row.profile;
  const note = decision.status === 'rejected' ? decision.reason : null;
  if (before.verificationStatus === decision.status && before.verificationNote === note)
    return { profile: before, changed: false };
  assertReadVersion(before.version, decision.version, "This doctor's profile");

  const [after] = await tx
    .update(doctorProfiles)
    // updatedAt stays: it is when the doctor last submitted their answers.
    .set({
      verificationStatus: decision.status,
      verificationNote: note,
      verificationDecidedAt: now,
      verificationDecidedBy: actor.id,
    })
    .where(eq(doctorProfiles.userId, doctorId))
    .returning();
  await audit(tx, actor, {
    action: decision.status === 'verified' ? 'doctor.verify' : 'doctor.reject',
    targetType: 'doctor',
    targetId: doctorId,
    before: { status: before.verificationStatus, note: before.verificationNote },
    after: { status: after!.verificationStatus, note: after!.verificationNote },
  });
  const notified = await notify(tx, [
    decision.status === 'verified'
      ? {
          userId: doctorId,
          type: 'doctor_verification',
          title: 'Your doctor profile is verified',
          body: 'You now appear in Find Doctors, and your replies to stories carry the Verified doctor badge.',
          link: DASHBOARD_LINK,
          eventKey: `doctor:${doctorId}:verification:${now.toISOString()}`,
          important: true,
        }
      : {
          userId: doctorId,
          type: 'doctor_verification',
          title: 'Your doctor profile was not verified',
          body: decision.reason,
          link: DASHBOARD_LINK,
          eventKey: `doctor:${doctorId}:verification:${now.toISOString()}`,
          important: true,
        },
  ]);
  afterCommit.mailNotifications(notified);
  return { profile: after!, changed: true };
}

/**
 * Tells managers (and above) that a doctor's profile waits for verification. One notice per wait: edits while
 * waiting add none, and a profile back in the queue after a decision makes a new one.
 */
export async function notifyVerificationWaiting(
  db: Db,
  doctor: { id: string; firstName: string; lastName: string },
): Promise<void> {
  const [profile] = await db.select().from(doctorProfiles).where(eq(doctorProfiles.userId, doctor.id));
  if (profile?.verificationStatus !== 'pending') return;
  const after = profile.verificationDecidedAt ? `:${profile.verificationDecidedAt.toISOString()}` : '';
  await notifyAdmins(db, 'manager', {
    title: `Dr. ${doctor.firstName} ${doctor.lastName} waits for verification`.replace(/\s+/g, ' '),
    body: `${profile.specialty}; license ${profile.licenseState}.`,
    link: '/admin-doctors',
    eventKey: `doctor:${doctor.id}:pending${after}`,
  });
}
