/** Served over HTTPS, the session cookie is Secure and __Host- prefixed; pages carry no referrer. */
import { describe, expect, it } from 'vitest';
import { postJson, setupTestApp } from '../../../../tests/setup/test-app.ts';
import { newPerson, solveAltcha } from '../../../../tests/setup/accounts.ts';

const t = setupTestApp({ env: { PUBLIC_URL: 'https://healing.example.org' } });

describe('cookies over HTTPS', () => {
  it('uses a Secure, HttpOnly, SameSite=Lax __Host- cookie with Path=/ and no Domain', async () => {
    const res = await postJson(
      t.app,
      '/api/auth/register',
      { ...newPerson(), altcha: await solveAltcha(t.app) },
      { origin: 'https://healing.example.org' },
    );
    expect(res.statusCode).toBe(201);
    const cookie = res.cookies.find((c) => c.name === '__Host-session');
    expect(cookie).toMatchObject({ secure: true, httpOnly: true, sameSite: 'Lax', path: '/' });
    expect(cookie!.domain).toBeUndefined();
  });

  it('sends Referrer-Policy: no-referrer, so tokens in page URLs never leak to other sites', async () => {
    const res = await t.app.inject('/api/altcha/challenge');
    expect(res.headers['referrer-policy']).toBe('no-referrer');
  });
});
