/**
 * HTTP benchmark: the app's hot endpoints (progress, an intent, a sign-in, a manager recording a gift; one
 * fundraiser's progress among 1,000), each against a bare Fastify handler doing only its essential work (nothing,
 * one INSERT, one argon2 verify, one INSERT).
 *
 *   npm run bench                                                    # PGlite only
 *   DATABASE_URL=postgresql://root@127.0.0.1:5432/postgres npm run bench   # PGlite, then PostgreSQL
 *
 * The app runs as a child process (`node dist/server/index.js`) on a fresh temporary DATA_DIR; with
 * DATABASE_URL it also runs on a fresh database `hc_bench_<random>` created on that server and dropped
 * afterwards. All load goes to 127.0.0.1. Each pair runs three times in turn (BENCH_SETS) and the ratio is the median
 * of the sets'. BENCH_DURATION=<seconds> shortens the 10 s per scenario (for trying it out).
 * See docs/performance.md.
 */
import { randomBytes } from 'node:crypto';
import os from 'node:os';
import { createRequire } from 'node:module';
import { Worker } from 'node:worker_threads';
import { solveChallenge, type Challenge } from 'altcha-lib';
import { deriveKey } from 'altcha-lib/algorithms/pbkdf2';
import { encodeAltchaPayload } from '../src/server/services/altcha.ts';
import { hashPassword } from '../src/server/services/passwords.ts';
import { createScratchDatabase, ensureBuilt, onCleanup, runScript, startApp, tempDir } from './app-process.ts';
import { measureFundraisers, type FundraiserTarget } from './bench-fundraisers.ts';
import {
  createBenchManager,
  giftBody,
  giftsOutcome,
  signInManager,
  type BenchManager,
  type DatabaseTarget,
} from './bench-gifts.ts';
import {
  BENCH_STRIPE_SECRET,
  benchReference,
  importStatementBench,
  stripeEventBody,
  stripeSignature,
} from './bench-payments.ts';
import { textTable } from './text-table.ts';

const require = createRequire(import.meta.url);

// ---------------------------------------------------------------------------------------------
// autocannon (no bundled types): the part of its programmatic API used here.

interface Histogram {
  average: number;
  p50: number;
  p99: number;
  max: number;
}
interface AutocannonResult {
  requests: Histogram & { total: number };
  latency: Histogram;
  duration: number;
  errors: number;
  timeouts: number;
  non2xx: number;
  '2xx': number;
  statusCodeStats: Record<string, { count: number | string }>;
}
interface AutocannonRequest {
  method?: string;
  path?: string;
  headers?: Record<string, string>;
  body?: string;
  setupRequest?: (request: AutocannonRequest, context: object) => AutocannonRequest;
}
interface AutocannonOptions {
  url: string;
  connections: number;
  duration: number;
  method?: string;
  headers?: Record<string, string>;
  body?: string;
  requests?: AutocannonRequest[];
}
const autocannon = require('autocannon') as (options: AutocannonOptions) => Promise<AutocannonResult>;

const CONNECTIONS = 50;
const DURATION_S = Number(process.env.BENCH_DURATION ?? 10);
/** Times each pair runs, in turn (BENCH_SETS). */
const SETS = Number(process.env.BENCH_SETS ?? 3);
const WARMUP_S = 2;

/** A distinct client address per request (10.0.0.1, 10.0.0.2, ...): each request is its own rate-limit key. */
let clientCounter = 0;
function nextClientIp(): string {
  const n = ++clientCounter;
  return `10.${(n >> 16) & 255}.${(n >> 8) & 255}.${n & 255}`;
}

interface Scenario {
  name: string;
  url: string;
  method: 'GET' | 'POST';
  /** The body of each request (called per request: sign-ins rotate over several accounts). */
  body?: () => string;
  /** Headers every request carries besides the JSON type and a new client address (a manager's cookie). */
  headers?: Record<string, string>;
  /** Headers of each request, made with its body (a processor's signature over it). */
  signed?: (body: string) => Record<string, string>;
}

interface Measurement {
  name: string;
  rps: number;
  p50: number;
  p99: number;
  total: number;
  ok: number;
  non2xx: number;
  errors: number;
  statusCodes: Record<string, number>;
}

