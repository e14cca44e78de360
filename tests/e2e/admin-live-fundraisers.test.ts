/**
 * A manager on a phone looks after live fundraisers at /admin-fundraisers (issue 18): approves one patient's money
 * change (new goal, cost groups and payee) and refuses another's, and the public pages show the new and the old
 * figures; then closes a fundraiser, whose page says it is closed and whose donate page takes no gift.
 */
import { describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { fundraisers, outbox } from '../../src/server/db/schema/index.ts';
import { sessionCookie, STRONG_PASSWORD } from '../setup/accounts.ts';
import {
  browserSuite,
  expectNoAxeViolations,
  liveFundraisersOnSite,
  PHONE,
  signInAsAdmin,
  toastText,
  visit,
  type Page,
} from './fixtures.ts';

const suite = browserSuite();
const db = () => suite.site.database.db;

/** Her proposal, sent as her page sends it: surgery now $12,000 (goal $12,450.50), paid to another hospital. */
async function proposeMoneyChange(live: Awaited<ReturnType<typeof liveFundraisersOnSite>>[number]) {
  const { app, baseURL } = suite.site;
  const signedIn = await app.inject({
    method: 'POST',
    url: '/api/auth/login',
    payload: { email: live.owner.email, password: STRONG_PASSWORD },
    headers: { origin: baseURL },
  });
  expect(signedIn.statusCode, signedIn.body).toBe(200);
  const proposed = await app.inject({
    method: 'PUT',
    url: '/api/my-fundraiser/money-change',
    headers: { origin: baseURL, cookie: sessionCookie(signedIn) },
    payload: {
      costGroups: [
        { key: 'surgery', amount: 12_000, note: 'Excision surgery with a second surgeon' },
        { key: 'travel', amount: 450.5 },
      ],
      payee: {
        name: 'Northside Hospital',
        kind: 'care_provider',
        route: 'The hospital invoices the organisation, which pays it by bank transfer.',
      },
      documentIds: [live.documentId],
    },
  });
  expect(proposed.statusCode, proposed.body).toBe(200);
}

const item = (page: Page, title: string) => page.getByTestId('reviewed-fundraiser').filter({ hasText: title });

/** Opens the public page and waits for its figures (the goal comes with the live progress). */
async function publicPage(page: Page, slug: string, title: string) {
  suite.site.refreshProgress();
  await visit(page, `/fundraisers/${slug}`);
  await page.getByRole('heading', { level: 1, name: title }).waitFor();
  await page.getByTestId('amount-raised').filter({ hasText: '$0' }).waitFor();
}

describe('live fundraisers in the managers’ hands', () => {
  it('approves one money change and refuses another; the public pages show the new and the old figures', async () => {
    const [approved, refused] = await liveFundraisersOnSite(
      suite.site,
      'Excision surgery for Paula',
      'Knee surgery for June',
    );
    await proposeMoneyChange(approved!);
    await proposeMoneyChange(refused!);
    const { page, context } = await suite.newPage(PHONE);
    await signInAsAdmin(context, suite.site, 'manager');
    await visit(page, '/admin-fundraisers');
    await page.getByRole('heading', { level: 1, name: 'Fundraiser Reviews' }).waitFor();

    await page.getByRole('button', { name: 'Money changes' }).click();
    await page.getByRole('heading', { name: 'Money changes waiting for review' }).waitFor();
    const first = item(page, 'Excision surgery for Paula');
    await first.getByText('Money change waiting for review').first().waitFor();
    await first.getByText('Open the application').click();
    const proposal = first.getByRole('region', { name: /^Money change waiting for review/ });
    await proposal.waitFor();
    expect(await proposal.innerText()).toContain('Goal $9,450.50 → $12,450.50');
    expect(await proposal.innerText()).toContain('Surgery (surgeon, anaesthesia, hospital): $12,000.00');
    expect(await proposal.innerText()).toContain('Paid to: Northside Hospital (the care provider).');
    await expectNoAxeViolations(page);
    await first.getByRole('button', { name: 'Approve money change' }).click();
    await expect.poll(() => toastText(page)).toContain('Money change approved');
    await expect.poll(() => item(page, 'Excision surgery for Paula').count()).toBe(0);

    const second = item(page, 'Knee surgery for June');
    await second.getByText('Open the application').click();
    await second.getByRole('button', { name: 'Refuse money change…' }).click();
    const form = second.getByRole('form', { name: /Refuse money change/ });
    await form.getByRole('textbox').fill('The new quote is not from the clinic you named.');
    await expectNoAxeViolations(page);
    await form.getByRole('button', { name: 'Refuse money change' }).click();
    await expect.poll(() => toastText(page)).toContain('Money change refused');
    await page.getByText('No live fundraiser waits for a money change review.').waitFor();
    const mails = await db().select().from(outbox).where(eq(outbox.to, refused!.owner.email));
    expect(mails.map((m) => m.text).join('\n')).toContain('The new quote is not from the clinic you named.');

    // The approved change is public: the new goal, cost groups and payee.
    await publicPage(page, approved!.slug, 'Excision surgery for Paula');
    await page.getByText('raised of $12,451 goal').waitFor();
    await page.getByText('$12,000.00').waitFor();
    expect(await page.getByTestId('payee').innerText()).toContain('Northside Hospital');
    await expectNoAxeViolations(page);

    // The refused one keeps the approved figures.
    await publicPage(page, refused!.slug, 'Knee surgery for June');
    await page.getByText('raised of $9,451 goal').waitFor();
    await page.getByText('$9,000.00').waitFor();
    expect(await page.getByTestId('payee').innerText()).toContain('Riverside Clinic');
    expect(await page.locator('main').innerText()).not.toContain('Northside');
  }, 120_000);

  it('closes a live fundraiser with a reason: its page says it is closed and its donate page takes no gift', async () => {
    const [live] = await liveFundraisersOnSite(suite.site, 'Recovery fund for Maya');
    const { page, context } = await suite.newPage(PHONE);
    await signInAsAdmin(context, suite.site, 'manager');
    await visit(page, '/admin-fundraisers');
    await page.getByRole('button', { name: 'Live', exact: true }).click();
    await page.getByRole('heading', { name: 'Live fundraisers' }).waitFor();
    const row = item(page, 'Recovery fund for Maya');
    await row.getByText('Open the application').click();
    await row.getByRole('button', { name: 'Close fundraiser…' }).click();
    const form = row.getByRole('form', { name: /Close fundraiser/ });
    await form.getByRole('textbox').fill('The treatment is paid for in full by her insurer.');
    await expectNoAxeViolations(page);
    await form.getByRole('button', { name: 'Close fundraiser' }).click();
    await expect.poll(() => toastText(page)).toContain('Fundraiser closed');
    await expect.poll(() => item(page, 'Recovery fund for Maya').count()).toBe(0);
    await page.getByRole('button', { name: 'Closed', exact: true }).click();
    await item(page, 'Recovery fund for Maya').waitFor();
    const [closed] = await db().select().from(fundraisers).where(eq(fundraisers.id, live!.fundraiser.id));
    expect(closed!.status).toBe('closed');

    await publicPage(page, live!.slug, 'Recovery fund for Maya');
    await page.getByText('Closed: this fundraiser takes no new gifts').waitFor();
    expect(await page.getByRole('link', { name: 'Donate' }).count()).toBe(0);
    await expectNoAxeViolations(page);

    await visit(page, `/fundraisers/${live!.slug}/donate`);
    await page.getByText('This fundraiser is closed and takes no new gifts.').waitFor();
    expect(await page.getByRole('button', { name: /^PayPal/ }).count()).toBe(0);
    await expectNoAxeViolations(page);
    // Nor does the server take one sent by hand.
    const intent = await context.request.post(`/api/campaigns/${live!.campaignId}/intents`, {
      data: { amount: 50, paymentMethod: 'PayPal', timestamp: new Date().toISOString() },
      headers: { origin: suite.site.baseURL },
    });
    expect(intent.status(), await intent.text()).toBe(409);
    expect(await intent.json()).toMatchObject({ message: 'This fundraiser is closed and takes no new gifts' });
  }, 120_000);
});
