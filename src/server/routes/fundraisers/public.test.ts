/** Patients' fundraisers as the public reads them (issue 18): the list, one fundraiser, its figures and its images. */
import { beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import type { Page } from '#shared/schemas/paging.ts';
import type { PublicFundraiser, PublicFundraiserSummary } from '#shared/schemas/public-fundraisers.ts';
import { setupTestApp } from '../../../../tests/setup/test-app.ts';
import { signInAdmin } from '../../../../tests/factories/users.ts';
import { buildDonation, mainAppealId, MAIN_APPEAL_API } from '../../../../tests/factories/donations.ts';
import { buildApplication, buildLiveFundraiser, PAYEE_ROUTE } from '../../../../tests/factories/public-fundraisers.ts';
import { ATTESTATION, signedInDoctor } from '../../../../tests/factories/medical-reviews.ts';
import { getWith } from '../../../../tests/setup/accounts.ts';
import type { MedicalReviewStatus } from '#shared/schemas/medical-reviews.ts';
import { campaigns, fundraisers, medicalReviews, users } from '../../db/schema/index.ts';

const t = setupTestApp();
const db = () => t.database.db;
let manager = '';

type Live = Awaited<ReturnType<typeof buildLiveFundraiser>>;
let urgent: Live; // needed soonest, a tenth funded
let funded: Live; // most funded, needed later
let undated: Live; // no date, nothing raised, the newest
let closed: Live;
const hidden: Awaited<ReturnType<typeof buildApplication>>[] = [];

const list = async (query = '') => {
  const res = await t.app.inject(`/api/fundraisers${query}`);
  expect(res.statusCode, res.body).toBe(200);
  return res.json() as Page<PublicFundraiserSummary>;
};
const slugs = (page: Page<PublicFundraiserSummary>) => page.items.map((i) => i.slug);

beforeAll(async () => {
  manager = (await signInAdmin(t.app, db(), 'manager')).cookie;
  const live = (options: Parameters<typeof buildLiveFundraiser>[3]) =>
    buildLiveFundraiser(t.app, db(), manager, options);
  // Made one after another, so "newest" has an order to keep.
  urgent = await live({ title: 'Excision surgery in Denver', neededBy: '2031-02-01', firstName: 'Ana' });
  funded = await live({ title: 'Hysterectomy 100% covered?', neededBy: '2031-09-30', firstName: 'Bea' });
  undated = await live({ title: 'Recovery after surgery_two', firstName: 'Cleo' });
  closed = await live({ title: 'A finished fundraiser', firstName: 'Dora' });
  await db().update(fundraisers).set({ status: 'closed' }).where(eq(fundraisers.id, closed.fundraiser.id));
  for (const status of ['draft', 'in_review', 'changes_requested', 'rejected'] as const)
    hidden.push(await buildApplication(db(), { status, title: `Surgery ${status}` }));
  await buildDonation(db(), { campaignId: urgent.campaignId, amountCents: 94_505 });
  await buildDonation(db(), {
    campaignId: funded.campaignId,
    amountCents: 500_000,
    donorName: 'Grace',
    showPublicly: true,
  });
  await buildDonation(db(), {
    campaignId: funded.campaignId,
    amountCents: 100_000,
    donorName: 'Hidden',
    isAnonymous: true,
  });
  t.app.campaigns.invalidate();
});

describe('GET /api/fundraisers', () => {
  it('lists only live fundraisers, newest first, with figures from the ledger and nothing private', async () => {
    const page = await list();
    expect(page).toMatchObject({ page: 1, pageSize: 10, total: 3 });
    expect(slugs(page)).toEqual([undated.slug, funded.slug, urgent.slug]);
    expect(page.items.find((i) => i.slug === funded.slug)).toEqual({
      slug: funded.slug,
      title: 'Hysterectomy 100% covered?',
      excerpt: expect.stringMatching(/^Nine years of pain before a diagnosis/),
      image: { url: `/api/uploads/${funded.imageId}`, alt: 'Paula smiling in a hospital corridor' },
      goalCents: 945_050,
      raisedCents: 600_000,
      donationCount: 2,
      percent: 63,
      currency: 'USD',
      neededBy: '2031-09-30',
      organiserName: 'Bea P.',
      medicallyReviewedBy: null,
    });
    const text = JSON.stringify(page);
    for (const secret of [PAYEE_ROUTE, funded.documentId, 'Riverside', 'Patient', funded.owner.email])
      expect(text).not.toContain(secret);
  });

  it('names the listed doctor whose attestation stands: not for a request, a withdrawn one, or an unlisted doctor', async () => {
    const review = async (live: Live, status: MedicalReviewStatus, doctorId: string) => {
      const decided = status === 'requested' ? {} : { note: ATTESTATION.note, decidedAt: new Date() };
      const attested = status === 'attested' || status === 'withdrawn';
      await db()
        .insert(medicalReviews)
        .values({
          fundraiserId: live.fundraiser.id,
          doctorId,
          status,
          ...decided,
          ...(attested ? { noConflictDeclaredAt: new Date(), attestedPlanVersion: live.fundraiser.planVersion } : {}),
          ...(status === 'withdrawn' ? { endedAt: new Date(), endedReason: 'The goal changed.' } : {}),
        });
    };
    const imani = await signedInDoctor(t, { firstName: 'Imani', lastName: 'Okafor' });
    const other = await signedInDoctor(t, { firstName: 'Lena', lastName: 'Marsh' });
    await review(urgent, 'attested', imani.id);
    await review(funded, 'withdrawn', imani.id);
    await review(funded, 'requested', other.id);
    await review(undated, 'attested', other.id);
    await db().update(users).set({ status: 'suspended' }).where(eq(users.id, other.id));
    try {
      const page = await list();
      const reviewedBy = Object.fromEntries(page.items.map((i) => [i.slug, i.medicallyReviewedBy]));
      expect(reviewedBy).toEqual({ [urgent.slug]: imani.name, [funded.slug]: null, [undated.slug]: null });
      expect(imani.name).toBe('Dr. Imani Okafor');
      // Who, never her note; and the owner is still the owner, not the doctor.
      expect(JSON.stringify(page)).not.toContain(ATTESTATION.note);
      expect(page.items.find((i) => i.slug === urgent.slug)?.organiserName).toBe('Ana P.');
    } finally {
      await db().delete(medicalReviews);
      await db().update(users).set({ status: 'active' }).where(eq(users.id, other.id));
    }
  });

  it('orders by the share of the goal raised, and by the planned date with undated ones last', async () => {
    expect(slugs(await list('?sort=nearly_funded'))).toEqual([funded.slug, urgent.slug, undated.slug]);
    expect(slugs(await list('?sort=most_urgent'))).toEqual([urgent.slug, funded.slug, undated.slug]);
    expect(slugs(await list('?sort=newest'))).toEqual([undated.slug, funded.slug, urgent.slug]);
  });

  it('searches titles in any case, taking % and _ as themselves', async () => {
    expect(slugs(await list('?q=DENVER'))).toEqual([urgent.slug]);
    expect(slugs(await list('?q=%20surgery%20'))).toEqual([undated.slug, urgent.slug]);
    expect(slugs(await list('?q=100%25'))).toEqual([funded.slug]);
    expect(slugs(await list('?q=surgery_two'))).toEqual([undated.slug]);
    expect(await list('?q=surgery%25two')).toMatchObject({ items: [], total: 0 });
    // Never an application that is not live, whatever the search.
    expect(await list('?q=finished')).toMatchObject({ items: [], total: 0 });
    expect(await list('?q=Surgery%20in_review')).toMatchObject({ items: [], total: 0 });
  });

  it('pages with the shared paging helper; empty choices mean none and unknown parameters are ignored', async () => {
    expect(await list('?page=2')).toMatchObject({ items: [], page: 2, pageSize: 10, total: 3 });
    expect(slugs(await list('?sort=&q=&utm_source=mail'))).toEqual([undated.slug, funded.slug, urgent.slug]);
  });

  it.each([
    ['?sort=oldest', 'Sort by newest, nearly_funded or most_urgent'],
    ['?page=0', 'page must be 1 or more'],
    ['?page=two', 'page must be a whole number'],
    ['?page=10001', 'page must be at most 10000'],
    [`?q=${'a'.repeat(121)}`, 'Search with at most 120 characters'],
    ['?q=a&q=b', 'Search for words of a title'],
  ])('refuses %s with a 400 naming the problem', async (query, message) => {
    const res = await t.app.inject(`/api/fundraisers${query}`);
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ message, code: 'VALIDATION' });
  });
});

