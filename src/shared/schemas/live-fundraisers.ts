/**
 * A live fundraiser in its owner's hands (issue 18, decision 009): dated updates mailed to its followers, story
 * edits kept as versions, money changes sent back to review, and closing it.
 */
import { z } from 'zod';
import { CONTENT_NOTES } from '../story-audience.ts';
import { ContentNotesSchema, STORY_BODY_MAX, STORY_BODY_MIN } from './stories.ts';
import {
  CostGroupsSchema,
  FundraiserDocumentIdsSchema,
  FundraiserImagesSchema,
  FundraiserSchema,
  FundraiserTitleSchema,
  PayeeSchema,
} from './fundraisers.ts';

export const FUNDRAISER_UPDATE_TITLE_MAX = 120;
export const FUNDRAISER_UPDATE_BODY_MIN = 20;
export const FUNDRAISER_UPDATE_BODY_MAX = 5000;
/** The most updates the public page shows, newest first. */
export const FUNDRAISER_UPDATES_SHOWN = 50;

/** POST /api/my-fundraiser/updates: a dated update (dated by the server when posted). */
export const FundraiserUpdateSchema = z.strictObject({
  title: z
    .string({ error: 'Give the update a title' })
    .trim()
    .min(3, 'Give the update a title')
    .max(FUNDRAISER_UPDATE_TITLE_MAX, `Keep the title under ${FUNDRAISER_UPDATE_TITLE_MAX} characters`),
  body: z
    .string({ error: 'Write the update' })
    .trim()
    .min(FUNDRAISER_UPDATE_BODY_MIN, `Write the update in at least ${FUNDRAISER_UPDATE_BODY_MIN} characters`)
    .max(
      FUNDRAISER_UPDATE_BODY_MAX,
      `Keep the update under ${FUNDRAISER_UPDATE_BODY_MAX.toLocaleString('en-US')} characters`,
    ),
  /** Sensitive topics its readers (and the followers it is mailed to) are warned of before the text. */
  contentNotes: ContentNotesSchema,
});
export type FundraiserUpdateInput = z.input<typeof FundraiserUpdateSchema>;

/** An update as anyone reads it on the fundraiser's page. */
export const FundraiserUpdateViewSchema = z.object({
  id: z.string(),
  title: z.string(),
  /** The text in paragraphs (an empty line separates them). */
  paragraphs: z.array(z.string()),
  postedAt: z.string(),
  contentNotes: z.array(z.enum(CONTENT_NOTES)),
});
export type FundraiserUpdate = z.infer<typeof FundraiserUpdateViewSchema>;

/**
 * PUT /api/my-fundraiser/story: a live fundraiser's new title, story and images, public at once; the text it
 * replaces is kept as a version. `expectedVersion` is the version she edited: an edit on top of a newer one is
 * refused (409), so two windows never overwrite each other unseen.
 */
export const FundraiserStoryEditSchema = z.strictObject({
  title: FundraiserTitleSchema,
  story: z
    .string({ error: `Tell your story in at least ${STORY_BODY_MIN} characters` })
    .trim()
    .min(STORY_BODY_MIN, `Tell your story in at least ${STORY_BODY_MIN} characters`)
    .max(STORY_BODY_MAX, `Keep your story under ${STORY_BODY_MAX.toLocaleString('en-US')} characters`),
  images: FundraiserImagesSchema,
  expectedVersion: z.number({ error: 'Say which version you edited' }).int().positive(),
});
export type FundraiserStoryEditInput = z.input<typeof FundraiserStoryEditSchema>;

/**
 * PUT /api/my-fundraiser/money-change: the goal (as the four cost groups), the payee and the planned documents she
 * proposes for a live fundraiser. A manager reviews it; until approved the page shows the approved figures.
 */
export const FundraiserMoneyChangeSchema = z.strictObject({
  costGroups: CostGroupsSchema.refine(
    (groups) => groups.some((g) => g.amount > 0),
    'Plan at least one cost group with an amount above 0',
  ),
  payee: PayeeSchema,
  documentIds: FundraiserDocumentIdsSchema.refine(
    (ids) => ids.length > 0,
    'Attach your treatment plan or a quote (a PDF or an image)',
  ),
});
export type FundraiserMoneyChangeInput = z.input<typeof FundraiserMoneyChangeSchema>;
export type FundraiserMoneyChange = z.output<typeof FundraiserMoneyChangeSchema>;

/** One earlier text of a live fundraiser's story, as its owner reads it. */
export const FundraiserStoryVersionSchema = z.object({
  version: z.number().int(),
  title: z.string(),
  story: z.string(),
  /** When it was replaced by the next version. */
  replacedAt: z.string(),
});
export type FundraiserStoryVersion = z.infer<typeof FundraiserStoryVersionSchema>;

/** What GET /api/my-fundraiser adds for a live or closed fundraiser: her updates and earlier story versions. */
export const LiveFundraiserExtrasSchema = z.object({
  updates: z.array(FundraiserUpdateViewSchema),
  storyVersions: z.array(FundraiserStoryVersionSchema),
});
export type LiveFundraiserExtras = z.infer<typeof LiveFundraiserExtrasSchema>;

/** GET /api/my-fundraiser: her fundraiser (null if none), with its updates and earlier story versions once approved. */
export const MyFundraiserSchema = z.object({
  fundraiser: FundraiserSchema.nullable(),
  live: LiveFundraiserExtrasSchema.nullable(),
});
