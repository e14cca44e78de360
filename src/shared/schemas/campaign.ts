/** The campaign's content: everything the story and donate pages show, as data. */
import { z } from 'zod';
import { COST_GROUP_KEYS, CURRENCIES, DONATE_PAYMENT_METHODS } from '../constants.ts';

const text = z.string().trim().min(1);
const cents = z.number().int().nonnegative();
const url = z.url();
/** A site-relative asset path (served by us) or an https URL. */
const assetPath = z.string().regex(/^\/[A-Za-z0-9/_.-]+$/, 'Asset paths start with / and use plain characters');

export const ImageSchema = z.object({
  src: assetPath,
  alt: text,
  width: z.number().int().positive(),
  height: z.number().int().positive(),
  caption: z.string().optional(),
});
export type CampaignImage = z.infer<typeof ImageSchema>;

export const MoneySchema = z.object({ cents, currency: z.enum(CURRENCIES) });

export const SupporterSchema = z.object({
  name: text,
  source: text,
  amount: MoneySchema,
  /** USD estimate shown beside amounts in another currency. */
  usdEstimateCents: cents.optional(),
});

export const PaymentMethodSchema = z.object({
  name: z.enum(DONATE_PAYMENT_METHODS),
  description: text,
  link: z.string().regex(/^(https:\/\/|mailto:)/, 'Payment links are https: or mailto:'),
  /** Tailwind-free hex colour so content edits need no rebuild. */
  color: z.string().regex(/^#[0-9a-fA-F]{6}$/),
  /** PayPal-style links take the amount appended to the path. */
  appendAmountToPath: z.boolean().default(false),
});
export type PaymentMethod = z.infer<typeof PaymentMethodSchema>;

export const CostGroupSchema = z.object({
  key: z.enum(COST_GROUP_KEYS),
  label: text,
  description: text,
  items: z.array(text).min(1),
  amountCents: cents,
});

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
    youtubeId: z.string().regex(/^[A-Za-z0-9_-]{11}$/),
    title: text,
    poster: ImageSchema,
    shortVideoUrl: url,
    shortVideoLabel: text,
  }),
  goal: MoneySchema,
  goalNote: text,
  crowdfunding: z.object({ url, label: text }),
  supporters: z.array(SupporterSchema).length(5),
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
    update: z.object({ date: z.iso.date(), title: text, paragraphs: z.array(text).min(1) }),
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
});
export type Progress = z.infer<typeof ProgressSchema>;
