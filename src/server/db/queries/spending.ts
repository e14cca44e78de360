/** Read models of verified spending: expenses with their details, refund requests, what a campaign holds. */
import { and, asc, count, desc, eq, getTableColumns, inArray, type SQL } from 'drizzle-orm';
import { ADMIN_LIST_PAGE_SIZE, type ExpenseStatus, type RefundRequestStatus } from '#shared/constants.ts';
import { EXPENSES_PAGE_SIZE } from '#shared/schemas/spending.ts';
import type { Db } from '../client.ts';
import {
  campaigns,
  expenseApprovals,
  expenseDocuments,
  expenses,
  fundraisers,
  ledgerBalances,
  refundRequests,
  uploads,
  users,
} from '../schema/index.ts';
import { paged } from './paging.ts';

export type ExpenseRow = typeof expenses.$inferSelect;
export type RefundRequestRow = typeof refundRequests.$inferSelect;
/** A refund request with the fundraiser it is filed under (null: the main appeal). */
export type RefundRequestWithCampaign = RefundRequestRow & { fundraiserTitle: string | null };

/** The request with the fundraiser it is filed under. */
export async function withFundraiserTitle(db: Db, row: RefundRequestRow): Promise<RefundRequestWithCampaign> {
  const [fundraiser] = await db
    .select({ title: fundraisers.title })
    .from(fundraisers)
    .where(eq(fundraisers.campaignId, row.campaignId));
  return { ...row, fundraiserTitle: fundraiser?.title ?? null };
}
export interface PersonName {
  firstName: string;
  lastName: string;
}

/** An expense with what its view shows besides the row: approvals, documents and the people named. */
export type ExpenseWithDetails = ExpenseRow & {
  /** The patient's fundraiser the expense is for; null for the main appeal. */
  fundraiserTitle: string | null;
  approvals: { approverId: string; createdAt: Date }[];
  documents: { id: string; contentType: string; size: number }[];
  /** Submitter, releaser and approvers by id; a deleted account is absent. */
  people: Map<string, PersonName>;
  /** The owner of the expense's campaign (whose money it is), if it has one. */
  campaignOwnerId: string | null;
};

/** What the campaign holds now (USD cents): raised less processor fees, released and refunded. */
export async function heldCents(db: Db, campaignId: string): Promise<number> {
  const [row] = await db.select().from(ledgerBalances).where(eq(ledgerBalances.campaignId, campaignId));
  return row ? row.raisedCents - row.feesCents - row.releasedCents - row.refundedCents : 0;
}

/** One expense by id, without its details. */
export async function findExpense(db: Db, id: string): Promise<ExpenseRow | undefined> {
  const [row] = await db.select().from(expenses).where(eq(expenses.id, id));
  return row;
}

/** How many different managers have approved the expense. */
export async function approvalCount(db: Db, expenseId: string): Promise<number> {
  const [row] = await db.select({ n: count() }).from(expenseApprovals).where(eq(expenseApprovals.expenseId, expenseId));
  return row?.n ?? 0;
}

/** The owner of the expense's campaign (null when it has none). */
export async function campaignOwnerOf(db: Db, campaignId: string): Promise<string | null> {
  const [row] = await db.select({ ownerId: campaigns.ownerId }).from(campaigns).where(eq(campaigns.id, campaignId));
  return row?.ownerId ?? null;
}

/** The payee a patient's fundraiser declared (approved by review), if the campaign is one; the main appeal has none. */
export async function declaredPayeeOf(db: Db, campaignId: string): Promise<string | null> {
  const [row] = await db
    .select({ payee: fundraisers.payee })
    .from(fundraisers)
    .where(eq(fundraisers.campaignId, campaignId));
  return row?.payee?.name ?? null;
}

/** How many of these uploads are expense documents this person uploaded. */
export async function ownExpenseDocumentCount(db: Db, ownerId: string, uploadIds: string[]): Promise<number> {
  const [row] = await db
    .select({ n: count() })
    .from(uploads)
    .where(and(inArray(uploads.id, uploadIds), eq(uploads.ownerId, ownerId), eq(uploads.purpose, 'expense_document')));
  return row?.n ?? 0;
}

