/**
 * The access matrix: every API route the server registers, for every kind of caller, against the
 * checked-in table in tests/access-matrix.ts. Denied callers get 401 (anonymous) or 403 (signed in).
 */
import { beforeAll, describe, expect, it } from 'vitest';
import Fastify from 'fastify';
import fp from 'fastify-plugin';
import { ADMIN_LEVELS, adminLevelAtLeast, type AdminLevel } from '#shared/auth/roles.ts';
import { ACCESS_TABLE, type Rule } from '../../tests/access-matrix.ts';
import { setupTestApp, SITE_ORIGIN } from '../../tests/setup/test-app.ts';
import { signUpSettled, STRONG_PASSWORD } from '../../tests/setup/accounts.ts';
import { signInAdmin } from '../../tests/factories/users.ts';
import { rateLimits } from './db/schema/index.ts';
import accessPlugin, { type Access } from './plugins/access.ts';

const t = setupTestApp();

type Actor = 'anonymous' | 'patient' | 'doctor' | 'donor' | AdminLevel;
const ACTORS: Actor[] = ['anonymous', 'patient', 'doctor', 'donor', ...ADMIN_LEVELS];
const cookies = new Map<Actor, string>();

function ruleOf(access: Access): Rule {
  if (access === 'public' || access === 'user') return access;
  if ('role' in access) return access.role;
  return access.stepUp ? `${access.admin}+step-up` : access.admin;
}

/** Every admin in the matrix has re-entered her password (the step-up window is open). */
function allowed(stated: Rule, actor: Actor): boolean {
  const rule = stated.replace('+step-up', '') as Exclude<Rule, `${string}+step-up`>;
  if (rule === 'public') return true;
  if (actor === 'anonymous') return false;
  if (rule === 'user') return true;
  if (rule === 'patient' || rule === 'doctor' || rule === 'donor') return actor === rule;
  return (ADMIN_LEVELS as readonly string[]).includes(actor) && adminLevelAtLeast(actor as AdminLevel, rule);
}

beforeAll(async () => {
  for (const role of ['patient', 'doctor', 'donor'] as const)
    cookies.set(role, (await signUpSettled(t.app, t.database.db, { role })).cookie);
  for (const level of ADMIN_LEVELS) cookies.set(level, (await signInAdmin(t.app, t.database.db, level)).cookie);
});

describe('the access matrix', () => {
  it('names every registered API route, with the same rule the route declares', () => {
    const registered = Object.fromEntries(t.app.accessRules.map((r) => [`${r.method} ${r.url}`, ruleOf(r.access)]));
    expect(registered).toEqual(ACCESS_TABLE);
  });

  // Logging out would end the caller's session for the rest of the matrix; those routes are public anyway.
  const live = Object.entries(ACCESS_TABLE).filter(([route]) => !/logout$/.test(route));

  it.each(live)('%s answers each caller as the table says', async (route, rule) => {
    await t.database.db.delete(rateLimits);
    // The donations panel also wants a re-entered password: open it for the admins who may use it.
    for (const level of ['manager', 'super_admin'] as const) {
      const res = await t.app.inject({
        method: 'POST',
        url: '/api/admin/elevate',
        payload: { password: STRONG_PASSWORD },
        headers: { origin: SITE_ORIGIN, cookie: cookies.get(level)! },
      });
      expect(res.statusCode).toBe(200);
    }
    const [method, path] = route.split(' ') as [string, string];
    const url = path.replace(/:id\b/g, '00000000-0000-4000-8000-000000000000');
    for (const actor of ACTORS) {
      const cookie = cookies.get(actor);
      const res = await t.app.inject({
        method: method as 'GET',
        url,
        headers: {
          origin: SITE_ORIGIN,
          ...(cookie ? { cookie } : {}),
          ...(method === 'GET' || method === 'DELETE' ? {} : { 'content-type': 'application/json' }),
        },
        ...(method === 'GET' || method === 'DELETE' ? {} : { payload: '{}' }),
      });
      if (allowed(rule, actor)) {
        expect([401, 403], `${actor} should pass ${route} (got ${res.statusCode}: ${res.body})`).not.toContain(
          res.statusCode,
        );
        // Past the rule, an empty body or a made-up id is the caller's mistake: a 4xx, never a 500.
        expect(res.statusCode, `${actor} on ${route}: ${res.body}`).toBeLessThan(500);
      } else {
        expect(res.statusCode, `${actor} should be refused ${route}`).toBe(actor === 'anonymous' ? 401 : 403);
      }
    }
  });
});

describe('step-up', () => {
  const stepUpRoutes = Object.entries(ACCESS_TABLE).filter(([, rule]) => rule.endsWith('+step-up'));

  it.each(stepUpRoutes)('%s refuses an admin of the level whose password window is closed', async (route) => {
    // One sign-in per route: more routes than the sign-in limit allows from one address.
    await t.database.db.delete(rateLimits);
    const { cookie } = await signInAdmin(t.app, t.database.db, 'super_admin');
    const [method, path] = route.split(' ') as [string, string];
    const res = await t.app.inject({
      method: method as 'GET',
      url: path.replace(/:id\b/g, '00000000-0000-4000-8000-000000000000'),
      headers: {
        origin: SITE_ORIGIN,
        cookie,
        ...(method === 'GET' || method === 'DELETE' ? {} : { 'content-type': 'application/json' }),
      },
      ...(method === 'GET' || method === 'DELETE' ? {} : { payload: '{}' }),
    });
    expect(res.statusCode).toBe(403);
    expect(res.json()).toEqual({ message: 'Re-enter your password to continue', code: 'STEP_UP_REQUIRED' });
  });
});

describe('deny by default', () => {
  it('refuses to register an API route that declares no access rule', async () => {
    const app = Fastify();
    await app.register(fp(async () => {}, { name: 'auth' }));
    await app.register(accessPlugin);
    expect(() => app.get('/api/forgotten', async () => 'oops')).toThrow(
      'Route GET /api/forgotten declares no access rule (config.access)',
    );
    expect(() => app.get('/api/declared', { config: { access: 'public' } }, async () => 'ok')).not.toThrow();
    await app.close();
  });
});
