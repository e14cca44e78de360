import { sql } from 'drizzle-orm';
import { check, index, integer, jsonb, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { MEDICAL_REVIEW_STATUSES, type MedicalReviewStatus } from '#shared/schemas/medical-reviews.ts';
import { users } from './accounts.ts';
import { fundraisers, type FundraiserCostGroup } from './fundraisers.ts';

const at = (name: string) => timestamp(name, { withTimezone: true });

/** The plan as it stood when the doctor attested it: what her attestation is about. */
export interface AttestedPlan {
  goalCents: number;
  costGroups: FundraiserCostGroup[];
  documentIds: string[];
}

/**
 * A patient's request that a verified doctor review her fundraiser (decision 009). Making it grants the doctor her
 * application and documents; the grant stands while the request is open (requested, or attested until she revokes
 * it or the plan changes). Deleting either account deletes the rows: an attestation without its doctor means nothing.
 */
export const medicalReviews = pgTable(
  'medical_reviews',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    fundraiserId: uuid('fundraiser_id')
      .notNull()
      .references(() => fundraisers.id, { onDelete: 'cascade' }),
    doctorId: uuid('doctor_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    status: text('status').$type<MedicalReviewStatus>().notNull().default('requested'),
    /** The doctor's note with her decision: the patient reads it; never public. */
    note: text('note'),
    /** When she ticked "not this patient, not her relative, no other conflict of interest" (only to attest). */
    noConflictDeclaredAt: at('no_conflict_declared_at'),
    attestedPlan: jsonb('attested_plan').$type<AttestedPlan>(),
    /** The fundraiser's plan version she attested: the attestation shows only while it is the current one. */
    attestedPlanVersion: integer('attested_plan_version'),
    /** The application's title when her grant ended: what her list shows from then on, not the live title. */
    endedTitle: text('ended_title'),
    /** Why an attestation was withdrawn (the goal or plan changed). */
    endedReason: text('ended_reason'),
    requestedAt: at('requested_at').notNull().defaultNow(),
    decidedAt: at('decided_at'),
    /** When the grant ended: revoked by the patient, or the attestation withdrawn. */
    endedAt: at('ended_at'),
  },
  (t) => [
    // One open request per fundraiser: to ask another doctor, she cancels or revokes the one she has.
    uniqueIndex('medical_reviews_one_open_per_fundraiser_uq')
      .on(t.fundraiserId)
      .where(sql`${t.status} in ('requested', 'attested')`),
    index('medical_reviews_fundraiser_idx').on(t.fundraiserId, t.requestedAt),
    // The doctor's dashboard, newest request first.
    index('medical_reviews_doctor_idx').on(t.doctorId, t.requestedAt),
    check(
      'medical_reviews_status_known',
      sql.raw(`status in (${MEDICAL_REVIEW_STATUSES.map((s) => `'${s}'`).join(', ')})`),
    ),
    check(
      'medical_reviews_attested_declared',
      sql`${t.status} <> 'attested' or (${t.noConflictDeclaredAt} is not null and ${t.note} is not null)`,
    ),
  ],
);
