/** Recording external donations and working the intent list (admin donations panel, spec sections 2, 5, 8). */
import { z } from 'zod';
import { PageQuerySchema, pageSchema, type Page } from './paging.ts';
import { CURRENCIES, MESSAGE_MAX, RECORDED_PAYMENT_METHODS } from '../constants.ts';
import { dollarAmount, OptionalEmailSchema, optionalText, ReadVersionSchema } from './common.ts';
import { showPubliclySchema } from './donation.ts';

export const MISSING_INFORMATION_TITLE = 'Missing Information';
export const MISSING_INFORMATION_MESSAGE = 'Please fill in the amount and payment method.';

/** A positive dollar amount an admin or owner types (at most two decimals). */
export const recordedAmount = (label: string) => dollarAmount(label, { notNumber: MISSING_INFORMATION_MESSAGE });

export const RecordDonationSchema = z
  .strictObject({
    amount: recordedAmount('Amount'),
    currency: z.enum(CURRENCIES, { error: 'Choose a currency' }).default('USD'),
    /** The USD equivalent (what progress counts) when the gift was in another currency. */
    usdAmount: recordedAmount('USD equivalent').optional(),
    message: optionalText(MESSAGE_MAX, 'Message'),
    paymentMethod: z.enum(RECORDED_PAYMENT_METHODS, { error: MISSING_INFORMATION_MESSAGE }),
    donorName: optionalText(200, 'Donor name'),
    isAnonymous: z.boolean().default(false),
    /** Where the thank-you goes; from the intent when recording one and left out. */
    donorEmail: OptionalEmailSchema,
    /** The donor agreed to show her name and message; from the intent when recording one and left out, else off. */
    showPublicly: showPubliclySchema.optional(),
    /** The payment's own id (transaction number); unique per method so one payment is recorded once. */
    externalReference: optionalText(200, 'Reference'),
    /** The intent this donation fulfils; it is marked matched in the same transaction. */
    intentId: z.uuid('Not a valid intent id').optional(),
    /** The campaign it is for (a patient's fundraiser); else the intent's, else the main appeal. */
    campaignId: z.uuid('Not a valid campaign id').optional(),
  })
  .refine((d) => d.currency === 'USD' || d.usdAmount !== undefined, {
    message: 'Give the USD equivalent for a donation in another currency',
    path: ['usdAmount'],
  });
export type RecordDonationInput = z.input<typeof RecordDonationSchema>;

export const ElevateSchema = z.strictObject({ password: z.string().min(1, 'Enter your password').max(1024) });

/** An admin list's query: the page (same rule as every list). */
export const AdminListQuerySchema = PageQuerySchema;

/** The donations panel's lists: a page, of every campaign or of one (its id or slug). */
export const MoneyListQuerySchema = PageQuerySchema.extend({
  campaign: z.string().trim().max(100, 'Not a campaign').optional(),
});
export type MoneyListQuery = z.output<typeof MoneyListQuerySchema>;

/** The campaign a narrowed list shows: the main appeal (fundraiserTitle null) or a patient's fundraiser. */
export const ShownCampaignSchema = z.object({
  id: z.string(),
  slug: z.string(),
  fundraiserTitle: z.string().nullable(),
});
export type ShownCampaign = z.infer<typeof ShownCampaignSchema>;

/** A page of the donations panel's list, with the one campaign it was narrowed to (null: every campaign). */
export type MoneyListPage<T> = Page<T> & { campaign: ShownCampaign | null };

/** Correcting a recorded donation: what changed and why (the reason goes to the audit log). */
export const EditDonationSchema = z.strictObject({
  donorName: optionalText(200, 'Donor name'),
  isAnonymous: z.boolean(),
  message: optionalText(MESSAGE_MAX, 'Message'),
  externalReference: optionalText(200, 'Reference'),
  reason: z
    .string()
    .trim()
    .min(3, 'Say why the donation is being changed')
    .max(500, 'Keep the reason under 500 characters'),
  /** The gift's version the manager read: a gift changed since is refused (409, decision 010). */
  version: ReadVersionSchema,
});

/** PUT /api/admin/donations/:id/message-hidden: take the donor's message off the public pages, or put it back. */
export const HideDonationMessageSchema = z.strictObject({
  hidden: z.boolean({ error: 'hidden must be true or false' }),
});

export const VoidDonationSchema = z.strictObject({
  reason: z
    .string()
    .trim()
    .min(3, 'Say why the donation is being voided')
    .max(500, 'Keep the reason under 500 characters'),
  /** The gift's version the manager read: a gift changed since is refused (409, decision 010). */
  version: ReadVersionSchema,
});

/** A recorded donation as the admin panel sees it (the answer of POST /api/admin/add-donation and PATCH). */
export const AdminDonationSchema = z.object({
  id: z.string(),
  amount: z.number(),
  amountCents: z.number().int(),
  currency: z.string(),
  usdCents: z.number().int(),
  paymentMethod: z.string(),
  donorName: z.string().nullable(),
  isAnonymous: z.boolean(),
  donorEmail: z.string().nullable(),
  showPublicly: z.boolean(),
  message: z.string().nullable(),
  /** A moderator took the message off the public pages. */
  messageHidden: z.boolean(),
  externalReference: z.string().nullable(),
  intentId: z.string().nullable(),
  createdAt: z.string(),
  /** Moves with every change (a correction, a void, a refund): a refund names the version its manager read. */
  version: z.number().int(),
});
export type AdminDonation = z.infer<typeof AdminDonationSchema>;

/** GET /api/admin/donations item: the donation and the USD cents refunded from it so far. */
export const AdminDonationListItemSchema = AdminDonationSchema.extend({
  refundedCents: z.number().int(),
  /** The campaign it was recorded against: the main appeal (fundraiserTitle null) or a patient's fundraiser. */
  campaignId: z.string(),
  fundraiserTitle: z.string().nullable(),
});
export type AdminDonationListItem = z.infer<typeof AdminDonationListItemSchema>;

/** GET /api/admin/donation-intents item: an open intent a donor announced on the donate page. */
export const AdminIntentSchema = z.object({
  id: z.string(),
  /** The campaign it is for: the main appeal (fundraiserTitle null) or a patient's fundraiser. */
  campaignId: z.string(),
  fundraiserTitle: z.string().nullable(),
  amount: z.number(),
  amountCents: z.number().int(),
  paymentMethod: z.string(),
  message: z.string().nullable(),
  donorName: z.string().nullable(),
  donorEmail: z.string().nullable(),
  showPublicly: z.boolean(),
  status: z.string(),
  createdAt: z.string(),
});
export type AdminIntent = z.infer<typeof AdminIntentSchema>;

/** POST /api/admin/elevate answer: when the re-entered password's window closes. */
export const ElevationSchema = z.object({ elevatedUntil: z.string() });
export type Elevation = z.infer<typeof ElevationSchema>;

/** GET /api/admin/donations: a page of recorded donations, with the campaign it was narrowed to. */
export const AdminDonationsPageSchema = pageSchema(AdminDonationListItemSchema).extend({
  campaign: ShownCampaignSchema.nullable(),
});

/** GET /api/admin/donation-intents: a page of open intents, with the campaign it was narrowed to. */
export const AdminIntentsPageSchema = pageSchema(AdminIntentSchema).extend({
  campaign: ShownCampaignSchema.nullable(),
});

/** PUT /api/admin/donations/:id/message-hidden */
export const MessageHiddenSchema = z.object({ messageHidden: z.boolean() });
