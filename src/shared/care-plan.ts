/**
 * A patient's care plan for the weeks after surgery (issue 39, decision 021): the kinds of help she asks for, how a
 * request repeats, who may see the plan, and the limits. Without zod: the plan's pages read these words too.
 */

export const CARE_CATEGORIES = ['ride', 'meal', 'pet-care', 'child-care', 'errand', 'visit', 'other'] as const;
export type CareCategory = (typeof CARE_CATEGORIES)[number];

export const CARE_CATEGORY_LABELS: Record<CareCategory, string> = {
  ride: 'Ride',
  meal: 'Meal',
  'pet-care': 'Pet care',
  'child-care': 'Child care',
  errand: 'Errand',
  visit: 'Visit',
  other: 'Other help',
};

/** A request happens once, or every day or every week until a date. */
export const CARE_REPEATS = ['once', 'daily', 'weekly'] as const;
export type CareRepeat = (typeof CARE_REPEATS)[number];

export const CARE_REPEAT_LABELS: Record<CareRepeat, string> = {
  once: 'Once',
  daily: 'Every day',
  weekly: 'Every week',
};

/**
 * Who may see her plan besides herself: 'circle', the people she let in (by her invitation link, or followers of
 * her fundraiser she approved); 'members', any signed-in member. Never a signed-out visitor: the open-slots link
 * shows only what is open, without her address, phone, notes or helpers.
 */
export const CARE_PLAN_AUDIENCES = ['circle', 'members'] as const;
export type CarePlanAudience = (typeof CARE_PLAN_AUDIENCES)[number];

export const CARE_PLAN_AUDIENCE_WORDS: Record<CarePlanAudience, { label: string; hint: string }> = {
  circle: {
    label: 'Only people I let in',
    hint: 'People who open your invitation link and sign in, and followers of your fundraiser you approve.',
  },
  members: {
    label: 'Any signed-in member',
    hint: 'Every member of the community can see your plan and offer help. Signed-out visitors never can.',
  },
};

/** Where the helper goes: to her home (the address shown to whoever claimed it) or a pickup place she names. */
export const CARE_PLACES = ['home', 'pickup'] as const;
export type CarePlace = (typeof CARE_PLACES)[number];

export const CARE_HELPERS_MAX = 10;
/** A repeating request ends within this many days of its first date. */
export const CARE_REPEAT_DAYS_MAX = 90;
/** How far ahead the plan's pages list dates. */
export const CARE_PLAN_DAYS_SHOWN = 28;
/** How many days back her plan lists dates that have passed with help she has not marked done yet. */
export const CARE_THANKS_DAYS = 14;
/** "At a glance": what is covered and what is open in the next week. */
export const CARE_GLANCE_DAYS = 7;
/** Until how many hours before a slot a helper may give it back (her choice; this is the default). */
export const CARE_UNCLAIM_CUTOFF_HOURS = 24;
export const CARE_UNCLAIM_CUTOFF_HOURS_MAX = 168;
/** A date taken by mistake can be given back within this many minutes of taking it, cutoff or not. */
export const CARE_UNCLAIM_GRACE_MINUTES = 15;

/** Whether a helper may still give back a claim taken at `claimedAt` on a date whose cutoff passes at `deadline`. */
export const mayGiveBack = (now: Date, claimedAt: Date, deadline: Date): boolean =>
  now < deadline || now.getTime() - claimedAt.getTime() < CARE_UNCLAIM_GRACE_MINUTES * 60 * 1000;

/** Whether a request's date is paused by her "no meals this week": a meal before the day she set. */
export const mealsPaused = (noMealsUntil: string | null, category: CareCategory, day: string): boolean =>
  category === 'meal' && noMealsUntil !== null && day < noMealsUntil;
