/**
 * Every list and sum, EXPLAINed on a database seeded like a campaign that has grown (issue 17: many gifts,
 * intents and stories): the queries are the ones the code builds (recorded as they run), and none may read a
 * large table from end to end. A sequential scan there is what made the admin lists 30x slower at 100,000 gifts.
 */
import { describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { seededForPlans } from '../../../tests/setup/query-plans.ts';
import { createCampaignService } from '../services/campaign.ts';
import { readLedger } from '../services/ledger.ts';
import type { Db } from './client.ts';
import { auditLogPage } from './queries/audit.ts';
import { donationsPage, giftsOf, openIntentsPage, refundedByDonation } from './queries/donations.ts';
import { askingStoriesPage } from './queries/doctors.ts';
import { contactMessagesPage, dashboardMoney, dashboardQueues } from './queries/operations.ts';
import { campaignExpensesPage, queuePage, refundRequestsPage } from './queries/spending.ts';
import { moderationPage, ownStories, publicStoriesPage } from './queries/stories.ts';
import { openReportsPage } from './queries/support.ts';
import { findUserByEmail } from './queries/users.ts';

/** The tables that grow with the campaign; the seed below makes them big enough that the planner weighs it. */
const LARGE_TABLES = ['donations', 'donation_intents', 'ledger_entries', 'stories'];
const DONATIONS = 10_000;
const INTENTS = 10_000;
const PATIENTS = 500;

/** Patients with ten stories each (eight public), gifts an hour apart over 14 months, intents mostly settled. */
async function seed(db: Db) {
  const run = (statement: string) => db.execute(sql.raw(statement));
  await run(`insert into users (email, password_hash, first_name, last_name, role, created_at)
    select 'patient' || i || '@plans.example', 'not a hash', 'Patient', 'No. ' || i, 'patient', now() - make_interval(hours => i)
    from generate_series(1, ${PATIENTS}) i`);
  await run(`insert into stories (author_id, status, title, body, publish_consent, published_title, published_body,
      published_tags, published_at, hidden_at, wants_professional_input, submitted_at, created_at, updated_at)
    select u.id, case when s.n <= 8 then 'approved' when s.n = 9 then 'pending' else 'draft' end,
      'A story', repeat('What recovery was like. ', 40), s.n <= 8,
      case when s.n <= 8 then 'A story' end, case when s.n <= 8 then repeat('What recovery was like. ', 40) end,
      case when s.n <= 8 then array[case when s.n % 2 = 0 then 'Endometriosis' else 'PCOS' end] end,
      case when s.n <= 8 then u.created_at + make_interval(mins => s.n) end,
      case when s.n = 8 and u.last_name like '%0' then now() end,
      s.n % 4 = 0, case when s.n <= 9 then u.created_at end, u.created_at, u.created_at
    from users u cross join generate_series(1, 10) s(n) where u.email like '%@plans.example'`);
  // In batches: every gift moves the one balance row, and a long chain of its versions in one transaction is slow.
  for (let from = 1; from <= DONATIONS; from += 1000) {
    await run(`insert into donations (campaign_id, amount_cents, currency, usd_cents, payment_method, donor_name,
        donor_email, created_at, voided_at)
      select c.id, 2500, 'USD', 2500, 'PayPal', 'Donor ' || i,
        case when i % 10 = 0 then 'donor' || (i % 1000) || '@plans.example' end,
        now() - make_interval(hours => i), case when i % 100 = 7 then now() end
      from campaigns c, generate_series(${from}, ${Math.min(from + 999, DONATIONS)}) i`);
  }
  await run(`insert into donation_intents (campaign_id, amount_cents, payment_method, client_timestamp, status, created_at)
    select c.id, 2500, 'PayPal', now(), case when i % 50 = 0 then 'open' when i % 10 = 1 then 'dismissed' else 'matched' end,
      now() - make_interval(hours => i)
    from campaigns c, generate_series(1, ${INTENTS}) i`);
  await run(`insert into expenses (campaign_id, cost_group, payee, payee_category, amount_cents, currency, usd_cents,
      description, incurred_on, status, released_at)
    select c.id, case when i % 2 = 0 then 'surgery' else 'travel' end, 'A clinic', 'Hospital or clinic', 10000, 'USD', 10000,
      'A bill', current_date, 'released', now()
    from campaigns c, generate_series(1, 8) i`);
  await run(`insert into ledger_entries (campaign_id, kind, amount_cents, expense_id, cost_group)
    select campaign_id, 'release', usd_cents, id, cost_group from expenses`);
  await run(`insert into ledger_entries (campaign_id, kind, amount_cents, donation_id)
    select campaign_id, 'refund', 500, id from donations where donor_email is not null and voided_at is null limit 20`);
  // What autovacuum does soon after such inserts: statistics, and the visibility map index-only scans rely on.
  await run('vacuum analyze');
}

const { db: seededDb, plansOf } = seededForPlans(LARGE_TABLES, seed);

const item = <Row>(row: Row) => row;

describe('on a grown database, no list or sum reads a large table from end to end', () => {
  it('seeded the tables large', async () => {
    const { rows } = await seededDb().execute<{ donations: number; intents: number; stories: number }>(
      sql`select (select count(*)::int from donations) as donations, (select count(*)::int from donation_intents) as intents,
        (select count(*)::int from stories) as stories`,
    );
    expect(rows[0]).toEqual({ donations: DONATIONS, intents: INTENTS, stories: PATIENTS * 10 });
  });

  it.each([
    ['the admins’ donations, first page', (db: Db) => donationsPage(db, 1, item), 'donations_live_created_idx'],
    ['the admins’ donations, a later page', (db: Db) => donationsPage(db, 40, item), 'donations_live_created_idx'],
    ['the admins’ open intents', (db: Db) => openIntentsPage(db, 1, item), 'donation_intents_open_created_idx'],
    ['the public stories', (db: Db) => publicStoriesPage(db, { page: 1 }, item), 'stories_public_idx'],
    ['the public stories of a tag', (db: Db) => publicStoriesPage(db, { page: 1, tag: 'PCOS' }, item), undefined],
    [
      'the moderators’ pending stories',
      (db: Db) => moderationPage(db, { status: 'pending', page: 1 }, item),
      undefined,
    ],
    [
      'the moderators’ approved stories',
      (db: Db) => moderationPage(db, { status: 'approved', page: 1 }, item),
      undefined,
    ],
    [
      'the moderators’ rejected stories',
      (db: Db) => moderationPage(db, { status: 'rejected', page: 1 }, item),
      undefined,
    ],
    ['the moderators’ hidden stories', (db: Db) => moderationPage(db, { status: 'hidden', page: 1 }, item), undefined],
    ['the stories asking doctors', (db: Db) => askingStoriesPage(db, crypto.randomUUID(), 1, item), undefined],
    ['the dashboard’s money', (db: Db) => dashboardMoney(db, new Date()), undefined],
    ['the dashboard’s queues', (db: Db) => dashboardQueues(db), undefined],
    ['the open reports', (db: Db) => openReportsPage(db, 1, item), undefined],
    ['the contact inbox', (db: Db) => contactMessagesPage(db, { page: 1 }, item), undefined],
    ['the audit log', (db: Db) => auditLogPage(db, { page: 1, action: 'donation.record' }, item), undefined],
    ['the expense queue', (db: Db) => queuePage(db, { page: 1 }, item), undefined],
    ['the refund requests', (db: Db) => refundRequestsPage(db, { status: 'open', page: 1 }, item), undefined],
  ] as const)('%s', async (_name, read, index) => {
    const { largeSeqScans, indexes } = await plansOf(read);
    expect(largeSeqScans).toEqual([]);
    if (index) expect(indexes).toContain(index);
  });

  it('progress and the supporters wall', async () => {
    // What the spec's progress call does: the main appeal's id, then the figures any campaign's route reads.
    const mainAppealFigures = async (db: Db) => {
      const campaigns = createCampaignService(db);
      return { campaigns, id: (await campaigns.mainAppeal()).id };
    };
    const progress = await plansOf(async (db) => {
      const { campaigns, id } = await mainAppealFigures(db);
      return campaigns.progressOf(id);
    });
    expect(progress.largeSeqScans).toEqual([]);
    // The running totals: not one donation row is read for the figure every visitor polls.
    expect(progress.tables).not.toContain('donations');
    expect(progress.tables).toContain('ledger_balances');
    const supporters = await plansOf(async (db) => {
      const { campaigns, id } = await mainAppealFigures(db);
      return campaigns.supportersOf(id);
    });
    expect(supporters.largeSeqScans).toEqual([]);
  });

  it('the public ledger', async () => {
    const campaign = await createCampaignService(seededDb()).mainAppeal();
    const ledger = await plansOf((db) => readLedger(db, campaign));
    expect(ledger.largeSeqScans).toEqual([]);
  });

  it('a campaign’s expenses, a donor’s gifts and refunds, an author’s stories', async () => {
    const campaign = await createCampaignService(seededDb()).mainAppeal();
    const donor = (await findUserByEmail(seededDb(), 'patient1@plans.example'))!;
    const someDonations = (await donationsPage(seededDb(), 1, item)).items.map((d) => d.donation.id);
    for (const read of [
      (db: Db) => campaignExpensesPage(db, campaign.id, { page: 1 }, item),
      (db: Db) => giftsOf(db, { ...donor, email: 'donor10@plans.example', emailVerifiedAt: new Date() }),
      (db: Db) => refundedByDonation(db, someDonations),
      (db: Db) => ownStories(db, donor.id),
    ])
      expect((await plansOf(read)).largeSeqScans).toEqual([]);
  });
});
