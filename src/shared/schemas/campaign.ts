/** The campaign's content: everything the story and donate pages show, as data. */
import { z } from 'zod';
import { COST_GROUP_KEYS, CURRENCIES, DONATE_PAYMENT_METHODS } from '../constants.ts';
import { INVALID_UPDATES_LINK } from '../update-messages.ts';

const text = z.string({ error: 'Fill this in' }).trim().min(1, 'Fill this in');
const cents = z
  .number({ error: 'Enter an amount, e.g. 1500 or 12.50' })
  .int('Enter whole cents')
  .nonnegative('Amounts cannot be negative');
const url = z.url({ protocol: /^https$/, error: 'Enter a full https:// address' });
/** A site-relative asset path served by us: a file of the build (/images/...) or an uploaded image (/api/uploads/<id>). */
const assetPath = z.string().regex(/^\/[A-Za-z0-9/_.-]+$/, 'Asset paths start with / and use plain characters');

export const ImageSchema = z.object({
  src: assetPath,
  alt: text,
  width: z.number({ error: 'Give the image width in pixels' }).int().positive(),
  height: z.number({ error: 'Give the image height in pixels' }).int().positive(),
  caption: z.string().optional(),
});
export type CampaignImage = z.infer<typeof ImageSchema>;

export const MoneySchema = z.object({ cents, currency: z.enum(CURRENCIES) });

