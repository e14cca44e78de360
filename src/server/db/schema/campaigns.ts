import { sql } from 'drizzle-orm';
import {
  bigint,
  boolean,
  check,
  index,
  integer,
  jsonb,
  pgTable,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { rowVersion } from './row-version.ts';
import type { CampaignContent } from '#shared/schemas/campaign.ts';
import { users } from './accounts.ts';

const createdAt = () => timestamp('created_at', { withTimezone: true }).notNull().defaultNow();

export const campaigns = pgTable(
  'campaigns',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    slug: text('slug').notNull().unique(),
    /** The main appeal's document; null for a patient's fundraiser, whose text is in `fundraisers` (decision 009). */
    content: jsonb('content').$type<CampaignContent>(),
    /** The site's main appeal: the campaign the spec's single-campaign calls and pages serve (decision 012). */
    mainAppeal: boolean('main_appeal').notNull().default(false),
    goalCents: bigint('goal_cents', { mode: 'number' }).notNull(),
    currency: text('currency').notNull().default('USD'),
    /** The patient the money is for: submits expenses and hears about donations. */
    ownerId: uuid('owner_id').references(() => users.id, { onDelete: 'set null' }),
    /** Bumped on every publish of the content; pages re-render when it changes. */
    version: integer('version').notNull().default(1),
    createdAt: createdAt(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    // A campaign opens when its fundraiser goes live: the public list's "newest" order reads this backwards.
    index('campaigns_created_at_idx').on(t.createdAt),
    // One main appeal at most: the spec's aliases resolve it by this mark, never by age or content.
    uniqueIndex('campaigns_main_appeal_uq')
      .on(t.mainAppeal)
      .where(sql`${t.mainAppeal}`),
    // An address never reads as an id, so a key of that shape names one campaign only (db/campaign-key.ts).
    check('campaigns_slug_not_id', sql`${t.slug} !~* '^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$'`),
  ],
);

/** Every published version of a campaign's content, so any earlier one can be restored. */
export const campaignVersions = pgTable(
  'campaign_versions',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    campaignId: uuid('campaign_id')
      .notNull()
      .references(() => campaigns.id, { onDelete: 'cascade' }),
    version: integer('version').notNull(),
    content: jsonb('content').$type<CampaignContent>().notNull(),
    publishedBy: uuid('published_by').references(() => users.id, { onDelete: 'set null' }),
    note: text('note'),
    createdAt: createdAt(),
  },
  (t) => [uniqueIndex('campaign_versions_campaign_version_uq').on(t.campaignId, t.version)],
);

/**
 * People who asked to hear about the campaign's dated updates: a signed-in account (`userId`), or a donor
 * without one by email (`email`, lower-cased), who is mailed only once she confirms (`confirmedAt`).
 * `id` names the row in unsubscribe links, which work without signing in.
 */
export const campaignFollowers = pgTable(
  'campaign_followers',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    campaignId: uuid('campaign_id')
      .notNull()
      .references(() => campaigns.id, { onDelete: 'cascade' }),
    userId: uuid('user_id').references(() => users.id, { onDelete: 'cascade' }),
    email: text('email'),
    confirmedAt: timestamp('confirmed_at', { withTimezone: true }),
    /** The keyed hash of the mailed confirmation token; cleared once confirmed. */
    confirmTokenHash: text('confirm_token_hash'),
    confirmSentAt: timestamp('confirm_sent_at', { withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('campaign_followers_uq').on(t.campaignId, t.userId),
    uniqueIndex('campaign_followers_email_uq').on(t.campaignId, t.email),
    uniqueIndex('campaign_followers_confirm_token_uq').on(t.confirmTokenHash),
    check('campaign_followers_one_kind', sql`(${t.userId} IS NULL) <> (${t.email} IS NULL)`),
  ],
);

/** What a donor said they were about to give; never counts toward progress. */
export const donationIntents = pgTable(
  'donation_intents',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    campaignId: uuid('campaign_id')
      .notNull()
      .references(() => campaigns.id),
    amountCents: bigint('amount_cents', { mode: 'number' }).notNull(),
    currency: text('currency').notNull().default('USD'),
    paymentMethod: text('payment_method').notNull(),
    message: text('message'),
    /** What the donor chose to tell us (all optional); carried over to the donation recorded from this intent. */
    donorName: text('donor_name'),
    donorEmail: text('donor_email'),
    showPublicly: boolean('show_publicly').notNull().default(false),
    /** The click time the browser reported; createdAt is ours. */
    clientTimestamp: timestamp('client_timestamp', { withTimezone: true }).notNull(),
    status: text('status', { enum: ['open', 'matched', 'dismissed'] })
      .notNull()
      .default('open'),
    /**
     * What the donor adds to her payment's note (`HC-7KQ3`, shared/payment-reference.ts), so the processor's event
     * or statement row records the gift to this intent's campaign; null on intents recorded before references.
     */
    reference: text('reference'),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('donation_intents_reference_uq').on(t.reference),
    // The admins' inbox (newest first) and its count, at the cost of the open intents, not of every intent ever.
    index('donation_intents_open_created_idx')
      .on(t.createdAt)
      .where(sql`${t.status} = 'open'`),
    // One campaign's open intents, newest first (the panel's list of one fundraiser's).
    index('donation_intents_campaign_open_created_idx')
      .on(t.campaignId, t.createdAt)
      .where(sql`${t.status} = 'open'`),
    check('donation_intents_amount_positive', sql`${t.amountCents} > 0`),
  ],
);

