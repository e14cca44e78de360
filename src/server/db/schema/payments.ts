/**
 * Money a processor told us of (a signed event) or a statement listed (an import), each stored once by (source,
 * its id), and what became of it: recorded as a gift, applied to one, waiting for its payment, or in the managers'
 * reconciliation inbox (decision 013).
 */
import { sql } from 'drizzle-orm';
import {
  bigint,
  boolean,
  check,
  index,
  jsonb,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import type { ColumnMapping } from '#shared/schemas/payments.ts';
import { rowVersion } from './row-version.ts';
import { users } from './accounts.ts';
import { campaigns, donations } from './campaigns.ts';

const at = (name: string) => timestamp(name, { withTimezone: true });

/**
 * What became of a payment: `recorded` (a gift, or reversed on one), `unmatched` (a manager decides: the inbox),
 * `waiting` (a refund or dispute whose payment we have not heard of yet), `not_gift` (a manager said so).
 */
export const PAYMENT_STATES = ['recorded', 'unmatched', 'waiting', 'not_gift'] as const;
export type PaymentState = (typeof PAYMENT_STATES)[number];

/** One statement a manager uploaded: who, when, which source, and what its rows became. */
export const paymentImports = pgTable('payment_imports', {
  id: uuid('id').primaryKey().defaultRandom(),
  source: text('source').notNull(),
  fileName: text('file_name').notNull(),
  importedBy: uuid('imported_by').references(() => users.id, { onDelete: 'set null' }),
  rowCount: bigint('row_count', { mode: 'number' }).notNull(),
  createdAt: at('created_at').notNull().defaultNow(),
});

export const payments = pgTable(
  'payments',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    /** A signing processor (`stripe`, `paypal`, ...) or a statement's (`venmo`, `gofundme`, ...): movement.ts. */
    source: text('source').notNull(),
    /** The source's own id of this movement: a redelivery or a second import finds it and changes nothing. */
    externalId: text('external_id').notNull(),
    kind: text('kind', { enum: ['payment', 'refund', 'dispute'] }).notNull(),
    /** A refund's or dispute's payment (its external id at the same source). */
    paymentExternalId: text('payment_external_id'),
    /** Gross, in cents of `currency`. */
    amountCents: bigint('amount_cents', { mode: 'number' }).notNull(),
    /** A refund's amount is all refunded of its payment so far (movement.ts `cumulative`). */
    cumulative: boolean('cumulative').notNull().default(false),
    currency: text('currency').notNull(),
    feeCents: bigint('fee_cents', { mode: 'number' }),
    occurredAt: at('occurred_at').notNull(),
    /** The gift reference it carried (`HC-7KQ3`), if any. */
    reference: text('reference'),
    /** Personal data: shown to managers, publicly never (a gift shows the intent's consented name); pruned. */
    payerName: text('payer_name'),
    payerEmail: text('payer_email'),
    note: text('note'),
    state: text('state', { enum: PAYMENT_STATES }).notNull(),
    /** Why it waits for a manager, in words she can act on; null once decided. */
    problem: text('problem'),
    /** The campaign it went to, or (unmatched) the one its reference named. */
    campaignId: uuid('campaign_id').references(() => campaigns.id),
    /** The signed event that told us (its id and type at the processor); null for a statement's row. */
    eventId: text('event_id'),
    eventType: text('event_type'),
    importId: uuid('import_id').references(() => paymentImports.id),
    /** The processor's body as received, for a manager's questions; pruned after 90 days (PAYMENT_PAYLOAD_KEEP_MS, housekeeping). */
    payload: jsonb('payload'),
    decidedBy: uuid('decided_by').references(() => users.id, { onDelete: 'set null' }),
    decidedAt: at('decided_at'),
    receivedAt: at('received_at').notNull().defaultNow(),
    /** A manager's decision on an inbox row names the version she read (decision 010). */
    version: rowVersion(),
  },
  (t) => [
    uniqueIndex('payments_source_external_uq').on(t.source, t.externalId),
    // The inbox, oldest first, and its counts by age.
    index('payments_unmatched_idx')
      .on(t.receivedAt)
      .where(sql`${t.state} = 'unmatched'`),
    // A payment's refunds and disputes, found when it arrives (those that came first wait for it).
    index('payments_reversal_of_idx')
      .on(t.source, t.paymentExternalId)
      .where(sql`${t.paymentExternalId} is not null`),
    index('payments_reference_idx').on(t.reference),
    check('payments_amount_positive', sql`${t.amountCents} > 0`),
    check('payments_fee_nonnegative', sql`${t.feeCents} is null or ${t.feeCents} >= 0`),
  ],
);

/**
 * Which gifts a payment became, and how much of it each: usually one to one, several rows joined into one gift, or
 * one row split into several (a manager's choice in the inbox). A refund's row names the gift it reversed.
 */
export const paymentGifts = pgTable(
  'payment_gifts',
  {
    paymentId: uuid('payment_id')
      .notNull()
      .references(() => payments.id),
    donationId: uuid('donation_id')
      .notNull()
      .references(() => donations.id),
    /** The part of the payment (its currency's cents) this gift holds. */
    amountCents: bigint('amount_cents', { mode: 'number' }).notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.paymentId, t.donationId] }),
    index('payment_gifts_donation_idx').on(t.donationId),
    check('payment_gifts_amount_positive', sql`${t.amountCents} > 0`),
  ],
);

/** Each signing processor's last word: the payments page shows whether it is reaching us, and what failed. */
export const processorDeliveries = pgTable('processor_deliveries', {
  processor: text('processor').primaryKey(),
  lastEventAt: at('last_event_at'),
  lastEventType: text('last_event_type'),
  lastFailureAt: at('last_failure_at'),
  /** Why the last delivery was refused (no body content: it may be forged). */
  lastFailure: text('last_failure'),
  /** Refused deliveries since the last one accepted. */
  failuresSinceEvent: bigint('failures_since_event', { mode: 'number' }).notNull().default(0),
});

/** A manager's column mapping for one source's CSV, saved once and used by every later import of it. */
export const statementMappings = pgTable('statement_mappings', {
  source: text('source').primaryKey(),
  mapping: jsonb('mapping').$type<ColumnMapping>().notNull(),
  updatedBy: uuid('updated_by').references(() => users.id, { onDelete: 'set null' }),
  updatedAt: at('updated_at').notNull().defaultNow(),
});
