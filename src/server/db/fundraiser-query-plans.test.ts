/**
 * Patients' fundraisers at the scale issue 18 names (a thousand live ones, many gifts), EXPLAINed as the code
 * builds the queries: the public list in each order and a search, one fundraiser, one campaign's progress and
 * supporters, and the donations panel's lists of one campaign read indexes and running totals, never the gifts or
 * ledger end to end.
 */
import { describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { seededForPlans } from '../../../tests/setup/query-plans.ts';
import { createCampaignService } from '../services/campaign.ts';
import type { Db } from './client.ts';
import { donationsPage, openIntentsPage } from './queries/donations.ts';
import { findPublicFundraiser, publicFundraisersPage, sitemapRecords } from './queries/public-fundraisers.ts';

/** Besides the gifts and the ledger: fundraisers, their campaigns and stories grow with the community. */
const LARGE_TABLES = ['donations', 'ledger_entries', 'stories', 'donation_intents', 'fundraisers', 'campaigns'];
const LIVE = 1_000;
/** Applications in other states, which the public never sees. */
const OTHERS = 300;
const DONATIONS = 20_000;
const INTENTS = 20_000;

async function seed(db: Db) {
  const run = (statement: string) => db.execute(sql.raw(statement));
  await run(`insert into users (email, password_hash, first_name, last_name, role, created_at)
    select 'fundraiser' || i || '@plans.example', 'not a hash', 'Patient' || i, 'No. ' || i, 'patient', now()
    from generate_series(1, ${LIVE + OTHERS}) i`);
  await run(`insert into campaigns (slug, goal_cents, owner_id, created_at)
    select 'fundraiser-' || substring(u.email from '[0-9]+'), 1000000, u.id, now() - make_interval(hours => substring(u.email from '[0-9]+')::int)
    from users u where u.email like 'fundraiser%@plans.example' and substring(u.email from '[0-9]+')::int <= ${LIVE}`);
  await run(`insert into fundraisers (owner_id, status, title, story, goal_cents, cost_groups, needed_by, campaign_id, submitted_at)
    select u.id, case when c.id is null then (array['draft', 'in_review', 'changes_requested', 'rejected'])[1 + n % 4]
        when n % 10 = 0 then 'closed' else 'live' end,
      'Surgery fund ' || n, repeat('What the treatment is for. ', 30), 1000000,
      '[{"key": "surgery", "amountCents": 1000000, "note": ""}]'::jsonb,
      case when n % 3 = 0 then null else current_date + n end, c.id, now()
    from (select u.*, substring(u.email from '[0-9]+')::int as n from users u where u.email like 'fundraiser%@plans.example') u
    left join campaigns c on c.owner_id = u.id`);
  await run(`insert into stories (author_id, status, title, body, publish_consent, published_title, published_body,
      published_at, submitted_at)
    select u.id, 'approved', 'A story', 'What recovery was like.', true, 'A story', 'What recovery was like.', now(), now()
    from users u cross join generate_series(1, 4) where u.email like 'fundraiser%@plans.example'`);
  // In batches: every gift moves its campaign's balance row.
  for (let from = 1; from <= DONATIONS; from += 2000) {
    await run(`insert into donations (campaign_id, amount_cents, currency, usd_cents, payment_method, donor_name, created_at)
      select c.id, 2500, 'USD', 2500, 'PayPal', 'Donor ' || i, now() - make_interval(mins => i)
      from generate_series(${from}, ${Math.min(from + 1999, DONATIONS)}) i
      join campaigns c on c.slug = 'fundraiser-' || (1 + i % ${LIVE})`);
  }
  await run(`insert into donation_intents (campaign_id, amount_cents, payment_method, client_timestamp, status, created_at)
    select c.id, 2500, 'PayPal', now(), case when i % 4 = 0 then 'open' else 'matched' end, now() - make_interval(mins => i)
    from generate_series(1, ${INTENTS}) i join campaigns c on c.slug = 'fundraiser-' || (1 + i % ${LIVE})`);
  await run('vacuum analyze');
}

const { db: seededDb, plansOf } = seededForPlans(LARGE_TABLES, seed);
const item = <Row>(row: Row) => row;

describe('on a thousand live fundraisers with many gifts', () => {
  it('seeded them', async () => {
    const page = await publicFundraisersPage(seededDb(), { sort: 'newest', page: 1 }, item);
    expect(page.total).toBe(LIVE - LIVE / 10);
    expect(page.items[0]).toMatchObject({ slug: 'fundraiser-1', raisedCents: 20 * 2500, donationCount: 20 });
  });

  it.each([
    ['newest', { sort: 'newest', page: 1 }, 'campaigns_created_at_idx'],
    ['most urgent', { sort: 'most_urgent', page: 1 }, 'fundraisers_live_needed_by_idx'],
  ] as const)('the first page of the public list, %s, walks an index in its order', async (_name, query, index) => {
    const { largeSeqScans, indexes, tables } = await plansOf((db) => publicFundraisersPage(db, query, item));
    expect(largeSeqScans).toEqual([]);
    expect(indexes).toContain(index);
    expect(tables).toContain('ledger_balances');
  });

  // A later page, the share of each goal and a search of titles read every live fundraiser (a ratio across two
  // tables has no index): a few thousand small rows, hashed. What must never happen is reading the gifts.
  it.each([
    ['newest, a later page', { sort: 'newest', page: 40 }],
    ['nearly funded', { sort: 'nearly_funded', page: 1 }],
    ['a title search', { sort: 'newest', q: 'fund 12', page: 1 }],
  ] as const)('the public list, %s: figures from the running totals, no gift read', async (_name, query) => {
    const { tables } = await plansOf((db) => publicFundraisersPage(db, query, item));
    for (const table of ['donations', 'ledger_entries', 'stories']) expect(tables).not.toContain(table);
    expect(tables).toContain('ledger_balances');
  });

  it('one fundraiser by its address', async () => {
    const { largeSeqScans, indexes } = await plansOf((db) => findPublicFundraiser(db, 'fundraiser-500'));
    expect(largeSeqScans).toEqual([]);
    expect(indexes).toContain('campaigns_slug_unique');
  });

  it('one campaign’s progress and supporters', async () => {
    const progress = await plansOf((db) => createCampaignService(db).progressOf('fundraiser-500'));
    expect(progress.largeSeqScans).toEqual([]);
    expect(progress.tables).not.toContain('donations');
    expect(progress.tables).toContain('ledger_balances');
    const supporters = await plansOf((db) => createCampaignService(db).supportersOf('fundraiser-500'));
    expect(supporters.largeSeqScans).toEqual([]);
  });

  it('the donations panel’s lists of one fundraiser: its gifts and its open intents through their indexes', async () => {
    const [{ id }] = (
      await seededDb().execute<{ id: string }>(sql`select id from campaigns where slug = 'fundraiser-500'`)
    ).rows as [{ id: string }];
    const gifts = await plansOf((db) => donationsPage(db, 1, item, id));
    expect(gifts.largeSeqScans).toEqual([]);
    expect(gifts.indexes).toContain('donations_campaign_created_idx');
    const intents = await plansOf((db) => openIntentsPage(db, 1, item, id));
    expect(intents.largeSeqScans).toEqual([]);
    expect(intents.indexes).toContain('donation_intents_campaign_open_created_idx');
  });

  it('the sitemap: the public stories through their index; the live fundraisers whole, as the list reads them', async () => {
    const { largeSeqScans, indexes } = await plansOf((db) => sitemapRecords(db));
    expect(largeSeqScans.filter((scan) => !/^(fundraisers|campaigns):/.test(scan))).toEqual([]);
    expect(indexes).toContain('stories_public_idx');
  });
});
