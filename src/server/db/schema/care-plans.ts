/**
 * A patient's care plan for the weeks after surgery (issue 39, decision 021): her settings, who she let in, what
 * she asks for, and the dates helpers claimed. Her address, phone, dietary needs and allergies live on the plan and
 * are shown only to a helper with a claim (the presenters decide, the policy says who).
 */
import { and, isNull, sql } from 'drizzle-orm';
import {
  check,
  date,
  index,
  integer,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import type { CareCategory, CarePlace, CarePlanAudience, CareRepeat } from '#shared/care-plan.ts';
import { users } from './accounts.ts';

const at = (name: string) => timestamp(name, { withTimezone: true });

export const carePlans = pgTable('care_plans', {
  id: uuid('id').primaryKey().defaultRandom(),
  patientId: uuid('patient_id')
    .notNull()
    .unique()
    .references(() => users.id, { onDelete: 'cascade' }),
  /** Her IANA time zone: every day and time of the plan is hers, and the pages say which zone. */
  timeZone: text('time_zone').notNull(),
  audience: text('audience').$type<CarePlanAudience>().notNull().default('circle'),
  address: text('address').notNull().default(''),
  phone: text('phone').notNull().default(''),
  dietaryNeeds: text('dietary_needs').notNull().default(''),
  allergies: text('allergies').notNull().default(''),
  /** Meals on days before this one (hers) are paused: "no meals this week". */
  noMealsUntil: date('no_meals_until', { mode: 'string' }),
  unclaimCutoffHours: integer('unclaim_cutoff_hours').notNull().default(24),
  /**
   * The secret in her invitation and open-slots link: whoever has it sees the open slots (never her address or
   * helpers), and a member who signs in with it joins her circle. Replaced when she makes a new link.
   */
  shareToken: text('share_token').notNull().unique(),
  version: integer('version').notNull().default(1),
  createdAt: at('created_at').notNull().defaultNow(),
  updatedAt: at('updated_at').notNull().defaultNow(),
});

/** The people she let see a 'circle' plan: by her link, or a follower of her fundraiser she approved. */
export const carePlanCircle = pgTable(
  'care_plan_circle',
  {
    planId: uuid('plan_id')
      .notNull()
      .references(() => carePlans.id, { onDelete: 'cascade' }),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    via: text('via', { enum: ['link', 'follower'] }).notNull(),
    addedAt: at('added_at').notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.planId, t.userId] }), index('care_plan_circle_user_idx').on(t.userId)],
);

/** One thing she asks for, once or repeating, at a time or in a window of her day. */
export const careRequests = pgTable(
  'care_requests',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    planId: uuid('plan_id')
      .notNull()
      .references(() => carePlans.id, { onDelete: 'cascade' }),
    category: text('category').$type<CareCategory>().notNull(),
    title: text('title').notNull(),
    notes: text('notes').notNull().default(''),
    startsOn: date('starts_on', { mode: 'string' }).notNull(),
    /** 'HH:MM' on her clock. */
    startTime: text('start_time').notNull(),
    endTime: text('end_time'),
    repeat: text('repeat').$type<CareRepeat>().notNull().default('once'),
    repeatUntil: date('repeat_until', { mode: 'string' }),
    helpersNeeded: integer('helpers_needed').notNull(),
    place: text('place').$type<CarePlace>().notNull().default('home'),
    pickupPlace: text('pickup_place').notNull().default(''),
    cancelledAt: at('cancelled_at'),
    createdAt: at('created_at').notNull().defaultNow(),
  },
  (t) => [
    index('care_requests_plan_idx').on(t.planId),
    check('care_requests_helpers_positive', sql`${t.helpersNeeded} > 0`),
  ],
);

/**
 * A helper's claim of one date of a request. Given back (unclaimed) or done, it stays as history; a date never has
 * more standing claims than the request's helpers (the claim command counts under the request's row lock).
 */
export const careClaims = pgTable(
  'care_claims',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    requestId: uuid('request_id')
      .notNull()
      .references(() => careRequests.id, { onDelete: 'cascade' }),
    day: date('day', { mode: 'string' }).notNull(),
    helperId: uuid('helper_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    claimedAt: at('claimed_at').notNull().defaultNow(),
    unclaimedAt: at('unclaimed_at'),
    doneAt: at('done_at'),
  },
  (t) => [
    uniqueIndex('care_claims_standing_uq')
      .on(t.requestId, t.day, t.helperId)
      .where(sql`${t.unclaimedAt} IS NULL`),
    index('care_claims_helper_idx').on(t.helperId),
  ],
);

/**
 * The one meaning of a standing claim, for every query that joins care_requests: not given back, on a request she
 * has not cancelled. Who sees her home and who is reminded ask more: help still to give, not yet marked done.
 */
export const claimStands = and(isNull(careClaims.unclaimedAt), isNull(careRequests.cancelledAt))!;
export const helpStillToGive = and(claimStands, isNull(careClaims.doneAt))!;
