/** A care plan's forms and answers (issue 39, decision 021): her settings, her requests, the dates helpers claim. */
import { z } from 'zod';
import { EmailAddressSchema } from './auth.ts';
import {
  CARE_CATEGORIES,
  CARE_HELPERS_MAX,
  CARE_PLACES,
  CARE_PLAN_AUDIENCES,
  CARE_REPEAT_DAYS_MAX,
  CARE_REPEATS,
  CARE_UNCLAIM_CUTOFF_HOURS_MAX,
} from '../care-plan.ts';

const isTimeZone = (zone: string) => {
  try {
    new Intl.DateTimeFormat('en-US', { timeZone: zone });
    return true;
  } catch {
    return false;
  }
};

const optionalText = (max: number, what: string) =>
  z
    .string({ error: `${what} must be text` })
    .trim()
    .max(max, `Keep ${what.toLowerCase()} under ${max} characters`)
    .default('');

const day = (message: string) => z.iso.date(message);
const clock = z
  .string({ error: 'Write the time as HH:MM' })
  .regex(/^([01]\d|2[0-3]):[0-5]\d$/, 'Write the time as HH:MM, for example 09:30');

const DAY_MS = 24 * 60 * 60 * 1000;
const daysBetween = (from: string, to: string) => (Date.parse(to) - Date.parse(from)) / DAY_MS;

/** PUT /api/my/care-plan: her plan's settings (the first save starts the plan; later ones name the version read). */
export const CarePlanSettingsSchema = z.strictObject({
  timeZone: z
    .string({ error: 'Choose your time zone' })
    .max(64, 'Choose your time zone from the list')
    .refine(isTimeZone, 'Choose your time zone from the list'),
  audience: z.enum(CARE_PLAN_AUDIENCES, { error: 'Choose who can see your plan' }),
  address: optionalText(300, 'Your address'),
  phone: optionalText(40, 'Your phone number'),
  dietaryNeeds: optionalText(500, 'Dietary needs'),
  allergies: optionalText(500, 'Allergies'),
  /** "No meals this week": meals before this day (hers) are paused; null when meals are welcome. */
  noMealsUntil: day('Write the date as YYYY-MM-DD').nullable().default(null),
  unclaimCutoffHours: z
    .number({ error: 'Say how many hours before a date helpers may give it back' })
    .int('Write the hours as a whole number')
    .min(0, 'Write 0 hours or more')
    .max(CARE_UNCLAIM_CUTOFF_HOURS_MAX, `Write ${CARE_UNCLAIM_CUTOFF_HOURS_MAX} hours (a week) or fewer`),
  /** The version she read; omitted on the first save. */
  expectedVersion: z.number().int().positive().optional(),
});
export type CarePlanSettingsInput = z.input<typeof CarePlanSettingsSchema>;

/** POST /api/my/care-plan/requests: one request, once or repeating, in her time zone. */
export const CareRequestSchema = z
  .strictObject({
    category: z.enum(CARE_CATEGORIES, { error: 'Choose what kind of help' }),
    title: z
      .string({ error: 'Say what you need' })
      .trim()
      .min(3, 'Say what you need in a few words')
      .max(120, 'Keep it under 120 characters'),
    notes: optionalText(1000, 'Notes'),
    startsOn: day('Write the date as YYYY-MM-DD'),
    startTime: clock,
    /** The end of a window ("between 10:00 and 12:00"); none for a time. */
    endTime: clock.nullable().default(null),
    repeat: z.enum(CARE_REPEATS, { error: 'Say whether it repeats' }).default('once'),
    repeatUntil: day('Write the date as YYYY-MM-DD').nullable().default(null),
    helpersNeeded: z
      .number({ error: 'Say how many helpers you need' })
      .int('Write a whole number')
      .min(1, 'At least one helper')
      .max(CARE_HELPERS_MAX, `At most ${CARE_HELPERS_MAX} helpers`),
    place: z.enum(CARE_PLACES, { error: 'Say where' }).default('home'),
    pickupPlace: optionalText(300, 'The pickup place'),
  })
  .superRefine((r, ctx) => {
    if (r.endTime !== null && r.endTime <= r.startTime)
      ctx.addIssue({ code: 'custom', path: ['endTime'], message: 'The window ends after it starts' });
    if (r.repeat === 'once' && r.repeatUntil !== null)
      ctx.addIssue({ code: 'custom', path: ['repeatUntil'], message: 'Only a repeating request has an end date' });
    if (r.repeat !== 'once') {
      if (r.repeatUntil === null)
        ctx.addIssue({ code: 'custom', path: ['repeatUntil'], message: 'Say until when it repeats' });
      else if (daysBetween(r.startsOn, r.repeatUntil) < 1)
        ctx.addIssue({ code: 'custom', path: ['repeatUntil'], message: 'It repeats until a later date' });
      else if (daysBetween(r.startsOn, r.repeatUntil) > CARE_REPEAT_DAYS_MAX)
        ctx.addIssue({
          code: 'custom',
          path: ['repeatUntil'],
          message: `A request repeats for at most ${CARE_REPEAT_DAYS_MAX} days`,
        });
    }
    if (r.place === 'pickup' && r.pickupPlace === '')
      ctx.addIssue({ code: 'custom', path: ['pickupPlace'], message: 'Say where to pick it up' });
  });
