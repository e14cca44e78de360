/** What the log holds: one line per API request with its id, none for quiet routes, never a secret. */
import { Writable } from 'node:stream';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import Fastify, { type FastifyInstance } from 'fastify';
import { buildApp } from './app.ts';
import { loadConfig } from './config.ts';
import { loggerOptions, quietRoute, requestIdGenerator, requestLogController } from './logging.ts';
import { createTestDatabase, type TestDatabase } from '../../tests/setup/database.ts';

type Line = Record<string, unknown> & { msg?: string; reqId?: string };

/** A pino destination that keeps the parsed lines. */
function capture() {
  const lines: Line[] = [];
  const stream = new Writable({
    write(chunk: Buffer, _encoding, done) {
      for (const text of chunk.toString().split('\n')) if (text.trim()) lines.push(JSON.parse(text) as Line);
      done();
    },
  });
  return { lines, stream };
}

const config = loadConfig({ NODE_ENV: 'test', LOG_LEVEL: 'info' });
const log = capture();
let app: FastifyInstance;
let database: TestDatabase;

beforeAll(async () => {
  database = await createTestDatabase();
  app = await buildApp({
    config,
    database,
    clientDir: false,
    logger: { ...(loggerOptions(config) as object), stream: log.stream },
  });
  await app.ready();
});
afterAll(async () => {
  await app.close();
  await database.destroy();
});
beforeEach(() => {
  log.lines.length = 0;
});

describe('request lines', () => {
  it('logs an API request once under its id: method, route pattern, status and time, without its query string', async () => {
    const res = await app.inject('/api/campaign?token=do-not-log-me');
    expect(res.statusCode).toBe(200);
    const id = res.headers['x-request-id'];
    expect(log.lines).toEqual([
      expect.objectContaining({ reqId: id, msg: 'request', method: 'GET', route: '/api/campaign', status: 200 }),
    ]);
    expect(log.lines[0]!.ms).toEqual(expect.any(Number));
    expect(JSON.stringify(log.lines)).not.toContain('do-not-log-me');
  });

  it("names the route's pattern, not the ids in the path, also for refusals", async () => {
    const id = '0b7c6a9e-3f1d-4c2a-9e8b-1d2c3b4a5f60';
    const res = await app.inject({ method: 'GET', url: `/api/expenses/${id}` });
    expect(res.statusCode).toBe(401);
    expect(log.lines).toEqual([expect.objectContaining({ route: '/api/expenses/:id', status: 401 })]);
    expect(JSON.stringify(log.lines)).not.toContain(id);
  });

  it('writes nothing for the routes every visitor and load balancer polls', async () => {
    for (const url of ['/api/fundraising/progress', '/healthz', '/readyz'])
      expect((await app.inject(url)).statusCode).toBe(200);
    expect(log.lines).toEqual([]);
  });
});

describe('pages that failed in the browser', () => {
  it('logs each as one warning naming its kind, its page pattern and the error, and refuses a path in its place', async () => {
    const report = { kind: 'render', page: '/stories/:id', name: 'TypeError' };
    const res = await app.inject({ method: 'POST', url: '/api/client-errors', payload: report });
    expect(res.statusCode).toBe(204);
    expect(log.lines.filter((line) => line.level === 40)).toEqual([
      expect.objectContaining({ msg: 'a page failed in the browser', clientError: report }),
    ]);
    log.lines.length = 0;
    const withPath = { ...report, page: '/reset-password?token=do-not-log-me' };
    const refused = await app.inject({ method: 'POST', url: '/api/client-errors', payload: withPath });
    expect(refused.statusCode).toBe(400);
    expect(refused.json()).toEqual(expect.objectContaining({ message: 'page must be a page of the page table' }));
    expect(JSON.stringify(log.lines)).not.toContain('do-not-log-me');
  });
});

describe('request ids', () => {
  it('are unique per request, and a well-formed incoming id is kept', async () => {
    const ids = new Set<string>();
    for (let i = 0; i < 20; i++) ids.add(String((await app.inject('/healthz')).headers['x-request-id']));
    expect(ids.size).toBe(20);
    for (const id of ids) expect(id).toMatch(/^[0-9a-f]{12}-[0-9a-z]+$/);
    expect(
      (await app.inject({ url: '/healthz', headers: { 'x-request-id': 'lb-trace-0001' } })).headers['x-request-id'],
    ).toBe('lb-trace-0001');
    expect(
      (await app.inject({ url: '/healthz', headers: { 'x-request-id': 'bad id <script>' } })).headers['x-request-id'],
    ).toMatch(/^[0-9a-f]{12}-/);
  });

  it('differ between two instances', () => {
    const request = { headers: {} };
    expect(requestIdGenerator()(request)).not.toBe(requestIdGenerator()(request));
  });
});

describe('a quiet route that does log', () => {
  it('still carries the request id, and never a password or token', async () => {
    const own = capture();
    const quiet = Fastify({
      logger: { ...(loggerOptions(config) as object), stream: own.stream },
      logController: requestLogController(),
      genReqId: requestIdGenerator(),
    });
    quiet.get('/quiet', quietRoute({}), async (request) => {
      request.log.warn(
        { password: 'hunter2', account: { token: 'abc123', email: 'kept@example.org' } },
        'something odd',
      );
      return { ok: true };
    });
    await quiet.inject({ url: '/quiet', headers: { 'x-request-id': 'trace-quiet-0001' } });
    await quiet.close();
    expect(own.lines).toHaveLength(1);
    expect(own.lines[0]).toMatchObject({
      msg: 'something odd',
      reqId: 'trace-quiet-0001',
      account: { email: 'kept@example.org' },
    });
    expect(JSON.stringify(own.lines)).not.toMatch(/hunter2|abc123/);
  });
});
