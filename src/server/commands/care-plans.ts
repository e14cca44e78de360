/**
 * A care plan's writes (decision 021): she starts and keeps it and her requests; helpers claim a date, and give it
 * back before her cutoff; she marks it done. A claim counts the places under the request's row lock, so two
 * helpers taking the last place at once (on any instance) get one claim and one refusal.
 */
import { and, eq, inArray, isNull, sql } from 'drizzle-orm';
import type { z } from 'zod';
import { mayGiveBack, mealsPaused } from '#shared/care-plan.ts';
import { shownName } from '#shared/community-name.ts';
import { AppError } from '#shared/errors.ts';
import type { CarePlanSettingsSchema, CareRequestSchema } from '#shared/schemas/care-plan.ts';
import type { Viewer } from '../policies/viewer.ts';
import { authorizeConfirmedEmail, carePlanFactsFor, carePlanPolicy } from '../policies/care-plans.ts';
import {
  careClaimById,
  carePlanById,
  followersOfPatient,
  carePlanOfPatient,
  type CareClaimRow,
  type CarePlanRow,
  type CareRequestRow,
} from '../db/queries/care-plans.ts';
import { carePlanCircle, carePlans, careClaims, careRequests } from '../db/schema/index.ts';
import { randomToken } from '../services/tokens.ts';
import { notify } from '../services/notifications.ts';
import { findUserById } from '../db/queries/users.ts';
import {
  careCancelledMail,
  careClaimedMail,
  careInvitationMail,
  careReleasedMail,
  careThanksMail,
  claimedCare,
  reminderTimes,
  standingClaimsOfHelper,
  standingClaimsOfRequest,
} from '../services/care-mail.ts';
import { addDays, dayIn, instantIn, occurrenceOn, shownDays } from '../services/care-recurrence.ts';
import { assertReadVersion } from './read-version.ts';
import type { CommandContext } from './run.ts';

type Settings = z.output<typeof CarePlanSettingsSchema>;
type Request = z.output<typeof CareRequestSchema>;

const HOUR_MS = 60 * 60 * 1000;

/** Starts her plan (the first save) or changes its settings, bound to the version she read. */
export async function saveCarePlan(
  { tx, now }: CommandContext,
  patientId: string,
  { expectedVersion, ...settings }: Settings,
): Promise<CarePlanRow> {
  const [existing] = await tx.select().from(carePlans).where(eq(carePlans.patientId, patientId)).for('update');
  if (!existing) {
    const [created] = await tx
      .insert(carePlans)
      .values({ patientId, ...settings, shareToken: randomToken(), createdAt: now, updatedAt: now })
      .onConflictDoNothing({ target: carePlans.patientId })
      .returning();
    if (!created) throw AppError.stale('You started your plan in another window; read it again', 1);
    return created;
  }
  if (expectedVersion === undefined)
    throw new AppError('VALIDATION', 'Name the version of your plan you read', 'expectedVersion');
  assertReadVersion(existing.version, expectedVersion, {
    message: 'Your care plan changed since you opened it (in another window?): check your changes and save again',
  });
  const [saved] = await tx
    .update(carePlans)
    .set({ ...settings, version: sql`${carePlans.version} + 1`, updatedAt: now })
    .where(eq(carePlans.id, existing.id))
    .returning();
  return saved!;
}

/** Her plan, or the refusal that she has none yet. */
async function ownPlan(ctx: CommandContext, patientId: string): Promise<CarePlanRow> {
  const plan = await carePlanOfPatient(ctx.tx, patientId);
  if (!plan) throw new AppError('NOT_FOUND', 'Start your care plan first');
  return plan;
}

/** How far ahead a request may start: a year. */
const REQUEST_DAYS_AHEAD_MAX = 366;

