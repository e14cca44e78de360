/**
 * A care plan's rules (issue 39, decision 021): who sees it, who sees her address, claims that never exceed what she
 * asked, the cutoff for giving one back, her time zone across a daylight-saving change, and every refusal.
 */
import { beforeEach, describe, expect, it } from 'vitest';
import { signUp, signUpSettled } from '../../../../tests/setup/accounts.ts';
import { injectFrom, setupTestApp } from '../../../../tests/setup/test-app.ts';
import { fakeClock } from '../../services/clock.ts';
import { and, eq, like } from 'drizzle-orm';
import { campaignFollowers, outbox, rateLimits, users } from '../../db/schema/index.ts';
import { newCampaign } from '../../../../tests/factories/spending.ts';
import { CARE_SETTINGS as SETTINGS } from '../../../../tests/factories/care-plans.ts';
import type { CarePlanSettingsInput } from '#shared/schemas/care-plan.ts';

// Thursday 4 March 2027, 12:00 in New York (17:00 UTC): ten days before the clocks go forward there.
const clock = fakeClock(new Date('2027-03-04T17:00:00Z'));
const t = setupTestApp({ clock });
const HOUR = 60 * 60 * 1000;
// Every test signs several people up from one address.
beforeEach(async () => {
  await t.database.db.delete(rateLimits);
});

const RIDE = {
  category: 'ride',
  title: 'Ride to the clinic',
  notes: 'Side entrance',
  startsOn: '2027-03-08',
  startTime: '09:00',
  repeat: 'weekly',
  repeatUntil: '2027-03-22',
  helpersNeeded: 1,
};
const MEAL = { category: 'meal', title: 'Dinner', startsOn: '2027-03-05', startTime: '18:00', helpersNeeded: 2 };

type Plan = { id: string; version: number; sharePath: string; requests: { id: string; category: string }[] };

const send = (method: 'GET' | 'PUT' | 'POST' | 'DELETE', url: string, cookie: string, body?: unknown) =>
  injectFrom(t.app, { method, url, ...(body === undefined ? {} : { body }), headers: cookie ? { cookie } : {} });

/** A patient with a plan holding a weekly ride and a dinner. */
async function patientWithPlan(settings: Partial<CarePlanSettingsInput> = {}) {
  const patient = await signUp(t.app, { role: 'patient', firstName: 'Hana', lastName: 'Okafor' });
  expect((await send('PUT', '/api/my/care-plan', patient.cookie, { ...SETTINGS, ...settings })).statusCode).toBe(200);
  await send('POST', '/api/my/care-plan/requests', patient.cookie, RIDE);
  const plan: Plan = (await send('POST', '/api/my/care-plan/requests', patient.cookie, MEAL)).json().plan;
  const ride = plan.requests.find((r) => r.category === 'ride')!.id;
  const meal = plan.requests.find((r) => r.category === 'meal')!.id;
  return { patient, plan, ride, meal, token: plan.sharePath.split('/').pop()! };
}

/** A member who joined her circle through her link. */
async function helperIn(token: string, role = 'donor') {
  const helper = await signUpSettled(t.app, t.database.db, { role });
  expect((await send('POST', `/api/care-plans/open/${token}/join`, helper.cookie)).statusCode).toBe(200);
  return helper;
}

const claim = (planId: string, requestId: string, day: string, cookie: string) =>
  send('POST', `/api/care-plans/${planId}/requests/${requestId}/days/${day}/claim`, cookie);

