/**
 * Patients' own fundraisers (issue 18, decision 009): the application a patient writes and saves as a draft, what
 * she submits for review, and the admins' review.
 */
import { z } from 'zod';
import { AMOUNT_MAX_DOLLARS, COST_GROUP_KEYS } from '../constants.ts';
import { hasAtMostTwoDecimals } from '../money.ts';
import { FUNDRAISER_TITLE_MAX } from '../fundraiser-words.ts';
import { pageParam } from './paging.ts';
import { ReadVersionSchema } from './common.ts';
import { STORY_BODY_MAX, STORY_BODY_MIN, StoryImageSchema } from './stories.ts';

export const FUNDRAISER_STATUSES = ['draft', 'in_review', 'changes_requested', 'live', 'rejected', 'closed'] as const;
export type FundraiserStatus = (typeof FUNDRAISER_STATUSES)[number];
/** The states in which the patient may still edit her application. */
export const FUNDRAISER_EDITABLE: readonly FundraiserStatus[] = ['draft', 'changes_requested'];

export { COST_GROUP_LABELS, FUNDRAISER_TITLE_MAX } from '../fundraiser-words.ts';
export const FUNDRAISER_IMAGES_MAX = 8;
export const FUNDRAISER_DOCUMENTS_MAX = 5;
export const PAYEE_NAME_MAX = 120;
export const PAYEE_ROUTE_MIN = 20;
export const PAYEE_ROUTE_MAX = 1000;
export const COST_GROUP_NOTE_MAX = 300;
/** The longest message a manager sends the patient with a decision. */
export const REVIEW_MESSAGE_MAX = 2000;

export const PAYEE_KINDS = ['care_provider', 'patient'] as const;
export type PayeeKind = (typeof PAYEE_KINDS)[number];

const id = z.uuid('Not a valid id');

/** A group's planned cost in dollars: 0 for a group she does not need, else whole cents up to the site's maximum. */
const groupAmount = z
  .number({ error: 'Enter an amount in dollars, e.g. 1500 or 12.50 (0 if none)' })
  .min(0, 'Amounts cannot be negative')
  .max(AMOUNT_MAX_DOLLARS, `Amounts must be at most $${AMOUNT_MAX_DOLLARS.toLocaleString('en-US')}`)
  .refine(hasAtMostTwoDecimals, 'Amounts can have at most two decimal places');

export const CostGroupInputSchema = z.strictObject({
  key: z.enum(COST_GROUP_KEYS, { error: 'Choose one of the four cost groups' }),
  amount: groupAmount,
  note: z
    .string({ error: 'The note must be text' })
    .trim()
    .max(COST_GROUP_NOTE_MAX, `Keep the note under ${COST_GROUP_NOTE_MAX} characters`)
    .default(''),
});

export const PayeeSchema = z.strictObject({
  name: z
    .string({ error: 'Name who receives the money' })
    .trim()
    .min(2, 'Name who receives the money')
    .max(PAYEE_NAME_MAX, `Keep the name under ${PAYEE_NAME_MAX} characters`),
  kind: z.enum(PAYEE_KINDS, { error: 'Say whether the money goes to the care provider or to you' }),
  route: z
    .string({ error: 'Say how the money reaches the care provider' })
    .trim()
    .min(PAYEE_ROUTE_MIN, `Say how the money reaches the care provider (at least ${PAYEE_ROUTE_MIN} characters)`)
    .max(PAYEE_ROUTE_MAX, `Keep this under ${PAYEE_ROUTE_MAX} characters`),
});
export type Payee = z.infer<typeof PayeeSchema>;

/** A blank form field is a field not filled in yet: the draft leaves it out. */
const unlessBlank = <T extends z.ZodType>(schema: T) =>
  z.preprocess((v) => (v === '' || v === null ? undefined : v), schema.optional());

/** Each group at most once. */
export const CostGroupsSchema = z
  .array(CostGroupInputSchema)
  .max(COST_GROUP_KEYS.length)
  .refine((groups) => new Set(groups.map((g) => g.key)).size === groups.length, 'Give each cost group once');

/**
 * PUT /api/my-fundraiser: the draft as it stands. Every field may be missing (a draft is saved as she goes), and
 * what is there must already be valid; submitting checks that nothing is missing.
 */
export const FundraiserTitleSchema = z
  .string({ error: 'Give your fundraiser a title' })
  .trim()
  .min(3, 'Give your fundraiser a title')
  .max(FUNDRAISER_TITLE_MAX, `Keep the title under ${FUNDRAISER_TITLE_MAX} characters`);
export const FundraiserImagesSchema = z
  .array(StoryImageSchema)
  .max(FUNDRAISER_IMAGES_MAX, `Add at most ${FUNDRAISER_IMAGES_MAX} images`)
  .refine((images) => new Set(images.map((i) => i.uploadId)).size === images.length, 'Add each image once')
  .default([]);
