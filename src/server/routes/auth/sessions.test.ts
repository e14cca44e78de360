/** Session lifetimes on the server, with a clock the test moves; rate limits that trip and recover. */
import { describe, expect, it } from 'vitest';
import { fakeClock } from '../../services/clock.ts';
import { SESSION_ABSOLUTE_MS, SESSION_IDLE_MS } from '../../services/sessions.ts';
import { rateLimits } from '../../db/schema/index.ts';
import { RESET_PASSWORD_TTL_MS } from '../../commands/accounts.ts';
import { postJson, setupTestApp } from '../../../../tests/setup/test-app.ts';
import { getWith, resetTokenFor, signUp } from '../../../../tests/setup/accounts.ts';

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

describe('rate limits on sign-in', () => {
  it('trip with 429 and Retry-After, and recover when the window ends', async () => {
    await t.database.db.delete(rateLimits);
    const attempt = () =>
      postJson(t.app, '/api/auth/login', { email: 'someone@example.com', password: 'Wrong-Password-1' });
    for (let i = 0; i < 10; i++) expect((await attempt()).statusCode).toBe(401);
    const limited = await attempt();
    expect(limited.statusCode).toBe(429);
    expect(Number(limited.headers['retry-after'])).toBeGreaterThan(0);
    expect(limited.json().code).toBe('RATE_LIMITED');
    // The window ending is the counter's reset time passing; move it into the past.
    await t.database.db.update(rateLimits).set({ resetAt: 0 });
    expect((await attempt()).statusCode).toBe(401);
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
