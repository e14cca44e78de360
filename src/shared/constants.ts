/** The spec's numbers, named once (product-spec section 9). */

export const DEFAULT_GOAL_DOLLARS = 15000;
export const DEFAULT_CURRENT_DOLLARS = 0;

export const QUICK_AMOUNTS = [25, 50, 100, 250, 500, 1000] as const;
export const CUSTOM_AMOUNT_MIN = 1;
/** Largest single intent or donation we accept, in dollars: a sanity bound, not a policy. */
export const AMOUNT_MAX_DOLLARS = 1_000_000;
export const MESSAGE_MAX = 1000;
/** The longest name a donor may give to be shown beside her gift. */
export const DONOR_NAME_MAX = 100;

export const PROGRESS_POLL_MS = 30_000;
export const NOTIFICATIONS_POLL_MS = 30_000;
export const COPIED_INDICATOR_MS = 2000;
export const INVALID_RESET_REDIRECT_MS = 3000;
export const ROLE_SUBMIT_DELAY_MS = 100;

export const ADMIN_LIST_PAGE_SIZE = 10;
export const UNREAD_BADGE_MAX = 9;

export const TOAST_LIMIT = 1;
export const TOAST_DURATION_MS = 5000;
export const TOAST_SWIPE_THRESHOLD_PX = 50;
export const TOAST_REMOVE_DELAY_MS = 1_000_000;

/** How long the public progress figure may be reused by one instance. */
export const PROGRESS_CACHE_MS = 1000;

/** The payment methods on the donate page; a donation intent names one of these. */
export const DONATE_PAYMENT_METHODS = ['Email Us', 'Buy Me a Coffee', 'PayPal', 'Venmo', 'CashApp'] as const;
export type DonatePaymentMethod = (typeof DONATE_PAYMENT_METHODS)[number];

/**
 * Methods an admin may record an external donation under (spec section 5), and a donor names in a refund request.
 * A method the donate page offers is spelled as it is there ("Buy Me a Coffee", the spec's "Buy Me Coffee").
 */
export const RECORDED_PAYMENT_METHODS = [
  'CashApp',
  'Ko-fi',
  'PayPal',
  'Venmo',
  'Zelle',
  'Buy Me a Coffee',
  'Stripe',
  'GoFundMe',
  'Direct Transfer',
  'Check',
  'Other',
] as const;
export type RecordedPaymentMethod = (typeof RECORDED_PAYMENT_METHODS)[number];

export const COST_GROUP_KEYS = ['pre-op', 'surgery', 'post-op', 'travel'] as const;
export type CostGroupKey = (typeof COST_GROUP_KEYS)[number];

export const CURRENCIES = ['USD', 'CAD', 'EUR', 'GBP', 'AUD'] as const;
export type Currency = (typeof CURRENCIES)[number];

export const ANALYTICS_EVENT_NAMES = [
  'page_view',
  'tiktok_video_click',
  'donate_click',
  'donate_button_click',
  'donation_click',
] as const;
export type AnalyticsEventName = (typeof ANALYTICS_EVENT_NAMES)[number];

export const CONTACT_RESPONSE_TIME = '24-48 hours';

export const PROCESSING_FEE_TEXT = '2.9% + $0.30';

export const CONTACT_FIELD_MAX = { name: 200, subject: 200, message: 5000 } as const;

/** An expense's life: submitted -> approved -> released, or rejected / on hold (with a reason). */
export const EXPENSE_STATUSES = ['submitted', 'approved', 'released', 'rejected', 'on_hold'] as const;
export type ExpenseStatus = (typeof EXPENSE_STATUSES)[number];

/**
 * The ledger's kinds of row; every row is immutable, a correction is a new row. A processor's fee on a gift is a row
 * of its own (and goes again with the gift's void), so what reaches care is the gifts less their fees, said apart.
 */
export const LEDGER_KINDS = ['donation', 'donation_void', 'fee', 'fee_void', 'release', 'refund'] as const;
export type LedgerKind = (typeof LEDGER_KINDS)[number];

export const REFUND_REQUEST_STATUSES = ['open', 'refunded', 'declined'] as const;
export type RefundRequestStatus = (typeof REFUND_REQUEST_STATUSES)[number];

/** The promises of the donor agreement (spec section 9), in business days: when an item is late. */
export const SPENDING_WINDOWS_BUSINESS_DAYS = {
  review: { from: 3, to: 5 },
  documentation: { from: 5, to: 10 },
  release: { from: 1, to: 3 },
  disputes: { from: 0, to: 10 },
} as const;

/** Expense documents: PDF or image invoices and proofs of payment. */
export const EXPENSE_DOCUMENT_MAX_BYTES = 5 * 1024 * 1024;
/** A fundraiser's supporting document (treatment plan, quote): the same bound as an expense document. */
export const FUNDRAISER_DOCUMENT_MAX_BYTES = EXPENSE_DOCUMENT_MAX_BYTES;
export const EXPENSE_DOCUMENTS_MAX = 10;

/** Who an expense paid, as the public ledger names it (the payee's own name stays private). */
export const PAYEE_CATEGORIES = [
  'Hospital or clinic',
  'Surgeon or doctor',
  'Pharmacy',
  'Medical supplies',
  'Travel',
  'Lodging',
  'Other',
] as const;
export type PayeeCategory = (typeof PAYEE_CATEGORIES)[number];

/** The /contact form's answer when a field is empty (spec section 5). */
export const REQUIRED_FIELDS_TITLE = 'Required Fields';
export const REQUIRED_FIELDS_MESSAGE = 'Please fill in all fields';