/** Adds a request to her plan; its first date is today or later on her calendar, and within a year. */
export async function addCareRequest(ctx: CommandContext, patientId: string, input: Request): Promise<CareRequestRow> {
  const plan = await ownPlan(ctx, patientId);
  const today = dayIn(ctx.now, plan.timeZone);
  if (input.startsOn < today) throw new AppError('VALIDATION', 'Choose a day from today on', 'startsOn');
  if (input.startsOn > addDays(today, REQUEST_DAYS_AHEAD_MAX))
    throw new AppError('VALIDATION', 'Choose a day within the coming year', 'startsOn');
  // Its first date would never show: a date that has begun is not listed.
  if (instantIn(input.startsOn, input.startTime, plan.timeZone) <= ctx.now)
    throw new AppError('VALIDATION', 'That time has passed today: choose a later time or another day', 'startTime');
  const [row] = await ctx.tx
    .insert(careRequests)
    .values({ planId: plan.id, ...input, createdAt: ctx.now })
    .returning();
  return row!;
}

/**
 * Cancels one of her requests: its dates leave the plan, claims on them stop counting (their reminders find nothing
 * to send), and each helper with a date still to come is told.
 */
export async function cancelCareRequest(
  ctx: CommandContext,
  publicUrl: string,
  patientId: string,
  requestId: string,
): Promise<void> {
  const plan = await ownPlan(ctx, patientId);
  const told = await standingClaimsOfRequest(ctx.tx, publicUrl, requestId, dayIn(ctx.now, plan.timeZone));
  const cancelled = await ctx.tx
    .update(careRequests)
    .set({ cancelledAt: ctx.now })
    .where(and(eq(careRequests.id, requestId), eq(careRequests.planId, plan.id), isNull(careRequests.cancelledAt)))
    .returning({ id: careRequests.id });
  if (cancelled.length === 0) throw new AppError('NOT_FOUND', 'No such request');
  for (const care of told)
    ctx.afterCommit.mail({ kind: 'care-cancelled', key: `care-cancelled:${care.claimId}` }, (product) =>
      careCancelledMail(product, care),
    );
}

/**
 * A helper claims one date of a request. Refused: an unconfirmed email, a plan she may not see (404), her own plan,
 * a date the request does not have, that has begun or that the pages do not list yet, a paused meal, a second claim
 * of hers, and a date whose places are all taken.
 */
export async function claimCareSlot(
  ctx: CommandContext,
  publicUrl: string,
  helper: NonNullable<Viewer> & { emailVerifiedAt: Date | null },
  slot: { planId: string; requestId: string; day: string },
): Promise<CareClaimRow> {
  const { tx, now } = ctx;
  authorizeConfirmedEmail(helper, 'claim');
  // The request's row lock: every claim of its dates waits here for the one before it, on any instance.
  const [request] = await tx
    .select()
    .from(careRequests)
    .where(and(eq(careRequests.id, slot.requestId), eq(careRequests.planId, slot.planId)))
    .for('update');
  const plan = request && (await carePlanById(tx, slot.planId));
  if (!request || !plan) throw new AppError('NOT_FOUND', 'No such care plan');
  carePlanPolicy.authorize(helper, 'claim', await carePlanFactsFor(tx, plan, helper, dayIn(now, plan.timeZone)));
  const occurrence = request.cancelledAt === null ? occurrenceOn(request, plan.timeZone, slot.day) : undefined;
  if (!occurrence) throw new AppError('NOT_FOUND', 'This request does not happen on that day');
  if (occurrence.startsAt <= now) throw new AppError('CONFLICT', 'This date has begun; it can no longer be claimed');
  if (slot.day > shownDays(plan.timeZone, now).toDay)
    throw new AppError('CONFLICT', 'This date is not open yet: dates open four weeks ahead');
  if (mealsPaused(plan.noMealsUntil, request.category, slot.day))
    throw new AppError('CONFLICT', 'She has asked for no meals that week');
  const standing = and(
    eq(careClaims.requestId, request.id),
    eq(careClaims.day, slot.day),
    isNull(careClaims.unclaimedAt),
  );
  const claims = await tx.select({ helperId: careClaims.helperId }).from(careClaims).where(standing);
  if (claims.some((c) => c.helperId === helper.id)) throw new AppError('CONFLICT', 'You already help with this');
  if (claims.length >= request.helpersNeeded)
    throw new AppError('CONFLICT', 'Someone took the last place a moment ago; choose another date');
  const [claim] = await tx
    .insert(careClaims)
    .values({ requestId: request.id, day: slot.day, helperId: helper.id, claimedAt: now })
    .returning();
  const care = (await claimedCare(tx, publicUrl, claim!.id, true))!;
  ctx.afterCommit.mail({ kind: 'care-claimed', key: `care-claimed:${claim!.id}` }, (product) =>
    careClaimedMail(product, care),
  );
  for (const { when, at } of reminderTimes(slot.day, request.startTime, plan.timeZone, now))
    ctx.afterCommit.remindCareHelper(claim!.id, when, at);
  return claim!;
}

