/** Session lifetimes on the server, with a clock the test moves; the sign-in limit per address; link expiry. */
import { describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { fakeClock } from '../../services/clock.ts';
import { SESSION_ABSOLUTE_MS, SESSION_IDLE_MS } from '../../services/sessions.ts';
import { rateLimits } from '../../db/schema/index.ts';
import { RESET_PASSWORD_TTL_MS } from '../../commands/accounts.ts';
import { postJson, setupTestApp } from '../../../../tests/setup/test-app.ts';
import { getWith, resetTokenFor, signUp } from '../../../../tests/setup/accounts.ts';
import { behavesAsSignInLimit } from '../../../../tests/setup/sign-in-limit-contract.ts';
import { SIGN_INS_PER_ADDRESS } from '../../commands/sign-in.ts';

const clock = fakeClock(new Date());
const t = setupTestApp({ clock });

const HOUR = 60 * 60 * 1000;

describe('session lifetime', () => {
  it('ends a session left idle for longer than the idle timeout', async () => {
    const { cookie } = await signUp(t.app);
    clock.advance(SESSION_IDLE_MS - HOUR);
    expect((await getWith(t.app, '/api/auth/user', cookie)).statusCode).toBe(200);
    // Activity just now restarts the idle window...
    clock.advance(SESSION_IDLE_MS - HOUR);
    expect((await getWith(t.app, '/api/auth/user', cookie)).statusCode).toBe(200);
    // ...and a full idle period ends it.
    clock.advance(SESSION_IDLE_MS);
    expect((await getWith(t.app, '/api/auth/user', cookie)).statusCode).toBe(401);
  });

  it('ends even an active session at its absolute lifetime', async () => {
    const { cookie } = await signUp(t.app);
    let elapsed = 0;
    while (elapsed + SESSION_IDLE_MS / 2 < SESSION_ABSOLUTE_MS) {
      clock.advance(SESSION_IDLE_MS / 2);
      elapsed += SESSION_IDLE_MS / 2;
      expect((await getWith(t.app, '/api/auth/user', cookie)).statusCode).toBe(200);
    }
    clock.advance(SESSION_ABSOLUTE_MS - elapsed);
    expect((await getWith(t.app, '/api/auth/user', cookie)).statusCode).toBe(401);
  });
});

describe('the per-address limit on sign-in, counted in the rate_limits table (on Redis: sign-in-limit.redis.test.ts)', () => {
  behavesAsSignInLimit({
    app: () => t.app,
    async endWindow(key) {
      const [row] = await t.database.db.select().from(rateLimits).where(eq(rateLimits.key, key));
      expect(row?.count).toBeGreaterThan(SIGN_INS_PER_ADDRESS.max);
      // The window ending is the counter's reset time passing; move it into the past.
      await t.database.db.update(rateLimits).set({ resetAt: 0 }).where(eq(rateLimits.key, key));
    },
  });
});

describe('mailed links expire', () => {
  it('refuses a reset link after one hour', async () => {
    await t.database.db.delete(rateLimits);
    const { person } = await signUp(t.app);
    const token = await resetTokenFor(t.app, t.database.db, person.email);
    clock.advance(RESET_PASSWORD_TTL_MS + 1000);
    const res = await postJson(t.app, '/api/auth/reset-password', { token, newPassword: 'Fresh-Meadow-77' });
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe('This password reset link is invalid or expired.');
  });
});
