/**
 * As data grows (issue 17): the lists and sums that grow with the campaign, on an empty database and then on one
 * seeded like a campaign that has grown (100,000 recorded donations, 100,000 intents, 1,000 patients, 10,000
 * stories of which 8,000 public), side by side in one run.
 *
 *   DATABASE_URL=postgresql://root@127.0.0.1:5432/postgres npm run bench:data
 *   BENCH_DURATION=3 BENCH_RUNS=1 ...                      # shorter, for trying it out
 *   BENCH_NO_BUILD=1 ...                                   # measure dist/ as it is (no build first)
 *
 * It never uses the named database itself: it creates `hc_bench_<random>` on that server and drops it at the end,
 * also on failure or Ctrl-C. The built app (`node dist/server/index.js`) runs on it twice: empty, then restarted
 * after the seed (SQL, through the database's own triggers, in about 20 s). The admin lists need a manager with
 * two-step sign-in and a fresh step-up: her account and session are rows written here, under a secret the app is
 * started with. See docs/performance.md, "As data grows".
 */
import { createHmac, randomBytes } from 'node:crypto';
import { createRequire } from 'node:module';
import os from 'node:os';
import pg from 'pg';
import { createScratchDatabase, ensureBuilt, runScript, startApp, type RunningApp } from './app-process.ts';
import { textTable } from './text-table.ts';

const require = createRequire(import.meta.url);

// autocannon (no bundled types): the part of its programmatic API used here.
interface AutocannonResult {
  requests: { average: number; total: number };
  latency: { p50: number; p99: number };
  non2xx: number;
  errors: number;
}
const autocannon = require('autocannon') as (options: {
  url: string;
  connections: number;
  duration: number;
  headers?: Record<string, string>;
}) => Promise<AutocannonResult>;

const CONNECTIONS = 50;
const DURATION_S = Number(process.env.BENCH_DURATION ?? 10);
const RUNS = Number(process.env.BENCH_RUNS ?? 3);
const WARMUP_S = 2;

const DONATIONS = 100_000;
const DONATION_BATCH = 100;
const INTENTS = 100_000;
/** The newest intents, not yet matched or dismissed: about a week's at this campaign's pace. */
const OPEN_INTENTS = 1_000;
const PATIENTS = 1_000;
const STORIES_PER_PATIENT = 10;
const PUBLIC_STORIES_PER_PATIENT = 8;

const SESSION_SECRET = randomBytes(32).toString('hex');

interface Endpoint {
  name: string;
  path: string;
  /** Sent with the admin's session cookie. */
  admin?: boolean;
}

interface Measurement {
  rps: number;
  p50: number;
  p99: number;
  non2xx: number;
  errors: number;
}

async function measure(url: string, headers: Record<string, string>): Promise<Measurement> {
  const run = (duration: number) => autocannon({ url, connections: CONNECTIONS, duration, headers });
  await run(WARMUP_S);
  const r = await run(DURATION_S);
  return { rps: r.requests.average, p50: r.latency.p50, p99: r.latency.p99, non2xx: r.non2xx, errors: r.errors };
}

/** Runs `statements` one after another on the scratch database, each in its own transaction. */
async function execute(url: string, statements: string[]): Promise<void> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    for (const statement of statements) await client.query(statement);
  } finally {
    await client.end();
  }
}

async function campaignSlug(url: string): Promise<string> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    const { rows } = await client.query<{ slug: string }>('select slug from campaigns where main_appeal');
    return rows[0]!.slug;
  } finally {
    await client.end();
  }
}

/**
 * A manager with two-step sign-in on and a session that proved it and re-entered her password: the rows a
 * sign-in, the second factor and the step-up would leave. Returns the session cookie.
 */
async function adminSession(url: string): Promise<string> {
  const token = randomBytes(32).toString('base64url');
  const tokenHash = createHmac('sha256', SESSION_SECRET).update(token).digest('hex');
  await execute(url, [
    `insert into users (email, password_hash, first_name, last_name, role, admin_level, email_verified_at,
       onboarding_completed_at, totp_secret, totp_enabled_at)
     values ('bench.manager@example.org', 'not a hash: no one signs in with it', 'Bench', 'Manager', 'admin', 'manager',
       now(), now(), 'not a secret: no code is checked', now())`,
    `insert into sessions (token_hash, user_id, expires_at, elevated_until, second_factor_at)
     select '${tokenHash}', id, now() + interval '1 day', now() + interval '1 day', now()
     from users where email = 'bench.manager@example.org'`,
  ]);
  return `session=${token}`;
}

