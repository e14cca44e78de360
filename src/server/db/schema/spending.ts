/**
 * Verified spending: expenses with their documents and approvals, and the append-only ledger.
 * The ledger's rules live in the database (migration 0007): rows cannot be changed or deleted, and every
 * insert moves the campaign's running balance, whose CHECK keeps held = raised - released - refunded >= 0.
 */
import { sql } from 'drizzle-orm';
import {
  bigint,
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
import { rowVersion } from './row-version.ts';
import {
  COST_GROUP_KEYS,
  EXPENSE_STATUSES,
  LEDGER_KINDS,
  PAYEE_CATEGORIES,
  REFUND_REQUEST_STATUSES,
} from '#shared/constants.ts';
import { users } from './accounts.ts';
import { campaigns, donations } from './campaigns.ts';
import { uploads } from './uploads.ts';

const at = (name: string) => timestamp(name, { withTimezone: true });
const cents = (name: string) => bigint(name, { mode: 'number' });

export const expenses = pgTable(
  'expenses',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    campaignId: uuid('campaign_id')
      .notNull()
      .references(() => campaigns.id),
    submittedBy: uuid('submitted_by').references(() => users.id, { onDelete: 'set null' }),
    costGroup: text('cost_group', { enum: COST_GROUP_KEYS }).notNull(),
    /** Private to the owner and admins; the public ledger shows the category. */
    payee: text('payee').notNull(),
    payeeCategory: text('payee_category', { enum: PAYEE_CATEGORIES }).notNull(),
    amountCents: cents('amount_cents').notNull(),
    currency: text('currency').notNull(),
    /** What the release takes from the (USD) campaign balance. */
    usdCents: cents('usd_cents').notNull(),
    /** Written by the submitter for the approvers; may hold health details, so it is never public. */
    description: text('description').notNull(),
    /** What the public ledger says about the expense, set by a manager; null publishes no description. */
    publicDescription: text('public_description'),
    incurredOn: date('incurred_on').notNull(),
    status: text('status', { enum: EXPENSE_STATUSES }).notNull().default('submitted'),
    /** Why it was rejected or put on hold. */
    statusReason: text('status_reason'),
    /** Fixed at submission from the configured threshold: 1, or 2 different approvers. */
    requiredApprovals: integer('required_approvals').notNull().default(1),
    releaseMethod: text('release_method'),
    releaseReference: text('release_reference'),
    /** When the money was paid out (as the releasing admin states it). */
    paidOn: date('paid_on'),
    releasedBy: uuid('released_by').references(() => users.id, { onDelete: 'set null' }),
    releasedAt: at('released_at'),
    createdAt: at('created_at').notNull().defaultNow(),
    updatedAt: at('updated_at').notNull().defaultNow(),
    /** Moves with every change: an approval or a release names the version its manager read. */
    version: rowVersion(),
  },
  (t) => [
    index('expenses_campaign_status_idx').on(t.campaignId, t.status, t.createdAt),
    check('expenses_amount_positive', sql`${t.amountCents} > 0 and ${t.usdCents} > 0`),
    check('expenses_required_approvals', sql`${t.requiredApprovals} in (1, 2)`),
  ],
);

export const expenseDocuments = pgTable(
  'expense_documents',
  {
    expenseId: uuid('expense_id')
      .notNull()
      .references(() => expenses.id, { onDelete: 'cascade' }),
    uploadId: uuid('upload_id')
      .notNull()
      .references(() => uploads.id, { onDelete: 'restrict' }),
    createdAt: at('created_at').notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.expenseId, t.uploadId] }),
    uniqueIndex('expense_documents_upload_uq').on(t.uploadId),
  ],
);

/** One row per approving admin: the primary key makes "two different approvers" a count. */
export const expenseApprovals = pgTable(
  'expense_approvals',
  {
    expenseId: uuid('expense_id')
      .notNull()
      .references(() => expenses.id, { onDelete: 'cascade' }),
    approverId: uuid('approver_id').notNull(),
    createdAt: at('created_at').notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.expenseId, t.approverId] })],
);

