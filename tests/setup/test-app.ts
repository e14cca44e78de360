/** Builds the app on a fresh database for one test file; tests use app.inject(). */
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll } from 'vitest';
import { buildApp, type BuildAppOptions } from '../../src/server/app.ts';
import { loadConfig, type Config } from '../../src/server/config.ts';
import type { Mailer } from '../../src/server/services/mail.ts';
import type { Clock } from '../../src/server/services/clock.ts';
import { TEST_ALTCHA_DIFFICULTY } from '../../src/server/services/altcha.ts';
import { createTestDatabase, type TestDatabase } from './database.ts';

export interface TestApp {
  app: FastifyInstance;
  database: TestDatabase;
  config: Config;
  close(): Promise<void>;
}

export interface TestAppOptions {
  env?: Record<string, string>;
  mailer?: Mailer;
  clientDir?: string | false;
  clock?: Clock;
  paypalCertificates?: BuildAppOptions['paypalCertificates'];
}

export async function createTestApp(options: TestAppOptions = {}): Promise<TestApp> {
  const config = loadConfig({ NODE_ENV: 'test', LOG_LEVEL: 'silent', ...options.env });
  const database = await createTestDatabase();
  const app = await buildApp({
    config,
    database,
    clientDir: options.clientDir ?? false,
    ...(options.mailer ? { mailer: options.mailer } : {}),
    ...(options.clock ? { clock: options.clock } : {}),
    ...(options.paypalCertificates ? { paypalCertificates: options.paypalCertificates } : {}),
    // Tests solve many challenges; the recommended level is tested in services/altcha.test.ts.
    altchaDifficulty: TEST_ALTCHA_DIFFICULTY,
  });
  await app.ready();
  return {
    app,
    database,
    config,
    async close() {
      await app.close();
      await database.destroy();
    },
  };
}

/**
 * A test app for the whole file, built before the first test and closed after the last.
 * Read `t.app`, `t.database` inside tests (not at import time).
 */
export function setupTestApp(options: TestAppOptions = {}): TestApp {
  let current: TestApp | undefined;
  beforeAll(async () => {
    current = await createTestApp(options);
  });
  afterAll(() => current?.close());
  return new Proxy({} as TestApp, {
    get: (_target, key) => current![key as keyof TestApp],
  });
}

/** The Origin a browser on the site sends (tests run with the default PUBLIC_URL). */
export const SITE_ORIGIN = 'http://localhost:3000';

/** POST JSON through inject, as the site's own pages would (same-origin Origin header). */
export function postJson(app: FastifyInstance, url: string, body: unknown, headers: Record<string, string> = {}) {
  return app.inject({
    method: 'POST',
    url,
    payload: JSON.stringify(body),
    headers: { 'content-type': 'application/json', origin: SITE_ORIGIN, ...headers },
  });
}

/** POSTs one file as multipart form data (the single file every upload route takes), signed in with `cookie`. */
export function postFile(
  app: FastifyInstance,
  url: string,
  cookie: string,
  file: { field: string; bytes: Buffer; filename: string; type: string },
) {
  const boundary = '----healing-circle-test';
  const payload = Buffer.concat([
    Buffer.from(
      `--${boundary}\r\nContent-Disposition: form-data; name="${file.field}"; filename="${file.filename}"\r\nContent-Type: ${file.type}\r\n\r\n`,
    ),
    file.bytes,
    Buffer.from(`\r\n--${boundary}--\r\n`),
  ]);
  return app.inject({
    method: 'POST',
    url,
    payload,
    headers: { cookie, origin: SITE_ORIGIN, 'content-type': `multipart/form-data; boundary=${boundary}` },
  });
}

let addressesHandedOut = 0;
/** A client address no earlier call handed out (172.16.0.0/12), so per-address limits never see it twice. */
export function freshAddress(): string {
  const n = ++addressesHandedOut;
  return `172.${16 + ((n >> 16) & 15)}.${(n >> 8) & 255}.${n & 255}`;
}

/** A same-origin request (JSON body) from the given client address, a new one by default: as an attacker with many addresses. */
export function injectFrom(
  app: FastifyInstance,
  request: {
    method?: 'GET' | 'POST' | 'PATCH' | 'PUT' | 'DELETE';
    url: string;
    body?: unknown;
    headers?: Record<string, string>;
  },
  remoteAddress = freshAddress(),
) {
  const { method = 'POST', url, body, headers = {} } = request;
  return app.inject({
    method,
    url,
    remoteAddress,
    ...(body === undefined ? {} : { payload: JSON.stringify(body) }),
    headers: { ...(body === undefined ? {} : { 'content-type': 'application/json' }), origin: SITE_ORIGIN, ...headers },
  });
}

/** The statuses of `count` requests sent one after another (request i is `send(i)`). */
export async function statusesOf(
  count: number,
  send: (i: number) => Promise<{ statusCode: number }>,
): Promise<number[]> {
  const statuses: number[] = [];
  for (let i = 0; i < count; i++) statuses.push((await send(i)).statusCode);
  return statuses;
}
