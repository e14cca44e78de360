import { describe, expect, it } from 'vitest';
import { createTestApp, setupTestApp } from '../../../../tests/setup/test-app.ts';

const t = setupTestApp();

describe('health and unknown paths', () => {
  it('answers /healthz and /readyz when the database answers', async () => {
    expect((await t.app.inject('/healthz')).json()).toEqual({ status: 'ok' });
    const ready = await t.app.inject('/readyz');
    expect(ready.statusCode).toBe(200);
    expect(ready.json().status).toBe('ok');
  });

  it('answers unknown /api paths with a JSON 404, for any method', async () => {
    for (const method of ['GET', 'POST', 'DELETE'] as const) {
      const res = await t.app.inject({ method, url: '/api/no-such-thing?x=1' });
      expect(res.statusCode).toBe(404);
      expect(res.headers['content-type']).toMatch(/application\/json/);
      expect(res.json()).toEqual({ message: `No such API endpoint: ${method} /api/no-such-thing`, code: 'NOT_FOUND' });
    }
  });

  it('gives every response a request id, reusing a well-formed incoming one', async () => {
    const fresh = await t.app.inject('/healthz');
    expect(fresh.headers['x-request-id']).toMatch(/^[0-9a-f]{12}-[0-9a-z]+$/);
    const echoed = await t.app.inject({ url: '/healthz', headers: { 'x-request-id': 'abc12345-trace' } });
    expect(echoed.headers['x-request-id']).toBe('abc12345-trace');
  });
});

describe('readiness when the database is gone', () => {
  it('answers /readyz with 503 and a message', async () => {
    const own = await createTestApp();
    await own.database.close();
    const res = await own.app.inject('/readyz');
    expect(res.statusCode).toBe(503);
    expect(res.json()).toEqual({ message: 'Database is not answering', code: 'UNAVAILABLE' });
    await own.app.close();
  });
});

describe('what an unexpected error leaves in the log', () => {
  it('keeps the query but not its parameters, and no message line in the stack', async () => {
    const { loggableError } = await import('../../plugins/errors.ts');
    const err = Object.assign(
      new Error(
        'Failed query: insert into users (email, password_hash) values ($1, $2)\nparams: ada@example.com,$argon2id$secret',
      ),
      { code: '23505' },
    );
    const logged = loggableError(err);
    expect(logged.message).toBe('Failed query: insert into users (email, password_hash) values ($1, $2)');
    expect(JSON.stringify(logged)).not.toMatch(/ada@example\.com|argon2id/);
    expect(logged.code).toBe('23505');
  });
});