describe('GET /api/fundraisers/:slug', () => {
  it('shows a live fundraiser: its story as safe HTML, images, cost groups with labels, the payee by name only', async () => {
    const res = await t.app.inject(`/api/fundraisers/${funded.slug}`);
    expect(res.statusCode).toBe(200);
    const body = res.json() as PublicFundraiser;
    expect(body).toEqual({
      slug: funded.slug,
      campaignId: funded.campaignId,
      status: 'live',
      title: 'Hysterectomy 100% covered?',
      story: expect.stringContaining('**pain**'),
      storyHtml: expect.stringContaining('<strong>pain</strong>'),
      images: [{ url: `/api/uploads/${funded.imageId}`, alt: 'Paula smiling in a hospital corridor' }],
      costGroups: [
        {
          key: 'surgery',
          label: 'Surgery (surgeon, anaesthesia, hospital)',
          amountCents: 900_000,
          note: 'Excision surgery',
        },
        { key: 'travel', label: 'Travel and lodging', amountCents: 45_050, note: '' },
      ],
      goalCents: 945_050,
      currency: 'USD',
      neededBy: '2031-09-30',
      organiserName: 'Bea P.',
      payee: { name: 'Riverside Clinic', kind: 'care_provider' },
      liveSince: expect.any(String),
      // No doctor attested it (routes/medical-reviews covers an attested one).
      medicalReview: null,
      // Its owner posted no update (live-fundraisers.test.ts covers them).
      updates: [],
    });
    for (const secret of [PAYEE_ROUTE, funded.documentId, funded.owner.email, funded.fundraiser.id])
      expect(res.body).not.toContain(secret);
  });

  it('still shows a closed fundraiser, marked closed', async () => {
    const res = await t.app.inject(`/api/fundraisers/${closed.slug}`);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ status: 'closed', title: 'A finished fundraiser' });
  });

  it('answers 404 for a draft, one in review, one sent back or refused (even with a campaign), and an unknown address', async () => {
    const mainAppeal = await mainAppealId(db());
    const [{ slug: mainSlug }] = (await db()
      .select({ slug: campaigns.slug })
      .from(campaigns)
      .where(eq(campaigns.id, mainAppeal))) as [{ slug: string }];
    // A refused application that somehow kept a campaign is still not shown.
    const [refused] = await db()
      .insert(campaigns)
      .values({ slug: 'refused-but-has-a-campaign', goalCents: 100, ownerId: hidden[3]!.owner.id })
      .returning();
    await db().update(fundraisers).set({ campaignId: refused!.id }).where(eq(fundraisers.id, hidden[3]!.fundraiser.id));
    for (const slug of ['refused-but-has-a-campaign', mainSlug, 'no-such-fundraiser']) {
      const res = await t.app.inject(`/api/fundraisers/${slug}`);
      expect(res.statusCode, slug).toBe(404);
      expect(res.json()).toEqual({ message: 'No such fundraiser', code: 'NOT_FOUND' });
    }
  });

  it.each([
    ['Not-Lower', 'Not a fundraiser address'],
    ['dots.in.it', 'Not a fundraiser address'],
    ['-leading', 'Not a fundraiser address'],
    ['two%20words', 'Not a fundraiser address'],
    ['a'.repeat(200), 'A part of the address is too long'],
  ])('refuses the address %s with a 400', async (slug, message) => {
    const res = await t.app.inject(`/api/fundraisers/${slug}`);
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ message, code: 'VALIDATION' });
  });
});

