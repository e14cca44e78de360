/**
 * Read models of medical reviews (decision 009): the patient's latest request, the doctor's requests and the
 * application she may read while granted, whether a document is granted to her, and the public attestation.
 */
import { and, count, desc, eq, inArray, isNull, or, sql, type SQL } from 'drizzle-orm';
import { DOCTOR_MEDICAL_REVIEWS_PAGE_SIZE, MEDICAL_REVIEW_OPEN, grantStands } from '#shared/schemas/medical-reviews.ts';
import type { Db, Tx } from '../client.ts';
import { doctorProfiles, fundraiserDocuments, fundraisers, medicalReviews, users } from '../schema/index.ts';
import { listed } from './doctors.ts';
import { attachmentsOf, type FundraiserDocumentRow, type FundraiserRow } from './fundraisers.ts';
import { paged } from './paging.ts';

export type MedicalReviewRow = typeof medicalReviews.$inferSelect;

/** The doctor holds the grant: the request is open and its access has not ended (see `grantStands`). */
export const isGranted: SQL = and(
  inArray(medicalReviews.status, [...MEDICAL_REVIEW_OPEN]),
  isNull(medicalReviews.endedAt),
)!;

/** A doctor as the patient and the public see her. */
export interface ReviewingDoctorRow {
  id: string;
  firstName: string;
  lastName: string;
  specialty: string;
}

const doctorColumns = {
  id: users.id,
  firstName: users.firstName,
  lastName: users.lastName,
  specialty: doctorProfiles.specialty,
};

/** A review with its doctor. */
export interface ReviewWithDoctorRow {
  review: MedicalReviewRow;
  doctor: ReviewingDoctorRow;
}

/** Her fundraiser's latest request (the open one if any, as there is at most one), with its doctor. */
export async function latestMedicalReview(db: Db | Tx, fundraiserId: string): Promise<ReviewWithDoctorRow | undefined> {
  const [row] = await db
    .select({ review: medicalReviews, doctor: doctorColumns })
    .from(medicalReviews)
    .innerJoin(users, eq(users.id, medicalReviews.doctorId))
    .innerJoin(doctorProfiles, eq(doctorProfiles.userId, medicalReviews.doctorId))
    .where(eq(medicalReviews.fundraiserId, fundraiserId))
    .orderBy(desc(medicalReviews.requestedAt), desc(medicalReviews.id))
    .limit(1);
  return row;
}

/** A request on the doctor's dashboard: the fundraiser's title and the patient's first name. */
export interface DoctorReviewListRow {
  review: MedicalReviewRow;
  title: string | null;
  patient: { firstName: string; lastName: string; communityName: string | null };
}

/**
 * The application's title as the doctor may know it: the current one while she holds the grant, else the one it had
 * when her grant ended (what the patient calls it later is no longer shared with her).
 */
const shownTitle = sql<
  string | null
>`case when ${isGranted} then ${fundraisers.title} else ${medicalReviews.endedTitle} end`;

/** The requests made to this doctor, newest first, a page at a time. */
export function doctorMedicalReviewsPage<Item>(
  db: Db,
  doctorId: string,
  page: number,
  present: (row: DoctorReviewListRow) => Item,
) {
  const hers = eq(medicalReviews.doctorId, doctorId);
  return paged(
    { page, pageSize: DOCTOR_MEDICAL_REVIEWS_PAGE_SIZE },
    (limit, offset) =>
      db
        .select({
          review: medicalReviews,
          title: shownTitle,
          patient: { firstName: users.firstName, lastName: users.lastName, communityName: users.communityName },
        })
        .from(medicalReviews)
        .innerJoin(fundraisers, eq(fundraisers.id, medicalReviews.fundraiserId))
        .innerJoin(users, eq(users.id, fundraisers.ownerId))
        .where(hers)
        .orderBy(desc(medicalReviews.requestedAt), desc(medicalReviews.id))
        .limit(limit)
        .offset(offset),
    () => db.select({ n: count() }).from(medicalReviews).where(hers),
    present,
  );
}