async function measure(scenario: Scenario): Promise<Measurement> {
  const request: AutocannonRequest =
    scenario.method === 'GET'
      ? { method: 'GET' }
      : {
          method: 'POST',
          headers: { 'content-type': 'application/json', ...scenario.headers },
          // Rebuilt for every request: a new X-Forwarded-For each time (the bare POST pays the same client cost).
          setupRequest: (req) => {
            const body = scenario.body!();
            return {
              ...req,
              body,
              headers: { ...req.headers, ...scenario.signed?.(body), 'x-forwarded-for': nextClientIp() },
            };
          },
        };
  const run = (duration: number) =>
    autocannon({ url: scenario.url, connections: CONNECTIONS, duration, requests: [request] });
  await run(WARMUP_S);
  const r = await run(DURATION_S);
  const statusCodes = Object.fromEntries(
    Object.entries(r.statusCodeStats ?? {}).map(([code, s]) => [code, Number(s.count)]),
  );
  return {
    name: scenario.name,
    rps: r.requests.average,
    p50: r.latency.p50,
    p99: r.latency.p99,
    total: r.requests.total,
    ok: r['2xx'],
    non2xx: r.non2xx,
    errors: r.errors,
    statusCodes,
  };
}

// ---------------------------------------------------------------------------------------------
// The baselines (scripts/bench-bare-server.mjs): bare Fastify handlers in a worker thread of this process, with
// an event loop of their own as the app has in its child process, and on the same kind of database.

async function startBareServer(
  database: { databaseUrl: string } | { dataDir: string },
  passwordHash: string,
): Promise<{ url: string; stop: () => Promise<void> }> {
  const worker = new Worker(new URL('./bench-bare-server.mjs', import.meta.url), {
    workerData: { ...database, passwordHash },
  });
  const port = await new Promise<number>((resolve, reject) => {
    worker.once('message', (p: number) => resolve(p));
    worker.once('error', reject);
  });
  let stopped: Promise<void> | undefined;
  const stop = () =>
    (stopped ??= (async () => {
      // Closes its database first: PGlite flushes, node-postgres lets the scratch database be dropped.
      const closed = new Promise((resolve) => worker.once('message', resolve));
      worker.postMessage('close');
      await Promise.race([closed, new Promise((resolve) => setTimeout(resolve, 5000))]);
      await worker.terminate();
    })());
  onCleanup(stop);
  return { url: `http://127.0.0.1:${port}`, stop };
}

// ---------------------------------------------------------------------------------------------

const PASSWORD = 'Lilac-Harbour-42';

/** Registers the account the sign-in scenario uses, solving the human check as a browser would. */
async function registerBenchUser(appUrl: string): Promise<string> {
  const challenge = (await (await fetch(`${appUrl}/api/altcha/challenge`)).json()) as Challenge;
  const solution = await solveChallenge({ challenge, deriveKey });
  if (!solution) throw new Error('could not solve the ALTCHA challenge');
  const email = `bench.${Date.now()}@example.com`;
  const res = await fetch(`${appUrl}/api/auth/register`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'x-forwarded-for': nextClientIp() },
    body: JSON.stringify({
      firstName: 'Bench',
      lastName: 'Reader',
      email,
      password: PASSWORD,
      role: 'donor',
      altcha: encodeAltchaPayload(challenge, solution),
    }),
  });
  if (res.status !== 201) throw new Error(`registering the bench account answered ${res.status}: ${await res.text()}`);
  return email;
}

function intentBody(): string {
  return JSON.stringify({ amount: 25, message: null, paymentMethod: 'PayPal', timestamp: new Date().toISOString() });
}

/** One request each way, and proof that the per-IP limit is on (so distinct IPs are what keeps 429s out). */
async function sanityCheck(appUrl: string): Promise<string> {
  const progress = await fetch(`${appUrl}/api/fundraising/progress`);
  if (progress.status !== 200)
    throw new Error(`GET /api/fundraising/progress answered ${progress.status}: ${await progress.text()}`);
  const post = (ip: string) =>
    fetch(`${appUrl}/api/donation-intent`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'x-forwarded-for': ip },
      body: intentBody(),
    });
  const first = await post(nextClientIp());
  if (first.status !== 201)
    throw new Error(`POST /api/donation-intent answered ${first.status}: ${await first.text()}`);
  const statuses: number[] = [];
  for (let i = 0; i < 21; i++) statuses.push((await post('192.0.2.77')).status);
  const limited = statuses.filter((s) => s === 429).length;
  return limited > 0
    ? `rate limit active: 21 intents from one IP -> ${statuses.filter((s) => s === 201).length} x 201, ${limited} x 429`
    : `WARNING: 21 intents from one IP were not rate-limited (statuses: ${[...new Set(statuses)].join(', ')})`;
}