describe('her plan', () => {
  it('lists each date on her clock in her zone: the weekly 9:00 ride keeps 9:00 across the daylight-saving change', async () => {
    const { patient } = await patientWithPlan();
    const { plan } = (await send('GET', '/api/my/care-plan', patient.cookie)).json();
    expect(plan.timeZone).toBe('America/New_York');
    const rides = plan.slots.filter((s: { category: string }) => s.category === 'ride');
    expect(
      rides.map((s: { day: string; startTime: string; startsAt: string }) => [s.day, s.startTime, s.startsAt]),
    ).toEqual([
      ['2027-03-08', '09:00', '2027-03-08T14:00:00.000Z'],
      ['2027-03-15', '09:00', '2027-03-15T13:00:00.000Z'],
      ['2027-03-22', '09:00', '2027-03-22T13:00:00.000Z'],
    ]);
    // The next seven days: the dinner's two places and the first ride, all open.
    expect(plan.glance).toEqual({ covered: 0, open: 3 });
  });

  it('refuses a change made on a version she no longer has, and settings that make no sense, naming the field', async () => {
    const { patient, plan } = await patientWithPlan();
    const stale = await send('PUT', '/api/my/care-plan', patient.cookie, {
      ...SETTINGS,
      expectedVersion: plan.version + 1,
    });
    expect(stale.statusCode).toBe(409);
    expect(stale.json().currentVersion).toBe(plan.version);
    const zone = await send('PUT', '/api/my/care-plan', patient.cookie, { ...SETTINGS, timeZone: 'Mars/Olympus' });
    expect(zone.json().fieldErrors).toEqual({ timeZone: 'Choose your time zone from the list' });
    const window = await send('POST', '/api/my/care-plan/requests', patient.cookie, { ...MEAL, endTime: '17:00' });
    expect(window.json().fieldErrors).toEqual({ endTime: 'The window ends after it starts' });
    const endless = await send('POST', '/api/my/care-plan/requests', patient.cookie, { ...RIDE, repeatUntil: null });
    expect(endless.json().fieldErrors).toEqual({ repeatUntil: 'Say until when it repeats' });
    const past = await send('POST', '/api/my/care-plan/requests', patient.cookie, { ...MEAL, startsOn: '2027-03-03' });
    expect(past.json().fieldErrors).toEqual({ startsOn: 'Choose a day from today on' });
    // Noon in New York: 09:00 today has passed, and a date that has begun is never listed.
    const gone = await send('POST', '/api/my/care-plan/requests', patient.cookie, {
      ...MEAL,
      startsOn: '2027-03-04',
      startTime: '09:00',
    });
    expect(gone.json().fieldErrors).toEqual({
      startTime: 'That time has passed today: choose a later time or another day',
    });
    const far = await send('POST', '/api/my/care-plan/requests', patient.cookie, { ...MEAL, startsOn: '9999-12-31' });
    expect(far.json().fieldErrors).toEqual({ startsOn: 'Choose a day within the coming year' });
    expect((await send('GET', '/api/my/care-plan', patient.cookie)).json().plan.requests).toHaveLength(2);
  });

  it('is kept by patients only, and a request of her own is needed to cancel one', async () => {
    const donor = await signUp(t.app, { role: 'donor' });
    expect((await send('GET', '/api/my/care-plan', donor.cookie)).statusCode).toBe(403);
    expect((await send('GET', '/api/my/care-plan', '')).statusCode).toBe(401);
    const { ride } = await patientWithPlan();
    const other = await patientWithPlan();
    expect((await send('DELETE', `/api/my/care-plan/requests/${ride}`, other.patient.cookie)).statusCode).toBe(404);
  });
});

