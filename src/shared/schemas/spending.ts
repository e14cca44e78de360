/** Verified spending (issue 6): expenses, their decisions and releases, refunds, and the public ledger. */
import { z } from 'zod';
import { AbilitySchema } from './ability.ts';
import {
  COST_GROUP_KEYS,
  CURRENCIES,
  EXPENSE_DOCUMENTS_MAX,
  EXPENSE_STATUSES,
  PAYEE_CATEGORIES,
  RECORDED_PAYMENT_METHODS,
  REFUND_REQUEST_STATUSES,
} from '../constants.ts';
import { recordedAmount } from './admin-donations.ts';
import { HumanCheckSchema } from './auth.ts';
import { EmailSchema, optionalText, ReadVersionSchema } from './common.ts';
import { PageQuerySchema } from './paging.ts';

export const EXPENSES_PAGE_SIZE = 20;
/** The longest reason an admin gives the patient or the donor: rejecting or holding an expense, refusing or refunding. */
export const SPENDING_REASON_MAX = 500;
/** The longest account of what an expense paid for (read by the approvers only). */
export const EXPENSE_DESCRIPTION_MAX = 2000;
/** The longest reason a donor gives for asking her money back. */
export const REFUND_REQUEST_REASON_MAX = 2000;

const reason = (what: string) =>
  z
    .string({ error: `Say why the expense is ${what}` })
    .trim()
    .min(3, `Say why the expense is ${what}`)
    .max(SPENDING_REASON_MAX, `Keep the reason under ${SPENDING_REASON_MAX} characters`);

const pastDate = (label: string) =>
  z.iso
    .date(`${label} must be a date (YYYY-MM-DD)`)
    .refine((d) => d <= new Date().toISOString().slice(0, 10), `${label} cannot be in the future`);

/** An amount in another currency needs its USD equivalent: the ledger is kept in USD. */
function needsUsdEquivalent<T extends { currency: string; usdAmount?: number | undefined }>(value: T) {
  return value.currency === 'USD' || value.usdAmount !== undefined;
}
const usdEquivalentProblem = {
  message: 'Give the USD equivalent for an amount in another currency',
  path: ['usdAmount'],
};

/** POST /api/campaigns/:id/expenses: the owner (or an admin) asks for money against an invoice. */
export const SubmitExpenseSchema = z
  .strictObject({
    costGroup: z.enum(COST_GROUP_KEYS, { error: 'Choose what the expense is for' }),
    payee: z
      .string({ error: 'Say who is to be paid' })
      .trim()
      .min(2, 'Say who is to be paid')
      .max(200, 'Keep the payee under 200 characters'),
    payeeCategory: z.enum(PAYEE_CATEGORIES, { error: 'Choose the kind of payee' }),
    amount: recordedAmount('Amount'),
    currency: z.enum(CURRENCIES, { error: 'Choose a currency' }).default('USD'),
    usdAmount: recordedAmount('USD equivalent').optional(),
    description: z
      .string({ error: 'Say what the expense paid for' })
      .trim()
      .min(10, 'Say what the expense paid for (at least 10 characters)')
      .max(
        EXPENSE_DESCRIPTION_MAX,
        `Keep the description under ${EXPENSE_DESCRIPTION_MAX.toLocaleString('en-US')} characters`,
      ),
    incurredOn: pastDate('The expense date'),
    documentIds: z
      .array(z.uuid('Not a valid document id'), { error: 'Attach the invoice or proof of payment' })
      .min(1, 'Attach the invoice or proof of payment')
      .max(EXPENSE_DOCUMENTS_MAX, `Attach at most ${EXPENSE_DOCUMENTS_MAX} documents`)
      .transform((ids) => [...new Set(ids)]),
  })
  .refine(needsUsdEquivalent, usdEquivalentProblem);
export type SubmitExpenseInput = z.input<typeof SubmitExpenseSchema>;

/** Longest description the public ledger shows for one expense. */
export const PUBLIC_DESCRIPTION_MAX = 300;
/** What the public ledger says about an expense; blank publishes no description. */
const publicDescription = optionalText(PUBLIC_DESCRIPTION_MAX, 'The public description');

/** POST /api/admin/expenses/:id/approve: the approver may set the public description (the submitted one stays private). */
/**
 * Each decision's form (what the manager types) and its request: the form and the expense's version she read (a
 * decision on one changed since is refused with 409).
 */
const readVersion = { version: ReadVersionSchema };
export const ApproveExpenseFormSchema = z.strictObject({ publicDescription: publicDescription.optional() });
export const ApproveExpenseSchema = ApproveExpenseFormSchema.extend(readVersion);
export type ApproveExpenseInput = z.input<typeof ApproveExpenseSchema>;

/** PUT /api/admin/expenses/:id/public-description: a manager edits (or clears) what the public ledger says. */
export const PublicDescriptionSchema = z.strictObject({ publicDescription });
export type PublicDescriptionInput = z.input<typeof PublicDescriptionSchema>;

