/**
 * Malformed input through every route of the access matrix, as a caller the route lets in: bodies of
 * the wrong kind, broken JSON, wrong content types, oversized bodies, bad and unknown route parameters,
 * bad querystrings, odd methods and cookies. Every answer is below 500 and every error has the one shape.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import type { InjectOptions, LightMyRequestResponse } from 'fastify';
import { ADMIN_LEVELS, type AdminLevel } from '#shared/auth/roles.ts';
import { ACCESS_TABLE, type Rule } from '../../tests/access-matrix.ts';
import { setupTestApp, SITE_ORIGIN } from '../../tests/setup/test-app.ts';
import { signUpSettled, STRONG_PASSWORD } from '../../tests/setup/accounts.ts';
import { signInAdmin } from '../../tests/factories/users.ts';
import { rateLimits } from './db/schema/index.ts';

const t = setupTestApp();

type Caller = 'anonymous' | 'patient' | 'doctor' | 'donor' | AdminLevel;
const cookies = new Map<Caller, string>();

/** A caller the rule lets in: the narrowest one, so admin-only checks are passed too. */
function callerFor(rule: Rule): Caller {
  if (rule === 'public') return 'anonymous';
  if (rule === 'user') return 'donor';
  // Step-up rules: the admin level, whose password window freshCookie opens.
  return rule.replace('+step-up', '') as Caller;
}

async function signIn(caller: Caller): Promise<void> {
  if (caller === 'anonymous') return;
  const cookie = (ADMIN_LEVELS as readonly string[]).includes(caller)
    ? (await signInAdmin(t.app, t.database.db, caller as AdminLevel)).cookie
    : (await signUpSettled(t.app, t.database.db, { role: caller as 'patient' | 'doctor' | 'donor' })).cookie;
  cookies.set(caller, cookie);
}

/** Signs the caller in again when an earlier route ended its session (sign-out, password change, account deletion). */
async function freshCookie(caller: Caller): Promise<string | undefined> {
  if (caller === 'anonymous') return undefined;
  const current = cookies.get(caller);
  const me = current
    ? await t.app.inject({ method: 'GET', url: '/api/auth/user', headers: { cookie: current } })
    : null;
  if (!me || me.statusCode !== 200) await signIn(caller);
  if (caller === 'manager' || caller === 'super_admin') {
    // The donations panel also wants a re-entered password.
    await t.app.inject({
      method: 'POST',
      url: '/api/admin/elevate',
      payload: { password: STRONG_PASSWORD },
      headers: { origin: SITE_ORIGIN, cookie: cookies.get(caller)! },
    });
  }
  return cookies.get(caller);
}

const ERROR_KEYS = new Set(['message', 'code', 'fieldErrors']);

/**
 * Status below 500, the request id and the API's security headers (refusals too, also those made before any route
 * is found), and an error body of exactly { message, code?, fieldErrors? } with nothing of the framework in it.
 */
function expectClean(res: LightMyRequestResponse, what: string) {
  expect(res.statusCode, `${what}: ${res.body.slice(0, 300)}`).toBeLessThan(500);
  expect(res.headers['x-request-id'], `${what} has a request id`).toEqual(expect.any(String));
  expect(res.headers['x-content-type-options'], `${what} has the security headers`).toBe('nosniff');
  if (res.statusCode < 400 || res.body === '') return;
  expect(res.headers['content-type'], `${what} answers JSON`).toMatch(/^application\/json/);
  const body = res.json() as Record<string, unknown>;
  const problem = `${what}: ${res.body.slice(0, 300)}`;
  expect(
    Object.keys(body).filter((key) => !ERROR_KEYS.has(key)),
    problem,
  ).toEqual([]);
  expect(typeof body.message, problem).toBe('string');
  expect(body.message, problem).not.toMatch(/FST_|at .*\.(js|ts):\d+|node_modules|stack/);
  if ('code' in body) expect(typeof body.code === 'string' && !body.code.startsWith('FST_'), problem).toBe(true);
  if ('fieldErrors' in body) {
    const fieldErrors = body.fieldErrors as Record<string, unknown>;
    expect(typeof fieldErrors === 'object' && fieldErrors !== null && !Array.isArray(fieldErrors), problem).toBe(true);
    expect(
      Object.values(fieldErrors).every((message) => typeof message === 'string'),
      problem,
    ).toBe(true);
  }
}