export const FundraiserDocumentIdsSchema = z
  .array(id)
  .max(FUNDRAISER_DOCUMENTS_MAX, `Attach at most ${FUNDRAISER_DOCUMENTS_MAX} documents`)
  .refine((ids) => new Set(ids).size === ids.length, 'Attach each document once')
  .default([]);

export const FundraiserDraftSchema = z.strictObject({
  title: unlessBlank(FundraiserTitleSchema),
  story: unlessBlank(
    z
      .string({ error: 'Tell your story' })
      .trim()
      .max(STORY_BODY_MAX, `Keep your story under ${STORY_BODY_MAX.toLocaleString('en-US')} characters`),
  ),
  images: FundraiserImagesSchema,
  costGroups: CostGroupsSchema.default([]),
  payee: PayeeSchema.optional(),
  /** When the treatment is planned, if she knows; the command refuses a date already past. */
  neededBy: unlessBlank(z.iso.date({ error: 'Enter the date as YYYY-MM-DD' })),
  documentIds: FundraiserDocumentIdsSchema,
});
export type FundraiserDraftInput = z.input<typeof FundraiserDraftSchema>;
export type FundraiserDraft = z.output<typeof FundraiserDraftSchema>;

/** What submitting needs beyond a valid draft, by the path of the field that lacks it, with the message it shows. */
export const SUBMIT_REQUIREMENTS = {
  title: 'Give your fundraiser a title',
  story: `Tell your story in at least ${STORY_BODY_MIN} characters`,
  costGroups: 'Plan at least one cost group with an amount above 0',
  'payee.name': 'Name who receives the money',
  'payee.kind': 'Say whether the money goes to the care provider or to you',
  'payee.route': `Say how the money reaches the care provider (at least ${PAYEE_ROUTE_MIN} characters)`,
  documentIds: 'Attach your treatment plan or a quote (a PDF or an image)',
} as const;
export type SubmitRequirement = keyof typeof SUBMIT_REQUIREMENTS;

/** An application as submitting checks it: saved (the server's row) or being written (the form's values). */
export interface ApplicationToSubmit {
  title?: unknown;
  story?: unknown;
  goalCents: number;
  payee?: { name?: unknown; kind?: unknown; route?: unknown } | null | undefined;
  documentCount: number;
}

const isBlank = (value: unknown) => typeof value !== 'string' || value.trim() === '';

/**
 * Every requirement of submitting that the application does not meet, by field path, all at once (the server's
 * 400 and the form before sending say the same): she is told everything that is missing in one go.
 */
export function submitProblems(application: ApplicationToSubmit): Partial<Record<SubmitRequirement, string>> {
  const unmet: Record<SubmitRequirement, boolean> = {
    title: isBlank(application.title),
    story: typeof application.story !== 'string' || application.story.trim().length < STORY_BODY_MIN,
    costGroups: application.goalCents <= 0,
    'payee.name': isBlank(application.payee?.name),
    'payee.kind': !(PAYEE_KINDS as readonly unknown[]).includes(application.payee?.kind),
    'payee.route': isBlank(application.payee?.route),
    documentIds: application.documentCount === 0,
  };
  return Object.fromEntries(
    Object.entries(SUBMIT_REQUIREMENTS).filter(([field]) => unmet[field as SubmitRequirement]),
  ) as Partial<Record<SubmitRequirement, string>>;
}

/** A cost group's amount as the form holds it, if it is one the schema takes (else it counts in no goal). */
export const validGroupAmount = (amount: unknown): number | null => {
  const parsed = groupAmount.safeParse(amount);
  return parsed.success ? parsed.data : null;
};

/** An admin asking for changes, or refusing: the patient reads this. */
export const ReviewMessageSchema = z.strictObject({
  message: z
    .string({ error: 'Write what the patient should know' })
    .trim()
    .min(10, 'Write what the patient should know (at least 10 characters)')
    .max(REVIEW_MESSAGE_MAX, `Keep the message under ${REVIEW_MESSAGE_MAX} characters`),
});

/** Approving an application names the version the manager read. */
export const ApplicationDecisionSchema = z.strictObject({ version: ReadVersionSchema });
/** Sending it back or refusing it: her message, and the version the manager read. */
export const ApplicationMessageDecisionSchema = ReviewMessageSchema.extend({ version: ReadVersionSchema });

const revisionId = z.uuid('Say which proposal you read (reload the page)');
/** Approving a live fundraiser's money change names the proposal the manager read (each proposal is kept). */
export const MoneyChangeDecisionSchema = z.strictObject({ revisionId });
/** Refusing it: the reason she reads, and the proposal the manager read. */
export const MoneyChangeRefusalSchema = ReviewMessageSchema.extend({ revisionId });