export const RejectExpenseFormSchema = z.strictObject({ reason: reason('rejected') });
export const RejectExpenseSchema = RejectExpenseFormSchema.extend(readVersion);
export const HoldExpenseFormSchema = z.strictObject({ reason: reason('on hold') });
export const HoldExpenseSchema = HoldExpenseFormSchema.extend(readVersion);
/** POST /api/admin/expenses/:id/resume: the version the manager read. */
export const ResumeExpenseSchema = z.strictObject(readVersion);

/** How and when the money went out. */
export const ReleaseExpenseFormSchema = z.strictObject({
  method: z
    .string({ error: 'Say how it was paid' })
    .trim()
    .min(2, 'Say how it was paid')
    .max(100, 'Keep the method under 100 characters'),
  reference: optionalText(200, 'Reference'),
  paidOn: pastDate('The payment date'),
});
export const ReleaseExpenseSchema = ReleaseExpenseFormSchema.extend(readVersion);
export type ReleaseExpenseInput = z.input<typeof ReleaseExpenseSchema>;

export const ExpenseListQuerySchema = PageQuerySchema.extend({
  status: z.enum(EXPENSE_STATUSES, { error: 'Not a known status' }).optional(),
});

export const ExpenseDocumentSchema = z.object({
  id: z.string(),
  contentType: z.string(),
  size: z.number().int(),
  url: z.string(),
});

const AgeSchema = z.object({
  businessDays: z.number().int(),
  window: z.enum(['review', 'documentation', 'release', 'disputes']),
  late: z.boolean(),
});

/** Whether the viewer may approve and release the expense: a second person does (src/server/policies/expenses.ts). */
export const ExpenseAbilitiesSchema = z.object({ approve: AbilitySchema, release: AbilitySchema });
export type ExpenseAbilities = z.infer<typeof ExpenseAbilitiesSchema>;

/** An expense as its owner and admins see it (never public: documents and payee are private). */
export const ExpenseSchema = z.object({
  id: z.string(),
  /** The campaign it is paid from: the main appeal (fundraiserTitle null) or a patient's fundraiser. */
  campaignId: z.string(),
  fundraiserTitle: z.string().nullable(),
  costGroup: z.enum(COST_GROUP_KEYS),
  payee: z.string(),
  payeeCategory: z.enum(PAYEE_CATEGORIES),
  amountCents: z.number().int(),
  currency: z.string(),
  usdCents: z.number().int(),
  /** Private to the owner and admins: written for the approvers. */
  description: z.string(),
  /** What the public ledger shows; null shows no description. */
  publicDescription: z.string().nullable(),
  incurredOn: z.string(),
  status: z.enum(EXPENSE_STATUSES),
  statusReason: z.string().nullable(),
  requiredApprovals: z.number().int(),
  approvals: z.array(z.object({ approverId: z.string(), approverName: z.string(), at: z.string() })),
  submittedBy: z.object({ id: z.string(), name: z.string() }).nullable(),
  documents: z.array(ExpenseDocumentSchema),
  release: z
    .object({
      method: z.string(),
      reference: z.string().nullable(),
      paidOn: z.string(),
      releasedAt: z.string(),
      releasedByName: z.string(),
    })
    .nullable(),
  /** Open items only: business days waited against the donor agreement's window. */
  age: AgeSchema.nullable(),
  createdAt: z.string(),
  updatedAt: z.string(),
  /** Moves with every change: an approval, a release or another decision names the version its manager read. */
  version: z.number().int(),
  abilities: ExpenseAbilitiesSchema,
});
export type Expense = z.infer<typeof ExpenseSchema>;

export const ExpenseListSchema = z.object({
  items: z.array(ExpenseSchema),
  page: z.number().int(),
  pageSize: z.number().int(),
  total: z.number().int(),
  /** Amounts above this (USD cents) need two different approvers. */
  twoApproverThresholdCents: z.number().int(),
});
export type ExpenseList = z.infer<typeof ExpenseListSchema>;

/** POST /api/admin/donations/:id/refund: money sent back to a donor (full or partial). */
export const RefundDonationFormSchema = z.strictObject({
  /** USD, at most the donation's USD amount less earlier refunds. */
  amount: recordedAmount('Refund amount'),
  reason: z
    .string({ error: 'Say why the money is refunded' })
    .trim()
    .min(3, 'Say why the money is refunded')
    .max(SPENDING_REASON_MAX, `Keep the reason under ${SPENDING_REASON_MAX} characters`),
  /** The donor's request this refund answers; it is marked refunded in the same transaction. */
  refundRequestId: z.uuid('Not a valid request id').optional(),
});
/**
 * POST /api/admin/donations/:id/refund: the form and the gift's version the manager read (a gift corrected, voided
 * or refunded since is refused with 409: she decides on what it now is).
 */
