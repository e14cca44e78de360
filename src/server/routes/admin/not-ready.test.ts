/**
 * Not live on placeholders (issues 16 and 34): the dashboard lists the campaign details that are still the seed's
 * examples (its claims, names, figures and contacts as well as its ways to give) until each is replaced, and a
 * production server names them in its log when it starts.
 */
import { Writable } from 'node:stream';
import { describe, expect, it } from 'vitest';
import { buildApp } from '../../app.ts';
import { loadConfig } from '../../config.ts';
import { loggerOptions } from '../../logging.ts';
import { setupTestApp } from '../../../../tests/setup/test-app.ts';
import { getWith } from '../../../../tests/setup/accounts.ts';
import { campaignEditor } from '../../../../tests/setup/campaign-editor.ts';
import { createTestDatabase } from '../../../../tests/setup/database.ts';
import { signInAdmin } from '../../../../tests/factories/users.ts';
import { withOwnDetails } from '../../../../tests/factories/campaign-content.ts';

const t = setupTestApp();

describe('the "not ready to take gifts" checklist', () => {
  it('lists each example detail on the dashboard, to a moderator too, until a super admin replaces them', async () => {
    const moderator = (await signInAdmin(t.app, t.database.db, 'moderator')).cookie;
    const superAdmin = (await signInAdmin(t.app, t.database.db, 'super_admin')).cookie;
    const notReady = async () =>
      (await getWith(t.app, '/api/admin/dashboard', moderator)).json().notReady as { field: string; value: string }[];

    expect(await notReady()).toEqual(
      expect.arrayContaining([
        { field: 'PayPal: link', value: 'https://www.paypal.me/HealingCircleExample' },
        { field: 'CashApp: link', value: 'https://cash.app/$HealingCircleExample' },
        { field: 'Direct transfer: email', value: 'give@example.org' },
        { field: 'Support: phone', value: '+1 (555) 014-2380' },
        { field: 'Support: email', value: 'support@example.org' },
        { field: 'Urgent badge', value: 'Urgent: surgery scheduled this winter' },
        { field: 'Organiser: name', value: 'Leah Harrow' },
        { field: 'Surgeon: name', value: 'Dr. Imogen Vasquez-Thorne' },
        { field: 'Surgeon: years of experience', value: '30+' },
        { field: 'Surgeon: lives changed', value: '1000s' },
        { field: 'Consultation paid: note', value: 'The $1,200 consultation fee has already been paid by the family.' },
        { field: 'Goal amount', value: '$15,000' },
      ]),
    );

    const { publish, current } = campaignEditor(t, () => superAdmin);
    const { content, version } = await current();
    const res = await publish(superAdmin, { content: withOwnDetails(content), expectedVersion: version });
    expect(res.statusCode).toBe(200);
    expect(await notReady()).toEqual([]);
  });
});

describe('a production server with example details', () => {
  it('names them in one warning when it starts', async () => {
    const lines: { msg?: string; placeholders?: string[] }[] = [];
    const stream = new Writable({
      write(chunk: Buffer, _encoding, done) {
        for (const text of chunk.toString().split('\n')) if (text.trim()) lines.push(JSON.parse(text));
        done();
      },
    });
    const config = loadConfig({
      NODE_ENV: 'production',
      LOG_LEVEL: 'info',
      SESSION_SECRET: 'a-test-session-secret-of-some-length-000000',
      ALTCHA_HMAC_KEY: 'a-test-altcha-key-of-some-length-0000000000',
      PUBLIC_URL: 'https://healing-circle.test',
    });
    const database = await createTestDatabase();
    const app = await buildApp({
      config,
      database,
      clientDir: false,
      logger: { ...(loggerOptions(config) as object), stream },
    });
    try {
      await app.ready();
      const warnings = lines.filter((l) => l.msg?.startsWith('not ready to take gifts'));
      expect(warnings).toHaveLength(1);
      expect(warnings[0]!.placeholders).toEqual(
        expect.arrayContaining([
          'PayPal: link',
          'CashApp: link',
          'Direct transfer: email',
          'Support: phone',
          'Surgeon: years of experience',
          'Consultation paid: note',
        ]),
      );
    } finally {
      await app.close();
      await database.destroy();
    }
  });
});