/** One request to this doctor with its fundraiser and the patient's first name; undefined if it is not hers. */
export async function doctorMedicalReview(db: Db | Tx, doctorId: string, reviewId: string) {
  const [row] = await db
    .select({
      review: medicalReviews,
      fundraiser: fundraisers,
      patient: { firstName: users.firstName, lastName: users.lastName, communityName: users.communityName },
    })
    .from(medicalReviews)
    .innerJoin(fundraisers, eq(fundraisers.id, medicalReviews.fundraiserId))
    .innerJoin(users, eq(users.id, fundraisers.ownerId))
    .where(and(eq(medicalReviews.id, reviewId), eq(medicalReviews.doctorId, doctorId)));
  return row;
}

/** The application as a granted doctor reads it. */
export interface GrantedApplicationRow {
  review: MedicalReviewRow;
  fundraiser: FundraiserRow;
  patient: { firstName: string; lastName: string; communityName: string | null };
  documents: FundraiserDocumentRow[];
}

/** The application of a request to this doctor while she holds the grant; undefined otherwise. */
export async function grantedApplication(
  db: Db,
  doctorId: string,
  reviewId: string,
): Promise<GrantedApplicationRow | undefined> {
  const row = await doctorMedicalReview(db, doctorId, reviewId);
  if (!row || !grantStands(row.review)) return undefined;
  const { documents } = await attachmentsOf(db, row.fundraiser);
  return { ...row, documents };
}

/**
 * Whether this upload is a document of a fundraiser whose open request names this doctor, while the directory
 * still lists her: the grant stands only as long as both hold.
 */
export async function isGrantedDocument(db: Db, uploadId: string, doctorId: string): Promise<boolean> {
  const [granted] = await db
    .select({ id: medicalReviews.id })
    .from(fundraiserDocuments)
    .innerJoin(medicalReviews, eq(medicalReviews.fundraiserId, fundraiserDocuments.fundraiserId))
    .innerJoin(users, eq(users.id, medicalReviews.doctorId))
    .innerJoin(doctorProfiles, eq(doctorProfiles.userId, medicalReviews.doctorId))
    .where(and(eq(fundraiserDocuments.uploadId, uploadId), eq(medicalReviews.doctorId, doctorId), isGranted, listed))
    .limit(1);
  return granted !== undefined;
}

/**
 * A standing attestation of the fundraiser in scope (for its public page and list): attested, of the plan version
 * it has now, by a doctor the directory lists (her page must open). Join `fundraisers` and `medicalReviews` first.
 */
export const attestationStands: SQL = and(
  eq(medicalReviews.fundraiserId, fundraisers.id),
  eq(medicalReviews.status, 'attested'),
  eq(medicalReviews.attestedPlanVersion, fundraisers.planVersion),
  listed,
)!;

/** The attestation a public fundraiser shows (see `attestationStands`). */
export async function publicAttestation(db: Db, fundraiserId: string): Promise<ReviewingDoctorRow | undefined> {
  const [row] = await db
    .select(doctorColumns)
    .from(medicalReviews)
    .innerJoin(fundraisers, eq(fundraisers.id, medicalReviews.fundraiserId))
    .innerJoin(users, eq(users.id, medicalReviews.doctorId))
    .innerJoin(doctorProfiles, eq(doctorProfiles.userId, medicalReviews.doctorId))
    .where(and(eq(fundraisers.id, fundraiserId), attestationStands))
    .limit(1);
  return row;
}

/** For her data export: the requests about her fundraisers and those made to her as a doctor. */
export async function medicalReviewsForExport(db: Db, userId: string) {
  const rows = await db
    .select({ review: medicalReviews, ownerId: fundraisers.ownerId })
    .from(medicalReviews)
    .innerJoin(fundraisers, eq(fundraisers.id, medicalReviews.fundraiserId))
    .where(or(eq(fundraisers.ownerId, userId), eq(medicalReviews.doctorId, userId)));
  return rows.map(({ review, ownerId }) => ({
    ...review,
    yourPart: (ownerId === userId ? 'patient' : 'doctor') as 'patient' | 'doctor',
  }));
}
