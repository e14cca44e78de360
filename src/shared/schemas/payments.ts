/**
 * Money that records itself (issue 36, decision 013): the managers' Payments page, its reconciliation inbox and
 * statement imports. The sources and formats are said here once, for the server and the page alike.
 */
import { z } from 'zod';
import { CURRENCIES, MESSAGE_MAX } from '../constants.ts';
import { OptionalEmailSchema, optionalText, ReadVersionSchema, UuidSchema } from './common.ts';
import { recordedAmount } from './admin-donations.ts';
import { showPubliclySchema } from './donation.ts';
import { pageSchema } from './paging.ts';

/** Processors that tell us through signed events (POST /api/webhooks/<processor>). */
export const SIGNING_PROCESSORS = ['stripe', 'paypal', 'buymeacoffee', 'kofi'] as const;
export type SigningProcessor = (typeof SIGNING_PROCESSORS)[number];

/** Every source a payment comes from: the signing processors, and the statements a manager uploads. */
export const PAYMENT_SOURCES = [...SIGNING_PROCESSORS, 'venmo', 'cashapp', 'gofundme', 'other'] as const;
export type PaymentSource = (typeof PAYMENT_SOURCES)[number];

/** Each source in words, as the page and the gifts' method name it (RECORDED_PAYMENT_METHODS). */
export const PAYMENT_SOURCE_NAMES: Record<PaymentSource, string> = {
  stripe: 'Stripe',
  paypal: 'PayPal',
  buymeacoffee: 'Buy Me a Coffee',
  kofi: 'Ko-fi',
  venmo: 'Venmo',
  cashapp: 'CashApp',
  gofundme: 'GoFundMe',
  other: 'Other',
};

/** The events to choose in each processor's dashboard: the ones the matcher acts on. */
export const PROCESSOR_EVENTS: Record<SigningProcessor, readonly string[]> = {
  stripe: [
    'checkout.session.completed',
    'checkout.session.async_payment_succeeded',
    'charge.refunded',
    'charge.dispute.created',
  ],
  paypal: ['PAYMENT.CAPTURE.COMPLETED', 'PAYMENT.CAPTURE.REFUNDED'],
  buymeacoffee: ['donation.created', 'donation.refunded'],
  kofi: ['Donation', 'Subscription'],
};

/** How a statement's columns are read: a processor's own export, or a manager's mapping for any other CSV. */
export const STATEMENT_FORMATS = ['paypal', 'venmo', 'gofundme', 'custom'] as const;
export type StatementFormatKind = (typeof STATEMENT_FORMATS)[number];

const header = (label: string) => z.string().trim().min(1, `Name the column for ${label}`).max(100);
const optionalHeader = z.string().trim().max(100).optional();

/** Which column holds what, saved once per source (PUT /api/admin/payments/mappings/:source). */
export const ColumnMappingSchema = z.strictObject({
  id: optionalHeader,
  date: header('the date'),
  amount: header('the amount'),
  fee: optionalHeader,
  currency: optionalHeader,
  name: optionalHeader,
  email: optionalHeader,
  note: optionalHeader,
  type: optionalHeader,
  defaultCurrency: z.enum(CURRENCIES, { error: 'Choose a currency' }).optional(),
  decimalComma: z.boolean().optional(),
  dayFirst: z.boolean().optional(),
});
export type ColumnMapping = z.output<typeof ColumnMappingSchema>;

/** An upload's query: whose statement, read how (custom reads the source's saved mapping). */
export const StatementQuerySchema = z.strictObject({
  source: z.enum(PAYMENT_SOURCES, { error: `Source must be one of: ${PAYMENT_SOURCES.join(', ')}` }),
  format: z.enum(STATEMENT_FORMATS, { error: `Format must be one of: ${STATEMENT_FORMATS.join(', ')}` }),
  /** PayPal's and GoFundMe's exports outside the US write the day first. */
  dayFirst: z.enum(['true', 'false']).optional(),
});
export type StatementQuery = z.output<typeof StatementQuerySchema>;

export const PAYMENT_STATES = ['recorded', 'unmatched', 'waiting', 'not_gift'] as const;
export type PaymentState = (typeof PAYMENT_STATES)[number];

const PREVIEW_FATES = ['known', 'matched', 'reversal', 'unmatched'] as const;
/** What importing a row would do (the preview): nothing (known already), a gift, a reversal, or the inbox. */
export type PreviewFate = (typeof PREVIEW_FATES)[number];

