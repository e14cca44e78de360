/** One rule for every password change: outstanding reset links stop working and the other sessions end. */
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { postJson, setupTestApp } from '../../../tests/setup/test-app.ts';
import { getWith, resetTokenFor, sessionCookie, signUp, STRONG_PASSWORD } from '../../../tests/setup/accounts.ts';
import { INVALID_RESET_LINK } from '#shared/schemas/auth.ts';
import { rateLimits } from '../db/schema/index.ts';

const t = setupTestApp();
const NEW_PASSWORD = 'Another-Harbour-77';

async function accountWithTwoSessionsAndResetLink() {
  await t.database.db.delete(rateLimits);
  const { person, cookie } = await signUp(t.app);
  const other = sessionCookie(
    await postJson(t.app, '/api/auth/login', { email: person.email, password: STRONG_PASSWORD }),
  );
  const resetToken = await resetTokenFor(t.app, t.database.db, person.email);
  return { person, cookie, other, resetToken };
}

describe('changing the password', () => {
  it('on /profile: a reset link mailed earlier stops working, other sessions end, this one stays', async () => {
    const { cookie, other, resetToken } = await accountWithTwoSessionsAndResetLink();
    const changed = await postJson(
      t.app,
      '/api/user/password',
      { currentPassword: STRONG_PASSWORD, newPassword: NEW_PASSWORD },
      { cookie },
    );
    expect(changed.statusCode).toBe(200);

    const reset = await postJson(t.app, '/api/auth/reset-password', {
      token: resetToken,
      newPassword: 'Third-Harbour-99',
    });
    expect(reset.statusCode).toBe(400);
    expect(reset.json()).toMatchObject({ message: INVALID_RESET_LINK });
    expect((await getWith(t.app, '/api/auth/user', other)).statusCode).toBe(401);
    expect((await getWith(t.app, '/api/auth/user', cookie)).statusCode).toBe(200);
  });

  it('by a reset link: every session ends and the link is spent', async () => {
    const { cookie, other, resetToken } = await accountWithTwoSessionsAndResetLink();
    expect(
      (await postJson(t.app, '/api/auth/reset-password', { token: resetToken, newPassword: NEW_PASSWORD })).statusCode,
    ).toBe(200);
    expect((await getWith(t.app, '/api/auth/user', cookie)).statusCode).toBe(401);
    expect((await getWith(t.app, '/api/auth/user', other)).statusCode).toBe(401);
    expect(
      (await postJson(t.app, '/api/auth/reset-password', { token: resetToken, newPassword: 'Third-Harbour-99' }))
        .statusCode,
    ).toBe(400);
  });

  it('happens only in commands/accounts.ts: no other server file writes a password hash', () => {
    const serverDir = path.resolve(import.meta.dirname, '..');
    const files = readdirSync(serverDir, { recursive: true, encoding: 'utf8' }).filter(
      (f) => f.endsWith('.ts') && !f.endsWith('.test.ts'),
    );
    // A write names the column in an insert's values or an update's set.
    const writers = files.filter((f) =>
      /\.(set|values)\(\{[^)]*\bpasswordHash\b/.test(readFileSync(path.join(serverDir, f), 'utf8')),
    );
    expect(writers).toEqual([path.join('commands', 'accounts.ts')]);
  });
});