/** The admins' lists: applications by state, and `money_changes`: live fundraisers with a money change to review. */
export const ADMIN_FUNDRAISER_LISTS = [
  'in_review',
  'money_changes',
  'changes_requested',
  'live',
  'rejected',
  'closed',
] as const;
export type AdminFundraiserList = (typeof ADMIN_FUNDRAISER_LISTS)[number];

export const AdminFundraisersQuerySchema = z.strictObject({
  status: z.enum(ADMIN_FUNDRAISER_LISTS, { error: 'Unknown status' }).default('in_review'),
  page: pageParam,
});

const CostGroupSchema = z.object({
  key: z.enum(COST_GROUP_KEYS),
  label: z.string(),
  amountCents: z.number().int(),
  note: z.string(),
});

const DocumentSchema = z.object({
  id: z.string(),
  contentType: z.string(),
  size: z.number().int(),
  url: z.string(),
});

/** `replaced`: she proposed another before a manager decided; kept, so the history shows what each one was. */
export const REVISION_STATUSES = ['pending', 'approved', 'refused', 'withdrawn', 'replaced'] as const;
export type RevisionStatus = (typeof REVISION_STATUSES)[number];

/**
 * A live fundraiser's proposed money change (goal as cost groups, payee, planned documents): reviewed like an
 * application while the page keeps the approved figures. The latest one shows with its decision.
 */
export const FundraiserRevisionSchema = z.object({
  id: z.string(),
  status: z.enum(REVISION_STATUSES),
  costGroups: z.array(CostGroupSchema),
  goalCents: z.number().int(),
  payee: PayeeSchema,
  documents: z.array(DocumentSchema),
  proposedAt: z.string(),
  decidedAt: z.string().nullable(),
  /** The manager's reason when she refused it. */
  reviewMessage: z.string().nullable(),
});
export type FundraiserRevision = z.infer<typeof FundraiserRevisionSchema>;

/** What the viewer may do with the fundraiser now (its buttons): her steps as its owner, or a manager's. */
export const FundraiserAbilitiesSchema = z.object({
  edit: z.boolean(),
  submit: z.boolean(),
  withdraw: z.boolean(),
  postUpdate: z.boolean(),
  editLiveStory: z.boolean(),
  proposeMoneyChange: z.boolean(),
  close: z.boolean(),
  review: z.boolean(),
  decideMoneyChange: z.boolean(),
});
export type FundraiserAbilities = z.infer<typeof FundraiserAbilitiesSchema>;

/** The application as its owner and the reviewing admins see it. */
export const FundraiserSchema = z.object({
  id: z.string(),
  status: z.enum(FUNDRAISER_STATUSES),
  title: z.string().nullable(),
  story: z.string().nullable(),
  images: z.array(StoryImageSchema.extend({ url: z.string() })),
  costGroups: z.array(CostGroupSchema),
  goalCents: z.number().int(),
  currency: z.literal('USD'),
  payee: PayeeSchema.nullable(),
  neededBy: z.string().nullable(),
  documents: z.array(DocumentSchema),
  /** The last message of a review that sent it back or refused it. */
  reviewMessage: z.string().nullable(),
  /** Its public address under /fundraisers once approved. */
  slug: z.string().nullable(),
  submittedAt: z.string().nullable(),
  updatedAt: z.string(),
  /** The number of the story's current text (1 until a live fundraiser's story is edited). */
  storyVersion: z.number().int(),
  /** Moves with every change: a manager's decision on the application names the version she read. */
  version: z.number().int(),
  /** Moves with every change of the plan (cost groups, payee, documents): a doctor attests one plan version. */
  planVersion: z.number().int(),
  /** Its latest money change, pending or decided; null if none was ever proposed. */
  revision: FundraiserRevisionSchema.nullable(),
  abilities: FundraiserAbilitiesSchema,
});
export type Fundraiser = z.infer<typeof FundraiserSchema>;

/** What a reviewing admin sees besides: who applied, and the history. */
export const ReviewedFundraiserSchema = FundraiserSchema.extend({
  owner: z.object({ id: z.string(), name: z.string(), email: z.string() }),
  history: z.array(
    z.object({ action: z.string(), message: z.string().nullable(), by: z.string().nullable(), at: z.string() }),
  ),
});
export type ReviewedFundraiser = z.infer<typeof ReviewedFundraiserSchema>;

/** A row of the admins' queue. */
export const FundraiserQueueItemSchema = z.object({
  id: z.string(),
  status: z.enum(FUNDRAISER_STATUSES),
  title: z.string().nullable(),
  goalCents: z.number().int(),
  /** Whether a money change of this live fundraiser waits for review. */
  revisionPending: z.boolean(),
  /** When her treatment is planned (YYYY-MM-DD), if she said. */
  neededBy: z.string().nullable(),
  ownerName: z.string(),
  submittedAt: z.string().nullable(),
  updatedAt: z.string(),
});
export type FundraiserQueueItem = z.infer<typeof FundraiserQueueItemSchema>;