/** One endpoint against its baseline: the sets in the order they ran (bare, app, bare, app, ...). */
interface Pair {
  bare: Measurement[];
  app: Measurement[];
}

/**
 * The pairs measured, in this order: all by default, or those BENCH_PAIRS names (e.g. `sign-in,progress`).
 * `gifts` is a manager recording gifts (scripts/bench-gifts.ts). `fundraisers` runs on an app of its own, on
 * 1,000 live fundraisers (scripts/bench-fundraisers.ts).
 */
const PAIR_NAMES = ['progress', 'intents', 'sign-in', 'gifts', 'events'] as const;
const ALL_PAIRS: readonly string[] = [...PAIR_NAMES, 'statement', 'fundraisers'];
const CHOSEN_PAIRS = (process.env.BENCH_PAIRS || ALL_PAIRS.join(','))
  .split(',')
  .map((name) => name.trim())
  .filter(Boolean);

/**
 * Accounts the sign-in scenario rotates over: each sign-in counts against its account until the password is
 * verified (commands/sign-in.ts), so 50 connections on one account would be refused as guessing (ten accounts: at most five in flight each).
 */
const SIGN_IN_ACCOUNTS = 10;

/**
 * Each app endpoint right after its bare counterpart, SETS times in turn, so that each pair sees the same machine
 * conditions and a slow moment of the machine (two shared cores) moves one set's ratio, not the result: the ratio
 * reported is the median of the sets'.
 */
async function measurePairs(bareUrl: string, appUrl: string, manager: BenchManager | undefined): Promise<Pair[]> {
  console.log(`  ${await sanityCheck(appUrl)}`);
  const emails: string[] = [];
  // Each registration solves a human check (seconds of CPU on a busy machine): only when sign-ins are measured.
  if (CHOSEN_PAIRS.includes('sign-in')) {
    const registering = Date.now();
    for (let i = 0; i < SIGN_IN_ACCOUNTS; i++) emails.push(await registerBenchUser(appUrl));
    console.log(
      `  ${SIGN_IN_ACCOUNTS} accounts to sign in with, registered in ${fmt((Date.now() - registering) / 1000)} s`,
    );
  }
  let signIns = 0;
  const signInBody = () => JSON.stringify({ email: emails[signIns++ % emails.length], password: PASSWORD });
  const pair = async (bare: Scenario, app: Scenario): Promise<Pair> => {
    const result: Pair = { bare: [], app: [] };
    for (let set = 1; set <= SETS; set++) {
      console.log(`  set ${set}/${SETS}: ${bare.name}, then ${app.name} ...`);
      result.bare.push(await measure(bare));
      result.app.push(await measure(app));
    }
    return result;
  };
  const scenarios: Record<Exclude<(typeof PAIR_NAMES)[number], 'gifts' | 'events'>, [Scenario, Scenario]> = {
    progress: [
      { name: 'bare GET /hello', url: `${bareUrl}/hello`, method: 'GET' },
      { name: 'app GET /api/fundraising/progress', url: `${appUrl}/api/fundraising/progress`, method: 'GET' },
    ],
    intents: [
      { name: 'bare POST: one INSERT', url: `${bareUrl}/intent`, method: 'POST', body: intentBody },
      { name: 'app POST /api/donation-intent', url: `${appUrl}/api/donation-intent`, method: 'POST', body: intentBody },
    ],
    'sign-in': [
      { name: 'bare POST: one argon2id verify', url: `${bareUrl}/login`, method: 'POST', body: signInBody },
      { name: 'app POST /api/auth/login', url: `${appUrl}/api/auth/login`, method: 'POST', body: signInBody },
    ],
  };
  /** Signed in and stepped up right before its pair: the step-up lasts 15 minutes. */
  const gifts = async (): Promise<[Scenario, Scenario]> => {
    if (!manager) throw new Error('the gifts pair needs the bench manager');
    const headers = await signInManager(appUrl, manager, nextClientIp);
    console.log(`  a manager signed in with her second factor and stepped up; one gift recorded (201)`);
    return [
      { name: 'bare POST: one INSERT of a gift', url: `${bareUrl}/gift`, method: 'POST', body: giftBody, headers },
      {
        name: 'app POST /api/admin/add-donation',
        url: `${appUrl}/api/admin/add-donation`,
        method: 'POST',
        body: giftBody,
        headers,
      },
    ];
  };
  /** Stripe's signed event for a donor's reference, each a new payment: recorded end to end as a gift. */
  const events = async (): Promise<[Scenario, Scenario]> => {
    const reference = await benchReference(appUrl);
    console.log(`  an intent recorded (${reference}); each event pays it again`);
    return [
      { name: 'bare POST: one INSERT of a gift', url: `${bareUrl}/gift`, method: 'POST', body: giftBody },
      {
        name: 'app POST /api/webhooks/stripe',
        url: `${appUrl}/api/webhooks/stripe`,
        method: 'POST',
        body: () => stripeEventBody(reference),
        signed: (body) => stripeSignature(body, BENCH_STRIPE_SECRET),
      },
    ];
  };
  const run: Pair[] = [];
  for (const name of PAIR_NAMES) {
    if (!CHOSEN_PAIRS.includes(name)) continue;
    run.push(await pair(...(name === 'gifts' ? await gifts() : name === 'events' ? await events() : scenarios[name])));
  }
  return run;
}

