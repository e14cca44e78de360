/**
 * Production in miniature for the scale test: HAProxy with deploy/haproxy.cfg in front of two instances of the
 * built server (`node dist/server/index.js`) on a PostgreSQL server of the test's own (so it can stop and start
 * it) and on the machine's Redis (REDIS_URL).
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { Redis } from 'ioredis';
import { freePort, onCleanup, ROOT, runCleanups, startApp, type RunningApp } from '../../scripts/app-process.ts';
import { startScratchPostgres, type ScratchPostgres } from '../setup/scratch-postgres.ts';
import { startSmtpCapture, type SmtpCapture } from '../setup/smtp.ts';

export interface Cluster {
  /** The balancer's URL, which is also the instances' PUBLIC_URL. */
  url: string;
  /** The instances' SESSION_SECRET (it seals an admin's authenticator secret). */
  sessionSecret: string;
  postgres: ScratchPostgres;
  /** The instance in each slot now; a restart puts a new process in the same slot, on the same port. */
  instances: RunningApp[];
  /** The mail server each slot's instance sends to (one each, so a test can tell which instance sent a mail). */
  mailServers: SmtpCapture[];
  /** Starts the instance of `slot` again (after it was killed or stopped). */
  restart(slot: number): Promise<RunningApp>;
  /** Waits until HAProxy's checks report the instance of `slot` as `state` in `backend`. */
  balancerSees(backend: 'ready' | 'alive', slot: number, state: 'UP' | 'DOWN'): Promise<void>;
  destroy(): Promise<void>;
}

const HAPROXY = [process.env.HAPROXY_PATH, '/usr/sbin/haproxy', '/usr/bin/haproxy'].find((p) => p && fs.existsSync(p));
/** Long enough for the balancer (checks every second, out after two failures) to take a draining instance out. */
const DRAIN_MS = 3000;
/**
 * The instances' MAIL_TIMEOUT_SECONDS: a sender holds a mail four times this, so a mail whose sender was killed
 * is sent by another within seconds, not minutes.
 */
const MAIL_TIMEOUT_SECONDS = 2;
/** The instances' Stripe signing secret: the test signs events as Stripe would. */
export const STRIPE_TEST_SECRET = `whsec_${randomBytes(16).toString('hex')}`;
/** The Redis database (of REDIS_URL's server) the scale test uses and empties. */
export const REDIS_DATABASE = 15;

/** Resolves once `check` does, polling every 100 ms; rejects after `timeoutMs` with `what`. */
export async function waitFor(what: string, check: () => Promise<boolean>, timeoutMs = 30_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!(await check().catch(() => false))) {
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

export async function startCluster(): Promise<Cluster> {
  if (!HAPROXY) throw new Error('HAProxy not found: apt-get install -y haproxy (npm run test:scale installs it)');
  if (!process.env.REDIS_URL) throw new Error('REDIS_URL is not set (npm run test:scale sets it)');
  // A database of Redis's own for this test, emptied first: rate-limit counters from an earlier run would count.
  const redisUrl = new URL(process.env.REDIS_URL);
  redisUrl.pathname = `/${REDIS_DATABASE}`;
  const redis = new Redis(redisUrl.toString());
  await redis.flushdb();
  redis.disconnect();

  const postgres = await startScratchPostgres();
  onCleanup(() => postgres.destroy());
  const [balancerPort, statsPort, ...ports] = [await freePort(), await freePort(), await freePort(), await freePort()];
  const url = `http://127.0.0.1:${balancerPort}`;
  const mailServers = [await startSmtpCapture(), await startSmtpCapture()];
  onCleanup(() => Promise.all(mailServers.map((server) => server.close())).then(() => {}));
  const env = {
    NODE_ENV: 'production',
    PUBLIC_URL: url,
    SESSION_SECRET: randomBytes(32).toString('hex'),
    ALTCHA_HMAC_KEY: randomBytes(32).toString('hex'),
    REDIS_URL: redisUrl.toString(),
    // Only the balancer (which connects from 127.0.0.1) may say who the visitor is; visitors use other 127.x.y.z.
    TRUST_PROXY: '127.0.0.1',
    SHUTDOWN_DRAIN_MS: String(DRAIN_MS),
    MAIL_TIMEOUT_SECONDS: String(MAIL_TIMEOUT_SECONDS),
    STRIPE_WEBHOOK_SECRET: STRIPE_TEST_SECRET,
    // Each request the database outage refuses would write a warning.
    LOG_LEVEL: 'error',
  };
  const start = (slot: number) =>
    startApp({
      databaseUrl: postgres.url,
      port: ports[slot],
      env: { ...env, SMTP_URL: mailServers[slot]!.url },
      label: `app${slot + 1}`,
    });
  // Both at once on the empty database, as a fresh deployment would: migrations run once, under the lock.
  const instances = await Promise.all([start(0), start(1)]);

  // The test's part first: its global section sends the balancer's log to stdout.
  const configs = [path.join(ROOT, 'tests/scale/haproxy-stats.cfg'), path.join(ROOT, 'deploy/haproxy.cfg')];
  const balancer: ChildProcess = spawn(HAPROXY, ['-db', '-q', ...configs.flatMap((file) => ['-f', file])], {
    env: {
      ...process.env,
      HC_BIND: `127.0.0.1:${balancerPort}`,
      HC_STATS: `127.0.0.1:${statsPort}`,
      HC_APP1: `127.0.0.1:${ports[0]}`,
      HC_APP2: `127.0.0.1:${ports[1]}`,
    },
    stdio: ['ignore', 'inherit', 'inherit'],
  });
  const balancerExited = new Promise<void>((resolve) => balancer.once('exit', () => resolve()));
  onCleanup(async () => {
    if (balancer.exitCode === null && balancer.signalCode === null) balancer.kill('SIGTERM');
    await balancerExited;
  });
  await waitFor('HAProxy to send requests to a ready instance', async () => {
    const res = await fetch(`${url}/readyz`, { signal: AbortSignal.timeout(2000) });
    return res.status === 200;
  });
  const balancerSees: Cluster['balancerSees'] = (backend, slot, state) =>
    waitFor(`HAProxy to see app${slot + 1} ${state} in ${backend}`, async () => {
      const csv = await (await fetch(`http://127.0.0.1:${statsPort}/stats;csv`)).text();
      // Columns: pxname, svname, ..., status (the 18th).
      const row = csv.split('\n').find((line) => line.startsWith(`${backend},app${slot + 1},`));
      return row?.split(',')[17] === state;
    });
  // The tests start from both instances in the balancer, as it has checked them, not from its first guess.
  for (const backend of ['ready', 'alive'] as const) for (const slot of [0, 1]) await balancerSees(backend, slot, 'UP');

  return {
    url,
    sessionSecret: env.SESSION_SECRET,
    postgres,
    instances,
    mailServers,
    async restart(slot) {
      instances[slot] = await start(slot);
      return instances[slot];
    },
    balancerSees,
    destroy: runCleanups,
  };
}