describe('who sees it', () => {
  it('shows a circle plan only to her and the people who joined by her link; a stranger gets 404, a visitor 401', async () => {
    const { plan, token } = await patientWithPlan();
    const stranger = await signUp(t.app, { role: 'donor' });
    expect((await send('GET', `/api/care-plans/${plan.id}`, stranger.cookie)).statusCode).toBe(404);
    expect((await send('GET', `/api/care-plans/${plan.id}`, '')).statusCode).toBe(401);
    const helper = await helperIn(token);
    const read = await send('GET', `/api/care-plans/${plan.id}`, helper.cookie);
    expect(read.statusCode).toBe(200);
    expect(read.headers['cache-control']).toBe('no-store');
    expect(read.json()).toMatchObject({ patientName: 'Hana O.', home: null, mealNeeds: null });
  });

  it('lets in a follower of her fundraiser she approves, and nobody else that way; she can take anyone out', async () => {
    const { patient, plan } = await patientWithPlan();
    const campaignId = await newCampaign(t.database.db, patient.user.id);
    const follower = await signUp(t.app, { role: 'donor', firstName: 'Fern', lastName: 'Follower' });
    await t.database.db.insert(campaignFollowers).values({ campaignId, userId: follower.user.id });
    const stranger = await signUp(t.app, { role: 'donor' });

    const mine = (await send('GET', '/api/my/care-plan', patient.cookie)).json().plan;
    expect(mine.followers).toEqual([{ userId: follower.user.id, name: 'Fern F.' }]);
    const refused = await send('POST', '/api/my/care-plan/circle', patient.cookie, { userId: stranger.user.id });
    expect(refused.statusCode).toBe(404);
    const approved = await send('POST', '/api/my/care-plan/circle', patient.cookie, { userId: follower.user.id });
    expect(approved.json().plan).toMatchObject({
      circle: [{ userId: follower.user.id, name: 'Fern F.', via: 'follower' }],
      followers: [],
    });
    expect((await send('GET', `/api/care-plans/${plan.id}`, follower.cookie)).statusCode).toBe(200);
    expect((await send('GET', `/api/care-plans/${plan.id}`, stranger.cookie)).statusCode).toBe(404);
    const [told] = (await send('GET', '/api/notifications', follower.cookie)).json().items;
    expect(told).toMatchObject({ title: 'Hana O. let you into her care circle', link: `/care/${plan.id}` });

    expect((await send('DELETE', `/api/my/care-plan/circle/${follower.user.id}`, patient.cookie)).statusCode).toBe(200);
    expect((await send('GET', `/api/care-plans/${plan.id}`, follower.cookie)).statusCode).toBe(404);
  });

  it('mails her link to whom she invites, once her email is confirmed, one mail a day per address and 20 a day in all', async () => {
    const { patient, token } = await patientWithPlan();
    const invite = (email: unknown) => send('POST', '/api/my/care-plan/invitations', patient.cookie, { email });
    const unconfirmed = await invite('fern@example.org');
    expect(unconfirmed.statusCode).toBe(403);
    expect(unconfirmed.json().message).toBe('Confirm your email address before you invite anyone');
    await t.database.db.update(users).set({ emailVerifiedAt: new Date() }).where(eq(users.id, patient.user.id));

    const sent = await invite(' Fern@Example.org ');
    expect(sent.json()).toEqual({ message: 'Your link is on its way to fern@example.org.' });
    const [mail] = await t.database.db.select().from(outbox).where(eq(outbox.to, 'fern@example.org'));
    expect(mail!.subject).toBe('Hana O. asks for your help after her surgery');
    expect(mail!.text).toContain(`/care/open/${token}`);
    expect(mail!.text).not.toContain('Linden Street');
    await invite('fern@example.org');
    expect(await t.database.db.select().from(outbox).where(eq(outbox.to, 'fern@example.org'))).toHaveLength(1);
    expect((await invite('not an address')).json().fieldErrors).toEqual({
      email: 'Please enter a valid email address',
    });

    for (let i = 3; i <= 20; i += 1) expect((await invite(`friend${i}@example.org`)).statusCode).toBe(200);
    const over = await invite('one-more@example.org');
    expect(over.statusCode).toBe(429);
    expect(over.headers['retry-after']).toBeDefined();
  });

  it('shows a members plan to any signed-in member', async () => {
    const { plan } = await patientWithPlan({ audience: 'members' });
    const member = await signUp(t.app, { role: 'doctor' });
    expect((await send('GET', `/api/care-plans/${plan.id}`, member.cookie)).statusCode).toBe(200);
  });

  it('shows anyone with her link only what is open: no address, phone, notes, titles or helpers; a replaced link is 404', async () => {
    const { plan, meal, token } = await patientWithPlan();
    const helper = await helperIn(token);
    await claim(plan.id, meal, '2027-03-05', helper.cookie);
    const open = await t.app.inject(`/api/care-plans/open/${token}`);
    expect(open.statusCode).toBe(200);
    expect(open.headers['x-robots-tag']).toBe('noindex');
    expect(open.json().patientName).toBe('Hana O.');
    expect(open.json().slots[0]).toEqual({
      day: '2027-03-05',
      startTime: '18:00',
      endTime: null,
      category: 'meal',
      open: 1,
    });
    expect(open.body).not.toMatch(/Linden|555|Side entrance|Dinner|Ride to the clinic|Peanuts/);
    expect((await t.app.inject('/api/care-plans/open/not-her-link')).statusCode).toBe(404);
  });

  it('stops working once she replaces it, for reading and for joining; whoever joined before stays', async () => {
    const { patient, plan, token } = await patientWithPlan();
    const early = await helperIn(token);
    const replaced = await send('POST', '/api/my/care-plan/link', patient.cookie);
    const fresh = replaced.json().plan.sharePath.split('/').pop();
    expect(fresh).not.toBe(token);
    expect((await t.app.inject(`/api/care-plans/open/${token}`)).statusCode).toBe(404);
    const late = await signUp(t.app, { role: 'donor' });
    expect((await send('POST', `/api/care-plans/open/${token}/join`, late.cookie)).statusCode).toBe(404);
    expect((await t.app.inject(`/api/care-plans/open/${fresh}`)).statusCode).toBe(200);
    expect((await send('GET', `/api/care-plans/${plan.id}`, early.cookie)).statusCode).toBe(200);
  });
});