function fmt(n: number, digits = 0): string {
  return n.toLocaleString('en-US', { minimumFractionDigits: digits, maximumFractionDigits: digits });
}

function median(values: readonly number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  const mid = sorted.length >> 1;
  return sorted.length % 2 ? sorted[mid]! : (sorted[mid - 1]! + sorted[mid]!) / 2;
}

/** "0.71 (0.64-0.75)": the median of the sets' values and their range. */
function medianAndRange(values: readonly number[], digits: number, unit = ''): string {
  const range = values.length > 1 ? ` (${fmt(Math.min(...values), digits)}-${fmt(Math.max(...values), digits)})` : '';
  return `${fmt(median(values), digits)}${unit}${range}`;
}

function printTable(title: string, run: Pair[]): void {
  const header = [
    'scenario',
    'req/s (median)',
    'p50 ms',
    'p99 ms',
    'requests',
    'non-2xx',
    'errors',
    'req/s app/bare (range)',
    'p99 app/bare',
  ];
  const row = (sets: Measurement[], baseline?: Measurement[]) => [
    sets[0]!.name,
    fmt(median(sets.map((m) => m.rps))),
    fmt(median(sets.map((m) => m.p50))),
    fmt(median(sets.map((m) => m.p99))),
    fmt(sets.reduce((sum, m) => sum + m.total, 0)),
    fmt(sets.reduce((sum, m) => sum + m.non2xx, 0)),
    fmt(sets.reduce((sum, m) => sum + m.errors, 0)),
    baseline
      ? medianAndRange(
          sets.map((m, i) => m.rps / baseline[i]!.rps),
          2,
        )
      : '',
    baseline
      ? medianAndRange(
          sets.map((m, i) => m.p99 / Math.max(baseline[i]!.p99, 1)),
          1,
          'x',
        )
      : '',
  ];
  const body = run.flatMap(({ bare, app }) => [row(bare), row(app, bare)]);
  console.log(`\n${title} (${SETS} sets)\n${textTable(header, body)}`);
  for (const m of run.flatMap(({ bare, app }) => [...bare, ...app])) {
    if (m.non2xx > 0)
      console.log(
        `  WARNING ${m.name}: ${fmt(m.non2xx)} non-2xx responses, counted in its req/s; status codes ${JSON.stringify(m.statusCodes)}`,
      );
  }
}

/**
 * The chosen pairs of progress, intents, sign-in and gifts, on an app of their own (PGlite unless given a
 * database). For gifts, a manager is added to its database before it starts, her second factor sealed with the
 * SESSION_SECRET it runs with; once it has stopped, what the gifts left behind is read back.
 */