export type CareRequestInput = z.input<typeof CareRequestSchema>;

/** A request's id in a path. */
export const CareRequestParamsSchema = z.object({ requestId: z.uuid('Unknown request') });
/** One date of a request, as a helper claims it: the plan, the request and the day (hers). */
export const CareSlotParamsSchema = z.object({
  planId: z.uuid('Unknown plan'),
  requestId: z.uuid('Unknown request'),
  day: day('Write the date as YYYY-MM-DD'),
});
export const CarePlanParamsSchema = z.object({ planId: z.uuid('Unknown plan') });
export const CareClaimParamsSchema = z.object({ claimId: z.uuid('Unknown claim') });

/** A helper's claim as the plan shows it: her community name, and whether the patient marked it done. */
const HelperSchema = z.object({ claimId: z.string(), name: z.string(), done: z.boolean() });

/** One date of a request: when (an instant, and her local day and times), how many places, who took them. */
export const CareSlotSchema = z.object({
  requestId: z.string(),
  day: z.string(),
  startsAt: z.string(),
  endsAt: z.string().nullable(),
  startTime: z.string(),
  endTime: z.string().nullable(),
  category: z.enum(CARE_CATEGORIES),
  title: z.string(),
  /** Her notes and the pickup place: for those who see the plan, never on the open-slots link. */
  notes: z.string(),
  place: z.enum(CARE_PLACES),
  pickupPlace: z.string(),
  helpersNeeded: z.number().int(),
  /** Paused by "no meals this week": nobody can claim it. */
  paused: z.boolean(),
  open: z.number().int(),
  /** Who claimed it: all of them for her; for a helper, only herself. */
  helpers: z.array(HelperSchema),
  /** The reader's own claim of this date, if she has one (what she can give back or, for the patient, mark done). */
  myClaim: z.object({ id: z.string(), canUnclaim: z.boolean(), done: z.boolean() }).nullable(),
});
export type CareSlot = z.infer<typeof CareSlotSchema>;

/** What a helper with a standing claim sees of her home; null to anyone else. */
export const CareHomeSchema = z.object({ address: z.string(), phone: z.string() });
/** What whoever brings a meal reads first. */
export const CareMealNeedsSchema = z.object({ dietaryNeeds: z.string(), allergies: z.string() });

/** One request as she keeps it. */
export const CareRequestViewSchema = z.object({
  id: z.string(),
  category: z.enum(CARE_CATEGORIES),
  title: z.string(),
  notes: z.string(),
  startsOn: z.string(),
  startTime: z.string(),
  endTime: z.string().nullable(),
  repeat: z.enum(CARE_REPEATS),
  repeatUntil: z.string().nullable(),
  helpersNeeded: z.number().int(),
  place: z.enum(CARE_PLACES),
  pickupPlace: z.string(),
});
export type CareRequestView = z.infer<typeof CareRequestViewSchema>;

