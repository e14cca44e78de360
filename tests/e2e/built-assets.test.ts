/**
 * What the browser is sent holds no secret and no admin gate of its own (DESIGN.md section 7: the
 * original compared an admin password typed in the page with one built into the bundle).
 */
import { randomUUID } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { loadConfig } from '../../src/server/config.ts';
import { CLIENT_DIST_DIR } from '../../src/server/paths.ts';
import { STRONG_PASSWORD } from '../setup/accounts.ts';
import { browserSuite, signInAsAdmin, toastText, visit } from './fixtures.ts';

function builtFiles(dir: string): string[] {
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) return builtFiles(full);
    return /\.(js|html|css|json|txt|webmanifest)$/.test(entry.name) ? [full] : [];
  });
}

describe('the built client', () => {
  const files = builtFiles(CLIENT_DIST_DIR);
  const text = files.map((f) => fs.readFileSync(f, 'utf8')).join('\n');
  // Booleans, not toContain: a failure should name what leaked, not print the whole bundle.
  const has = (needle: string | RegExp) => (typeof needle === 'string' ? text.includes(needle) : needle.test(text));
  const config = loadConfig({ NODE_ENV: 'test' });

  it('is built (the other checks would pass vacuously otherwise)', () => {
    expect(files.some((f) => f.endsWith('.js'))).toBe(true);
    // The admin donations page's code is among them.
    expect(has('Access Granted')).toBe(true);
  });

  it('carries no server secret, password or admin-password setting', () => {
    for (const secret of [config.sessionSecret, config.altchaKey, STRONG_PASSWORD])
      expect(has(secret), secret).toBe(false);
    for (const name of [
      /ADMIN_PASSWORD/,
      /SESSION_SECRET/,
      /ALTCHA_HMAC_KEY/,
      /DATABASE_URL/,
      /SMTP_URL/,
      /VITE_[A-Z_]*(PASSWORD|SECRET|KEY)/,
    ]) {
      expect(has(name), String(name)).toBe(false);
    }
  });
});

describe('the admin password gate in the built page', () => {
  const suite = browserSuite();

  it('sends the typed password to the server and follows its answer: refused when it refuses, open when it allows', async () => {
    const { page, context } = await suite.newPage();
    await signInAsAdmin(context, suite.site, 'manager');
    // The server's answer is made up here, so only the page's own checking could make it disagree.
    const sent: unknown[] = [];
    let serverAllows = false;
    await page.route('**/api/admin/elevate', (route) => {
      if (route.request().method() !== 'POST') return route.continue();
      sent.push(route.request().postDataJSON());
      return serverAllows
        ? route.fulfill({ json: { elevatedUntil: new Date(Date.now() + 15 * 60_000).toISOString() } })
        : route.fulfill({ status: 403, json: { message: 'Access Denied: Incorrect password.', code: 'FORBIDDEN' } });
    });
    await visit(page, '/admin-donations');
    const heading = page.getByRole('heading', { level: 1 });
    await heading.filter({ hasText: 'Admin Access' }).waitFor();
    const password = page.getByLabel('Password', { exact: true });
    const unlock = page.getByRole('button', { name: 'Unlock' });

    // Her real password, refused by the server: the page stays locked.
    await password.fill(STRONG_PASSWORD);
    await unlock.click();
    await expect.poll(() => toastText(page)).toMatch(/Access Denied\s*Incorrect password\./);
    expect(await heading.innerText()).toBe('Admin Access');

    // A password no build could know, allowed by the server: the page opens.
    serverAllows = true;
    const invented = `typed-${randomUUID()}`;
    await password.fill(invented);
    await unlock.click();
    await expect.poll(() => toastText(page)).toContain('Access Granted');
    expect(sent).toEqual([{ password: STRONG_PASSWORD }, { password: invented }]);
  });
});