/** Append-only money movements in the campaign's currency (USD cents); amounts are always positive. */
export const ledgerEntries = pgTable(
  'ledger_entries',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    campaignId: uuid('campaign_id')
      .notNull()
      .references(() => campaigns.id),
    kind: text('kind', { enum: LEDGER_KINDS }).notNull(),
    amountCents: cents('amount_cents').notNull(),
    donationId: uuid('donation_id').references(() => donations.id),
    expenseId: uuid('expense_id').references(() => expenses.id),
    costGroup: text('cost_group', { enum: COST_GROUP_KEYS }),
    note: text('note'),
    /** No foreign key: a deleted account must not need its ledger rows changed. */
    createdBy: uuid('created_by'),
    createdAt: at('created_at').notNull().defaultNow(),
  },
  (t) => [
    index('ledger_entries_campaign_idx').on(t.campaignId, t.createdAt),
    index('ledger_entries_donation_idx').on(t.donationId),
    uniqueIndex('ledger_entries_release_uq')
      .on(t.expenseId)
      .where(sql`${t.kind} = 'release'`),
    uniqueIndex('ledger_entries_donation_once_uq')
      .on(t.donationId, t.kind)
      .where(sql`${t.kind} in ('donation', 'donation_void', 'fee', 'fee_void')`),
    check('ledger_entries_amount_positive', sql`${t.amountCents} > 0`),
    check(
      'ledger_entries_kind_links',
      sql`(${t.kind} in ('donation', 'donation_void', 'fee', 'fee_void', 'refund') and ${t.donationId} is not null and ${t.expenseId} is null)
        or (${t.kind} = 'release' and ${t.expenseId} is not null and ${t.costGroup} is not null and ${t.donationId} is null)`,
    ),
  ],
);

/**
 * Running totals per campaign, written only by the ledger's insert trigger (in the transaction that writes the
 * entry), so progress and the ledger read one row instead of summing every donation.
 */
export const ledgerBalances = pgTable(
  'ledger_balances',
  {
    campaignId: uuid('campaign_id')
      .primaryKey()
      .references(() => campaigns.id),
    raisedCents: cents('raised_cents').notNull().default(0),
    releasedCents: cents('released_cents').notNull().default(0),
    refundedCents: cents('refunded_cents').notNull().default(0),
    /** Processors' fees on the gifts that stand: raised, less these, is what reached the campaign's accounts. */
    feesCents: cents('fees_cents').notNull().default(0),
    /** Donations that stand (recorded, not voided; refunded ones still count): progress's donor count. */
    donationCount: bigint('donation_count', { mode: 'number' }).notNull().default(0),
  },
  (t) => [
    check(
      'ledger_balances_held_nonnegative',
      sql`${t.raisedCents} - ${t.feesCents} - ${t.releasedCents} - ${t.refundedCents} >= 0`,
    ),
  ],
);

/** A donor asking for their money back; lands in the admins' queue. */
export const refundRequests = pgTable(
  'refund_requests',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    campaignId: uuid('campaign_id')
      .notNull()
      .references(() => campaigns.id),
    requesterId: uuid('requester_id').references(() => users.id, { onDelete: 'set null' }),
    name: text('name').notNull(),
    email: text('email').notNull(),
    amountCents: cents('amount_cents').notNull(),
    currency: text('currency').notNull(),
    paymentMethod: text('payment_method').notNull(),
    donatedOn: date('donated_on').notNull(),
    reference: text('reference'),
    reason: text('reason').notNull(),
    status: text('status', { enum: REFUND_REQUEST_STATUSES }).notNull().default('open'),
    decisionNote: text('decision_note'),
    donationId: uuid('donation_id').references(() => donations.id),
    decidedBy: uuid('decided_by').references(() => users.id, { onDelete: 'set null' }),
    decidedAt: at('decided_at'),
    createdAt: at('created_at').notNull().defaultNow(),
  },
  (t) => [
    index('refund_requests_status_idx').on(t.status, t.createdAt),
    check('refund_requests_amount_positive', sql`${t.amountCents} > 0`),
  ],
);
