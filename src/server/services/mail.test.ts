/**
 * The outbox's log line (issue 34): in development it names the recipient, so a newcomer with several test
 * accounts finds her link by address; in production (and tests) it names neither the address nor a link (a link
 * may carry a token).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import pino from 'pino';
import type { FastifyBaseLogger } from 'fastify';
import { createTestDatabase, type TestDatabase } from '../../../tests/setup/database.ts';
import { createMailer } from './mail.ts';

let database: TestDatabase;
beforeAll(async () => {
  database = await createTestDatabase();
});
afterAll(async () => {
  await database.destroy();
});

/** Sends one mail through the outbox mailer of this environment; returns the lines it logged. */
async function logLinesOf(env: 'development' | 'test' | 'production') {
  const lines: Record<string, unknown>[] = [];
  const log = pino({ level: 'info' }, { write: (line: string) => void lines.push(JSON.parse(line)) });
  const mailer = createMailer({
    smtpUrl: undefined,
    from: 'site@healing-circle.test',
    timeoutSeconds: 30,
    db: database.db,
    log: log as unknown as FastifyBaseLogger,
    env,
  });
  await mailer.send({
    to: 'ana.tester@example.com',
    subject: 'Reset your password',
    text: 'Open http://localhost:3000/reset-password?token=abc',
  });
  return lines.filter((l) => l.msg === 'mail kept in the outbox (no SMTP_URL)');
}

describe('the outbox log line', () => {
  it('names the recipient with the links in development', async () => {
    const [line] = await logLinesOf('development');
    expect(line).toMatchObject({
      to: 'ana.tester@example.com',
      links: ['http://localhost:3000/reset-password?token=abc'],
    });
  });

  it.each(['production', 'test'] as const)('names neither the recipient nor a link in %s', async (env) => {
    const lines = await logLinesOf(env);
    expect(lines).toHaveLength(1);
    expect(JSON.stringify(lines)).not.toContain('ana.tester@example.com');
    expect(JSON.stringify(lines)).not.toContain('token=abc');
  });
});