describe('a campaign’s progress and supporters', () => {
  it('answers a fundraiser’s progress by id or slug from its own ledger, as the main appeal’s call answers the main appeal', async () => {
    for (const key of [funded.campaignId, funded.slug]) {
      const res = await t.app.inject(`/api/campaigns/${key}/progress`);
      expect(res.statusCode).toBe(200);
      expect(res.json()).toEqual({
        goalAmount: 9450.5,
        currentAmount: 6000,
        donorCount: 2,
        goalCents: 945_050,
        currentCents: 600_000,
        currency: 'USD',
      });
    }
    const mainAppeal = await mainAppealId(db());
    const spec = await t.app.inject('/api/fundraising/progress');
    expect(spec.json()).toMatchObject({ currentCents: 0, donorCount: 0 });
    expect((await t.app.inject(`/api/campaigns/${mainAppeal}/progress`)).json()).toEqual(spec.json());
  });

  it('shows a gift recorded since, once a write on this instance drops the cached figures', async () => {
    const before = (await t.app.inject(`/api/campaigns/${undated.slug}/progress`)).json();
    expect(before).toMatchObject({ currentCents: 0, donorCount: 0 });
    await buildDonation(db(), { campaignId: undated.campaignId, amountCents: 2500 });
    t.app.campaigns.invalidate();
    expect((await t.app.inject(`/api/campaigns/${undated.slug}/progress`)).json()).toMatchObject({
      currentCents: 2500,
      donorCount: 1,
    });
  });

  it('lists a fundraiser’s own supporters, named only with consent; the main appeal’s wall stays its own', async () => {
    const res = await t.app.inject(`/api/campaigns/${funded.slug}/supporters`);
    expect(res.statusCode).toBe(200);
    const names = (res.json() as { items: { name: string }[] }).items.map((s) => s.name);
    expect(names.sort()).toEqual(['Anonymous', 'Grace']);
    expect((await t.app.inject(`${MAIN_APPEAL_API}/supporters`)).json()).toEqual({ items: [] });
  });

  it.each(['progress', 'supporters'])('answers 404 for the %s of an unknown campaign', async (what) => {
    for (const key of ['no-such-campaign', crypto.randomUUID()]) {
      const res = await t.app.inject(`/api/campaigns/${key}/${what}`);
      expect(res.statusCode).toBe(404);
      expect(res.json()).toEqual({ message: 'No such campaign', code: 'NOT_FOUND' });
    }
    expect((await t.app.inject(`/api/campaigns/${'x'.repeat(101)}/${what}`)).statusCode).toBe(400);
  });
});

