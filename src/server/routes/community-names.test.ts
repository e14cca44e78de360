/**
 * Community names (issue 38, decision 019): she chooses the name others see, and every surface that shows her to
 * someone else (stories, words of support, her fundraiser, a doctor's lists, a donor's receipt) shows that name and
 * never her legal one; she and admins still see her legal name.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { setupTestApp, SITE_ORIGIN } from '../../../tests/setup/test-app.ts';
import { getWith, signUp } from '../../../tests/setup/accounts.ts';
import { signInAdmin } from '../../../tests/factories/users.ts';
import { buildDonation } from '../../../tests/factories/donations.ts';
import { buildLiveFundraiser } from '../../../tests/factories/public-fundraisers.ts';
import { signedInDoctor } from '../../../tests/factories/medical-reviews.ts';
import { stories, storyComments, users } from '../db/schema/index.ts';
import { buildReceipt } from '../services/donor-mail.ts';

const t = setupTestApp();
const db = () => t.database.db;
const CHOSEN = 'Quiet Lotus';
const LEGAL = ['Marisol', 'Vantongeren'];

let slug = '';
let storyId = '';
let campaignId = '';

beforeAll(async () => {
  const manager = (await signInAdmin(t.app, db(), 'manager')).cookie;
  const live = await buildLiveFundraiser(t.app, db(), manager, { title: 'Excision surgery in Tucson' });
  ({ slug, campaignId } = live);
  await db()
    .update(users)
    .set({ firstName: LEGAL[0], lastName: LEGAL[1], communityName: CHOSEN })
    .where(eq(users.id, live.owner.id));
  const now = new Date();
  const [story] = await db()
    .insert(stories)
    .values({
      authorId: live.owner.id,
      title: 'Nine years to a diagnosis',
      body: 'It took nine years and five doctors before anyone said the word endometriosis to me.',
      status: 'approved',
      audience: 'public',
      publishConsent: true,
      wantsProfessionalInput: true,
      publishedTitle: 'Nine years to a diagnosis',
      publishedBody: 'It took nine years and five doctors before anyone said the word endometriosis to me.',
      publishedAt: now,
    })
    .returning();
  storyId = story!.id;
  await db().insert(storyComments).values({ storyId, authorId: live.owner.id, body: 'Thank you all for reading.' });
});

const saveProfile = (cookie: string, body: unknown) =>
  t.app.inject({
    method: 'PATCH',
    url: '/api/user/profile',
    payload: JSON.stringify(body),
    headers: { 'content-type': 'application/json', origin: SITE_ORIGIN, cookie },
  });

const showsOnlyHerChosenName = (text: string) => {
  expect(text).toContain(CHOSEN);
  for (const name of LEGAL) expect(text).not.toContain(name);
};

describe('what others see of her', () => {
  it('is her community name on stories, words of support and her fundraiser', async () => {
    for (const url of [
      '/api/stories',
      `/api/stories/${storyId}`,
      `/api/stories/${storyId}/support`,
      '/api/fundraisers',
      `/api/fundraisers/${slug}`,
    ]) {
      const res = await t.app.inject(url);
      expect(res.statusCode, url).toBe(200);
      showsOnlyHerChosenName(res.body);
    }
  });

  it("is her community name in a doctor's lists and a donor's receipt", async () => {
    const doctor = await signedInDoctor(t);
    showsOnlyHerChosenName((await getWith(t.app, '/api/doctor/dashboard', doctor.cookie)).body);

    const gift = await buildDonation(db(), { campaignId, donorEmail: 'giver@example.org', donorName: 'Giver' });
    const receipt = await buildReceipt({ db: db(), publicUrl: t.app.config.publicUrl }, gift.id);
    showsOnlyHerChosenName(`${receipt!.subject}\n${receipt!.text}`);
  });
});

describe('choosing her community name', () => {
  it('shows the default, her first name and last initial, until she chooses one, and again when she clears it', async () => {
    const member = await signUp(t.app, { role: 'patient', firstName: 'Rosa', lastName: 'Diaz' });
    const me = async () => (await getWith(t.app, '/api/auth/user', member.cookie)).json();
    expect(await me()).toMatchObject({ communityName: null, shownName: 'Rosa D.' });

    const names = { firstName: 'Rosa', lastName: 'Diaz' };
    const chosen = await saveProfile(member.cookie, { ...names, communityName: '  Night   Owl ' });
    expect(chosen.statusCode, chosen.body).toBe(200);
    expect(await me()).toMatchObject({ communityName: 'Night Owl', shownName: 'Night Owl', lastName: 'Diaz' });

    // Leaving it out of a save keeps it; an empty one goes back to the default.
    expect((await saveProfile(member.cookie, names)).statusCode).toBe(200);
    expect(await me()).toMatchObject({ shownName: 'Night Owl' });
    expect((await saveProfile(member.cookie, { ...names, communityName: '' })).statusCode).toBe(200);
    expect(await me()).toMatchObject({ communityName: null, shownName: 'Rosa D.' });
  });

  it('refuses a name that reads as an address or a link, or is too long, and changes nothing', async () => {
    const member = await signUp(t.app, { role: 'patient', firstName: 'Lena', lastName: 'Marsh' });
    for (const communityName of ['lena@example.org', 'https://spam.example', 'x'.repeat(41), '...', 42]) {
      const res = await saveProfile(member.cookie, { firstName: 'Lena', lastName: 'Marsh', communityName });
      expect(res.statusCode, String(communityName)).toBe(400);
      expect(res.json().fieldErrors).toHaveProperty('communityName');
    }
    expect((await getWith(t.app, '/api/auth/user', member.cookie)).json()).toMatchObject({ communityName: null });
  });
});
