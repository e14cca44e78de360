/**
 * `npm run bench`'s fundraisers scenario (issue 18): one patient's fundraiser among 1,000 live ones that hold
 * 100,000 recorded donations between them. Its progress is measured against the bare Fastify endpoint, like the main
 * appeal's, and the public list's first page (/fundraisers, rendered by the server) for its p99.
 *
 * The seed is SQL on the app's own database while the app is stopped (PGlite allows one process per directory),
 * through the ledger's triggers as recorded gifts go, so every total is real.
 */
import { sql } from 'drizzle-orm';
import { openDatabase } from '../src/server/db/client.ts';
import { startApp } from './app-process.ts';

export const BENCH_FUNDRAISERS = 1_000;
export const BENCH_FUNDRAISER_DONATIONS = 100_000;
/** The fundraiser whose progress is read: one in the middle, not the newest. */
export const BENCH_FUNDRAISER_SLUG = `bench-fundraiser-${BENCH_FUNDRAISERS / 2}`;
/** Gifts per statement: one to each fundraiser, so each balance row moves once per statement. */
const BATCH = BENCH_FUNDRAISERS;

function seedStatements(): string[] {
  const gifts: string[] = [];
  for (let from = 1; from <= BENCH_FUNDRAISER_DONATIONS; from += BATCH) {
    gifts.push(`insert into donations (campaign_id, amount_cents, currency, usd_cents, payment_method, donor_name,
        is_anonymous, show_publicly, created_at)
      select c.id, 500 + (i % 40) * 250, 'USD', 500 + (i % 40) * 250, 'Zelle', 'Donor ' || i, i % 7 = 0, i % 3 = 0,
        now() - make_interval(mins => i)
      from generate_series(${from}, ${from + BATCH - 1}) i
      join campaigns c on c.slug = 'bench-fundraiser-' || (1 + i % ${BENCH_FUNDRAISERS})`);
  }
  return [
    `insert into users (email, password_hash, first_name, last_name, role, email_verified_at, onboarding_completed_at,
       created_at)
     select 'fundraiser' || i || '@bench.example', 'not a hash', 'Patient', 'Number ' || i, 'patient', now(), now(),
       now() - make_interval(hours => i)
     from generate_series(1, ${BENCH_FUNDRAISERS}) i`,
    `insert into campaigns (slug, goal_cents, currency, owner_id, created_at)
     select 'bench-fundraiser-' || i, 500000 + i * 1000, 'USD', u.id, now() - make_interval(hours => i)
     from generate_series(1, ${BENCH_FUNDRAISERS}) i join users u on u.email = 'fundraiser' || i || '@bench.example'`,
    `insert into fundraisers (owner_id, status, title, story, cost_groups, goal_cents, payee, needed_by, campaign_id,
       submitted_at, created_at, updated_at)
     select c.owner_id, 'live', 'Surgery fund number ' || i, repeat('The months before the surgery, and after. ', 30),
       jsonb_build_array(jsonb_build_object('key', 'surgery', 'amountCents', c.goal_cents, 'note', '')), c.goal_cents,
       jsonb_build_object('name', 'Clinic ' || i, 'kind', 'care_provider',
         'route', 'The clinic invoices the organisation, which pays it directly.'),
       current_date + (i % 365), c.id, c.created_at, c.created_at, c.created_at
     from generate_series(1, ${BENCH_FUNDRAISERS}) i join campaigns c on c.slug = 'bench-fundraiser-' || i`,
    ...gifts,
    'analyze',
  ];
}

/** Seeds the fundraisers into the app's database (stopped); answers the seconds it took. */
export async function seedFundraisers(target: { url: string } | { dataDir: string }): Promise<number> {
  const started = Date.now();
  const database = await openDatabase(target);
  try {
    for (const statement of seedStatements()) await database.db.execute(sql.raw(statement));
  } finally {
    await database.close();
  }
  return (Date.now() - started) / 1000;
}

interface GetScenario {
  name: string;
  url: string;
  method: 'GET';
}

/** Where the scenario's app keeps its data: its own temp DATA_DIR, or its own scratch PostgreSQL database. */
export type FundraiserTarget = { dataDir: string } | { databaseUrl: string };

/**
 * Starts the app once on `target` (it migrates and seeds the site), stops it, adds the fundraisers, starts it again
 * and measures, `sets` times in turn: the bare endpoint, one fundraiser's progress, and the list's first page.
 */
export async function measureFundraisers<M>(options: {
  bareUrl: string;
  target: FundraiserTarget;
  sets: number;
  measure: (scenario: GetScenario) => Promise<M>;
  log: (line: string) => void;
}): Promise<{ pair: { bare: M[]; app: M[] }; list: M[] }> {
  const { bareUrl, target, sets, measure, log } = options;
  const appOptions = { ...target, env: { TRUST_PROXY: 'loopback' } };
  const setup = await startApp({ ...appOptions, label: 'app/fundraisers (first start)' });
  await setup.stop();
  const seconds = await seedFundraisers('dataDir' in target ? target : { url: target.databaseUrl });
  log(
    `  ${BENCH_FUNDRAISERS.toLocaleString('en-US')} live fundraisers with ` +
      `${BENCH_FUNDRAISER_DONATIONS.toLocaleString('en-US')} donations seeded in ${seconds.toFixed(1)} s`,
  );
  const app = await startApp({ ...appOptions, label: 'app/fundraisers' });
  try {
    const progress = `${app.url}/api/campaigns/${BENCH_FUNDRAISER_SLUG}/progress`;
    const answer = await fetch(progress);
    if (answer.status !== 200) throw new Error(`GET ${progress} answered ${answer.status}: ${await answer.text()}`);
    log(`  ${BENCH_FUNDRAISER_SLUG}: ${JSON.stringify(await answer.json())}`);
    const result = { pair: { bare: [] as M[], app: [] as M[] }, list: [] as M[] };
    for (let set = 1; set <= sets; set++) {
      log(`  set ${set}/${sets}: bare GET /hello, a fundraiser's progress, then GET /fundraisers ...`);
      result.pair.bare.push(await measure({ name: 'bare GET /hello', url: `${bareUrl}/hello`, method: 'GET' }));
      result.pair.app.push(
        await measure({ name: 'app GET /api/campaigns/<one of 1,000>/progress', url: progress, method: 'GET' }),
      );
      result.list.push(
        await measure({ name: 'app GET /fundraisers (page 1)', url: `${app.url}/fundraisers`, method: 'GET' }),
      );
    }
    return result;
  } finally {
    await app.stop();
  }
}