/** The next days at a glance: how many places are taken and how many are open. */
export const CareGlanceSchema = z.object({ covered: z.number().int(), open: z.number().int() });

/** GET /api/my/care-plan: her plan as she keeps it (null before she starts one). */
export const MyCarePlanSchema = z.object({
  plan: z
    .object({
      id: z.string(),
      version: z.number().int(),
      timeZone: z.string(),
      audience: z.enum(CARE_PLAN_AUDIENCES),
      address: z.string(),
      phone: z.string(),
      dietaryNeeds: z.string(),
      allergies: z.string(),
      noMealsUntil: z.string().nullable(),
      unclaimCutoffHours: z.number().int(),
      /** The path of her invitation and open-slots link. */
      sharePath: z.string(),
      requests: z.array(CareRequestViewSchema),
      slots: z.array(CareSlotSchema),
      /** Dates of the last two weeks that have begun, with help she has not marked done yet. */
      toThank: z.array(CareSlotSchema),
      glance: CareGlanceSchema,
      /** Who she let in, and how. */
      circle: z.array(z.object({ userId: z.string(), name: z.string(), via: z.enum(['link', 'follower']) })),
      /** Followers of her fundraiser not in her circle yet: hers to let in. */
      followers: z.array(z.object({ userId: z.string(), name: z.string() })),
    })
    .nullable(),
});
export type MyCarePlan = z.infer<typeof MyCarePlanSchema>;

/** GET /api/care-plans/:planId: her plan as a helper reads it. */
export const HelperCarePlanSchema = z.object({
  id: z.string(),
  /** Her community name. */
  patientName: z.string(),
  /** The reader is the patient herself: she sees her plan as her helpers do, and keeps it on /care-plan. */
  yours: z.boolean(),
  timeZone: z.string(),
  /** Her address and phone while the reader has a claim that is not done; null otherwise. */
  home: CareHomeSchema.nullable(),
  /** Her dietary needs and allergies while the reader brings a meal; null otherwise. */
  mealNeeds: CareMealNeedsSchema.nullable(),
  /** The reader's own calendar feed of every date she claimed, on any plan (a secret URL: for her calendar app). */
  calendarFeedPath: z.string(),
  slots: z.array(CareSlotSchema),
});
export type HelperCarePlan = z.infer<typeof HelperCarePlanSchema>;

/** The open-slots link's token in a path. */
export const CareShareParamsSchema = z.object({ token: z.string().min(1).max(100) });

/** One open date as the open-slots link shows it: the kind of help and when, nothing about her or her home. */
export const OpenCareSlotSchema = z.object({
  day: z.string(),
  startTime: z.string(),
  endTime: z.string().nullable(),
  category: z.enum(CARE_CATEGORIES),
  open: z.number().int(),
});

/** GET /api/care-plans/open/:token: what is open in her plan, for anyone with her link. */
export const OpenCareSlotsSchema = z.object({
  patientName: z.string(),
  timeZone: z.string(),
  slots: z.array(OpenCareSlotSchema),
});
export type OpenCareSlots = z.infer<typeof OpenCareSlotsSchema>;

/** POST /api/care-plans/open/:token/join: the plan she can now read. */
export const JoinedCarePlanSchema = z.object({ planId: z.string() });

/** POST /api/my/care-plan/invitations: someone she asks for help, by email (her link goes to them; nothing is kept). */
export const CareInvitationSchema = z.strictObject({ email: EmailAddressSchema });
export type CareInvitationInput = z.input<typeof CareInvitationSchema>;

/** POST /api/my/care-plan/circle: a follower of her fundraiser she lets in. */
export const CareCircleAddSchema = z.strictObject({ userId: z.uuid('Unknown person') });
/** DELETE /api/my/care-plan/circle/:userId */
export const CareCircleParamsSchema = z.object({ userId: z.uuid('Unknown person') });

/** GET /api/care-calendar/:userId/:token: her personal calendar feed of the help she claimed. */
export const CareCalendarParamsSchema = z.object({
  userId: z.uuid('Unknown calendar'),
  token: z.string().min(1).max(100),
});