export const RefundDonationSchema = RefundDonationFormSchema.extend(readVersion);
export type RefundDonationInput = z.input<typeof RefundDonationSchema>;

/** POST /api/admin/donations/:id/refund answer: USD cents refunded from the donation in all, and what remains. */
export const DonationRefundSchema = z.object({
  donationId: z.string(),
  refundedCents: z.number().int(),
  remainingCents: z.number().int(),
});
export type DonationRefund = z.infer<typeof DonationRefundSchema>;

/** POST /api/refund-requests: a donor asks for their money back (public form at /refund-request). */
export const RefundRequestFormSchema = z.strictObject({
  name: z
    .string({ error: 'Enter your name' })
    .trim()
    .min(1, 'Enter your name')
    .max(200, 'Name must be at most 200 characters'),
  email: EmailSchema,
  amount: recordedAmount('Amount'),
  currency: z.enum(CURRENCIES, { error: 'Choose a currency' }).default('USD'),
  paymentMethod: z.enum(RECORDED_PAYMENT_METHODS, { error: 'Choose how you gave' }),
  donatedOn: pastDate('The donation date'),
  reference: optionalText(200, 'Reference'),
  reason: z
    .string({ error: 'Tell us why you are asking' })
    .trim()
    .min(10, 'Tell us why you are asking (at least 10 characters)')
    .max(
      REFUND_REQUEST_REASON_MAX,
      `Keep the reason under ${REFUND_REQUEST_REASON_MAX.toLocaleString('en-US')} characters`,
    ),
});
export const RefundRequestSchema = RefundRequestFormSchema.extend({
  altcha: HumanCheckSchema,
  /** The campaign she gave to, by its address (a patient's fundraiser); left out: the main appeal. */
  campaign: z.string().trim().min(1).max(100, 'Not a campaign').optional(),
});
export type RefundRequestInput = z.input<typeof RefundRequestSchema>;

export const DeclineRefundRequestSchema = z.strictObject({
  reason: z
    .string({ error: 'Say why the request is declined' })
    .trim()
    .min(3, 'Say why the request is declined')
    .max(SPENDING_REASON_MAX, `Keep the reason under ${SPENDING_REASON_MAX} characters`),
});

export const RefundRequestListQuerySchema = PageQuerySchema.extend({
  status: z.enum(REFUND_REQUEST_STATUSES, { error: 'Not a known status' }).default('open'),
});

export const RefundRequestViewSchema = z.object({
  id: z.string(),
  name: z.string(),
  email: z.string(),
  amountCents: z.number().int(),
  currency: z.string(),
  paymentMethod: z.string(),
  donatedOn: z.string(),
  reference: z.string().nullable(),
  reason: z.string(),
  status: z.enum(REFUND_REQUEST_STATUSES),
  decisionNote: z.string().nullable(),
  donationId: z.string().nullable(),
  /** The campaign it is filed under: the main appeal (null) or a patient's fundraiser. */
  fundraiserTitle: z.string().nullable(),
  age: AgeSchema.nullable(),
  createdAt: z.string(),
});
export type RefundRequestView = z.infer<typeof RefundRequestViewSchema>;

/** PUT /api/admin/campaign/owner (super_admin): the patient the campaign is for. */
export const CampaignOwnerSchema = z.strictObject({ email: EmailSchema });

/** GET /api/campaigns/:id/ledger: public, amounts only (no documents, no payee names). */
export const LedgerSchema = z.object({
  campaignId: z.string(),
  currency: z.literal('USD'),
  totals: z.object({
    raisedCents: z.number().int(),
    /** What the payment processors kept before the money reached us: never counted as going to care. */
    feesCents: z.number().int(),
    /** Raised less fees, releases and refunds: what sits in the accounts now. */
    heldCents: z.number().int(),
    releasedCents: z.number().int(),
    refundedCents: z.number().int(),
  }),
  groups: z.array(
    z.object({
      key: z.enum(COST_GROUP_KEYS),
      label: z.string(),
      plannedCents: z.number().int(),
      releasedCents: z.number().int(),
    }),
  ),
  releases: z.array(
    z.object({
      expenseId: z.string(),
      costGroup: z.enum(COST_GROUP_KEYS),
      payeeCategory: z.enum(PAYEE_CATEGORIES),
      /** Only a description a manager approved for publication; null when none was. */
      description: z.string().nullable(),
      amountCents: z.number().int(),
      paidOn: z.string(),
    }),
  ),
  /** Newest first; the name is null for an anonymous gift; feeCents is what its processor kept (0 when none). */
  donations: z.array(
    z.object({
      donorName: z.string().nullable(),
      amountCents: z.number().int(),
      feeCents: z.number().int(),
      date: z.string(),
    }),
  ),
  donationCount: z.number().int(),
});
export type Ledger = z.infer<typeof LedgerSchema>;