async function pairsOn(bareUrl: string, database: { databaseUrl?: string }, title: string): Promise<void> {
  if (![...PAIR_NAMES, 'statement'].some((name) => CHOSEN_PAIRS.includes(name))) return;
  const sessionSecret = randomBytes(32).toString('base64url');
  const dataDir = database.databaseUrl ? undefined : tempDir('hc-data-');
  const target: DatabaseTarget = database.databaseUrl ? { url: database.databaseUrl } : { dataDir: dataDir! };
  const manager = CHOSEN_PAIRS.some((name) => name === 'gifts' || name === 'statement')
    ? await createBenchManager(target, sessionSecret, PASSWORD)
    : undefined;
  const app = await startApp({
    ...database,
    ...(dataDir ? { dataDir } : {}),
    env: { TRUST_PROXY: 'loopback', SESSION_SECRET: sessionSecret, STRIPE_WEBHOOK_SECRET: BENCH_STRIPE_SECRET },
    label: `app/${title}`,
  });
  const run = await measurePairs(bareUrl, app.url, manager);
  if (manager && CHOSEN_PAIRS.includes('statement')) console.log(`  ${await importStatementBench(app, manager)}`);
  await app.stop();
  printTable(title, run);
  if (manager) console.log(`  After the gifts (mail: the outbox, no SMTP_URL): ${await giftsOutcome(target)}`);
}

/** The fundraisers pair, when chosen, and the list's p99 (issue 18's targets: 0.7x and under 50 ms). */
async function fundraisersScenario(bareUrl: string, target: FundraiserTarget, where: string): Promise<void> {
  if (!CHOSEN_PAIRS.includes('fundraisers')) return;
  const run = await measureFundraisers({ bareUrl, target, sets: SETS, measure, log: console.log });
  printTable(`Fundraisers, ${where}`, [run.pair]);
  const p99 = run.list.map((m) => m.p99);
  console.log(`  GET /fundraisers (page 1): p99 ${medianAndRange(p99, 0, ' ms')} over the sets (target: under 50)`);
}

async function main(): Promise<void> {
  const started = Date.now();
  if (!Number.isInteger(SETS) || SETS < 1)
    throw new Error(`BENCH_SETS must be a whole number, 1 or more (got ${SETS})`);
  const unknown = CHOSEN_PAIRS.filter((name) => !ALL_PAIRS.includes(name));
  if (unknown.length) throw new Error(`BENCH_PAIRS: no pair ${unknown.join(', ')} (there are ${ALL_PAIRS.join(', ')})`);
  ensureBuilt();
  console.log(
    `Benchmark: autocannon ${require('autocannon/package.json').version} against bare Fastify ${require('fastify/package.json').version} (a worker thread), ${CONNECTIONS} connections, ${WARMUP_S} s warm-up + ${DURATION_S} s per scenario, ${SETS} sets; ` +
      `Node ${process.version}, ${os.cpus().length} CPUs, loopback (127.0.0.1).`,
  );
  const load = os.loadavg()[0]!;
  console.log(
    `Load average (1 min) before start: ${load.toFixed(2)}${load > 0.5 ? '  <- something else is using the CPU; figures will be noisy' : ''}`,
  );

  const passwordHash = await hashPassword(PASSWORD);
  const bare = await startBareServer({ dataDir: tempDir('hc-bare-') }, passwordHash);
  await pairsOn(bare.url, {}, 'PGlite (temp DATA_DIR)');
  await fundraisersScenario(bare.url, { dataDir: tempDir('hc-data-') }, 'PGlite');
  await bare.stop();

  const adminUrl = process.env.DATABASE_URL;
  if (adminUrl) {
    const db = await createScratchDatabase(adminUrl);
    const shown = new URL(db.url);
    shown.password = shown.password ? '***' : '';
    console.log(
      `\nPostgreSQL: app and bare server on scratch database ${db.name} (${shown.toString()}), dropped afterwards`,
    );
    const pgBare = await startBareServer({ databaseUrl: db.url }, passwordHash);
    await pairsOn(pgBare.url, { databaseUrl: db.url }, `PostgreSQL (${db.name})`);
    const fundraisersDb = await createScratchDatabase(adminUrl);
    await fundraisersScenario(pgBare.url, { databaseUrl: fundraisersDb.url }, `PostgreSQL (${fundraisersDb.name})`);
    await pgBare.stop();
  } else {
    console.log('\nPostgreSQL skipped (DATABASE_URL=postgresql://root@127.0.0.1:5432/<db> npm run bench includes it)');
  }
  console.log(
    `\nDone in ${fmt((Date.now() - started) / 1000)} s; load average (1 min) now ${os.loadavg()[0]!.toFixed(2)}.`,
  );
}

await runScript('Benchmark', main);