describe('a fundraiser’s files', () => {
  it('serves the images of a live or closed fundraiser to anyone, and its documents to no one but her and managers', async () => {
    for (const shown of [funded, closed]) {
      const image = await t.app.inject(`/api/uploads/${shown.imageId}`);
      expect(image.statusCode).toBe(200);
      expect(image.headers['content-type']).toBe('image/png');
      expect(image.headers['cache-control']).toBe('public, max-age=600');
      expect((await t.app.inject(`/api/uploads/${shown.documentId}`)).statusCode).toBe(404);
    }
    expect((await getWith(t.app, `/api/uploads/${funded.documentId}`, manager)).statusCode).toBe(200);
  });

  it('keeps the images of an application that is not live private', async () => {
    for (const application of hidden) {
      expect((await t.app.inject(`/api/uploads/${application.imageId}`)).statusCode).toBe(404);
      expect((await t.app.inject(`/api/uploads/${application.documentId}`)).statusCode).toBe(404);
    }
  });
});

describe('the sitemap', () => {
  it('names the public pages but the thank-you page, the lists and each live fundraiser, and robots.txt points to it', async () => {
    const res = await t.app.inject('/sitemap.xml');
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('application/xml; charset=utf-8');
    const origin = t.config.publicUrl;
    for (const path of ['/', '/donate', '/transparency', '/stories', '/find-doctors', '/fundraisers'])
      expect(res.body).toContain(`<loc>${origin}${path}</loc>`);
    for (const shown of [urgent, funded, undated]) expect(res.body).toContain(`${origin}/fundraisers/${shown.slug}<`);
    expect(res.body).not.toContain(closed.slug);
    expect(res.body).not.toContain('/my-stories');
    // A donor's own page (her gift's status) is prerendered, yet for no one else.
    expect(res.body).not.toContain('/thank-you');
    const robots = await t.app.inject('/robots.txt');
    expect(robots.body).toContain(`Sitemap: ${origin}/sitemap.xml`);
  });
});
