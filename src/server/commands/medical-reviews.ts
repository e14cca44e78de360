/**
 * Medical review of a patient's fundraiser (decision 009). Her request grants the doctor she names her application
 * and documents; she can take it back at any time. The doctor attests (declaring no conflict of interest) or
 * declines, with a note; an attestation is withdrawn when the goal or plan changes. Each step writes the
 * fundraiser's history and tells the other party; the patient is always mailed about a decision on her plan.
 */
import { and, desc, eq, inArray, notInArray, sql } from 'drizzle-orm';
import { AppError } from '#shared/errors.ts';
import { HEALTH_CONSENT_REFUSALS } from '#shared/health-data-consent.ts';
import { MEDICAL_REVIEW_OPEN } from '#shared/schemas/medical-reviews.ts';
import type { Tx } from '../db/client.ts';
import { listed } from '../db/queries/doctors.ts';
import { FINISHED } from '../db/queries/fundraisers.ts';
import { standingHealthConsent } from '../db/queries/health-data-consents.ts';
import { isGranted, type MedicalReviewRow } from '../db/queries/medical-reviews.ts';
import { doctorProfiles, fundraiserDocuments, fundraisers, medicalReviews, users } from '../db/schema/index.ts';
import { fundraiserReviewMail } from '../services/mail-templates.ts';
import { notify, type MailableNotification } from '../services/notifications.ts';
import type { UserRow } from '../services/sessions.ts';
import { record } from './fundraiser-history.ts';
import { medicalReviewPolicy } from '../policies/medical-reviews.ts';
import type { Viewer } from '../policies/viewer.ts';
import type { CommandContext } from './run.ts';

/**
 * Holds these accounts (key share) before any review row: account deletion locks the account first and then the
 * rows it cascades to, so taking them the other way round would deadlock with it.
 */
async function holdAccounts(tx: Tx, ...ids: string[]): Promise<void> {
  for (const id of [...new Set(ids)].sort())
    await tx.select({ id: users.id }).from(users).where(eq(users.id, id)).for('key share');
}

/** The one request of a fundraiser that may be open at a time (medical_reviews_one_open_per_fundraiser_uq). */
const isOpen = inArray(medicalReviews.status, [...MEDICAL_REVIEW_OPEN]);

const doctorName = (d: { firstName: string; lastName: string }) => `Dr. ${d.firstName} ${d.lastName}`;

/** A doctor the directory lists (verified, active), with her name; undefined for anyone else. */
async function listedDoctor(tx: Tx, id: string) {
  const [row] = await tx
    .select({ id: users.id, firstName: users.firstName, lastName: users.lastName, email: users.email })
    .from(users)
    .innerJoin(doctorProfiles, eq(doctorProfiles.userId, users.id))
    .where(and(eq(users.id, id), listed));
  return row;
}

/**
 * She asks a doctor of the directory to review her open fundraiser (any state from draft to live), and so grants
 * that doctor her application and documents. One open request at a time: 409 while another doctor's is waiting or
 * attested. Asking the same doctor again while her request stands (a second tap, another tab) changes nothing and
 * tells nobody: `created` is false.
 */
export async function requestMedicalReview(
  { tx, actor, now, afterCommit }: CommandContext,
  owner: UserRow,
  doctorId: string,
): Promise<{ review: MedicalReviewRow; created: boolean }> {
  await holdAccounts(tx, owner.id, doctorId);
  const [fundraiser] = await tx
    .select()
    .from(fundraisers)
    .where(and(eq(fundraisers.ownerId, owner.id), notInArray(fundraisers.status, FINISHED)))
    .for('update');
  if (!fundraiser) throw new AppError('NOT_FOUND', 'Save your fundraiser before you ask a doctor to review it');
  if (doctorId === owner.id) throw new AppError('VALIDATION', 'You cannot review your own fundraiser', 'doctorId');
  // Asking is sharing her application and documents: only with her standing consent to share (decision 017).
  if (!(await standingHealthConsent(tx, owner.id, 'share')))
    throw new AppError('FORBIDDEN', HEALTH_CONSENT_REFUSALS.shareReview);
  const doctor = await listedDoctor(tx, doctorId);
  if (!doctor) throw new AppError('NOT_FOUND', 'No verified doctor has this id');
  const [review] = await tx
    .insert(medicalReviews)
    .values({ fundraiserId: fundraiser.id, doctorId, requestedAt: now })
    .onConflictDoNothing()
    .returning();
  if (!review) {
    const [standing] = await tx
      .select()
      .from(medicalReviews)
      .where(and(eq(medicalReviews.fundraiserId, fundraiser.id), isOpen));
    if (standing?.doctorId === doctorId) return { review: standing, created: false };
    throw new AppError('CONFLICT', 'A doctor already has your request; cancel it before you ask another doctor');
  }
  await record(tx, fundraiser.id, actor.id, 'medical_review_requested');
  const notices = await notify(tx, [
    {
      userId: doctorId,
      type: 'medical_review',
      title: 'A patient asks you to review her treatment plan',
      body: `"${fundraiser.title ?? 'A fundraiser'}": she has shared her application and documents with you.`,
      link: '/doctor-dashboard',
      eventKey: `medical-review:${review.id}:requested`,
      important: true,
    },
  ]);
  afterCommit.mailNotifications(notices);
  return { review, created: true };
}

