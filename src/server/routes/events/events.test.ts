import { beforeEach, describe, expect, it } from 'vitest';
import { setupTestApp, postJson } from '../../../../tests/setup/test-app.ts';
import { analyticsEvents, rateLimits } from '../../db/schema/index.ts';

const t = setupTestApp();
beforeEach(async () => {
  await t.database.db.delete(analyticsEvents);
  await t.database.db.delete(rateLimits);
});

const browser = { 'user-agent': 'Mozilla/5.0 test' };

describe('POST /api/events', () => {
  it('records each kind of event without storing the IP or a cookie', async () => {
    for (const name of ['page_view', 'tiktok_video_click', 'donate_click', 'donate_button_click']) {
      expect((await postJson(t.app, '/api/events', { name, path: '/' }, browser)).statusCode).toBe(204);
    }
    const click = await postJson(
      t.app,
      '/api/events',
      { name: 'donation_click', path: '/donate', method: 'Venmo', amount: 50 },
      browser,
    );
    expect(click.statusCode).toBe(204);
    expect(click.headers['set-cookie']).toBeUndefined();

    const rows = await t.database.db.select().from(analyticsEvents);
    expect(rows.map((r) => r.name).sort()).toEqual([
      'donate_button_click',
      'donate_click',
      'donation_click',
      'page_view',
      'tiktok_video_click',
    ]);
    expect(rows.find((r) => r.name === 'donation_click')!.props).toEqual({ method: 'Venmo', amount: 50 });
    // One visitor today: one hash, and it is not the address.
    expect(new Set(rows.map((r) => r.visitorHash)).size).toBe(1);
    expect(JSON.stringify(rows)).not.toContain('127.0.0.1');
  });

  it('tells different visitors apart on the same day', async () => {
    await postJson(t.app, '/api/events', { name: 'page_view', path: '/' }, { 'user-agent': 'A' });
    await postJson(t.app, '/api/events', { name: 'page_view', path: '/' }, { 'user-agent': 'B' });
    const rows = await t.database.db.select().from(analyticsEvents);
    expect(new Set(rows.map((r) => r.visitorHash)).size).toBe(2);
  });

  it.each([
    ['Do Not Track', { dnt: '1' }],
    ['Global Privacy Control', { 'sec-gpc': '1' }],
  ])('stores nothing when the browser sends %s', async (_label, headers) => {
    const res = await postJson(t.app, '/api/events', { name: 'page_view', path: '/' }, headers);
    expect(res.statusCode).toBe(204);
    expect(await t.database.db.select().from(analyticsEvents)).toHaveLength(0);
  });

  it.each([
    ['an unknown event', { name: 'mouse_move', path: '/' }, /Unknown event name/],
    [
      'a donation click without a method',
      { name: 'donation_click', path: '/donate', amount: 5 },
      /Unknown payment method/,
    ],
    [
      'a donation click without an amount',
      { name: 'donation_click', path: '/donate', method: 'PayPal' },
      /Amount must be a number/,
    ],
    ['a path that is not a site path', { name: 'page_view', path: 'https://evil.example/' }, /site path/],
    ['a path with a query string', { name: 'page_view', path: '/reset-password?token=abc' }, /site path/],
  ])('refuses %s with a 400, storing nothing', async (_label, body, message) => {
    const res = await postJson(t.app, '/api/events', body);
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toMatch(message);
    expect(await t.database.db.select().from(analyticsEvents)).toHaveLength(0);
  });
});
