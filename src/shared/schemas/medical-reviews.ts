/**
 * The medical review of a patient's fundraiser (issue 18, decision 009): she asks a verified doctor of the directory
 * to review her plan and so grants that doctor her documents; the doctor attests (declaring no conflict of
 * interest) or declines, each with a note. An attestation shows publicly as the doctor's name and specialty only.
 */
import { z } from 'zod';
import { COST_GROUP_KEYS } from '../constants.ts';
import { ReadVersionSchema } from './common.ts';
import { pageParam } from './paging.ts';

/**
 * requested: waiting for the doctor, who may read the application and its documents.
 * attested: the doctor stands behind the plan; the grant stands until the patient revokes it or the fundraiser
 *   closes (the attestation stays on the closed fundraiser's page).
 * declined: the doctor said no, with a note; the grant ended.
 * withdrawn: the goal or plan changed after the attestation; the grant ended.
 * revoked: the patient cancelled the request or took the access back, or the fundraiser was refused or closed
 *   first; the grant ended.
 */
export const MEDICAL_REVIEW_STATUSES = ['requested', 'attested', 'declined', 'withdrawn', 'revoked'] as const;
export type MedicalReviewStatus = (typeof MEDICAL_REVIEW_STATUSES)[number];
/** The states in which the doctor may read the application and the patient may not ask another doctor. */
export const MEDICAL_REVIEW_OPEN: readonly MedicalReviewStatus[] = ['requested', 'attested'];

/**
 * Whether the doctor holds the grant: the request is open and its access has not ended. A refused or closed
 * fundraiser ends it (a closed one keeps its attestation, with `endedAt` set, as its page stays readable).
 */
export const grantStands = (review: { status: MedicalReviewStatus; endedAt: Date | string | null }): boolean =>
  MEDICAL_REVIEW_OPEN.includes(review.status) && review.endedAt === null;

export const MEDICAL_REVIEW_NOTE_MIN = 10;
export const MEDICAL_REVIEW_NOTE_MAX = 2000;

/** What the doctor must confirm before she attests. */
export const NO_CONFLICT_DECLARATION =
  'I am not this patient, not her relative, and have no other conflict of interest';

/** POST /api/my-fundraiser/medical-review: the doctor she asks, from the directory. */
export const MedicalReviewRequestSchema = z.strictObject({
  doctorId: z.uuid('Choose a doctor from the directory'),
});
export type MedicalReviewRequestInput = z.input<typeof MedicalReviewRequestSchema>;

const note = z
  .string({ error: 'Write a note for the patient' })
  .trim()
  .min(MEDICAL_REVIEW_NOTE_MIN, `Write a note for the patient (at least ${MEDICAL_REVIEW_NOTE_MIN} characters)`)
  .max(MEDICAL_REVIEW_NOTE_MAX, `Keep the note under ${MEDICAL_REVIEW_NOTE_MAX} characters`);

/** The doctor's form: the note, and the declaration ticked. */
export const MedicalAttestationFormSchema = z.strictObject({
  note,
  noConflict: z.literal(true, { error: `Confirm: ${NO_CONFLICT_DECLARATION}` }),
});
/** The plan version she read (the application's `planVersion`): a decision on a changed plan is refused (409). */
const planVersion = { planVersion: ReadVersionSchema };
/** POST /api/doctor/medical-reviews/:id/attest: her form, and the plan version she read. */
export const MedicalAttestationSchema = MedicalAttestationFormSchema.extend(planVersion);
export type MedicalAttestationInput = z.input<typeof MedicalAttestationSchema>;

/** The doctor's form to decline: why, for the patient. */
export const MedicalDeclineFormSchema = z.strictObject({ note });
/** POST /api/doctor/medical-reviews/:id/decline: why, for the patient, and the plan version she read. */
export const MedicalDeclineSchema = MedicalDeclineFormSchema.extend(planVersion);
export type MedicalDeclineInput = z.input<typeof MedicalDeclineSchema>;

export const MedicalReviewParamsSchema = z.object({ id: z.uuid('Not a valid review id') });
export const DoctorMedicalReviewsQuerySchema = z.object({ page: pageParam });
export const DOCTOR_MEDICAL_REVIEWS_PAGE_SIZE = 10;

/** The doctor as the patient and the public see her: her directory name, specialty and profile page. */
export const ReviewingDoctorSchema = z.object({ id: z.string(), name: z.string(), specialty: z.string() });
export type ReviewingDoctor = z.infer<typeof ReviewingDoctorSchema>;

const MedicalReviewStatusSchema = z.enum(MEDICAL_REVIEW_STATUSES);

/** The patient's view of her latest request (GET /api/my-fundraiser/medical-review). */
export const MyMedicalReviewSchema = z.object({
  id: z.string(),
  status: MedicalReviewStatusSchema,
  doctor: ReviewingDoctorSchema,
  /** The doctor's note once she decided (private: the patient and the doctor read it). */
  note: z.string().nullable(),
  /** Why an attestation was withdrawn. */
  endedReason: z.string().nullable(),
  requestedAt: z.string(),
  decidedAt: z.string().nullable(),
  endedAt: z.string().nullable(),
});
export type MyMedicalReview = z.infer<typeof MyMedicalReviewSchema>;

/** What her reads and writes of the request answer: her latest request, or null. */
export const MyMedicalReviewAnswerSchema = z.object({ review: MyMedicalReviewSchema.nullable() });

/** A request on the doctor's dashboard. */
export const DoctorMedicalReviewItemSchema = z.object({
  id: z.string(),
  status: MedicalReviewStatusSchema,
  fundraiserTitle: z.string(),
  patientName: z.string(),
  /** Whether she may open the application now. */
  granted: z.boolean(),
  requestedAt: z.string(),
  decidedAt: z.string().nullable(),
  endedAt: z.string().nullable(),
});
export type DoctorMedicalReviewItem = z.infer<typeof DoctorMedicalReviewItemSchema>;

/** The application as a granted doctor reads it: no images, no payee route, only the payee's name. */
export const MedicalReviewApplicationSchema = z.object({
  id: z.string(),
  status: MedicalReviewStatusSchema,
  note: z.string().nullable(),
  patientName: z.string(),
  fundraiser: z.object({
    title: z.string(),
    story: z.string(),
    goalCents: z.number().int(),
    currency: z.literal('USD'),
    neededBy: z.string().nullable(),
    costGroups: z.array(
      z.object({ key: z.enum(COST_GROUP_KEYS), label: z.string(), amountCents: z.number().int(), note: z.string() }),
    ),
    payeeName: z.string().nullable(),
    documents: z.array(z.object({ id: z.string(), contentType: z.string(), size: z.number().int(), url: z.string() })),
    /** The plan's version: her decision names it, and her attestation shows only while it is the current one. */
    planVersion: z.number().int(),
  }),
});
export type MedicalReviewApplication = z.infer<typeof MedicalReviewApplicationSchema>;

/** What a public fundraiser shows of an attestation: who, never the note. */
export type PublicMedicalReview = ReviewingDoctor;