/** The grown campaign, by SQL: gifts go through the ledger's triggers as recorded ones do, so totals are real. */
function seedStatements(): string[] {
  const batches: string[] = [];
  // A hundred gifts per statement (each its own transaction): every gift moves the campaign's balance row, and
  // a hundred versions of it fit one page, pruned in place as one-by-one recording does. A thousand spill over
  // onto a new page each time and leave the one-row table hundreds of pages long, which recording never does.
  for (let from = 1; from <= DONATIONS; from += DONATION_BATCH) {
    batches.push(`insert into donations (campaign_id, amount_cents, currency, usd_cents, payment_method, donor_name,
        is_anonymous, donor_email, show_publicly, message, receipt_sent_at, created_at, voided_at)
      select c.id, 500 + (i % 40) * 250, 'USD', 500 + (i % 40) * 250, (array['PayPal', 'Venmo', 'Zelle', 'CashApp'])[1 + i % 4],
        'Donor ' || i, i % 7 = 0, 'donor' || (i % 20000) || '@bench.example', i % 3 = 0,
        case when i % 5 = 0 then 'Sending strength for the surgery and the recovery after it.' end,
        now() - make_interval(mins => i * 10), now() - make_interval(mins => i * 10),
        case when i % 100 = 0 then now() - make_interval(mins => i * 10 - 60) end
      from campaigns c, generate_series(${from}, ${Math.min(from + DONATION_BATCH - 1, DONATIONS)}) i
      where c.id = (select id from campaigns where main_appeal)`);
  }
  return [
    `insert into users (email, password_hash, first_name, last_name, role, email_verified_at, onboarding_completed_at, created_at)
     select 'patient' || i || '@bench.example', 'not a hash', 'Patient', 'Number ' || i, 'patient', now(), now(),
       now() - make_interval(hours => i * 12)
     from generate_series(1, ${PATIENTS}) i`,
    `insert into patient_profiles (user_id, medical_condition, symptoms, treatment_goals, urgency_level,
       preferred_contact_method, allow_public_story)
     select id, 'Endometriosis', 'Pelvic pain', 'Surgery and recovery', 'medium', 'email', true
     from users where email like 'patient%@bench.example'`,
    // Ten stories each, the first eight approved and public (a body of about 1 KB), one pending, one a draft.
    `insert into stories (author_id, status, title, body, tags, publish_consent, published_title, published_body,
       published_tags, published_at, submitted_at, created_at, updated_at)
     select u.id, case when s.n <= ${PUBLIC_STORIES_PER_PATIENT} then 'approved' when s.n = 9 then 'pending' else 'draft' end,
       'Story ' || s.n || ' of ' || u.last_name, repeat('What the months before the surgery were like. ', 22),
       array['Endometriosis'], s.n <= ${PUBLIC_STORIES_PER_PATIENT},
       case when s.n <= ${PUBLIC_STORIES_PER_PATIENT} then 'Story ' || s.n || ' of ' || u.last_name end,
       case when s.n <= ${PUBLIC_STORIES_PER_PATIENT} then repeat('What the months before the surgery were like. ', 22) end,
       case when s.n <= ${PUBLIC_STORIES_PER_PATIENT} then array['Endometriosis'] end,
       case when s.n <= ${PUBLIC_STORIES_PER_PATIENT} then u.created_at + make_interval(hours => s.n) end,
       case when s.n <= 9 then u.created_at + make_interval(hours => s.n) end,
       u.created_at, u.created_at + make_interval(hours => s.n)
     from users u cross join generate_series(1, ${STORIES_PER_PATIENT}) s(n) where u.email like 'patient%@bench.example'`,
    ...batches,
    // The newest intents are still open; of the older ones four in five were matched to a gift, the rest dismissed.
    `insert into donation_intents (campaign_id, amount_cents, payment_method, donor_name, donor_email, show_publicly,
       client_timestamp, status, created_at)
     select c.id, 500 + (i % 40) * 250, (array['PayPal', 'Venmo', 'CashApp', 'Buy Me a Coffee'])[1 + i % 4],
       'Donor ' || i, 'donor' || (i % 20000) || '@bench.example', i % 3 = 0, now() - make_interval(mins => i * 10),
       case when i <= ${OPEN_INTENTS} then 'open' when i % 5 = 0 then 'dismissed' else 'matched' end,
       now() - make_interval(mins => i * 10)
     from campaigns c, generate_series(1, ${INTENTS}) i
     where c.id = (select id from campaigns where main_appeal)`,
  ];
}

