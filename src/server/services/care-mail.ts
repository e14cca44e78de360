/**
 * A care plan's mail to helpers (decision 021): the claim's confirmation with its calendar entry (`ics`), the
 * reminders the day before and two hours before (jobs that build the mail when they run, so a claim given back or
 * marked done reminds nobody), and the patient's thank-you. Times are said in her time zone, by name.
 */
import { and, eq, gte, type SQL } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import { createEvent, createEvents, type EventAttributes } from 'ics';
import { DateTime } from 'luxon';
import { CARE_CATEGORY_LABELS, type CareCategory } from '#shared/care-plan.ts';
import { shownName } from '#shared/community-name.ts';
import type { Db, Tx } from '../db/client.ts';
import { carePlans, careClaims, careRequests, helpStillToGive, users } from '../db/schema/index.ts';
import { instantIn } from './care-recurrence.ts';
import { productNameIn } from './donor-mail.ts';
import { derivedToken } from './tokens.ts';
import type { MailMessage } from './mail.ts';

export type CareReminderWhen = 'day-before' | 'two-hours';
const REMINDER_BEFORE_MS: Record<CareReminderWhen, number> = {
  'day-before': 24 * 60 * 60 * 1000,
  'two-hours': 2 * 60 * 60 * 1000,
};
const HOUR_MS = 60 * 60 * 1000;

/** A claimed date as its mail tells it. */
export interface ClaimedCare {
  claimId: string;
  helper: { email: string; firstName: string };
  patientName: string;
  category: CareCategory;
  title: string;
  notes: string;
  day: string;
  startTime: string;
  endTime: string | null;
  timeZone: string;
  /** Where to go: her address (to a helper with a claim) or the pickup place. */
  where: string;
  /** Her address, also for a request at a pickup place (where the helper brings what she picked up). */
  home: string;
  /** What whoever brings a meal must know; null for other help. */
  mealNeeds: { dietaryNeeds: string; allergies: string } | null;
  planUrl: string;
}

const signature = (product: string) => `\n\nWith care,\nThe ${product} team\n`;

/** "Monday, March 8, 2027, 9:00 AM to 10:00 AM (Eastern Standard Time)" in her zone. */
export function whenWords(c: Pick<ClaimedCare, 'day' | 'startTime' | 'endTime' | 'timeZone'>): string {
  const start = DateTime.fromISO(`${c.day}T${c.startTime}`, { zone: c.timeZone }).setLocale('en-US');
  const end = c.endTime ? DateTime.fromISO(`${c.day}T${c.endTime}`, { zone: c.timeZone }).setLocale('en-US') : null;
  const time = (t: DateTime) => t.toLocaleString(DateTime.TIME_SIMPLE);
  return `${start.toLocaleString(DateTime.DATE_HUGE)}, ${time(start)}${end ? ` to ${time(end)}` : ''} (${start.offsetNameLong})`;
}

function calendarEvent(c: ClaimedCare): EventAttributes {
  const start = instantIn(c.day, c.startTime, c.timeZone).getTime();
  const end = c.endTime ? instantIn(c.day, c.endTime, c.timeZone).getTime() : start + HOUR_MS;
  return {
    uid: `care-claim-${c.claimId}@healing-circle`,
    productId: 'healing-circle/care',
    title: `${CARE_CATEGORY_LABELS[c.category]} for ${c.patientName}: ${c.title}`,
    description: [c.notes, c.planUrl].filter(Boolean).join('\n\n'),
    ...(c.where ? { location: c.where } : {}),
    start,
    startInputType: 'utc',
    startOutputType: 'utc',
    end,
    endInputType: 'utc',
    endOutputType: 'utc',
    url: c.planUrl,
  };
}

/** The date as a calendar entry (one VEVENT, times in UTC, its uid the claim's). */
export function careCalendarEntry(c: ClaimedCare): string {
  const { error, value } = createEvent(calendarEvent(c));
  if (error || !value) throw new Error(`calendar entry not made: ${error?.message ?? 'no value'}`);
  return value;
}

/** Her feed: every date she claimed and has not given back, one VEVENT each (an empty calendar when none). */
export function careCalendarFeed(claims: ClaimedCare[]): string {
  if (claims.length === 0) return 'BEGIN:VCALENDAR\r\nVERSION:2.0\r\nPRODID:healing-circle/care\r\nEND:VCALENDAR\r\n';
  const { error, value } = createEvents(claims.map(calendarEvent));
  if (error || !value) throw new Error(`calendar feed not made: ${error?.message ?? 'no value'}`);
  return value;
}

