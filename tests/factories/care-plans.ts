/**
 * A patient's care plan (issue 39, decision 021), started and filled through the API as she would keep it: her
 * settings, then each request. Dates are days from today in her zone, so the plan shows them whatever the date.
 */
import type { FastifyInstance } from 'fastify';
import type { CarePlanSettingsInput, CareRequestInput, MyCarePlan } from '../../src/shared/schemas/care-plan.ts';
import type { Db } from '../../src/server/db/client.ts';
import { sessionCookie, STRONG_PASSWORD } from '../setup/accounts.ts';
import { SITE_ORIGIN } from '../setup/test-app.ts';
import { buildUser } from './users.ts';

/** Her settings: an address, phone, dietary needs and allergies the open-slots link must never show. */
export const CARE_SETTINGS = {
  timeZone: 'America/New_York',
  audience: 'circle',
  address: '12 Linden Street, Brooklyn',
  phone: '+1 555 0100',
  dietaryNeeds: 'Vegetarian',
  allergies: 'Peanuts',
  unclaimCutoffHours: 24,
} satisfies CarePlanSettingsInput;

/** The calendar day `days` after today in `timeZone` ("2027-03-05"). */
export function dayFromToday(timeZone: string, days: number, now = new Date()): string {
  const today = new Intl.DateTimeFormat('en-CA', { timeZone }).format(now);
  const at = new Date(`${today}T00:00:00Z`);
  at.setUTCDate(at.getUTCDate() + days);
  return at.toISOString().slice(0, 10);
}

/** A weekly ride from tomorrow for two weeks, a dinner for two the day after, an errand in a window after that. */
export function carePlanRequests(timeZone: string = CARE_SETTINGS.timeZone): CareRequestInput[] {
  const day = (n: number) => dayFromToday(timeZone, n);
  return [
    {
      category: 'ride',
      title: 'Ride to the clinic',
      notes: 'Side entrance, ring twice',
      startsOn: day(1),
      startTime: '09:00',
      repeat: 'weekly',
      repeatUntil: day(15),
      helpersNeeded: 1,
    },
    {
      category: 'meal',
      title: 'Dinner',
      notes: 'Soup is best',
      startsOn: day(2),
      startTime: '18:00',
      helpersNeeded: 2,
    },
    {
      category: 'errand',
      title: 'Pharmacy pickup',
      startsOn: day(3),
      startTime: '10:00',
      endTime: '12:00',
      helpersNeeded: 1,
      place: 'pickup',
      pickupPlace: 'Main Street Pharmacy',
    },
  ];
}

type Plan = NonNullable<MyCarePlan['plan']>;

/**
 * Starts the plan of the patient signed in with `cookie` and adds `requests`; returns the plan as she reads it, with
 * the token of her open-slots link. `origin` is the site's (the API refuses a write from another).
 */
export async function buildCarePlan(
  app: FastifyInstance,
  cookie: string,
  options: { origin?: string; settings?: Partial<CarePlanSettingsInput>; requests?: CareRequestInput[] } = {},
): Promise<Plan & { token: string }> {
  const send = async (method: 'PUT' | 'POST', url: string, body: unknown) => {
    const res = await app.inject({
      method,
      url,
      payload: JSON.stringify(body),
      headers: { cookie, 'content-type': 'application/json', origin: options.origin ?? SITE_ORIGIN },
    });
    if (res.statusCode >= 300) throw new Error(`${method} ${url}: ${res.statusCode} ${res.body}`);
    return (res.json() as MyCarePlan).plan!;
  };
  const settings = { ...CARE_SETTINGS, ...options.settings };
  let plan = await send('PUT', '/api/my/care-plan', settings);
  for (const request of options.requests ?? carePlanRequests(settings.timeZone))
    plan = await send('POST', '/api/my/care-plan/requests', request);
  return { ...plan, token: plan.sharePath.split('/').pop()! };
}

/** A patient inserted directly (her community name `name`), signed in through the API: her cookie and row. */
export async function signedInPatient(app: FastifyInstance, db: Db, name: string, origin = SITE_ORIGIN) {
  const patient = await buildUser(db, {
    firstName: name,
    lastName: 'Okafor',
    communityName: name,
    emailVerifiedAt: new Date(),
    onboardingCompletedAt: new Date(),
  });
  const res = await app.inject({
    method: 'POST',
    url: '/api/auth/login',
    payload: JSON.stringify({ email: patient.email, password: STRONG_PASSWORD }),
    headers: { 'content-type': 'application/json', origin },
  });
  return { patient, cookie: sessionCookie(res) };
}