/** The instant her cutoff for giving a claim back passes. */
export const unclaimDeadline = (plan: CarePlanRow, request: CareRequestRow, day: string): Date =>
  new Date(instantIn(day, request.startTime, plan.timeZone).getTime() - plan.unclaimCutoffHours * HOUR_MS);

/**
 * A helper gives her claim back, until her cutoff before the date (or within minutes of a mistaken tap); then she
 * tells the patient herself.
 */
export async function unclaimCareSlot(ctx: CommandContext, helperId: string, claimId: string): Promise<void> {
  const found = await careClaimById(ctx.tx, claimId);
  if (!found || found.claim.helperId !== helperId || found.claim.unclaimedAt !== null)
    throw new AppError('NOT_FOUND', 'No such claim');
  if (found.claim.doneAt !== null) throw new AppError('CONFLICT', 'This help is done; thank you');
  const startsAt = instantIn(found.claim.day, found.request.startTime, found.plan.timeZone);
  if (startsAt <= ctx.now)
    throw new AppError('CONFLICT', 'This date has begun; tell her yourself if you could not come');
  if (!mayGiveBack(ctx.now, found.claim.claimedAt, unclaimDeadline(found.plan, found.request, found.claim.day)))
    throw new AppError(
      'CONFLICT',
      `It is less than ${found.plan.unclaimCutoffHours} hours before; tell her yourself that you cannot come`,
    );
  // Only while it still stands: her marking it done at the same moment wins or loses whole, on the row's lock.
  const given = await ctx.tx
    .update(careClaims)
    .set({ unclaimedAt: ctx.now })
    .where(and(eq(careClaims.id, claimId), isNull(careClaims.unclaimedAt), isNull(careClaims.doneAt)))
    .returning({ id: careClaims.id });
  if (given.length === 0) throw new AppError('CONFLICT', 'This help was marked done or given back meanwhile');
  // She learns of it on her bell (not by mail: the date shows open again on her plan).
  const helper = await findUserById(ctx.tx, helperId);
  await notify(ctx.tx, [
    {
      userId: found.plan.patientId,
      type: 'care_plan',
      title: `${shownName(helper!)} gave back ${found.request.title}`,
      body: `${found.claim.day}: the place is open again on your plan.`,
      link: '/care-plan',
      eventKey: `care-given-back:${claimId}`,
    },
  ]);
}

/** She marks a helper's claim done: the helper is thanked by mail, and no longer sees her address for it. */
export async function markCareClaimDone(
  ctx: CommandContext,
  publicUrl: string,
  patientId: string,
  claimId: string,
): Promise<CareClaimRow> {
  const found = await careClaimById(ctx.tx, claimId);
  if (!found || found.plan.patientId !== patientId || found.claim.unclaimedAt !== null)
    throw new AppError('NOT_FOUND', 'No such claim');
  if (found.claim.doneAt !== null) return found.claim;
  // Done is said after the help: before it, the helper would be thanked, and lose her address, before coming.
  if (instantIn(found.claim.day, found.request.startTime, found.plan.timeZone) > ctx.now)
    throw new AppError('CONFLICT', 'You can mark it done once the date has come');
  const [done] = await ctx.tx
    .update(careClaims)
    .set({ doneAt: ctx.now })
    .where(and(eq(careClaims.id, claimId), isNull(careClaims.unclaimedAt), isNull(careClaims.doneAt)))
    .returning();
  if (!done) throw new AppError('CONFLICT', 'This help was given back or marked done meanwhile');
  const care = (await claimedCare(ctx.tx, publicUrl, claimId, false))!;
  ctx.afterCommit.mail({ kind: 'care-thanks', key: `care-thanks:${claimId}` }, (product) =>
    careThanksMail(product, care),
  );
  return done!;
}