const UNKNOWN_ID = '00000000-0000-4000-8000-000000000000';
/** Route parameters: an unknown but valid id, not an id, a broken %-escape, a very long one, and tricks. */
const PARAMS = [UNKNOWN_ID, 'not-an-id', '%E0%A4%A', 'x'.repeat(500), '..%2F..%2Fetc', '%00', '-1', '1e999'];
const JSON_BODIES = [
  '[]',
  '1',
  '"text"',
  'null',
  'true',
  '{',
  '{"a":1,}',
  '{"__proto__":{"isAdmin":true}}',
  '{"constructor":{"prototype":{"isAdmin":true}}}',
  '['.repeat(20_000) + ']'.repeat(20_000),
  '{"a":'.repeat(5_000) + '1' + '}'.repeat(5_000),
  JSON.stringify({
    amount: 1e308,
    email: 42,
    password: ['x'],
    id: {},
    page: -1,
    status: null,
    name: '\u0000',
    body: '\ud800',
  }),
  JSON.stringify({
    amount: 0.000001,
    usdAmount: '1.0000009',
    currency: 'XXX',
    content: [],
    expectedVersion: 'one',
    role: 'admin',
  }),
];

const live = Object.entries(ACCESS_TABLE);

beforeAll(async () => {
  for (const caller of new Set(live.map(([, rule]) => callerFor(rule)))) await signIn(caller);
}, 120_000);

describe('malformed input on every route', () => {
  it.each(live)('%s answers malformed input with a clean 4xx in the one error shape', async (route, rule) => {
    await t.database.db.delete(rateLimits);
    const caller = callerFor(rule);
    const [method, path] = route.split(' ') as [InjectOptions['method'] & string, string];
    const hasBody = method !== 'GET' && method !== 'DELETE' && method !== 'HEAD';
    const urls = /:\w+/.test(path) ? PARAMS.map((param) => path.replace(/:\w+/g, param)) : [path];
    const send = async (what: string, options: InjectOptions) => {
      const cookie = await freshCookie(caller);
      const res = await t.app.inject({
        ...options,
        headers: { origin: SITE_ORIGIN, ...(cookie ? { cookie } : {}), ...options.headers },
      });
      expectClean(res, `${route} ${what}`);
      return res;
    };

    for (const url of urls) {
      const res = await send(`at ${url}`, {
        method,
        url,
        ...(hasBody ? { payload: '{}', headers: { 'content-type': 'application/json' } } : {}),
      });
      // The caller passes the access rule, so the malformed input below reaches validation and the handler.
      if (url === urls[0]) expect([401, 403], `${caller} passes ${route}: ${res.body}`).not.toContain(res.statusCode);
    }
    const url = urls[0]!;
    await send('with a bad querystring', {
      method,
      url: `${url}?page=abc&page=2&status[]=x&%zz=1&${'q'.repeat(3000)}=1`,
    });
    await send('by HEAD', { method: 'HEAD', url });
    await send('by OPTIONS', { method: 'OPTIONS', url });
    await send('by an unsupported method', {
      method: method === 'PUT' ? 'PATCH' : 'PUT',
      url,
      payload: '{}',
      headers: { 'content-type': 'application/json' },
    });
    await send('with a malformed cookie', { method, url, headers: { cookie: 'session=%E0%A4%A; session=; =x' } });
    if (!hasBody) return;
    for (const body of JSON_BODIES)
      await send(`with the body ${body.slice(0, 40)}`, {
        method,
        url,
        payload: body,
        headers: { 'content-type': 'application/json' },
      });
    await send('with a text/plain body', { method, url, payload: 'hello', headers: { 'content-type': 'text/plain' } });
    await send('with an unknown content type', {
      method,
      url,
      payload: '{}',
      headers: { 'content-type': 'application/x-unknown' },
    });
    await send('with no content type', { method, url, payload: '{}', headers: { 'content-type': '' } });
    await send('with a multipart body', {
      method,
      url,
      payload: '--b\r\nContent-Disposition: form-data; name="x"\r\n\r\n1\r\n--b--\r\n',
      headers: { 'content-type': 'multipart/form-data; boundary=b' },
    });
    await send('with a body over the limit', {
      method,
      url,
      payload: JSON.stringify({ text: 'x'.repeat(100_000) }),
      headers: { 'content-type': 'application/json' },
    });
    await send('with a wrong Content-Length', {
      method,
      url,
      payload: '{}',
      headers: { 'content-type': 'application/json', 'content-length': '999' },
    });
  });
});
