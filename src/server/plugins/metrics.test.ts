/**
 * GET /metrics (issue 35): Prometheus' text for the operator's bearer token only; a wrong or missing token, or
 * none configured, is a 404 as if there were no such page.
 */
import { describe, expect, it } from 'vitest';
import { backgroundMailSent } from '../commands/run.ts';
import { memoryMail } from '../../../tests/setup/memory-mail.ts';
import { createTestApp, setupTestApp } from '../../../tests/setup/test-app.ts';
import { signUp } from '../../../tests/setup/accounts.ts';

const TOKEN = 'metrics-token-for-the-scraper-0123456789';
const mailServer = memoryMail();
const t = setupTestApp({ env: { METRICS_TOKEN: TOKEN }, mailer: mailServer.mailer });
const scrape = (authorization?: string) =>
  t.app.inject({ url: '/metrics', headers: authorization ? { authorization } : {} });

describe('/metrics', () => {
  it('answers the bearer token with request times by route, jobs by queue and state, mail by outcome and memory', async () => {
    await t.app.inject('/api/fundraising/progress');
    await signUp(t.app);
    mailServer.down = true;
    await signUp(t.app);
    await backgroundMailSent();
    const res = await scrape(`Bearer ${TOKEN}`);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/^text\/plain; version=0\.0\.4/);
    expect(res.body).toMatch(
      /http_request_duration_seconds_count\{[^}]*route="\/api\/fundraising\/progress"[^}]*status_code="200"/,
    );
    // The mail sent at once left no job; the one refused waits for its next try.
    expect(res.body).toMatch(/healing_circle_jobs\{queue="mail",state="created"\} 1\n/);
    expect(res.body).toMatch(/healing_circle_mail_total\{outcome="sent",kind="email-verification"\} 1\n/);
    expect(res.body).toMatch(/healing_circle_mail_total\{outcome="failed",kind="email-verification"\} 1\n/);
    expect(res.body).toMatch(/process_resident_memory_bytes \d+/);
  });

  it('is a 404 without the token, with another one, or with none configured', async () => {
    for (const authorization of [undefined, `Bearer ${TOKEN}x`, TOKEN, `Basic ${TOKEN}`]) {
      const res = await scrape(authorization);
      expect(res.statusCode, String(authorization)).toBe(404);
      expect(res.json()).toEqual({ message: 'Not found', code: 'NOT_FOUND' });
    }
    const plain = await createTestApp();
    try {
      expect(
        (await plain.app.inject({ url: '/metrics', headers: { authorization: `Bearer ${TOKEN}` } })).statusCode,
      ).toBe(404);
    } finally {
      await plain.close();
    }
  });
});