const MOVEMENT_KINDS = ['payment', 'refund', 'dispute'] as const;
const AmountSchema = z.object({ cents: z.number().int(), currency: z.string() });

export const PreviewRowSchema = z.object({
  line: z.number().int(),
  fate: z.enum(PREVIEW_FATES),
  kind: z.enum(MOVEMENT_KINDS),
  amount: AmountSchema,
  feeCents: z.number().int().nullable(),
  occurredAt: z.string(),
  reference: z.string().nullable(),
  payerName: z.string().nullable(),
});
export type PreviewRow = z.infer<typeof PreviewRowSchema>;

/** POST /api/admin/payments/statements/preview: what importing the statement would do (nothing is written). */
export const StatementPreviewSchema = z.object({
  rows: z.number().int(),
  counts: z.object({
    known: z.number().int(),
    matched: z.number().int(),
    reversal: z.number().int(),
    unmatched: z.number().int(),
  }),
  sample: z.array(PreviewRowSchema),
});
export type StatementPreview = z.infer<typeof StatementPreviewSchema>;

/** POST /api/admin/payments/statements: what the import did. */
export const ImportOutcomeSchema = z.object({
  importId: z.string(),
  rows: z.number().int(),
  added: z.number().int(),
  recorded: z.number().int(),
  waiting: z.number().int(),
  unmatched: z.number().int(),
});
export type ImportOutcome = z.infer<typeof ImportOutcomeSchema>;

const NamedCampaignSchema = z.object({ id: z.string(), name: z.string() });

/** An open intent the inbox suggests for a payment without a reference: a suggestion, never recorded by itself. */
export const IntentCandidateSchema = z.object({
  intentId: z.string(),
  reference: z.string().nullable(),
  amountCents: z.number().int(),
  paymentMethod: z.string(),
  createdAt: z.string(),
  donorName: z.string().nullable(),
  campaign: NamedCampaignSchema,
});
export type IntentCandidate = z.infer<typeof IntentCandidateSchema>;

/** A payment as a manager sees it (payer details are personal data: managers only). */
export const PaymentItemSchema = z.object({
  id: z.string(),
  source: z.enum(PAYMENT_SOURCES),
  kind: z.enum(MOVEMENT_KINDS),
  amount: AmountSchema,
  feeCents: z.number().int().nullable(),
  occurredAt: z.string(),
  receivedAt: z.string(),
  reference: z.string().nullable(),
  payerName: z.string().nullable(),
  payerEmail: z.string().nullable(),
  note: z.string().nullable(),
  state: z.enum(PAYMENT_STATES),
  problem: z.string().nullable(),
  campaign: NamedCampaignSchema.nullable(),
  version: z.number().int(),
  candidates: z.array(IntentCandidateSchema),
});
export type PaymentItem = z.infer<typeof PaymentItemSchema>;

/** Each signing processor as the Payments page shows it. */
export const ProcessorStateSchema = z.object({
  processor: z.enum(SIGNING_PROCESSORS),
  enabled: z.boolean(),
  /** The address to paste into the processor's dashboard. */
  webhookUrl: z.string(),
  events: z.array(z.string()).readonly(),
  lastEventAt: z.string().nullable(),
  lastEventType: z.string().nullable(),
  lastFailureAt: z.string().nullable(),
  lastFailure: z.string().nullable(),
  failuresSinceEvent: z.number().int(),
});
export type ProcessorState = z.infer<typeof ProcessorStateSchema>;

/** Waiting more than this long unmatched: the dashboard warns. */
export const UNMATCHED_WARNING_HOURS = 48;

/** GET /api/admin/payments: the processors, the inbox counted by age, the recent imports. */
export const PaymentsOverviewSchema = z.object({
  processors: z.array(ProcessorStateSchema),
  /** The inbox (unmatched and waiting) by age. */
  inbox: z.object({
    total: z.number().int(),
    underADay: z.number().int(),
    oneToTwoDays: z.number().int(),
    olderThanTwoDays: z.number().int(),
  }),
  imports: z.array(
    z.object({
      id: z.string(),
      source: z.enum(PAYMENT_SOURCES),
      fileName: z.string(),
      rowCount: z.number().int(),
      createdAt: z.string(),
    }),
  ),
});
export type PaymentsOverview = z.infer<typeof PaymentsOverviewSchema>;

