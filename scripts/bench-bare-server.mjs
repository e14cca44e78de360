/**
 * The bench's baselines (scripts/bench.ts): bare Fastify handlers doing only the essential work of each app
 * endpoint, run in a worker thread so they have an event loop of their own (as the app has in its process).
 *
 *   GET  /hello   {"hello":"world"}                         (vs GET /api/fundraising/progress)
 *   POST /intent  one INSERT of the intent's columns         (vs POST /api/donation-intent)
 *   POST /login   one argon2id verify, the app's parameters  (vs POST /api/auth/login)
 *   POST /gift    one INSERT of a recorded gift's columns    (vs POST /api/admin/add-donation)
 *
 * workerData: { databaseUrl } (node-postgres, a pool of 10 like the app's) or { dataDir } (PGlite in this
 * thread, as the app runs it in its own), and { passwordHash }.
 */
import { parentPort, workerData } from 'node:worker_threads';
import Fastify from 'fastify';
import { verify } from '@node-rs/argon2';

// The columns and defaults of the app's donation_intents (src/server/db/schema/campaigns.ts).
const TABLE = `create table if not exists bare_intents (
  id uuid primary key default gen_random_uuid(),
  campaign_id uuid not null,
  amount_cents bigint not null check (amount_cents > 0),
  currency text not null default 'USD',
  payment_method text not null,
  message text,
  donor_name text,
  donor_email text,
  show_publicly boolean not null default false,
  client_timestamp timestamptz not null,
  status text not null default 'open',
  created_at timestamptz not null default now()
);
create index if not exists bare_intents_campaign_created_idx on bare_intents (campaign_id, created_at)`;

// The columns, defaults and indexes of the app's donations (src/server/db/schema/campaigns.ts); none of its
// triggers (the ledger's), foreign keys or follow-ups: those are the app's work beyond the one row.
const GIFTS_TABLE = `create table if not exists bare_donations (
  id uuid primary key default gen_random_uuid(),
  campaign_id uuid not null,
  amount_cents bigint not null,
  currency text not null,
  usd_cents bigint not null,
  payment_method text not null,
  donor_name text,
  is_anonymous boolean not null default false,
  donor_email text,
  show_publicly boolean not null default false,
  message text,
  message_hidden_at timestamptz,
  receipt_sent_at timestamptz,
  owner_thanked_at timestamptz,
  intent_id uuid,
  external_reference text,
  recorded_by uuid,
  voided_at timestamptz,
  created_at timestamptz not null default now(),
  version integer not null default 1,
  constraint bare_donations_amount_positive check (amount_cents > 0 and usd_cents > 0)
);
create index if not exists bare_donations_campaign_created_idx on bare_donations (campaign_id, created_at);
create index if not exists bare_donations_live_created_idx on bare_donations (created_at) where voided_at is null;
create unique index if not exists bare_donations_method_reference_uq on bare_donations (payment_method, external_reference);
create index if not exists bare_donations_donor_email_idx on bare_donations (lower(donor_email));
create index if not exists bare_donations_live_donor_email_idx on bare_donations (donor_email) where voided_at is null`;

const INSERT_GIFT = `insert into bare_donations
  (campaign_id, amount_cents, currency, usd_cents, payment_method, donor_name, is_anonymous, donor_email,
   show_publicly, message, external_reference, recorded_by)
  values ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12) returning id, created_at`;

const INSERT = `insert into bare_intents
  (campaign_id, amount_cents, payment_method, message, donor_name, donor_email, show_publicly, client_timestamp)
  values ($1, $2, $3, $4, $5, $6, $7, $8) returning id`;

async function openDatabase() {
  if (workerData.databaseUrl) {
    const { default: pg } = await import('pg');
    const pool = new pg.Pool({ connectionString: workerData.databaseUrl, max: 10 });
    await pool.query(TABLE);
    await pool.query(GIFTS_TABLE);
    return { query: (text, params) => pool.query(text, params), close: () => pool.end() };
  }
  const { PGlite } = await import('@electric-sql/pglite');
  const db = new PGlite(workerData.dataDir);
  await db.waitReady;
  await db.exec(TABLE);
  await db.exec(GIFTS_TABLE);
  return { query: (text, params) => db.query(text, params), close: () => db.close() };
}

const db = await openDatabase();
const campaignId = crypto.randomUUID();
const app = Fastify({ logger: false });
app.get('/hello', async () => ({ hello: 'world' }));
app.post('/intent', async (request, reply) => {
  const b = request.body;
  const { rows } = await db.query(INSERT, [
    campaignId,
    Math.round(b.amount * 100),
    b.paymentMethod,
    b.message ?? null,
    b.donorName ?? null,
    b.donorEmail ?? null,
    b.showPublicly ?? false,
    b.timestamp,
  ]);
  return reply.status(201).send({ id: rows[0].id });
});
const recordedBy = crypto.randomUUID();
app.post('/gift', async (request, reply) => {
  const b = request.body;
  const amountCents = Math.round(b.amount * 100);
  const { rows } = await db.query(INSERT_GIFT, [
    campaignId,
    amountCents,
    b.currency ?? 'USD',
    b.usdAmount === undefined ? amountCents : Math.round(b.usdAmount * 100),
    b.paymentMethod,
    b.isAnonymous ? null : (b.donorName ?? null),
    b.isAnonymous ?? false,
    b.donorEmail ?? null,
    b.showPublicly ?? false,
    b.message ?? null,
    b.externalReference ?? null,
    recordedBy,
  ]);
  return reply.status(201).send({ id: rows[0].id, createdAt: rows[0].created_at });
});
app.post('/login', async (request, reply) => {
  const ok = await verify(workerData.passwordHash, request.body.password);
  return reply.status(ok ? 200 : 401).send({ ok });
});
await app.listen({ host: '127.0.0.1', port: 0 });
parentPort.postMessage(app.server.address().port);
parentPort.on('message', async (message) => {
  if (message !== 'close') return;
  await app.close();
  await db.close();
  parentPort.postMessage('closed');
});