describe('her address', () => {
  it('is shown to a helper once she claims a date and until the patient marks it done; dietary needs only with a meal', async () => {
    const { patient, plan, ride, meal, token } = await patientWithPlan();
    const rider = await helperIn(token);
    const rideClaim = await claim(plan.id, ride, '2027-03-08', rider.cookie);
    expect(rideClaim.statusCode).toBe(201);
    expect(rideClaim.json()).toMatchObject({
      home: { address: '12 Linden Street, Brooklyn', phone: '+1 555 0100' },
      mealNeeds: null,
    });
    const cook = await helperIn(token);
    const mealClaim = await claim(plan.id, meal, '2027-03-05', cook.cookie);
    expect(mealClaim.json().mealNeeds).toEqual({ dietaryNeeds: 'Vegetarian', allergies: 'Peanuts' });
    const dinnerOf = async () =>
      (await send('GET', '/api/my/care-plan', patient.cookie)).json().plan as {
        slots: { requestId: string; helpers: { claimId: string }[] }[];
        toThank: { requestId: string; helpers: { claimId: string; name: string; done: boolean }[] }[];
      };
    const before = await dinnerOf();
    const dinnerClaim = before.slots.find((s) => s.requestId === meal)!.helpers[0]!.claimId;
    expect(before.toThank).toEqual([]);
    // Before the dinner, "done" would thank her, and hide the address from her, before she comes.
    const early = await send('POST', `/api/my/care-plan/claims/${dinnerClaim}/done`, patient.cookie);
    expect(early.statusCode).toBe(409);
    expect(early.json().message).toBe('You can mark it done once the date has come');

    clock.advance(32 * HOUR); // 20:00 on the 5th in New York: the dinner at 18:00 has happened, the ride is on the 8th.
    try {
      expect((await send('GET', `/api/care-plans/${plan.id}`, cook.cookie)).json().home).not.toBeNull();
      const after = await dinnerOf();
      expect(after.toThank).toEqual([
        expect.objectContaining({ requestId: meal, helpers: [expect.objectContaining({ done: false })] }),
      ]);
      const done = await send('POST', `/api/my/care-plan/claims/${dinnerClaim}/done`, patient.cookie);
      expect(done.json().plan.toThank).toEqual([]);
      expect((await send('GET', `/api/care-plans/${plan.id}`, cook.cookie)).json()).toMatchObject({
        home: null,
        mealNeeds: null,
      });
      expect((await send('GET', `/api/care-plans/${plan.id}`, rider.cookie)).json().home).not.toBeNull();
    } finally {
      clock.advance(-32 * HOUR);
    }
  });

  it('is not shown to a helper who gave her claim back', async () => {
    const { plan, ride, token } = await patientWithPlan();
    const helper = await helperIn(token);
    const claimed = (await claim(plan.id, ride, '2027-03-15', helper.cookie)).json();
    const slot = claimed.slots.find((s: { day: string; myClaim: unknown }) => s.day === '2027-03-15' && s.myClaim);
    expect((await send('DELETE', `/api/care-claims/${slot.myClaim.id}`, helper.cookie)).statusCode).toBe(204);
    expect((await send('GET', `/api/care-plans/${plan.id}`, helper.cookie)).json().home).toBeNull();
  });
});