/** GET /api/admin/payments/inbox: one page of unmatched and waiting payments, oldest first. */
export const PaymentInboxPageSchema = pageSchema(PaymentItemSchema);
export type PaymentInboxPage = z.infer<typeof PaymentInboxPageSchema>;

/** A source in the path (`/mappings/:source`). */
export const PaymentSourceParamsSchema = z.strictObject({
  source: z.enum(PAYMENT_SOURCES, { error: `Source must be one of: ${PAYMENT_SOURCES.join(', ')}` }),
});

/** The answer of recording one payment, or several joined, as a gift. */
export const RecordedGiftSchema = z.object({ donationId: z.string() });
/** The answer of splitting a payment: the gifts it became. */
export const SplitGiftsSchema = z.object({ donationIds: z.array(z.string()) });

/** How many campaigns one search of the inbox's chooser answers: more of the name narrows it to the one she means. */
export const GIFT_CAMPAIGNS_SHOWN = 20;
/** The longest search the chooser sends (longer than any campaign's name). */
export const GIFT_CAMPAIGN_SEARCH_MAX = 200;

/** GET /api/admin/payments/campaigns: the campaigns taking gifts whose names contain `q` (the first ones without). */
export const GiftCampaignsQuerySchema = z.strictObject({
  q: z
    .string({ error: 'Search for words of a campaign’s name' })
    // Control characters are never part of a name (and PostgreSQL refuses a NUL in text).
    .transform((v) => v.replace(/\p{Cc}/gu, ' ').trim())
    .pipe(z.string().max(GIFT_CAMPAIGN_SEARCH_MAX, `Search with at most ${GIFT_CAMPAIGN_SEARCH_MAX} characters`))
    .transform((v) => v || undefined)
    .optional(),
});

/** A campaign a payment may be recorded to without an intent, by the name managers know it by. */
export const GiftCampaignSchema = z.object({ id: z.uuid(), name: z.string(), mainAppeal: z.boolean() });
export type GiftCampaign = z.infer<typeof GiftCampaignSchema>;

/** The main appeal first, then by name, GIFT_CAMPAIGNS_SHOWN at most; `more`: others match too. */
export const GiftCampaignsSchema = z.object({ items: z.array(GiftCampaignSchema), more: z.boolean() });
export type GiftCampaigns = z.infer<typeof GiftCampaignsSchema>;

/**
 * A manager records an inbox payment as a gift: to an intent (its campaign, and its donor's name, address and
 * consent) or to a campaign; a payment in another currency needs its US dollars.
 */
export const RecordPaymentSchema = z
  .strictObject({
    version: ReadVersionSchema,
    intentId: UuidSchema.optional(),
    campaignId: UuidSchema.optional(),
    usdAmount: recordedAmount('USD equivalent').optional(),
    usdFee: recordedAmount('USD fee').optional(),
    donorName: optionalText(200, 'Donor name'),
    donorEmail: OptionalEmailSchema,
    showPublicly: showPubliclySchema.optional(),
    message: optionalText(MESSAGE_MAX, 'Message'),
  })
  .refine((d) => d.intentId || d.campaignId, {
    message: 'Choose the intent or the campaign this payment is for',
    path: ['campaignId'],
  });
export type RecordPaymentInput = z.input<typeof RecordPaymentSchema>;

/** Several rows of the inbox become one gift (a donor who paid in parts). */
export const JoinPaymentsSchema = z
  .strictObject({
    payments: z
      .array(z.strictObject({ id: UuidSchema, version: ReadVersionSchema }), { error: 'Choose the payments to join' })
      .min(2, 'Choose at least two payments to join')
      .max(50, 'Join at most 50 payments at once'),
    intentId: UuidSchema.optional(),
    campaignId: UuidSchema.optional(),
  })
  .refine((d) => d.intentId || d.campaignId, {
    message: 'Choose the intent or the campaign these payments are for',
    path: ['campaignId'],
  });

/** One row of the inbox becomes several gifts (one transfer for two fundraisers). */
export const SplitPaymentSchema = z.strictObject({
  version: ReadVersionSchema,
  parts: z
    .array(z.strictObject({ campaignId: UuidSchema, amount: recordedAmount('Amount') }), {
      error: 'Give each part its campaign and amount',
    })
    .min(2, 'Split into at least two parts')
    .max(20, 'Split into at most 20 parts'),
});

export const NotGiftSchema = z.strictObject({
  version: ReadVersionSchema,
  reason: z.string().trim().min(3, 'Say why this is not a gift').max(500, 'Keep the reason under 500 characters'),
});