/** The token in her feed's URL: derived from her id under the server's secret, so nothing is stored. */
export const calendarFeedToken = (userId: string, secret: string) => derivedToken(`care-calendar:${userId}`, secret);
export const calendarFeedPath = (userId: string, secret: string) =>
  `/api/care-calendar/${userId}/${calendarFeedToken(userId, secret)}`;

/** Her standing claims from `today` on (not given back, not done, request not cancelled), as her feed shows them. */
export function claimsForFeed(db: Db | Tx, publicUrl: string, userId: string, today: string): Promise<ClaimedCare[]> {
  return claimedCareWhere(
    db,
    publicUrl,
    and(eq(careClaims.helperId, userId), helpStillToGive, gte(careClaims.day, today))!,
  );
}

/** "Dinner for two (meal)". */
const what = (c: ClaimedCare) => `${c.title} (${CARE_CATEGORY_LABELS[c.category].toLowerCase()})`;
const details = (c: ClaimedCare) =>
  [
    `When: ${whenWords(c)}`,
    c.where ? `Where: ${c.where}` : '',
    c.where !== c.home && c.home ? `Her home: ${c.home}` : '',
    c.notes ? `Her notes: ${c.notes}` : '',
    c.mealNeeds?.dietaryNeeds ? `Dietary needs: ${c.mealNeeds.dietaryNeeds}` : '',
    c.mealNeeds?.allergies ? `Allergies: ${c.mealNeeds.allergies}` : '',
  ]
    .filter(Boolean)
    .join('\n');

/** Sent to a helper she took out of her circle, for each date of theirs still to come. */
export function careReleasedMail(product: string, c: ClaimedCare): MailMessage {
  return {
    to: c.helper.email,
    subject: `Covered: ${c.title} for ${c.patientName}`,
    text: `Hello ${c.helper.firstName},\n\n${c.patientName} has made other plans for ${what(c)}, ${whenWords(c)}, so there is nothing to come for. Thank you for offering.${signature(product)}`,
  };
}

/** Sent when she claims a date: what, when, where, and the entry for her calendar. */
export function careClaimedMail(product: string, c: ClaimedCare): MailMessage {
  return {
    to: c.helper.email,
    subject: `You are helping ${c.patientName}: ${c.title}`,
    text: `Hello ${c.helper.firstName},\n\nThank you for helping ${c.patientName}: ${what(c)}.\n\n${details(c)}\n\nThe calendar entry is attached. We will remind you the day before and two hours before. If you cannot come, give it back on the plan before her cutoff, or tell her:\n\n${c.planUrl}${signature(product)}`,
    attachments: [{ filename: 'care.ics', contentType: 'text/calendar; charset=utf-8', content: careCalendarEntry(c) }],
  };
}

export function careReminderMail(product: string, c: ClaimedCare, when: CareReminderWhen): MailMessage {
  const soon = when === 'day-before' ? 'tomorrow' : 'in two hours';
  return {
    to: c.helper.email,
    subject: `Reminder: ${c.title} for ${c.patientName}, ${soon}`,
    text: `Hello ${c.helper.firstName},\n\nA reminder that you are helping ${c.patientName} ${soon}: ${what(c)}.\n\n${details(c)}\n\nThe plan:\n\n${c.planUrl}${signature(product)}`,
  };
}

export function careThanksMail(product: string, c: ClaimedCare): MailMessage {
  return {
    to: c.helper.email,
    subject: `${c.patientName} thanks you`,
    text: `Hello ${c.helper.firstName},\n\n${c.patientName} marked your help done: ${what(c)}, ${whenWords(c)}. Thank you for being there.${signature(product)}`,
  };
}

/** Sent when she cancels a request a helper had a date of: nothing to come for. */
export function careCancelledMail(product: string, c: ClaimedCare): MailMessage {
  return {
    to: c.helper.email,
    subject: `No longer needed: ${c.title} for ${c.patientName}`,
    text: `Hello ${c.helper.firstName},\n\n${c.patientName} no longer needs ${what(c)}, ${whenWords(c)}, so there is nothing to come for. Thank you for offering; other dates may still be open:\n\n${c.planUrl}${signature(product)}`,
  };
}

