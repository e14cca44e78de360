import { beforeAll, describe, expect, it } from 'vitest';
import { postJson, setupTestApp } from '../../../../tests/setup/test-app.ts';
import { getWith } from '../../../../tests/setup/accounts.ts';
import { signInAdmin } from '../../../../tests/factories/users.ts';
import { buildDonation, buildIntent } from '../../../../tests/factories/donations.ts';
import { liveFundraiser } from '../../../../tests/factories/fundraisers.ts';
import { findCampaign } from '../../services/campaign.ts';

const t = setupTestApp();
let manager = '';

beforeAll(async () => {
  manager = (await signInAdmin(t.app, t.database.db, 'manager')).cookie;
});

const today = new Date().toISOString().slice(0, 10);

describe('analytics', () => {
  it('counts views, unique visitors, top pages, the funnel and clicks by method for the range', async () => {
    const visit = (ua: string, body: object) => postJson(t.app, '/api/events', body, { 'user-agent': ua });
    await visit('A', { name: 'page_view', path: '/' });
    await visit('A', { name: 'page_view', path: '/donate' });
    await visit('B', { name: 'page_view', path: '/' });
    await visit('A', { name: 'donate_click', path: '/' });
    await visit('A', { name: 'donation_click', path: '/donate', method: 'PayPal', amount: 25 });
    await buildIntent(t.database.db, { paymentMethod: 'PayPal' });
    await buildDonation(t.database.db, { amountCents: 2500 });

    const report = (await getWith(t.app, `/api/admin/analytics?from=${today}&to=${today}`, manager)).json();
    expect(report.daily).toEqual([{ day: today, views: 3, visitors: 2 }]);
    expect(report.topPages[0]).toEqual({ path: '/', views: 2 });
    expect(report.funnel.map((s: { count: number }) => s.count)).toEqual([2, 1, 1, 1]);
    expect(report.clicksByMethod).toEqual([{ method: 'PayPal', clicks: 1 }]);
    expect(report.intentsByMethod).toEqual([{ method: 'PayPal', intents: 1 }]);
    expect(report.donationsDaily).toEqual([{ day: today, donations: 1, usd_cents: 2500 }]);

    const csv = await getWith(t.app, `/api/admin/analytics.csv?from=${today}&to=${today}`, manager);
    expect(csv.body).toBe(`day,page_views,unique_visitors,donations,donations_usd\r\n${today},3,2,1,25.00\r\n`);
  });

  it('refuses a bad or inverted range', async () => {
    expect((await getWith(t.app, '/api/admin/analytics?from=2026-13-01&to=2026-01-01', manager)).statusCode).toBe(400);
    expect((await getWith(t.app, '/api/admin/analytics?from=2026-02-01&to=2026-01-01', manager)).json().message).toBe(
      'from must be on or before to',
    );
    expect((await getWith(t.app, '/api/admin/analytics?from=2020-01-01&to=2026-01-01', manager)).statusCode).toBe(400);
  });

  it('reports one fundraiser alone: its pages’ views and clicks, its campaign’s intents and gifts', async () => {
    const live = await liveFundraiser(t, manager, 'Counted on its own');
    const slug = live.approved.slug as string;
    const page = `/fundraisers/${slug}`;
    const { id: campaignId } = await findCampaign(t.database.db, slug);
    const visit = (ua: string, body: object) => postJson(t.app, '/api/events', body, { 'user-agent': ua });
    await visit('C', { name: 'page_view', path: page });
    await visit('D', { name: 'page_view', path: page });
    await visit('C', { name: 'donate_click', path: page });
    await visit('C', { name: 'page_view', path: `${page}/donate` });
    await visit('C', { name: 'donation_click', path: `${page}/donate`, method: 'Venmo', amount: 40 });
    await visit('C', { name: 'page_view', path: '/' });
    await buildIntent(t.database.db, { campaignId, paymentMethod: 'Venmo' });
    await buildDonation(t.database.db, { campaignId, amountCents: 4000 });
    await buildDonation(t.database.db, { amountCents: 9900 });

    const url = `/api/admin/analytics?from=${today}&to=${today}&fundraiser=${slug}`;
    const report = (await getWith(t.app, url, manager)).json();
    expect(report.daily).toEqual([{ day: today, views: 3, visitors: 2 }]);
    expect(report.topPages).toEqual([
      { path: page, views: 2 },
      { path: `${page}/donate`, views: 1 },
    ]);
    expect(report.funnel.map((s: { count: number }) => s.count)).toEqual([2, 1, 1, 1]);
    expect(report.clicksByMethod).toEqual([{ method: 'Venmo', clicks: 1 }]);
    expect(report.donationsDaily).toEqual([{ day: today, donations: 1, usd_cents: 4000 }]);

    const unknown = await getWith(t.app, `/api/admin/analytics?from=${today}&to=${today}&fundraiser=nope`, manager);
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json().message).toBe('No such fundraiser');
  });
});
