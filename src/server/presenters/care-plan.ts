/**
 * A care plan as each reader may see it (decision 021): the patient sees every helper and her home as she wrote it;
 * a helper sees the open places, her own claims, and the patient's home only while her help is not done; the
 * open-slots link shows what is open and nothing about her.
 */
import { CARE_GLANCE_DAYS, CARE_THANKS_DAYS, mayGiveBack, mealsPaused } from '#shared/care-plan.ts';
import { shownName } from '#shared/community-name.ts';
import type { CareSlot, HelperCarePlan, MyCarePlan } from '#shared/schemas/care-plan.ts';
import type { CareClaimWithHelper, CarePlanRow, CareRequestRow, CirclePerson } from '../db/queries/care-plans.ts';
import { addDays, dayIn, occurrencesOf, shownDays, type Occurrence } from '../services/care-recurrence.ts';

const HOUR_MS = 60 * 60 * 1000;

interface SlotsInput {
  plan: CarePlanRow;
  requests: CareRequestRow[];
  claims: CareClaimWithHelper[];
  now: Date;
  /** The reader: the patient sees every helper; anyone else only her own claim. */
  readerId: string | null;
}

/** One date of a request as this reader sees it: its places, who took them, and her own claim. */
function slotOf({ plan, claims, now, readerId }: SlotsInput, request: CareRequestRow, o: Occurrence): CareSlot {
  const taken = claims.filter((c) => c.requestId === request.id && c.day === o.day);
  const mine = taken.find((c) => c.helperId === readerId);
  const shown = readerId === plan.patientId ? taken : mine ? [mine] : [];
  const deadline = new Date(o.startsAt.getTime() - plan.unclaimCutoffHours * HOUR_MS);
  return {
    requestId: request.id,
    day: o.day,
    startsAt: o.startsAt.toISOString(),
    endsAt: o.endsAt?.toISOString() ?? null,
    startTime: request.startTime,
    endTime: request.endTime,
    category: request.category,
    title: request.title,
    notes: request.notes,
    place: request.place,
    pickupPlace: request.pickupPlace,
    helpersNeeded: request.helpersNeeded,
    paused: mealsPaused(plan.noMealsUntil, request.category, o.day),
    open: Math.max(0, request.helpersNeeded - taken.length),
    helpers: shown.map((c) => ({ claimId: c.id, name: shownName(c.helper), done: c.doneAt !== null })),
    myClaim: mine
      ? {
          id: mine.id,
          canUnclaim: mine.doneAt === null && o.startsAt > now && mayGiveBack(now, mine.claimedAt, deadline),
          done: mine.doneAt !== null,
        }
      : null,
  };
}

const soonestFirst = (a: CareSlot, b: CareSlot) =>
  a.startsAt.localeCompare(b.startsAt) || a.title.localeCompare(b.title);

/** Every date of her requests in the shown days that has not begun, soonest first, as this reader sees it. */
export function careSlots(input: SlotsInput): CareSlot[] {
  const { fromDay, toDay } = shownDays(input.plan.timeZone, input.now);
  return input.requests
    .flatMap((request) =>
      occurrencesOf(request, input.plan.timeZone, fromDay, toDay)
        .filter((o) => o.startsAt > input.now)
        .map((o) => slotOf(input, request, o)),
    )
    .sort(soonestFirst);
}

/** Her dates of the last CARE_THANKS_DAYS days that have begun and have help she has not marked done: hers to thank. */
function slotsToThank(input: SlotsInput): CareSlot[] {
  const today = dayIn(input.now, input.plan.timeZone);
  return input.requests
    .flatMap((request) =>
      occurrencesOf(request, input.plan.timeZone, addDays(today, -CARE_THANKS_DAYS), today)
        .filter((o) => o.startsAt <= input.now)
        .map((o) => slotOf(input, request, o)),
    )
    .filter((slot) => slot.helpers.some((h) => !h.done))
    .sort(soonestFirst);
}

/** How many places are taken and open in the next CARE_GLANCE_DAYS days (paused meals count as neither). */
function glanceOf(plan: CarePlanRow, slots: CareSlot[], now: Date) {
  const until = addDays(dayIn(now, plan.timeZone), CARE_GLANCE_DAYS - 1);
  const week = slots.filter((s) => s.day <= until && !s.paused);
  return {
    covered: week.reduce((sum, s) => sum + (s.helpersNeeded - s.open), 0),
    open: week.reduce((sum, s) => sum + s.open, 0),
  };
}

/** Her plan as she keeps it. */
export function presentMyCarePlan(
  plan: CarePlanRow | undefined,
  requests: CareRequestRow[],
  claims: CareClaimWithHelper[],
  people: { circle: (CirclePerson & { via: 'link' | 'follower' })[]; followers: CirclePerson[] },
  now: Date,
): MyCarePlan {
  if (!plan) return { plan: null };
  const input = { plan, requests, claims, now, readerId: plan.patientId };
  const slots = careSlots(input);
  return {
    plan: {
      id: plan.id,
      version: plan.version,
      timeZone: plan.timeZone,
      audience: plan.audience,
      address: plan.address,
      phone: plan.phone,
      dietaryNeeds: plan.dietaryNeeds,
      allergies: plan.allergies,
      noMealsUntil: plan.noMealsUntil,
      unclaimCutoffHours: plan.unclaimCutoffHours,
      sharePath: `/care/open/${plan.shareToken}`,
      requests: requests.map((r) => ({
        id: r.id,
        category: r.category,
        title: r.title,
        notes: r.notes,
        startsOn: r.startsOn,
        startTime: r.startTime,
        endTime: r.endTime,
        repeat: r.repeat,
        repeatUntil: r.repeatUntil,
        helpersNeeded: r.helpersNeeded,
        place: r.place,
        pickupPlace: r.pickupPlace,
      })),
      slots,
      toThank: slotsToThank(input),
      glance: glanceOf(plan, slots, now),
      circle: people.circle.map((p) => ({ userId: p.userId, name: shownName(p), via: p.via })),
      followers: people.followers
        .filter((f) => !people.circle.some((p) => p.userId === f.userId))
        .map((f) => ({ userId: f.userId, name: shownName(f) })),
    },
  };
}

/** Her plan as a helper reads it; `sees` is the policy's answer for this reader. */
export function presentHelperCarePlan(
  plan: CarePlanRow,
  patient: { firstName: string; lastName: string; communityName: string | null },
  requests: CareRequestRow[],
  claims: CareClaimWithHelper[],
  readerId: string,
  sees: { home: boolean; mealNeeds: boolean },
  calendarFeedPath: string,
  now: Date,
): HelperCarePlan {
  return {
    id: plan.id,
    patientName: shownName(patient),
    yours: readerId === plan.patientId,
    timeZone: plan.timeZone,
    home: sees.home ? { address: plan.address, phone: plan.phone } : null,
    mealNeeds: sees.mealNeeds ? { dietaryNeeds: plan.dietaryNeeds, allergies: plan.allergies } : null,
    slots: careSlots({ plan, requests, claims, now, readerId }),
    calendarFeedPath,
  };
}