/** What autovacuum does soon after such inserts: statistics, and the visibility map index-only scans rely on. */
const VACUUM = ['vacuum analyze'];

function fmt(n: number, digits = 0): string {
  return n.toLocaleString('en-US', { minimumFractionDigits: digits, maximumFractionDigits: digits });
}

const range = (values: number[]) =>
  Math.min(...values) === Math.max(...values)
    ? fmt(values[0]!)
    : `${fmt(Math.min(...values))}-${fmt(Math.max(...values))}`;
const mean = (values: number[]) => values.reduce((a, b) => a + b, 0) / values.length;
const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!;

/** Each endpoint RUNS times (one after the other, so every endpoint sees the same machine); checks each answers 200 first. */
async function measureAll(app: RunningApp, endpoints: Endpoint[], cookie: string, label: string) {
  for (const e of endpoints) {
    const res = await fetch(`${app.url}${e.path}`, { headers: e.admin ? { cookie } : {} });
    if (res.status !== 200) throw new Error(`${label}: GET ${e.path} answered ${res.status}: ${await res.text()}`);
  }
  const results = new Map<string, Measurement[]>(endpoints.map((e) => [e.name, []]));
  for (let run = 1; run <= RUNS; run++) {
    for (const e of endpoints) {
      console.log(`  ${label}, run ${run}/${RUNS}: ${e.name} ...`);
      results.get(e.name)!.push(await measure(`${app.url}${e.path}`, e.admin ? { cookie } : {}));
    }
  }
  return results;
}

function printTable(
  endpoints: Endpoint[],
  empty: Map<string, Measurement[]>,
  populated: Map<string, Measurement[]>,
): void {
  const header = ['call', 'empty req/s', 'p50 ms', 'populated req/s', 'p50 ms', 'p99 ms', 'populated/empty'];
  const rows = endpoints.map((e) => {
    const before = empty.get(e.name)!;
    const after = populated.get(e.name)!;
    return [
      e.name,
      range(before.map((m) => m.rps)),
      fmt(median(before.map((m) => m.p50))),
      range(after.map((m) => m.rps)),
      fmt(median(after.map((m) => m.p50))),
      fmt(median(after.map((m) => m.p99))),
      `${fmt(mean(after.map((m) => m.rps)) / mean(before.map((m) => m.rps)), 2)}x`,
    ];
  });
  console.log(`\n${textTable(header, rows)}`);
  for (const [state, results] of [
    ['empty', empty],
    ['populated', populated],
  ] as const) {
    for (const [name, ms] of results) {
      const non2xx = ms.reduce((n, m) => n + m.non2xx, 0);
      const errors = ms.reduce((n, m) => n + m.errors, 0);
      if (non2xx || errors)
        console.log(`  WARNING ${name} (${state}): ${fmt(non2xx)} non-2xx, ${fmt(errors)} errors, counted in req/s`);
    }
  }
}

