import { sql } from 'drizzle-orm';
import {
  bigint,
  check,
  date,
  index,
  integer,
  jsonb,
  pgTable,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import type { CostGroupKey } from '#shared/constants.ts';
import { FUNDRAISER_STATUSES, type FundraiserStatus, type Payee } from '#shared/schemas/fundraisers.ts';
import type { StoryImage } from '#shared/schemas/stories.ts';
import { users } from './accounts.ts';
import { campaigns } from './campaigns.ts';
import { rowVersion } from './row-version.ts';
import { uploads } from './uploads.ts';

const at = (name: string) => timestamp(name, { withTimezone: true });

/** A planned cost group of a fundraiser, in USD cents (the ledger's currency). */
export interface FundraiserCostGroup {
  key: CostGroupKey;
  amountCents: number;
  note: string;
}

/**
 * A patient's own fundraiser (decision 009): her application while she writes it and while it is reviewed, and
 * once approved the public text of its campaign. Nothing here is public before it is live.
 */
export const fundraisers = pgTable(
  'fundraisers',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    ownerId: uuid('owner_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    status: text('status').$type<FundraiserStatus>().notNull().default('draft'),
    title: text('title'),
    story: text('story'),
    images: jsonb('images').$type<StoryImage[]>().notNull().default([]),
    costGroups: jsonb('cost_groups').$type<FundraiserCostGroup[]>().notNull().default([]),
    /** The sum of the cost groups, kept with them. */
    goalCents: bigint('goal_cents', { mode: 'number' }).notNull().default(0),
    payee: jsonb('payee').$type<Payee>(),
    /** When the treatment is planned, if she knows (YYYY-MM-DD): the public list's "most urgent" order. */
    neededBy: date('needed_by', { mode: 'string' }),
    /** The last review message that sent it back or refused it (the patient reads it). */
    reviewMessage: text('review_message'),
    /** The campaign that holds its money, from approval on. */
    campaignId: uuid('campaign_id')
      .unique()
      .references(() => campaigns.id),
    submittedAt: at('submitted_at'),
    createdAt: at('created_at').notNull().defaultNow(),
    updatedAt: at('updated_at').notNull().defaultNow(),
    /** Moves with every change: a manager's review names the version she read. */
    version: rowVersion(),
    /**
     * Moves with every change of the plan (cost groups, payee, documents; `planChanged`): a doctor attests one plan
     * version, and her attestation shows only while it is the current one.
     */
    planVersion: integer('plan_version').notNull().default(1),
  },
  (t) => [
    // One fundraiser per patient that is not finished: two tabs cannot open two.
    uniqueIndex('fundraisers_one_open_per_owner_uq')
      .on(t.ownerId)
      .where(sql`${t.status} not in ('rejected', 'closed')`),
    // The admins' queue by state, oldest submission first.
    index('fundraisers_status_submitted_idx').on(t.status, t.submittedAt),
    // The public list's "most urgent" order: live ones by planned date.
    index('fundraisers_live_needed_by_idx')
      .on(t.neededBy)
      .where(sql`${t.status} = 'live'`),
    check('fundraisers_goal_not_negative', sql`${t.goalCents} >= 0`),
    check('fundraisers_status_known', sql.raw(`status in (${FUNDRAISER_STATUSES.map((s) => `'${s}'`).join(', ')})`)),
  ],
);

/** Private supporting documents (a treatment plan, a quote): the owner, admins and a doctor she grants read them. */
export const fundraiserDocuments = pgTable(
  'fundraiser_documents',
  {
    fundraiserId: uuid('fundraiser_id')
      .notNull()
      .references(() => fundraisers.id, { onDelete: 'cascade' }),
    uploadId: uuid('upload_id')
      .notNull()
      .references(() => uploads.id, { onDelete: 'cascade' }),
    createdAt: at('created_at').notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('fundraiser_documents_upload_uq').on(t.uploadId),
    index('fundraiser_documents_fundraiser_idx').on(t.fundraiserId),
  ],
);

/** The history of a fundraiser: every submission and review step, with its message. */
export const fundraiserEvents = pgTable(
  'fundraiser_events',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    fundraiserId: uuid('fundraiser_id')
      .notNull()
      .references(() => fundraisers.id, { onDelete: 'cascade' }),
    actorId: uuid('actor_id').references(() => users.id, { onDelete: 'set null' }),
    action: text('action').notNull(),
    message: text('message'),
    createdAt: at('created_at').notNull().defaultNow(),
  },
  (t) => [index('fundraiser_events_fundraiser_idx').on(t.fundraiserId, t.createdAt)],
);