describe('claims', () => {
  it('never exceed what she asked: two helpers taking the last place at once get one claim and one clear refusal', async () => {
    const { patient, plan, ride, token } = await patientWithPlan();
    const [first, second] = [await helperIn(token), await helperIn(token)];
    const answers = await Promise.all([first, second].map((h) => claim(plan.id, ride, '2027-03-08', h.cookie)));
    expect(answers.map((a) => a.statusCode).sort()).toEqual([201, 409]);
    expect(answers.find((a) => a.statusCode === 409)!.json().message).toBe(
      'Someone took the last place a moment ago; choose another date',
    );
    const mine = (await send('GET', '/api/my/care-plan', patient.cookie)).json().plan;
    const slot = mine.slots.find(
      (s: { requestId: string; day: string }) => s.requestId === ride && s.day === '2027-03-08',
    );
    expect(slot).toMatchObject({ open: 0, helpers: [expect.objectContaining({ done: false })] });
  });

  it('refuses an unconfirmed email, her own plan, a day the request does not have or not open yet, a second claim, and a date that has begun', async () => {
    const { patient, plan, ride, meal, token } = await patientWithPlan();
    const unconfirmed = await signUp(t.app, { role: 'donor' });
    await send('POST', `/api/care-plans/open/${token}/join`, unconfirmed.cookie);
    const refused = await claim(plan.id, meal, '2027-03-05', unconfirmed.cookie);
    expect(refused.statusCode).toBe(403);
    expect(refused.json().message).toBe(
      'Confirm your email address before you take a date: her address goes to whoever does',
    );
    await t.database.db.update(users).set({ emailVerifiedAt: new Date() }).where(eq(users.id, patient.user.id));
    expect((await claim(plan.id, ride, '2027-03-08', patient.cookie)).statusCode).toBe(409);
    const helper = await helperIn(token);
    expect((await claim(plan.id, ride, '2027-03-09', helper.cookie)).statusCode).toBe(404);
    // A daily request's date beyond the four weeks the pages list: nobody could see it or give it back.
    await send('POST', '/api/my/care-plan/requests', patient.cookie, {
      ...MEAL,
      title: 'Walk the dog',
      category: 'pet-care',
      repeat: 'daily',
      repeatUntil: '2027-05-30',
    });
    const walks = (await send('GET', '/api/my/care-plan', patient.cookie)).json().plan.requests;
    const walk = walks.find((r: { category: string }) => r.category === 'pet-care').id;
    const unlisted = await claim(plan.id, walk, '2027-04-01', helper.cookie);
    expect(unlisted.statusCode).toBe(409);
    expect(unlisted.json().message).toBe('This date is not open yet: dates open four weeks ahead');
    expect((await claim(plan.id, meal, '2027-03-05', helper.cookie)).statusCode).toBe(201);
    const again = await claim(plan.id, meal, '2027-03-05', helper.cookie);
    expect(again.statusCode).toBe(409);
    expect(again.json().message).toBe('You already help with this');
    expect((await claim(plan.id, ride, 'not-a-day', helper.cookie)).statusCode).toBe(400);
    const late = await helperIn(token);
    clock.advance(31 * HOUR); // 00:00 UTC on the 6th: the dinner at 18:00 on the 5th in New York has begun.
    const begun = await claim(plan.id, meal, '2027-03-05', late.cookie);
    clock.advance(-31 * HOUR);
    expect(begun.statusCode).toBe(409);
    expect(begun.json().message).toBe('This date has begun; it can no longer be claimed');
    const other = await patientWithPlan();
    expect((await claim(other.plan.id, ride, '2027-03-08', helper.cookie)).statusCode).toBe(404);
  });

  it('pauses meals while she asks for none that week, and only meals', async () => {
    const { patient, plan, ride, meal, token } = await patientWithPlan();
    const version = (await send('GET', '/api/my/care-plan', patient.cookie)).json().plan.version;
    await send('PUT', '/api/my/care-plan', patient.cookie, {
      ...SETTINGS,
      noMealsUntil: '2027-03-11',
      expectedVersion: version,
    });
    const helper = await helperIn(token);
    const paused = await claim(plan.id, meal, '2027-03-05', helper.cookie);
    expect(paused.statusCode).toBe(409);
    expect(paused.json().message).toBe('She has asked for no meals that week');
    expect((await claim(plan.id, ride, '2027-03-08', helper.cookie)).statusCode).toBe(201);
  });

  it('can be given back until her cutoff before the date, and not after; she is told on her bell', async () => {
    const { patient, plan, meal, token } = await patientWithPlan({ unclaimCutoffHours: 4 });
    const helper = await helperIn(token);
    // Dinner at 18:00 on Friday 5 March in New York is 23:00 UTC; the cutoff is four hours before.
    const claimed = (await claim(plan.id, meal, '2027-03-05', helper.cookie)).json();
    const mine = claimed.slots.find((s: { myClaim: unknown }) => s.myClaim).myClaim;
    expect(mine.canUnclaim).toBe(true);
    clock.advance(26 * HOUR); // 19:00 UTC on the 5th: the cutoff has passed.
    const late = await send('DELETE', `/api/care-claims/${mine.id}`, helper.cookie);
    clock.advance(-26 * HOUR);
    expect(late.statusCode).toBe(409);
    expect(late.json().message).toBe('It is less than 4 hours before; tell her yourself that you cannot come');
    expect((await send('DELETE', `/api/care-claims/${mine.id}`, helper.cookie)).statusCode).toBe(204);
    const [told] = (await send('GET', '/api/notifications', patient.cookie)).json().items;
    expect(told).toMatchObject({ title: expect.stringMatching(/ gave back Dinner$/), link: '/care-plan' });
    const stranger = await signUp(t.app, { role: 'donor' });
    expect((await send('DELETE', `/api/care-claims/${mine.id}`, stranger.cookie)).statusCode).toBe(404);
  });

  it('can be given back within 15 minutes of a mistaken tap, even past the cutoff, but not once the date has begun', async () => {
    const { plan, meal, token } = await patientWithPlan({ unclaimCutoffHours: 4 });
    const helper = await helperIn(token);
    clock.advance(26 * HOUR); // 19:00 UTC on the 5th: past the cutoff for the 23:00 dinner.
    try {
      const claimed = (await claim(plan.id, meal, '2027-03-05', helper.cookie)).json();
      const mine = claimed.slots.find((s: { myClaim: unknown }) => s.myClaim).myClaim;
      expect(mine.canUnclaim).toBe(true);
      clock.advance(10 * 60 * 1000);
      expect((await send('DELETE', `/api/care-claims/${mine.id}`, helper.cookie)).statusCode).toBe(204);
      const again = (await claim(plan.id, meal, '2027-03-05', helper.cookie)).json();
      const second = again.slots.find((s: { myClaim: unknown }) => s.myClaim).myClaim;
      clock.advance(16 * 60 * 1000);
      const late = await send('DELETE', `/api/care-claims/${second.id}`, helper.cookie);
      expect(late.statusCode).toBe(409);
      expect(late.json().message).toBe('It is less than 4 hours before; tell her yourself that you cannot come');
    } finally {
      clock.advance(-26 * HOUR - 26 * 60 * 1000);
    }
  });
});