/** How a grant ends: who ended it, why (the history's and her view's words), and what the doctor is told. */
interface GrantEnd {
  actorId: string | null;
  now: Date;
  /** A closed fundraiser keeps its attestation (its page stays readable); anything else is revoked. */
  keepAttestation: boolean;
  reason: string | null;
  title: string;
}

/**
 * Ends the doctor's grant on this review if it still stands (a decision or another tab may have ended it since):
 * the review is revoked (or, kept attested, marked ended), the fundraiser's history has the step and the doctor is
 * told. Her accounts are held first (see holdAccounts). Undefined when the grant had already ended.
 */
async function endGrant(
  tx: Tx,
  open: { id: string; doctorId: string },
  ownerId: string,
  end: GrantEnd,
): Promise<MedicalReviewRow | undefined> {
  await holdAccounts(tx, ownerId, open.doctorId);
  const [review] = await tx
    .update(medicalReviews)
    .set({
      status: end.keepAttestation
        ? sql`case when ${medicalReviews.status} = 'attested' then 'attested' else 'revoked' end`
        : 'revoked',
      endedAt: end.now,
      endedReason: end.reason,
      // From now on her list shows the title as it was, not what the patient calls it later.
      endedTitle: sql`(select ${fundraisers.title} from ${fundraisers} where ${fundraisers.id} = ${medicalReviews.fundraiserId})`,
    })
    .where(and(eq(medicalReviews.id, open.id), isGranted))
    .returning();
  if (!review) return undefined;
  await record(tx, review.fundraiserId, end.actorId, 'medical_review_revoked', end.reason ?? undefined);
  await notify(tx, [
    {
      userId: review.doctorId,
      type: 'medical_review',
      title: end.title,
      body: 'Her application and documents are no longer shared with you.',
      link: '/doctor-dashboard',
      eventKey: `medical-review:${review.id}:revoked`,
    },
  ]);
  return review;
}

/**
 * She cancels her open request, or takes back the access of the doctor who attested (the attestation ends too):
 * from this moment the doctor reads nothing of the application.
 */
export async function revokeMedicalReview(
  { tx, actor, now }: CommandContext,
  owner: UserRow,
): Promise<MedicalReviewRow> {
  const [open] = await tx
    .select({ id: medicalReviews.id, doctorId: medicalReviews.doctorId })
    .from(medicalReviews)
    .innerJoin(fundraisers, eq(fundraisers.id, medicalReviews.fundraiserId))
    .where(and(eq(fundraisers.ownerId, owner.id), isGranted));
  if (!open) {
    // She took it back already (a second tap, another tab): what she asked for holds, so it is no error.
    const [latest] = await tx
      .select({ review: medicalReviews })
      .from(medicalReviews)
      .innerJoin(fundraisers, eq(fundraisers.id, medicalReviews.fundraiserId))
      .where(eq(fundraisers.ownerId, owner.id))
      .orderBy(desc(medicalReviews.requestedAt))
      .limit(1);
    if (latest?.review.status === 'revoked' && latest.review.endedReason === null) return latest.review;
    throw new AppError('NOT_FOUND', 'No doctor has access to your fundraiser');
  }
  const review = await endGrant(tx, open, owner.id, {
    actorId: actor.id,
    now,
    keepAttestation: false,
    reason: null,
    title: 'A patient withdrew her request for a medical review',
  });
  if (!review) throw new AppError('NOT_FOUND', 'No doctor has access to your fundraiser');
  return review;
}