async function main(): Promise<void> {
  const adminUrl = process.env.DATABASE_URL;
  if (!adminUrl)
    throw new Error(
      'it needs PostgreSQL: DATABASE_URL=postgresql://root@127.0.0.1:5432/postgres npm run bench:data ' +
        '(it creates a scratch database on that server and drops it afterwards; the named one is not used)',
    );
  const started = Date.now();
  if (process.env.BENCH_NO_BUILD === '1')
    console.log('BENCH_NO_BUILD=1: measuring dist/ as it is, even if older than the sources');
  else ensureBuilt();
  const loadBefore = os.loadavg()[0]!;
  console.log(
    `As data grows: autocannon ${require('autocannon/package.json').version}, ${CONNECTIONS} connections, ` +
      `${WARMUP_S} s warm-up + ${DURATION_S} s per run, ${RUNS} run(s) per call; Node ${process.version}, ` +
      `${os.cpus().length} CPUs, loopback.`,
  );
  console.log(
    `Load average (1 min) before start: ${loadBefore.toFixed(2)}${loadBefore > 0.5 ? '  <- something else is using the CPU; figures will be noisy' : ''}`,
  );

  const db = await createScratchDatabase(adminUrl);
  console.log(`Scratch database ${db.name}, dropped afterwards.`);
  const env = { SESSION_SECRET };
  const emptyApp = await startApp({ databaseUrl: db.url, env, label: 'app/empty' });
  const cookie = await adminSession(db.url);
  const slug = await campaignSlug(db.url);
  const allEndpoints: Endpoint[] = [
    { name: 'GET /api/admin/donations?page=1', path: '/api/admin/donations?page=1', admin: true },
    { name: 'GET /api/admin/donation-intents?page=1', path: '/api/admin/donation-intents?page=1', admin: true },
    { name: 'GET /api/stories?page=1', path: '/api/stories?page=1' },
    { name: 'GET /api/fundraising/progress', path: '/api/fundraising/progress' },
    { name: `GET /api/campaigns/<slug>/ledger`, path: `/api/campaigns/${slug}/ledger` },
  ];
  // BENCH_ONLY=stories measures only the calls whose name contains it (for trying a change out).
  const only = process.env.BENCH_ONLY;
  const endpoints = only ? allEndpoints.filter((e) => e.name.includes(only)) : allEndpoints;
  const empty = await measureAll(emptyApp, endpoints, cookie, 'empty');
  await emptyApp.stop();

  console.log(
    `\nSeeding ${fmt(DONATIONS)} donations, ${fmt(INTENTS)} intents (${fmt(OPEN_INTENTS)} open), ${fmt(PATIENTS)} patients, ` +
      `${fmt(PATIENTS * STORIES_PER_PATIENT)} stories (${fmt(PATIENTS * PUBLIC_STORIES_PER_PATIENT)} public) ...`,
  );
  const seedStarted = Date.now();
  await execute(db.url, seedStatements());
  const seeded = Date.now();
  await execute(db.url, VACUUM);
  console.log(
    `  seeded in ${fmt((seeded - seedStarted) / 1000, 1)} s, vacuum analyze ${fmt((Date.now() - seeded) / 1000, 1)} s`,
  );
  const populatedApp = await startApp({ databaseUrl: db.url, env, label: 'app/populated' });
  const populated = await measureAll(populatedApp, endpoints, cookie, 'populated');

  // The intents list and its count read only the open ones: the worst case is an inbox nobody works.
  const intentsList = endpoints.find((e) => e.path.startsWith('/api/admin/donation-intents'));
  const allOpen: Endpoint = {
    name: `GET /api/admin/donation-intents?page=1, all ${fmt(INTENTS)} open`,
    path: '/api/admin/donation-intents?page=1',
    admin: true,
  };
  if (intentsList) {
    console.log(`\nEvery one of the ${fmt(INTENTS)} intents open (an inbox nobody works) ...`);
    await execute(db.url, ["update donation_intents set status = 'open' where status <> 'open'", ...VACUUM]);
    populated.set(allOpen.name, (await measureAll(populatedApp, [allOpen], cookie, 'all open')).get(allOpen.name)!);
    empty.set(allOpen.name, empty.get(intentsList.name)!);
  }
  await populatedApp.stop();

  printTable(intentsList ? [...endpoints, allOpen] : endpoints, empty, populated);
  console.log(
    `\nDone in ${fmt((Date.now() - started) / 1000)} s; load average (1 min) before ${loadBefore.toFixed(2)}, now ${os.loadavg()[0]!.toFixed(2)}.`,
  );
}

await runScript('bench:data', main);