export const PaymentMethodSchema = z.object({
  name: z.enum(DONATE_PAYMENT_METHODS),
  description: text,
  link: z.string().regex(/^(https:\/\/|mailto:)/, 'Payment links are https: or mailto:'),
  /** Tailwind-free hex colour so content edits need no rebuild. */
  color: z.string().regex(/^#[0-9a-fA-F]{6}$/, 'Write the colour as # and six hex digits, e.g. #003087'),
  // How a link takes the amount is the platform's, not the content's (paymentLink in the donate page's model);
  // content saved before keeps an `appendAmountToPath` key, which parsing drops.
});
export type PaymentMethod = z.infer<typeof PaymentMethodSchema>;

export const CostGroupSchema = z.object({
  key: z.enum(COST_GROUP_KEYS),
  label: text,
  description: text,
  items: z.array(text).min(1),
  amountCents: cents,
});

/** The most dated updates the journey section keeps. */
export const CAMPAIGN_UPDATES_MAX = 50;

/** A dated update in the journey section ("Medical update", ...). */
export const CampaignUpdateSchema = z.object({
  date: z.iso.date('Write the date as YYYY-MM-DD'),
  title: text,
  paragraphs: z.array(text).min(1, 'Write the update'),
});
export type CampaignUpdate = z.infer<typeof CampaignUpdateSchema>;

function newestFirst(updates: CampaignUpdate[], ctx: z.RefinementCtx) {
  for (let i = 1; i < updates.length; i++) {
    if (updates[i]!.date > updates[i - 1]!.date) {
      ctx.addIssue({
        code: 'custom',
        message: 'Updates are listed newest first: this one is newer than the one above it',
        path: [i, 'date'],
      });
    }
  }
}

/** Where an update goes in a newest-first list: before the first one that is not newer. */
export function withUpdate(updates: CampaignUpdate[], update: CampaignUpdate): CampaignUpdate[] {
  const at = updates.findIndex((u) => u.date <= update.date);
  return at === -1 ? [...updates, update] : [...updates.slice(0, at), update, ...updates.slice(at)];
}

/** What a donor's receipt says about the gift's standing, until the organiser writes her own. */
export const DEFAULT_RECEIPT_NOTE =
  'This email is a thank-you and a record of your gift. It is not a tax receipt: gifts to a personal medical fundraiser are usually not tax-deductible.';

export const CampaignContentSchema = z.object({
  product: z.object({ name: text, tagline: text }),
  slug: z.string().regex(/^[a-z0-9-]+$/),
  name: text,
  urgentBadge: text,
  headline: text,
  intro: text,
  patient: z.object({ name: text, description: text }),
  organiser: z.object({ name: text, email: z.email(), description: text }),
  video: z.object({
    youtubeId: z
      .string()
      .regex(/^[A-Za-z0-9_-]{11}$/, 'A YouTube video id is the 11 characters after v= in the video address'),
    title: text,
    poster: ImageSchema,
    shortVideoUrl: url,
    shortVideoLabel: text,
  }),
  goal: MoneySchema,
  goalNote: text,
  crowdfunding: z.object({ url, label: text }),
  /** The organiser's words at the end of every donor's receipt (DEFAULT_RECEIPT_NOTE when absent). */
  receiptNote: z
    .string()
    .trim()
    .min(1, 'Fill this in')
    .max(1000, 'Keep the receipt wording under 1000 characters')
    .optional(),
  gallery: z.object({ title: text, images: z.array(ImageSchema).length(4) }),
  surgeon: z.object({
    name: text,
    title: text,
    photo: ImageSchema,
    yearsExperience: text,
    livesChanged: text,
    bio: z.array(text).min(1),
    highlights: z.array(text).min(1),
  }),
  whySurgery: z.object({
    title: text,
    cards: z.array(z.object({ title: text, body: text })).length(3),
  }),
  journey: z.object({
    title: text,
    paragraphs: z.array(text).min(1),
    updates: z
      .array(CampaignUpdateSchema)
      .min(1, 'Keep at least one update')
      .max(
        CAMPAIGN_UPDATES_MAX,
        `The story page keeps at most ${CAMPAIGN_UPDATES_MAX} updates; remove an old one first`,
      )
      .superRefine(newestFirst),
    images: z.array(ImageSchema).length(2),
  }),
  costs: z.object({
    title: text,
    groups: z.array(CostGroupSchema).length(4),
    claim: text,
    consultationPaid: z.object({ amount: MoneySchema, note: text }),
  }),
  timeIsCritical: z.object({ title: text, paragraphs: z.array(text).min(1) }),
  share: z.object({ postText: text, emailSubject: text, emailBody: text }),
  paymentMethods: z.array(PaymentMethodSchema).length(DONATE_PAYMENT_METHODS.length),
  directTransfer: z.object({ email: z.email(), subject: text }),
  support: z.object({ email: z.email(), phone: text, phoneHours: text }),
  seo: z.object({
    title: text,
    description: text,
    donateTitle: text,
    donateDescription: text,
    keywords: z.array(text).min(1),
    image: ImageSchema,
  }),
});
export type CampaignContent = z.infer<typeof CampaignContentSchema>;

/** GET /api/campaign */
export const CampaignResponseSchema = z.object({
  id: z.string(),
  content: CampaignContentSchema,
  updatedAt: z.string(),
});
export type CampaignResponse = z.infer<typeof CampaignResponseSchema>;

/** GET /api/fundraising/progress: dollars for the spec's contract, cents beside them. */
export const ProgressSchema = z.object({
  goalAmount: z.number(),
  currentAmount: z.number(),
  donorCount: z.number().int(),
  goalCents: z.number().int(),
  currentCents: z.number().int(),
  currency: z.literal('USD'),
  /** Only while the database is unreachable: the last figures read, when, and how many seconds ago. */
  asOf: z.string().optional(),
  ageSeconds: z.number().int().optional(),
});
export type Progress = z.infer<typeof ProgressSchema>;

/** How many of the most recently recorded gifts "Recent Supporters" lists. */
export const SUPPORTERS_SHOWN = 5;

/**
 * A recorded gift as "Recent Supporters" shows it: the donor's name and message only when she agreed to show
 * them (else "Anonymous" and no message), how she gave ("via PayPal"), the amount in its currency, and the
 * USD estimate for another currency.
 */
export const SupporterSchema = z.object({
  name: z.string(),
  source: z.string(),
  amount: MoneySchema,
  usdEstimateCents: z.number().int().optional(),
  message: z.string().optional(),
  recordedAt: z.string(),
});
export type Supporter = z.infer<typeof SupporterSchema>;

/** The name a gift shows on public pages: hers only when she agreed to show it (and did not give anonymously). */
export function publicDonorName(gift: {
  donorName: string | null;
  isAnonymous: boolean;
  showPublicly: boolean;
}): string | null {
  return gift.showPublicly && !gift.isAnonymous && gift.donorName ? gift.donorName : null;
}

/** GET /api/campaigns/:id/supporters: the most recent gifts, newest first (none yet: an empty list). */
export const SupportersSchema = z.object({ items: z.array(SupporterSchema) });
export type Supporters = z.infer<typeof SupportersSchema>;

/** GET, PUT and DELETE /api/campaigns/:id/follow: whether the signed-in person follows the campaign's updates. */
export const FollowStatusSchema = z.object({ following: z.boolean() });
export type FollowStatus = z.infer<typeof FollowStatusSchema>;

/** POST /api/campaign/updates/confirm: the token mailed to a donor who asked for updates by email. */
export const ConfirmUpdatesSchema = z.strictObject({
  token: z.string({ error: INVALID_UPDATES_LINK }).min(1, INVALID_UPDATES_LINK).max(200, INVALID_UPDATES_LINK),
});
/** POST /api/campaign/updates/unsubscribe?token=: the token of an update mail's unsubscribe link. */
export const UnsubscribeQuerySchema = ConfirmUpdatesSchema;
