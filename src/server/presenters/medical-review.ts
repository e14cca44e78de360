/** Medical reviews as each party sees them: the patient (with the note), the doctor, and the public (who only). */
import { shownName } from '#shared/community-name.ts';
import { COST_GROUP_LABELS } from '#shared/schemas/fundraisers.ts';
import {
  grantStands,
  type DoctorMedicalReviewItem,
  type MedicalReviewApplication,
  type MyMedicalReview,
  type PublicMedicalReview,
  type ReviewingDoctor,
} from '#shared/schemas/medical-reviews.ts';
import type {
  DoctorReviewListRow,
  GrantedApplicationRow,
  ReviewingDoctorRow,
  ReviewWithDoctorRow,
} from '../db/queries/medical-reviews.ts';

const iso = (at: Date | null) => at?.toISOString() ?? null;

/** The doctor's directory name and specialty, linking to her profile (`/doctors/:id`). */
export function presentReviewingDoctor(d: ReviewingDoctorRow): ReviewingDoctor {
  return { id: d.id, name: `Dr. ${d.firstName} ${d.lastName}`.trim(), specialty: d.specialty };
}

export function presentMyMedicalReview({ review, doctor }: ReviewWithDoctorRow): MyMedicalReview {
  return {
    id: review.id,
    status: review.status,
    doctor: presentReviewingDoctor(doctor),
    note: review.note,
    endedReason: review.endedReason,
    requestedAt: review.requestedAt.toISOString(),
    decidedAt: iso(review.decidedAt),
    endedAt: iso(review.endedAt),
  };
}

export function presentDoctorMedicalReviewItem({
  review,
  title,
  patient,
}: DoctorReviewListRow): DoctorMedicalReviewItem {
  return {
    id: review.id,
    status: review.status,
    fundraiserTitle: title ?? 'Untitled fundraiser',
    patientName: shownName(patient),
    granted: grantStands(review),
    requestedAt: review.requestedAt.toISOString(),
    decidedAt: iso(review.decidedAt),
    endedAt: iso(review.endedAt),
  };
}

/** What a granted doctor reads: the plan and its documents, not the images or how the payee is paid. */
export function presentMedicalReviewApplication({
  review,
  fundraiser: f,
  patient,
  documents,
}: GrantedApplicationRow): MedicalReviewApplication {
  return {
    id: review.id,
    status: review.status,
    note: review.note,
    patientName: shownName(patient),
    fundraiser: {
      title: f.title ?? 'Untitled fundraiser',
      story: f.story ?? '',
      goalCents: f.goalCents,
      currency: 'USD',
      neededBy: f.neededBy,
      costGroups: f.costGroups.map(({ key, amountCents, note }) => ({
        key,
        label: COST_GROUP_LABELS[key],
        amountCents,
        note,
      })),
      payeeName: f.payee?.name ?? null,
      documents: documents.map(({ id, contentType, size }) => ({
        id,
        contentType,
        size,
        url: `/api/uploads/${id}`,
      })),
      planVersion: f.planVersion,
    },
  };
}

/** The public line: who reviewed it, never the note. */
export function presentPublicMedicalReview(doctor: ReviewingDoctorRow | undefined): PublicMedicalReview | null {
  return doctor ? presentReviewingDoctor(doctor) : null;
}
