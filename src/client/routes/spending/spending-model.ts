/** The spending pages' small rules: status words, ages against the donor agreement's windows, file sizes. */
import { SPENDING_WINDOWS_BUSINESS_DAYS, type ExpenseStatus } from '#shared/constants.ts';
import type { Expense } from '#shared/schemas/spending.ts';
import type { BadgeTone } from '../community/story-model.ts';

export const STATUS_BADGES: Record<ExpenseStatus, { label: string; tone: BadgeTone }> = {
  submitted: { label: 'Waiting for approval', tone: 'info' },
  approved: { label: 'Approved, waiting to be paid', tone: 'success' },
  released: { label: 'Paid', tone: 'success' },
  rejected: { label: 'Not approved', tone: 'danger' },
  on_hold: { label: 'On hold', tone: 'warning' },
};

/** Filter buttons' words for each status (plural, as a list heading). */
export const STATUS_FILTER_LABELS: Record<ExpenseStatus, string> = {
  submitted: 'Waiting for approval',
  approved: 'Approved',
  released: 'Paid',
  rejected: 'Not approved',
  on_hold: 'On hold',
};

export const WINDOW_NAMES: Record<keyof typeof SPENDING_WINDOWS_BUSINESS_DAYS, string> = {
  review: 'review',
  documentation: 'documentation',
  release: 'release',
  disputes: 'disputes',
};

const plural = (n: number, unit: string) => `${n} ${unit}${n === 1 ? '' : 's'}`;

/** "2 business days (review window 3-5)", or with the window's bound named when late. */
export function ageText(age: {
  businessDays: number;
  window: keyof typeof SPENDING_WINDOWS_BUSINESS_DAYS;
  late: boolean;
}): string {
  const { from, to } = SPENDING_WINDOWS_BUSINESS_DAYS[age.window];
  const range = from === 0 ? `up to ${to}` : `${from}-${to}`;
  const waited = `${plural(age.businessDays, 'business day')} waiting`;
  return age.late
    ? `${waited}: past the ${WINDOW_NAMES[age.window]} window of ${range} business days`
    : `${waited} (${WINDOW_NAMES[age.window]} window: ${range} business days)`;
}

/** "1 of 2 approvals". */
export function approvalsText(expense: Pick<Expense, 'approvals' | 'requiredApprovals'>): string {
  return `${expense.approvals.length} of ${expense.requiredApprovals} approval${expense.requiredApprovals === 1 ? '' : 's'}`;
}

/** Today as YYYY-MM-DD (UTC, as the server's date checks read it). */
export const today = () => new Date().toISOString().slice(0, 10);
