/** What a page view costs the log (issue 15): pages and static assets write no lines; an API call writes one. */
import fs from 'node:fs';
import path from 'node:path';
import { Writable } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { buildApp } from '../../src/server/app.ts';
import { loadConfig } from '../../src/server/config.ts';
import { loggerOptions } from '../../src/server/logging.ts';
import { CLIENT_DIST_DIR } from '../../src/server/paths.ts';
import { createTestDatabase, type TestDatabase } from '../setup/database.ts';

const lines: Record<string, unknown>[] = [];
const stream = new Writable({
  write(chunk: Buffer, _encoding, done) {
    for (const text of chunk.toString().split('\n')) if (text.trim()) lines.push(JSON.parse(text));
    done();
  },
});
let app: FastifyInstance;
let database: TestDatabase;

beforeAll(async () => {
  const config = loadConfig({ NODE_ENV: 'test', LOG_LEVEL: 'info' });
  database = await createTestDatabase();
  app = await buildApp({ config, database, logger: { ...(loggerOptions(config) as object), stream } });
  await app.ready();
});
afterAll(async () => {
  await app.close();
  await database.destroy();
});

describe('the request log of the built site', () => {
  it('holds no line for pages, the app shell, the 404 page or static assets, and one for an API call', async () => {
    const asset = fs.readdirSync(path.join(CLIENT_DIST_DIR, 'assets')).find((name) => name.endsWith('.js'))!;
    lines.length = 0;
    for (const url of [
      '/',
      '/donate',
      '/transparency',
      '/stories',
      '/no-such-page',
      `/assets/${asset}`,
      '/favicon.svg',
    ]) {
      const res = await app.inject({ url, headers: { 'accept-encoding': 'br, gzip' } });
      expect(res.statusCode, url).toBeLessThan(500);
    }
    expect(lines).toEqual([]);

    await app.inject('/api/campaign');
    expect(lines).toEqual([
      expect.objectContaining({ msg: 'request', method: 'GET', route: '/api/campaign', status: 200 }),
    ]);
  });
});
