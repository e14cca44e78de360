import { sql } from 'drizzle-orm';
import {
  boolean,
  check,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { rowVersion } from './row-version.ts';
import type { StoryImage, StoryStatus } from '#shared/schemas/stories.ts';
import type { ContentNote, StoryAudience } from '#shared/story-audience.ts';
import { users } from './accounts.ts';
import { campaigns } from './campaigns.ts';

const at = (name: string) => timestamp(name, { withTimezone: true });

/** Things a user should know about; created by the events that matter (stories, verification, donations). */
export const notifications = pgTable(
  'notifications',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    type: text('type').notNull(),
    title: text('title').notNull(),
    body: text('body').notNull().default(''),
    /** A site path to the thing the notification is about. */
    link: text('link'),
    /** Names the event, so one event makes one notification per person however often it is reported. */
    eventKey: text('event_key'),
    readAt: at('read_at'),
    createdAt: at('created_at').notNull().defaultNow(),
  },
  (t) => [
    index('notifications_user_created_idx').on(t.userId, t.createdAt),
    uniqueIndex('notifications_user_event_uq').on(t.userId, t.eventKey),
  ],
);

/**
 * A patient's story. The author edits the working copy (title, body, tags, images); approval copies it to
 * the published columns, which stay public while a later edit waits for review. Public means: a published
 * version, the author's consent to publish, not hidden by a moderator, not archived.
 */
export const stories = pgTable(
  'stories',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    authorId: uuid('author_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    /** The fundraiser the story asks support for, if any (the story page links to it). */
    campaignId: uuid('campaign_id').references(() => campaigns.id, { onDelete: 'set null' }),
    status: text('status').$type<StoryStatus>().notNull().default('draft'),
    title: text('title').notNull(),
    body: text('body').notNull(),
    tags: text('tags')
      .array()
      .notNull()
      .default(sql`'{}'::text[]`),
    images: jsonb('images').$type<StoryImage[]>().notNull().default([]),
    /** The author asks verified doctors for professional input (the doctor dashboard lists these). */
    wantsProfessionalInput: boolean('wants_professional_input').notNull().default(false),
    /** Consent to show the approved story publicly; the author can withdraw it at any time. */
    publishConsent: boolean('publish_consent').notNull().default(false),
    /**
     * Who may read it once public (issue 38): the author's choice, in force at once, not part of the reviewed copy.
     * Stories written before it existed stay 'public' (migration 0034); new ones default to members only.
     */
    audience: text('audience').$type<StoryAudience>().notNull().default('members'),
    /** Sensitive topics the reader is warned of first; also in force at once (a note only shields readers). */
    contentNotes: text('content_notes')
      .array()
      .$type<ContentNote[]>()
      .notNull()
      .default(sql`'{}'::text[]`),
    publishedTitle: text('published_title'),
    publishedBody: text('published_body'),
    publishedTags: text('published_tags').array(),
    publishedImages: jsonb('published_images').$type<StoryImage[]>(),
    publishedAt: at('published_at'),
    /** A moderator took the published story down (with a reason); the author is told. */
    hiddenAt: at('hidden_at'),
    hiddenReason: text('hidden_reason'),
    /** The moderator's reason for the last rejection. */
    reviewReason: text('review_reason'),
    submittedAt: at('submitted_at'),
    createdAt: at('created_at').notNull().defaultNow(),
    updatedAt: at('updated_at').notNull().defaultNow(),
    /** Moves with every change: a moderator's decision names the version she read. */
    version: rowVersion(),
  },
  (t) => [
    index('stories_author_idx').on(t.authorId, t.updatedAt),
    index('stories_queue_idx').on(t.status, t.submittedAt),
    index('stories_public_idx')
      .on(t.publishedAt)
      .where(
        sql`${t.publishedAt} is not null and ${t.hiddenAt} is null and ${t.publishConsent} and ${t.status} <> 'archived'`,
      ),
    index('stories_published_tags_idx').using('gin', t.publishedTags),
    // The moderators' "approved" and "hidden" tabs, in their order.
    index('stories_approved_idx')
      .on(t.publishedAt)
      .where(sql`${t.publishedAt} is not null and ${t.hiddenAt} is null`),
    index('stories_hidden_idx')
      .on(t.hiddenAt)
      .where(sql`${t.hiddenAt} is not null`),
    check('stories_audience_known', sql`${t.audience} in ('members', 'public', 'link')`),
  ],
);

/**
 * Running counts of stories, one row (none before the first public story), moved by a trigger on `stories` in the
 * transaction of every change (migration 0014): the public list's total without counting every public story.
 */
export const storyCounts = pgTable(
  'story_counts',
  {
    id: boolean('id').primaryKey().default(true),
    /** Stories the public may read (queries/stories.ts isPublicStory; the trigger tests the same). */
    publicCount: integer('public_count').notNull().default(0),
  },
  (t) => [check('story_counts_one_row', sql`${t.id}`)],
);

/** What happened to a story and who did it: the history moderators and authors see. */
export const storyEvents = pgTable(
  'story_events',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    storyId: uuid('story_id')
      .notNull()
      .references(() => stories.id, { onDelete: 'cascade' }),
    actorId: uuid('actor_id').references(() => users.id, { onDelete: 'set null' }),
    action: text('action').notNull(),
    reason: text('reason'),
    createdAt: at('created_at').notNull().defaultNow(),
  },
  (t) => [index('story_events_story_idx').on(t.storyId, t.createdAt)],
);

/** Words of support on an approved story; plain text. */
export const storyComments = pgTable(
  'story_comments',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    storyId: uuid('story_id')
      .notNull()
      .references(() => stories.id, { onDelete: 'cascade' }),
    authorId: uuid('author_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    body: text('body').notNull(),
    /** Hidden by the story's author or by a moderator (who can restore it). */
    hiddenAt: at('hidden_at'),
    hiddenBy: text('hidden_by', { enum: ['author', 'moderator'] }),
    /** The story's author said thank you for this reply. */
    thankedAt: at('thanked_at'),
    createdAt: at('created_at').notNull().defaultNow(),
  },
  (t) => [
    index('story_comments_story_idx').on(t.storyId, t.createdAt),
    index('story_comments_author_idx').on(t.authorId),
  ],
);

/** A signed-in user's report of a reply; moderators resolve it by hiding the reply or keeping it. */
export const commentReports = pgTable(
  'comment_reports',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    commentId: uuid('comment_id')
      .notNull()
      .references(() => storyComments.id, { onDelete: 'cascade' }),
    reporterId: uuid('reporter_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    reason: text('reason').notNull(),
    resolution: text('resolution', { enum: ['hidden', 'kept'] }),
    resolvedAt: at('resolved_at'),
    resolvedBy: uuid('resolved_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: at('created_at').notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('comment_reports_comment_reporter_uq').on(t.commentId, t.reporterId),
    index('comment_reports_open_idx').on(t.resolvedAt, t.createdAt),
  ],
);

/** A topic a member chose not to see: stories with its content note are left out of her /stories list. */
export const contentNoteMutes = pgTable(
  'content_note_mutes',
  {
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    note: text('note').$type<ContentNote>().notNull(),
    createdAt: at('created_at').notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.note] })],
);
