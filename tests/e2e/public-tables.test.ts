/**
 * The public pages' tables on a 390 px phone (issue 34): every column shows on the screen, the amount of each
 * released expense first of all, without a sideways scroll nobody would guess was there.
 */
import { describe, expect, it } from 'vitest';
import { expenses, ledgerEntries } from '../../src/server/db/schema/index.ts';
import { buildDonation, mainAppealId } from '../factories/donations.ts';
import {
  browserSuite,
  expectNoAxeViolations,
  liveFundraisersOnSite,
  PHONE,
  settle,
  visit,
  type Page,
} from './fixtures.ts';

const suite = browserSuite();
const db = () => suite.site.database.db;

/** A paid expense on the campaign's public ledger, with a long description, as a release leaves it. */
async function releasedExpense(campaignId: string, amountCents: number) {
  await buildDonation(db(), { campaignId, amountCents: amountCents * 2 });
  const [expense] = await db()
    .insert(expenses)
    .values({
      campaignId,
      costGroup: 'surgery',
      payee: 'Riverside Clinic',
      payeeCategory: 'Hospital or clinic',
      amountCents,
      currency: 'USD',
      usdCents: amountCents,
      description: 'Invoice 4471',
      publicDescription: 'Excision surgery deposit, anaesthesia and the first night in hospital after the operation',
      incurredOn: '2026-10-01',
      status: 'released',
      releaseMethod: 'Bank transfer',
      paidOn: '2026-10-20',
      releasedAt: new Date(),
    })
    .returning();
  await db()
    .insert(ledgerEntries)
    .values({ campaignId, kind: 'release', amountCents, expenseId: expense!.id, costGroup: 'surgery' });
}

/** Each table cell that lies (partly) outside the screen, by its text: none when every column shows. */
async function cellsOffScreen(page: Page): Promise<string[]> {
  return page.evaluate(() =>
    [...document.querySelectorAll('main table :is(td, th)')]
      .filter((cell) => {
        const box = cell.getBoundingClientRect();
        return box.width > 0 && (box.left < 0 || box.right > document.documentElement.clientWidth);
      })
      .map((cell) => (cell as HTMLElement).innerText.trim()),
  );
}

/** The amount cells of the released-expenses table that a person sees on the screen. */
async function amountsShown(page: Page): Promise<string[]> {
  const table = page.getByTestId('releases-table');
  await table.scrollIntoViewIfNeeded();
  return table.evaluate((t) =>
    [...t.querySelectorAll('td')]
      .filter((cell) => /^\$[\d,]+\.\d\d$/.test((cell as HTMLElement).innerText.trim()))
      .filter((cell) => {
        const box = cell.getBoundingClientRect();
        return box.width > 0 && box.left >= 0 && box.right <= document.documentElement.clientWidth;
      })
      .map((cell) => (cell as HTMLElement).innerText.trim()),
  );
}

describe('public tables on a phone', () => {
  it('show every column at 390 px, the amount of each released expense included', async () => {
    await releasedExpense(await mainAppealId(db()), 120_000);
    const [live] = await liveFundraisersOnSite(suite.site, 'Excision surgery for Lena');
    await releasedExpense(live!.campaignId, 20_000);
    suite.site.refreshProgress();
    const { page } = await suite.newPage(PHONE);

    for (const [path, amount] of [
      ['/transparency', '$1,200.00'],
      [`/transparency/${live!.slug}`, '$200.00'],
      [`/fundraisers/${live!.slug}`, '$200.00'],
    ] as const) {
      await visit(page, path);
      await page.getByTestId('releases-table').waitFor();
      expect(await amountsShown(page), path).toEqual([amount]);
      expect(await cellsOffScreen(page), path).toEqual([]);
      await expectNoAxeViolations(page);
    }

    await visit(page, '/donor-agreement');
    await settle(page);
    expect(await page.locator('main table').count()).toBeGreaterThan(0);
    expect(await cellsOffScreen(page)).toEqual([]);
  }, 120_000);
});