const ENDED_WITH_FUNDRAISER = {
  rejected: {
    reason: 'The fundraiser was not approved.',
    title: 'A fundraiser you were asked to review was not approved',
  },
  closed: { reason: 'The fundraiser was closed.', title: 'A fundraiser you were asked to review was closed' },
  consent_withdrawn: {
    reason: 'She withdrew her consent to sharing her health data.',
    title: 'A patient stopped sharing her health data with you',
  },
} as const;

/**
 * Ends the doctor's access to a fundraiser that a manager refused or that was closed, in the transaction of that
 * step, as her own revoke does: from this moment the doctor reads nothing of the application or its documents, the
 * history has the step (by whoever refused or closed it) and the doctor is told. A waiting request is revoked; an
 * attestation stays on a closed fundraiser's page (ended, no longer a grant) and is revoked on a refused one.
 */
export async function endMedicalReviewAccess(
  { tx, actor, now }: Pick<CommandContext, 'tx' | 'actor' | 'now'>,
  fundraiser: { id: string; ownerId: string },
  why: keyof typeof ENDED_WITH_FUNDRAISER,
): Promise<void> {
  const open = await tx
    .select({ id: medicalReviews.id, doctorId: medicalReviews.doctorId })
    .from(medicalReviews)
    .where(and(eq(medicalReviews.fundraiserId, fundraiser.id), isGranted));
  for (const review of open)
    await endGrant(tx, review, fundraiser.ownerId, {
      actorId: actor.id,
      now,
      keepAttestation: why === 'closed',
      ...ENDED_WITH_FUNDRAISER[why],
    });
}

export type MedicalReviewDecision = 'attest' | 'decline';

/**
 * The doctor's decision on a request made to her, on the plan version she read (`planVersion`): attested (she
 * declared no conflict of interest; the schema refuses the request without it) or declined, with a note for the
 * patient. Refused for a doctor the directory does not list (403), a request not hers or cancelled (404), her own
 * fundraiser (403), once decided (409), and when the plan changed since she read it (409 with the current version).
 * The fundraiser is locked before the review, as a plan change locks it, so a change and an attestation happen one
 * after the other: an attestation never records a plan she did not read.
 */
export async function decideMedicalReview(
  { tx, actor, now, afterCommit }: CommandContext,
  publicUrl: string,
  viewer: Viewer,
  doctor: UserRow,
  reviewId: string,
  decision: MedicalReviewDecision,
  input: { note: string; planVersion: number },
): Promise<MedicalReviewRow> {
  const { note } = input;
  const listedAs = await listedDoctor(tx, doctor.id);
  const [found] = await tx
    .select({ ownerId: fundraisers.ownerId, fundraiserId: fundraisers.id })
    .from(medicalReviews)
    .innerJoin(fundraisers, eq(fundraisers.id, medicalReviews.fundraiserId))
    .where(and(eq(medicalReviews.id, reviewId), eq(medicalReviews.doctorId, doctor.id)));
  if (!found) throw new AppError('NOT_FOUND', 'No such review request');
  medicalReviewPolicy.authorize(viewer, 'review', { doctorListed: !!listedAs, fundraiserOwnerId: found.ownerId });
  await holdAccounts(tx, found.ownerId, doctor.id);
  const [fundraiser] = await tx.select().from(fundraisers).where(eq(fundraisers.id, found.fundraiserId)).for('update');
  const [before] = await tx.select().from(medicalReviews).where(eq(medicalReviews.id, reviewId)).for('update');
  if (!before || !fundraiser) throw new AppError('NOT_FOUND', 'No such review request');
  if (before.status === 'revoked') throw new AppError('NOT_FOUND', 'The patient withdrew this request');
  if (before.status !== 'requested') throw new AppError('CONFLICT', 'You have already decided on this request');
  if (fundraiser.planVersion !== input.planVersion)
    throw AppError.stale(
      'The patient changed her plan since you opened it; read the new plan before you decide',
      fundraiser.planVersion,
    );
  const documents = await tx
    .select({ id: fundraiserDocuments.uploadId })
    .from(fundraiserDocuments)
    .where(eq(fundraiserDocuments.fundraiserId, before.fundraiserId));
  const attest = decision === 'attest';
  const [review] = await tx
    .update(medicalReviews)
    .set(
      attest
        ? {
            status: 'attested',
            note,
            decidedAt: now,
            noConflictDeclaredAt: now,
            attestedPlan: {
              goalCents: fundraiser.goalCents,
              costGroups: fundraiser.costGroups,
              documentIds: documents.map((d) => d.id),
            },
            attestedPlanVersion: fundraiser.planVersion,
          }
        : // Declining ends the grant: she has nothing more to read.
          { status: 'declined', note, decidedAt: now, endedAt: now, endedTitle: fundraiser.title },
    )
    .where(eq(medicalReviews.id, reviewId))
    .returning();
  await record(tx, before.fundraiserId, actor.id, attest ? 'medical_review_attested' : 'medical_review_declined');
  const title = attest
    ? `${doctorName(doctor)} medically reviewed your fundraiser's plan`
    : `${doctorName(doctor)} declined to review your fundraiser's plan`;
  const body = attest
    ? 'Your fundraiser now shows that it was medically reviewed. Read the note on your fundraiser page.'
    : 'Read the note on your fundraiser page; you can ask another doctor.';
  // Keyed by the doctor, so deleting her account takes her name out of it.
  await notify(tx, [
    {
      userId: found.ownerId,
      type: 'medical_review',
      title,
      body,
      link: '/my-fundraiser',
      eventKey: `doctor:${doctor.id}:medical-review:${reviewId}:${decision}`,
    },
  ]);
  const [owner] = await tx
    .select({ email: users.email, firstName: users.firstName })
    .from(users)
    .where(eq(users.id, found.ownerId));
  afterCommit.mail({ key: `medical-review:${reviewId}:${decision}`, kind: 'fundraiser-review' }, (product) =>
    fundraiserReviewMail(product, owner!, title, body, `${publicUrl}/my-fundraiser`),
  );
  return review!;
}

