import { sql } from 'drizzle-orm';
import { bigint, check, index, integer, jsonb, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { REVISION_STATUSES, type Payee, type RevisionStatus } from '#shared/schemas/fundraisers.ts';
import type { StoryImage } from '#shared/schemas/stories.ts';
import type { ContentNote } from '#shared/story-audience.ts';
import { users } from './accounts.ts';
import { fundraisers, type FundraiserCostGroup } from './fundraisers.ts';

const at = (name: string) => timestamp(name, { withTimezone: true });

/** A live fundraiser's dated updates, posted by its owner and mailed to its campaign's followers. */
export const fundraiserUpdates = pgTable(
  'fundraiser_updates',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    fundraiserId: uuid('fundraiser_id')
      .notNull()
      .references(() => fundraisers.id, { onDelete: 'cascade' }),
    authorId: uuid('author_id').references(() => users.id, { onDelete: 'set null' }),
    title: text('title').notNull(),
    body: text('body').notNull(),
    /** Sensitive topics the reader is warned of first (decision 018). */
    contentNotes: text('content_notes')
      .array()
      .$type<ContentNote[]>()
      .notNull()
      .default(sql`'{}'::text[]`),
    postedAt: at('posted_at').notNull().defaultNow(),
  },
  // The page's newest-first list.
  (t) => [index('fundraiser_updates_fundraiser_idx').on(t.fundraiserId, t.postedAt)],
);

/**
 * The earlier texts of a live fundraiser's story: each edit keeps the text it replaces here, numbered (the
 * current text is the next number), so nothing she published is lost.
 */
export const fundraiserStoryVersions = pgTable(
  'fundraiser_story_versions',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    fundraiserId: uuid('fundraiser_id')
      .notNull()
      .references(() => fundraisers.id, { onDelete: 'cascade' }),
    version: integer('version').notNull(),
    title: text('title').notNull(),
    story: text('story').notNull(),
    images: jsonb('images').$type<StoryImage[]>().notNull().default([]),
    replacedBy: uuid('replaced_by').references(() => users.id, { onDelete: 'set null' }),
    replacedAt: at('replaced_at').notNull().defaultNow(),
  },
  (t) => [uniqueIndex('fundraiser_story_versions_number_uq').on(t.fundraiserId, t.version)],
);

/**
 * A money change proposed for a live fundraiser (goal as cost groups, payee, planned documents), reviewed by a
 * manager while the fundraiser keeps its approved figures; approval copies them onto the fundraiser and its
 * campaign. At most one is pending per fundraiser.
 */
export const fundraiserRevisions = pgTable(
  'fundraiser_revisions',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    fundraiserId: uuid('fundraiser_id')
      .notNull()
      .references(() => fundraisers.id, { onDelete: 'cascade' }),
    status: text('status').$type<RevisionStatus>().notNull().default('pending'),
    costGroups: jsonb('cost_groups').$type<FundraiserCostGroup[]>().notNull(),
    goalCents: bigint('goal_cents', { mode: 'number' }).notNull(),
    payee: jsonb('payee').$type<Payee>().notNull(),
    /** The planned documents (uploads of hers), in order; approval makes them the fundraiser's documents. */
    documentIds: jsonb('document_ids').$type<string[]>().notNull(),
    proposedAt: at('proposed_at').notNull().defaultNow(),
    decidedAt: at('decided_at'),
    decidedBy: uuid('decided_by').references(() => users.id, { onDelete: 'set null' }),
    reviewMessage: text('review_message'),
  },
  (t) => [
    uniqueIndex('fundraiser_revisions_one_pending_uq')
      .on(t.fundraiserId)
      .where(sql`${t.status} = 'pending'`),
    index('fundraiser_revisions_fundraiser_idx').on(t.fundraiserId, t.proposedAt),
    check('fundraiser_revisions_goal_positive', sql`${t.goalCents} > 0`),
    check(
      'fundraiser_revisions_status_known',
      sql.raw(`status in (${REVISION_STATUSES.map((s) => `'${s}'`).join(', ')})`),
    ),
  ],
);