describe('someone she takes out of her circle', () => {
  it('loses the dates they took: no address on the plan, in their feed or in a reminder, and they are told', async () => {
    const { patient, plan, ride, token } = await patientWithPlan();
    const helper = await helperIn(token);
    const claimed = (await claim(plan.id, ride, '2027-03-15', helper.cookie)).json();
    expect((await t.app.inject(claimed.calendarFeedPath)).body).toContain('LOCATION:12 Linden Street');
    const removed = await send('DELETE', `/api/my/care-plan/circle/${helper.user.id}`, patient.cookie);
    expect(removed.statusCode).toBe(200);
    const ride15 = removed.json().plan.slots.find((s: { day: string }) => s.day === '2027-03-15');
    expect(ride15).toMatchObject({ open: 1, helpers: [] });
    expect((await t.app.inject(claimed.calendarFeedPath)).body).not.toContain('Linden');
    await t.app.jobs.drain(['mail'], { everything: true });
    const mails = await t.database.db.select().from(outbox).where(eq(outbox.to, helper.user.email));
    const subjects = mails.map((m) => m.subject);
    expect(subjects).toContain('Covered: Ride to the clinic for Hana O.');
    expect(subjects.filter((s) => s.startsWith('Reminder:'))).toEqual([]);
  });
});

