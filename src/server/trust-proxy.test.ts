/** TRUST_PROXY: only the configured proxies may name the client's address; a forged X-Forwarded-For changes nothing. */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, injectFrom, statusesOf, type TestApp } from '../../tests/setup/test-app.ts';

const SIGN_IN_LIMIT_PER_ADDRESS = 10;

/** One sign-in try with a new email each time, so only the per-address limit can refuse it. */
let tries = 0;
function signInTry(t: TestApp, remoteAddress: string, forwardedFor: string) {
  tries++;
  return injectFrom(
    t.app,
    {
      url: '/api/auth/login',
      body: { email: `proxy.${tries}@example.com`, password: 'Wrong-Guess-1234' },
      headers: { 'x-forwarded-for': forwardedFor },
    },
    remoteAddress,
  );
}

/** Ten tries answered 401, then the eleventh refused: the per-address limit counted them as one client. */
const ONE_CLIENT = [...Array<number>(SIGN_IN_LIMIT_PER_ADDRESS).fill(401), 429];

describe('with TRUST_PROXY set to the proxy address', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ env: { TRUST_PROXY: '10.0.0.1' } });
  });
  afterAll(() => t.close());

  it('ignores X-Forwarded-For from any other peer: a new forged address each try still hits the per-address limit', async () => {
    const statuses = await statusesOf(SIGN_IN_LIMIT_PER_ADDRESS + 1, (i) =>
      signInTry(t, '127.0.0.5', `203.0.113.${i}`),
    );
    expect(statuses).toEqual(ONE_CLIENT);
  });

  it("takes the client's address from the trusted proxy's header, so different clients behind it are counted apart", async () => {
    const statuses = await statusesOf(SIGN_IN_LIMIT_PER_ADDRESS + 1, (i) =>
      signInTry(t, '10.0.0.1', `198.51.100.${i}`),
    );
    expect(statuses.every((s) => s === 401)).toBe(true);
  });
});

describe('with TRUST_PROXY as a hop count', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ env: { TRUST_PROXY: '1' } });
  });
  afterAll(() => t.close());

  it('uses the address the one proxy added: entries the client put in front are ignored', async () => {
    const statuses = await statusesOf(SIGN_IN_LIMIT_PER_ADDRESS + 1, (i) =>
      signInTry(t, '127.0.0.6', `203.0.113.${i}, 192.0.2.44`),
    );
    expect(statuses).toEqual(ONE_CLIENT);
  });
});
