/**
 * What the browser is sent holds no secret and no admin gate of its own (DESIGN.md section 7: the
 * original compared an admin password typed in the page with one built into the bundle).
 */
import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { loadConfig } from '../../src/server/config.ts';
import { CLIENT_DIST_DIR } from '../../src/server/paths.ts';
import { STRONG_PASSWORD } from '../setup/accounts.ts';

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

  it('leaves the admin gate to the server: the page sends the typed password, it never compares one', () => {
    expect(has('/api/admin/elevate')).toBe(true);
  });
});