/**
 * What a change of this fundraiser's plan does to its medical reviews (call it in the transaction of the change): an
 * attestation was about the plan as it stood, so it is withdrawn (the public line disappears, the doctor's grant
 * ends, and the doctor and the patient are told); a doctor still asked to review it is told that the plan she was
 * asked to read changed (her grant stands: she reads the new one). Returns the notifications it stored, which the
 * caller mails with `ctx.afterCommit.mailNotifications`.
 */
export async function settleReviewsAfterPlanChange(
  { tx, now }: Pick<CommandContext, 'tx' | 'now'>,
  fundraiserId: string,
  reason: string,
): Promise<MailableNotification[]> {
  const [fundraiser] = await tx
    .select({ ownerId: fundraisers.ownerId, title: fundraisers.title })
    .from(fundraisers)
    .where(eq(fundraisers.id, fundraiserId));
  if (!fundraiser) return [];
  const what = `"${fundraiser.title ?? 'A fundraiser'}": ${reason}`;
  const withdrawn = await tx
    .update(medicalReviews)
    .set({ status: 'withdrawn', endedAt: now, endedReason: reason, endedTitle: fundraiser.title })
    .where(and(eq(medicalReviews.fundraiserId, fundraiserId), eq(medicalReviews.status, 'attested')))
    .returning();
  const notices: MailableNotification[] = [];
  for (const review of withdrawn) {
    await record(tx, fundraiserId, null, 'medical_review_withdrawn', reason);
    notices.push(
      ...(await notify(tx, [
        {
          userId: review.doctorId,
          type: 'medical_review',
          title: 'Your medical review of a fundraiser was withdrawn because its plan changed',
          body: what,
          link: '/doctor-dashboard',
          eventKey: `medical-review:${review.id}:withdrawn`,
          important: true,
        },
        {
          userId: fundraiser.ownerId,
          type: 'medical_review',
          title: 'Your fundraiser is no longer shown as medically reviewed',
          body: `${reason}\n\nYou can ask a doctor to review the new plan.`,
          link: '/my-fundraiser',
          eventKey: `medical-review:${review.id}:withdrawn`,
          important: true,
        },
      ])),
    );
  }
  const asked = await tx
    .select({ id: medicalReviews.id, doctorId: medicalReviews.doctorId })
    .from(medicalReviews)
    .where(and(eq(medicalReviews.fundraiserId, fundraiserId), eq(medicalReviews.status, 'requested'), isGranted));
  for (const review of asked)
    notices.push(
      ...(await notify(tx, [
        {
          userId: review.doctorId,
          type: 'medical_review',
          title: 'A plan you were asked to review has changed',
          body: `${what} Read the new plan before you decide.`,
          link: '/doctor-dashboard',
          // Once per request: a patient's tweaks before she decides do not each mail her (she reads the plan as it
          // is when she opens it, and a decision on an older one is refused).
          eventKey: `medical-review:${review.id}:plan-changed`,
          important: true,
        },
      ])),
    );
  return notices;
}