describe('her helpers’ mail', () => {
  const mailTo = (to: string, subject: string) =>
    t.database.db
      .select()
      .from(outbox)
      .where(and(eq(outbox.to, to), like(outbox.subject, subject)));

  it('confirms a claim with the calendar entry, in her time zone, and reminds the day before and two hours before', async () => {
    const { plan, ride, token } = await patientWithPlan();
    const helper = await helperIn(token);
    await claim(plan.id, ride, '2027-03-15', helper.cookie);
    const [claimed] = await mailTo(helper.user.email, 'You are helping Hana O.%');
    expect(claimed!.text).toContain('When: Monday, March 15, 2027, 9:00 AM (Eastern Daylight Time)');
    expect(claimed!.text).toContain('Where: 12 Linden Street, Brooklyn');
    const [entry] = claimed!.attachments!;
    expect(entry).toMatchObject({ filename: 'care.ics', contentType: 'text/calendar; charset=utf-8' });
    expect(entry!.content).toContain('DTSTART:20270315T130000Z');
    expect(entry!.content).toContain('LOCATION:12 Linden Street\\, Brooklyn');

    expect(await mailTo(helper.user.email, 'Reminder:%')).toEqual([]);
    await t.app.jobs.drain(['mail'], { everything: true });
    const reminders = (await mailTo(helper.user.email, 'Reminder:%')).map((m) => m.subject).sort();
    expect(reminders).toEqual([
      'Reminder: Ride to the clinic for Hana O., in two hours',
      'Reminder: Ride to the clinic for Hana O., tomorrow',
    ]);
  });

  it('gives each helper a calendar feed of the dates she claimed and has not given back, at a secret address', async () => {
    const { plan, ride, meal, token } = await patientWithPlan();
    const helper = await helperIn(token);
    await claim(plan.id, meal, '2027-03-05', helper.cookie);
    const claimed = (await claim(plan.id, ride, '2027-03-08', helper.cookie)).json();
    const back = claimed.slots.find((s: { day: string; myClaim: unknown }) => s.day === '2027-03-08' && s.myClaim);
    await send('DELETE', `/api/care-claims/${back.myClaim.id}`, helper.cookie);

    const feed = await t.app.inject(claimed.calendarFeedPath);
    expect(feed.statusCode).toBe(200);
    expect(feed.headers['content-type']).toBe('text/calendar; charset=utf-8');
    expect(feed.body.match(/BEGIN:VEVENT/g)).toHaveLength(1);
    expect(feed.body).toContain('DTSTART:20270305T230000Z');
    expect(feed.body).not.toContain('Ride to the clinic');
    const [, , , userId] = claimed.calendarFeedPath.split('/');
    expect((await t.app.inject(`/api/care-calendar/${userId}/guessed-token`)).statusCode).toBe(404);
  });

  it('reminds nobody of a claim given back, and thanks a helper whose help she marked done', async () => {
    const { patient, plan, ride, meal, token } = await patientWithPlan();
    const helper = await helperIn(token);
    const given = (await claim(plan.id, ride, '2027-03-22', helper.cookie)).json();
    const back = given.slots.find((s: { day: string; myClaim: unknown }) => s.day === '2027-03-22' && s.myClaim);
    await send('DELETE', `/api/care-claims/${back.myClaim.id}`, helper.cookie);
    await claim(plan.id, meal, '2027-03-05', helper.cookie);
    const mine = (await send('GET', '/api/my/care-plan', patient.cookie)).json().plan;
    const dinner = mine.slots.find((s: { requestId: string }) => s.requestId === meal);
    clock.advance(32 * HOUR); // after the dinner on the 5th
    await send('POST', `/api/my/care-plan/claims/${dinner.helpers[0].claimId}/done`, patient.cookie);
    clock.advance(-32 * HOUR);
    await t.app.jobs.drain(['mail'], { everything: true });
    const subjects = (await mailTo(helper.user.email, '%')).map((m) => m.subject);
    expect(subjects).toContain('Hana O. thanks you');
    expect(subjects.filter((s) => s.startsWith('Reminder:'))).toEqual([]);
  });

  it('tells each helper with a date to come when she cancels the request, and reminds nobody of it', async () => {
    const { patient, plan, ride, token } = await patientWithPlan();
    const helper = await helperIn(token);
    await claim(plan.id, ride, '2027-03-15', helper.cookie);
    expect((await send('DELETE', `/api/my/care-plan/requests/${ride}`, patient.cookie)).statusCode).toBe(200);
    await t.app.jobs.drain(['mail'], { everything: true });
    const [told] = await mailTo(helper.user.email, 'No longer needed:%');
    expect(told!.subject).toBe('No longer needed: Ride to the clinic for Hana O.');
    expect(told!.text).toContain('Monday, March 15, 2027, 9:00 AM (Eastern Daylight Time)');
    expect(await mailTo(helper.user.email, 'Reminder:%')).toEqual([]);
    const read = (await send('GET', `/api/care-plans/${plan.id}`, helper.cookie)).json();
    expect(read.home).toBeNull();
  });
});