/** Money actually received, recorded by an admin; the source of progress. */
export const donations = pgTable(
  'donations',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    campaignId: uuid('campaign_id')
      .notNull()
      .references(() => campaigns.id),
    amountCents: bigint('amount_cents', { mode: 'number' }).notNull(),
    currency: text('currency').notNull(),
    /** USD equivalent at recording time; progress sums this. */
    usdCents: bigint('usd_cents', { mode: 'number' }).notNull(),
    /**
     * The processor's fee in USD cents, where it told us: the ledger shows it on its own line (a `fee` row), so the
     * net (usd less fee) is what reached the campaign. 0 when none was reported.
     */
    usdFeeCents: bigint('usd_fee_cents', { mode: 'number' }).notNull().default(0),
    paymentMethod: text('payment_method').notNull(),
    donorName: text('donor_name'),
    isAnonymous: boolean('is_anonymous').notNull().default(false),
    /** Where the thank-you and receipt go; also how a signed-in donor with this verified address finds her gifts. */
    donorEmail: text('donor_email'),
    /** The donor agreed to show her name and message on the site (never assumed: off unless she said so). */
    showPublicly: boolean('show_publicly').notNull().default(false),
    message: text('message'),
    /** A moderator took the message off the public pages. */
    messageHiddenAt: timestamp('message_hidden_at', { withTimezone: true }),
    /** When the thank-you mail was handed to the mailer (claimed before sending, so it goes once). */
    receiptSentAt: timestamp('receipt_sent_at', { withTimezone: true }),
    /** When the fundraiser's owner thanked this gift's donor: each gift is thanked once (bookkeeping, not versioned). */
    ownerThankedAt: timestamp('owner_thanked_at', { withTimezone: true }),
    intentId: uuid('intent_id').references(() => donationIntents.id),
    externalReference: text('external_reference'),
    recordedBy: uuid('recorded_by'),
    voidedAt: timestamp('voided_at', { withTimezone: true }),
    createdAt: createdAt(),
    /** Moves with every change (a correction, a void, a refund): a refund names the version its manager read. */
    version: rowVersion(),
  },
  (t) => [
    index('donations_campaign_created_idx').on(t.campaignId, t.createdAt),
    // The admins' list of gifts that stand, newest first, and the dashboard's "raised today".
    index('donations_live_created_idx')
      .on(t.createdAt)
      .where(sql`${t.voidedAt} is null`),
    uniqueIndex('donations_method_reference_uq').on(t.paymentMethod, t.externalReference),
    index('donations_donor_email_idx').on(sql`lower(${t.donorEmail})`),
    // The dashboard's donors as people (distinctDonors): read from this index, never the whole table.
    // (On the column itself: PostgreSQL reads an expression index only together with its table.)
    index('donations_live_donor_email_idx')
      .on(t.donorEmail)
      .where(sql`${t.voidedAt} is null`),
    check('donations_amount_positive', sql`${t.amountCents} > 0 and ${t.usdCents} > 0`),
    check('donations_fee_within_gift', sql`${t.usdFeeCents} >= 0 and ${t.usdFeeCents} < ${t.usdCents}`),
  ],
);

export const contactMessages = pgTable(
  'contact_messages',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    name: text('name').notNull(),
    email: text('email').notNull(),
    subject: text('subject').notNull(),
    message: text('message').notNull(),
    status: text('status', { enum: ['new', 'handled'] })
      .notNull()
      .default('new'),
    createdAt: createdAt(),
  },
  // The inbox's order: by status, then newest first.
  (t) => [index('contact_messages_status_created_idx').on(t.status, t.createdAt.desc().nullsFirst())],
);

/** First-party, cookieless analytics: no IPs, only a daily-rotating salted visitor hash. */
export const analyticsEvents = pgTable(
  'analytics_events',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    name: text('name').notNull(),
    path: text('path').notNull(),
    props: jsonb('props').$type<Record<string, string | number>>(),
    visitorHash: text('visitor_hash').notNull(),
    createdAt: createdAt(),
  },
  (t) => [
    index('analytics_events_created_idx').on(t.createdAt),
    index('analytics_events_name_created_idx').on(t.name, t.createdAt),
  ],
);

/** One random salt per UTC day; old salts are deleted so old hashes cannot be linked. */
export const analyticsSalts = pgTable('analytics_salts', {
  day: text('day').primaryKey(),
  salt: text('salt').notNull(),
});