/** A signed-in member with her link joins her circle (her own plan needs no joining). */
export async function joinCareCircle(ctx: CommandContext, memberId: string, plan: CarePlanRow): Promise<void> {
  if (plan.patientId === memberId) return;
  await ctx.tx
    .insert(carePlanCircle)
    .values({ planId: plan.id, userId: memberId, via: 'link', addedAt: ctx.now })
    .onConflictDoNothing();
}

/** She replaces her link, to shut out whoever has the old one from joining or reading what is open. */
export async function replaceCareLink(ctx: CommandContext, patientId: string): Promise<void> {
  const plan = await ownPlan(ctx, patientId);
  await ctx.tx
    .update(carePlans)
    .set({ shareToken: randomToken(), updatedAt: ctx.now })
    .where(eq(carePlans.id, plan.id));
}

/**
 * She mails her link to someone she asks for help, in her name (the route counts the account's daily limit first).
 * The address is not kept.
 */
export async function inviteToCarePlan(
  ctx: CommandContext,
  publicUrl: string,
  patient: {
    id: string;
    emailVerifiedAt: Date | null;
    firstName: string;
    lastName: string;
    communityName: string | null;
  },
  email: string,
): Promise<void> {
  authorizeConfirmedEmail(patient, 'invite');
  const plan = await ownPlan(ctx, patient.id);
  const link = `${publicUrl}/care/open/${plan.shareToken}`;
  // The same address asked twice in a day gets one mail.
  const day = dayIn(ctx.now, plan.timeZone);
  ctx.afterCommit.mail({ kind: 'care-invitation', key: `care-invitation:${plan.id}:${email}:${day}` }, (product) =>
    careInvitationMail(product, email, shownName(patient), link),
  );
}

/** She lets a follower of her fundraiser into her circle (anyone else: 404, as a stranger's id); they are told. */
export async function approveCareFollower(ctx: CommandContext, patientId: string, userId: string): Promise<void> {
  const plan = await ownPlan(ctx, patientId);
  const followers = await followersOfPatient(ctx.tx, patientId);
  if (!followers.some((f) => f.userId === userId))
    throw new AppError('NOT_FOUND', 'Only a follower of your fundraiser can be let in this way');
  const added = await ctx.tx
    .insert(carePlanCircle)
    .values({ planId: plan.id, userId, via: 'follower', addedAt: ctx.now })
    .onConflictDoNothing()
    .returning({ userId: carePlanCircle.userId });
  if (added.length === 0) return;
  const patient = await findUserById(ctx.tx, patientId);
  const name = shownName(patient!);
  const notices = await notify(ctx.tx, [
    {
      userId,
      type: 'care_plan',
      title: `${name} let you into her care circle`,
      body: 'See the dates she asked help for after her surgery, and choose one.',
      link: `/care/${plan.id}`,
      eventKey: `care-circle:${plan.id}:${ctx.now.getTime()}`,
      important: true,
    },
  ]);
  ctx.afterCommit.mailNotifications(notices);
}

/**
 * She takes someone out of her circle: the dates they took from today on are given back (so neither the plan, nor
 * their calendar feed, nor a reminder gives them her address any more), and they are told those dates are covered.
 */
export async function removeFromCareCircle(
  ctx: CommandContext,
  publicUrl: string,
  patientId: string,
  userId: string,
): Promise<void> {
  const plan = await ownPlan(ctx, patientId);
  const removed = await ctx.tx
    .delete(carePlanCircle)
    .where(and(eq(carePlanCircle.planId, plan.id), eq(carePlanCircle.userId, userId)))
    .returning({ userId: carePlanCircle.userId });
  if (removed.length === 0) throw new AppError('NOT_FOUND', 'They are not in your circle');
  const released = await standingClaimsOfHelper(ctx.tx, publicUrl, plan.id, userId, dayIn(ctx.now, plan.timeZone));
  if (released.length === 0) return;
  await ctx.tx
    .update(careClaims)
    .set({ unclaimedAt: ctx.now })
    .where(
      inArray(
        careClaims.id,
        released.map((c) => c.claimId),
      ),
    );
  for (const care of released)
    ctx.afterCommit.mail({ kind: 'care-cancelled', key: `care-released:${care.claimId}` }, (product) =>
      careReleasedMail(product, care),
    );
}