/** Adds the fundraiser, approvals, documents and people to the rows in four queries, whatever their number. */
export async function withDetails(db: Db, rows: ExpenseRow[]): Promise<ExpenseWithDetails[]> {
  if (rows.length === 0) return [];
  const ids = rows.map((r) => r.id);
  const campaignIds = [...new Set(rows.map((r) => r.campaignId))];
  const [approvals, documents, fundraiserTitles, owners] = await Promise.all([
    db
      .select()
      .from(expenseApprovals)
      .where(inArray(expenseApprovals.expenseId, ids))
      .orderBy(expenseApprovals.createdAt),
    db
      .select({
        expenseId: expenseDocuments.expenseId,
        id: uploads.id,
        contentType: uploads.contentType,
        size: uploads.size,
      })
      .from(expenseDocuments)
      .innerJoin(uploads, eq(uploads.id, expenseDocuments.uploadId))
      .where(inArray(expenseDocuments.expenseId, ids))
      .orderBy(expenseDocuments.createdAt),
    db
      .select({ campaignId: fundraisers.campaignId, title: fundraisers.title })
      .from(fundraisers)
      .where(inArray(fundraisers.campaignId, campaignIds)),
    db
      .select({ id: campaigns.id, ownerId: campaigns.ownerId })
      .from(campaigns)
      .where(inArray(campaigns.id, campaignIds)),
  ]);
  const titles = new Map(fundraiserTitles.map((f) => [f.campaignId, f.title]));
  const ownerOf = new Map(owners.map((c) => [c.id, c.ownerId]));
  const peopleIds = [
    ...new Set(
      [...rows.flatMap((r) => [r.submittedBy, r.releasedBy]), ...approvals.map((a) => a.approverId)].filter(
        (id): id is string => !!id,
      ),
    ),
  ];
  const found = peopleIds.length
    ? await db
        .select({ id: users.id, firstName: users.firstName, lastName: users.lastName })
        .from(users)
        .where(inArray(users.id, peopleIds))
    : [];
  const people = new Map(found.map((p) => [p.id, { firstName: p.firstName, lastName: p.lastName }]));
  return rows.map((row) => ({
    ...row,
    fundraiserTitle: titles.get(row.campaignId) ?? null,
    campaignOwnerId: ownerOf.get(row.campaignId) ?? null,
    approvals: approvals
      .filter((a) => a.expenseId === row.id)
      .map((a) => ({ approverId: a.approverId, createdAt: a.createdAt })),
    documents: documents
      .filter((d) => d.expenseId === row.id)
      .map((d) => ({ id: d.id, contentType: d.contentType, size: d.size })),
    people,
  }));
}

/** One expense with its details. */
export async function expenseWithDetails(db: Db, row: ExpenseRow): Promise<ExpenseWithDetails> {
  const [loaded] = await withDetails(db, [row]);
  return loaded!;
}

function expensesPage<Item>(
  db: Db,
  page: number,
  where: SQL | undefined,
  order: SQL,
  present: (row: ExpenseWithDetails) => Item,
) {
  return paged(
    { page, pageSize: EXPENSES_PAGE_SIZE },
    async (limit, offset) =>
      withDetails(
        db,
        await db.select().from(expenses).where(where).orderBy(order, asc(expenses.id)).limit(limit).offset(offset),
      ),
    () => db.select({ n: count() }).from(expenses).where(where),
    present,
  );
}

/** The managers' queue: with a status, that status, latest change first; without, every open one, oldest first. */
export function queuePage<Item>(
  db: Db,
  query: { status?: ExpenseStatus | undefined; page: number },
  present: (row: ExpenseWithDetails) => Item,
) {
  const { status, page } = query;
  return status
    ? expensesPage(db, page, eq(expenses.status, status), desc(expenses.updatedAt), present)
    : // The order it is owed in.
      expensesPage(
        db,
        page,
        inArray(expenses.status, ['submitted', 'on_hold', 'approved']),
        asc(expenses.createdAt),
        present,
      );
}

/** One campaign's expenses (of one status, if given), newest first. */
export function campaignExpensesPage<Item>(
  db: Db,
  campaignId: string,
  query: { status?: ExpenseStatus | undefined; page: number },
  present: (row: ExpenseWithDetails) => Item,
) {
  const where = and(eq(expenses.campaignId, campaignId), query.status ? eq(expenses.status, query.status) : undefined);
  return expensesPage(db, query.page, where, desc(expenses.createdAt), present);
}

/** Donors' refund requests of one status: open ones oldest first (the order they are owed in), else latest decided. */
export function refundRequestsPage<Item>(
  db: Db,
  query: { status: RefundRequestStatus; page: number },
  present: (row: RefundRequestWithCampaign) => Item,
) {
  const where = eq(refundRequests.status, query.status);
  const order = query.status === 'open' ? asc(refundRequests.createdAt) : desc(refundRequests.decidedAt);
  return paged(
    { page: query.page, pageSize: ADMIN_LIST_PAGE_SIZE },
    (limit, offset) =>
      db
        .select({ ...getTableColumns(refundRequests), fundraiserTitle: fundraisers.title })
        .from(refundRequests)
        .leftJoin(fundraisers, eq(fundraisers.campaignId, refundRequests.campaignId))
        .where(where)
        .orderBy(order, asc(refundRequests.id))
        .limit(limit)
        .offset(offset),
    () => db.select({ n: count() }).from(refundRequests).where(where),
    present,
  );
}