/** Her link, mailed at her asking to someone she would like help from. */
export function careInvitationMail(product: string, to: string, patientName: string, link: string): MailMessage {
  return {
    to,
    subject: `${patientName} asks for your help after her surgery`,
    text: `Hello,\n\n${patientName} is recovering from surgery and asked us to send you her care plan: the rides, meals and visits she needs help with in the weeks after it.\n\n${link}\n\nThe link shows the dates still open. To take one, sign in (or create an account) and join her circle; her address goes only to whoever takes a date.\n\nIf you do not know ${patientName}, you can ignore this mail: nothing happens unless you open the link.${signature(product)}`,
  };
}

/** The instants to remind her at, those still ahead of `now`. */
export function reminderTimes(day: string, startTime: string, timeZone: string, now: Date) {
  const start = instantIn(day, startTime, timeZone).getTime();
  return (Object.entries(REMINDER_BEFORE_MS) as [CareReminderWhen, number][])
    .map(([when, before]) => ({ when, at: new Date(start - before) }))
    .filter((r) => r.at > now);
}

/** The claims this condition picks, with all their mail says, in one query (helper and patient joined). */
async function claimedCareWhere(db: Db | Tx, publicUrl: string, where: SQL): Promise<ClaimedCare[]> {
  const helper = alias(users, 'helper');
  const rows = await db
    .select({ claim: careClaims, request: careRequests, plan: carePlans, helper, patient: users })
    .from(careClaims)
    .innerJoin(careRequests, eq(careRequests.id, careClaims.requestId))
    .innerJoin(carePlans, eq(carePlans.id, careRequests.planId))
    .innerJoin(helper, eq(helper.id, careClaims.helperId))
    .innerJoin(users, eq(users.id, carePlans.patientId))
    .where(where);
  return rows.map((row) => ({
    claimId: row.claim.id,
    helper: { email: row.helper.email, firstName: row.helper.firstName },
    patientName: shownName(row.patient),
    category: row.request.category,
    title: row.request.title,
    notes: row.request.notes,
    day: row.claim.day,
    startTime: row.request.startTime,
    endTime: row.request.endTime,
    timeZone: row.plan.timeZone,
    where: row.request.place === 'pickup' ? row.request.pickupPlace : row.plan.address,
    home: row.plan.address,
    mealNeeds:
      row.request.category === 'meal' ? { dietaryNeeds: row.plan.dietaryNeeds, allergies: row.plan.allergies } : null,
    planUrl: `${publicUrl}/care/${row.plan.id}`,
  }));
}

/** The claims of a request that still stand, from `fromDay` on, with all their mail says. */
export const standingClaimsOfRequest = (db: Db | Tx, publicUrl: string, requestId: string, fromDay: string) =>
  claimedCareWhere(
    db,
    publicUrl,
    and(eq(careClaims.requestId, requestId), helpStillToGive, gte(careClaims.day, fromDay))!,
  );

/** The claims a helper holds on her plan that still stand, from `fromDay` on, with all their mail says. */
export const standingClaimsOfHelper = (
  db: Db | Tx,
  publicUrl: string,
  planId: string,
  helperId: string,
  fromDay: string,
) =>
  claimedCareWhere(
    db,
    publicUrl,
    and(eq(carePlans.id, planId), eq(careClaims.helperId, helperId), helpStillToGive, gte(careClaims.day, fromDay))!,
  );

/** A claim with all its mail says, or undefined; `standingOnly`: only a claim that still stands. */
export async function claimedCare(
  db: Db | Tx,
  publicUrl: string,
  claimId: string,
  standingOnly: boolean,
): Promise<ClaimedCare | undefined> {
  const [care] = await claimedCareWhere(
    db,
    publicUrl,
    standingOnly ? and(eq(careClaims.id, claimId), helpStillToGive)! : eq(careClaims.id, claimId),
  );
  return care;
}

/** A reminder's mail when its job runs: none for a claim given back, done or cancelled meanwhile. */
export async function buildCareReminder(
  deps: { db: Db; publicUrl: string },
  claimId: string,
  when: CareReminderWhen,
): Promise<MailMessage | null> {
  const care = await claimedCare(deps.db, deps.publicUrl, claimId, true);
  return care ? careReminderMail(await productNameIn(deps.db), care, when) : null;
}
