/**
 * Verified spending: the campaign's patient submits an expense with its receipt, one manager approves it,
 * another releases it (each re-entering her password, as money moves), and visitors see the payment on
 * /transparency and the story page. A donor asks for a refund; a manager records it on /admin-donations.
 * Others get kind no-access views. Axe on every page.
 */
import { describe, expect, it } from 'vitest';
import { buildDonation } from '../factories/donations.ts';
import { makeCampaignOwner } from '../factories/spending.ts';
import { STRONG_PASSWORD } from '../setup/accounts.ts';
import {
  browserSuite,
  expectNoAccessView,
  expectNoAxeViolations,
  signInAsAdmin,
  signUpThroughApi,
  toastText,
  visit,
  type Page,
} from './fixtures.ts';

const suite = browserSuite();

const pathOf = (page: Page) => new URL(page.url()).pathname;
const h1 = (page: Page) => page.getByRole('heading', { level: 1 });

/** The smallest thing that is a PDF by its first bytes. */
const RECEIPT = {
  name: 'receipt.pdf',
  mimeType: 'application/pdf',
  buffer: Buffer.from('%PDF-1.4\n1 0 obj << /Type /Catalog >> endobj\ntrailer << /Root 1 0 R >>\n%%EOF\n'),
};
const NOT_A_DOCUMENT = {
  name: 'notes.pdf',
  mimeType: 'application/pdf',
  buffer: Buffer.from('<script>alert(1)</script>'),
};

const PAYEE = 'Riverside Surgical Center';
const DESCRIPTION = 'Deposit for the excision surgery operating room';
const PUBLIC_DESCRIPTION = 'Surgery deposit';

async function expectOneHeading(page: Page, text: string | RegExp) {
  await h1(page).filter({ hasText: text }).waitFor();
  expect(await h1(page).count()).toBe(1);
}

/** The error text tied to a labelled control (aria-describedby). */
async function fieldError(page: Page, label: string): Promise<string> {
  const ids = (await page.getByLabel(label, { exact: true }).getAttribute('aria-describedby')) ?? '';
  const error = ids.split(' ').find((id) => id.endsWith('-error'));
  return error ? page.locator(`[id="${error}"]`).innerText() : '';
}

/** The page's cumulative layout shift so far (the browser's own layout-shift entries, not caused by input). */
function layoutShift(page: Page): Promise<number> {
  return page.evaluate(() => {
    const observer = new PerformanceObserver(() => undefined);
    // A buffered observe copies the entries so far into the observer's buffer at once; takeRecords reads them.
    observer.observe({ type: 'layout-shift', buffered: true });
    const entries = observer.takeRecords() as (PerformanceEntry & { value: number; hadRecentInput: boolean })[];
    observer.disconnect();
    return entries.filter((e) => !e.hadRecentInput).reduce((sum, e) => sum + e.value, 0);
  });
}

describe('verified spending', () => {
  it('a patient submits an expense with a receipt, one manager approves, another releases, and the public sees it', async () => {
    const db = suite.site.database.db;
    // Money must be held before any can be released.
    await buildDonation(db, { amountCents: 500_000, donorName: 'Grace Hopper', showPublicly: true });
    await buildDonation(db, { amountCents: 2_500, donorName: null, isAnonymous: true });

    // --- The campaign's patient submits an expense ------------------------------------------------
    const patient = await suite.newPage();
    await signUpThroughApi(patient.context, { role: 'patient', firstName: 'Maya', lastName: 'Owner' });
    const me = (await (await patient.context.request.get('/api/auth/user')).json()) as { id: string };
    await makeCampaignOwner(db, { invalidate: suite.site.refreshProgress }, me.id);

    await visit(patient.page, '/my-expenses');
    await expectOneHeading(patient.page, 'Expenses');
    expect(await patient.page.title()).toMatch(/^Expenses/);
    await patient.page.getByText('No expenses yet.', { exact: false }).waitFor();
    await expectNoAxeViolations(patient.page);

    await patient.page.getByRole('link', { name: 'Submit an expense' }).click();
    await expect.poll(() => pathOf(patient.page)).toBe('/my-expenses/new');
    await expectOneHeading(patient.page, 'Submit an Expense');
    await patient.page
      .getByText('Private: only the admins who approve it and you read this.', { exact: false })
      .waitFor();
    await expectNoAxeViolations(patient.page);

    // Nothing filled in: the shared schema's messages at each field, the documents' too.
    await patient.page.getByRole('button', { name: 'Submit expense' }).click();
    await expect.poll(() => fieldError(patient.page, 'What it is for')).toBe('Choose what the expense is for');
    expect(await fieldError(patient.page, 'Amount')).toBe('Enter the amount');
    await patient.page.getByText('Attach the invoice or proof of payment').waitFor();
    await expectNoAxeViolations(patient.page);

    await patient.page.getByLabel('What it is for').selectOption('surgery');
    await patient.page.getByLabel('Payee', { exact: true }).fill(PAYEE);
    await patient.page.getByLabel('Kind of payee').selectOption('Hospital or clinic');
    await patient.page.getByLabel('Amount', { exact: true }).fill('1200');
    await patient.page.getByLabel('Date of the expense').fill('2025-01-15');
    await patient.page.getByLabel('What it paid for').fill(DESCRIPTION);

    // A file that is not a document is refused by the server, said at the file; it can be removed.
    const documents = patient.page.getByTestId('attached-document');
    await patient.page.getByLabel('Add documents').setInputFiles(NOT_A_DOCUMENT);
    await documents
      .filter({ hasText: 'Not uploaded: The document must be a PDF or a PNG, JPEG or WebP image' })
      .waitFor();
    await patient.page.getByRole('button', { name: `Remove ${NOT_A_DOCUMENT.name}` }).click();
    await expect.poll(() => documents.count()).toBe(0);
    // The receipt uploads as soon as it is chosen.
    await patient.page.getByLabel('Add documents').setInputFiles(RECEIPT);
    await documents.filter({ hasText: 'Uploaded (PDF' }).waitFor();
    expect(await documents.getByRole('link', { name: /receipt\.pdf/ }).getAttribute('href')).toMatch(
      /^\/api\/uploads\/[0-9a-f-]{36}$/,
    );
    await expectNoAxeViolations(patient.page);

    await patient.page.getByRole('button', { name: 'Submit expense' }).click();
    await expect.poll(() => pathOf(patient.page)).toBe('/my-expenses');
    await expect.poll(() => toastText(patient.page)).toContain('Expense submitted');
    const mine = patient.page.getByTestId('expense').filter({ hasText: PAYEE });
    await mine.waitFor();
    expect(await mine.getByTestId('expense-status').innerText()).toBe('Waiting for approval');
    expect(await mine.getByTestId('expense-approvals').innerText()).toBe('0 of 1 approval');
    expect(await mine.getByRole('link', { name: /^Document 1 \(PDF/ }).count()).toBe(1);
    await expectNoAxeViolations(patient.page);

    // --- Manager A: cannot approve their own expense, approves the patient's -----------------------
    const managerA = await suite.newPage();
    await signInAsAdmin(managerA.context, suite.site, 'manager', { firstName: 'Ada', lastName: 'Approver' });
    const upload = await managerA.context.request.post('/api/uploads/expense-document', {
      multipart: { document: RECEIPT },
      headers: { origin: suite.site.baseURL },
    });
    expect(upload.status()).toBe(201);
    const own = await managerA.context.request.post('/api/campaigns/maya-endometriosis-surgery/expenses', {
      data: {
        costGroup: 'travel',
        payee: 'Coastal Airways',
        payeeCategory: 'Travel',
        amount: 300,
        currency: 'USD',
        description: 'Return flights to the surgery centre',
        incurredOn: '2025-01-10',
        documentIds: [((await upload.json()) as { id: string }).id],
      },
      headers: { origin: suite.site.baseURL },
    });
    expect(own.status()).toBe(201);

    await visit(managerA.page, '/admin-dashboard');
    await managerA.page.getByRole('link', { name: 'Expense Approvals' }).click();
    await expect.poll(() => pathOf(managerA.page)).toBe('/admin-expenses');
    await expectOneHeading(managerA.page, 'Expense Approvals');
    const patientsExpense = managerA.page.getByTestId('admin-expense').filter({ hasText: PAYEE });
    await patientsExpense.waitFor();
    expect(await patientsExpense.getByTestId('item-age').innerText()).toMatch(
      /business days? waiting \(review window: 3-5 business days\)/,
    );
    expect(await patientsExpense.innerText()).toContain('Submitted');
    expect(await patientsExpense.innerText()).toContain('by Maya Owner');
    expect(await patientsExpense.getByRole('link', { name: /^Document 1 \(PDF/ }).count()).toBe(1);
    await expectNoAxeViolations(managerA.page);

    const ownExpense = managerA.page.getByTestId('admin-expense').filter({ hasText: 'Coastal Airways' });
    // Her own expense offers no Approve: the server says why, where the button would be.
    expect(await ownExpense.getByTestId('expense-second-person').innerText()).toBe(
      'You submitted this expense, so someone else must approve it',
    );
    expect(await ownExpense.getByRole('button', { name: /^Approve/ }).count()).toBe(0);
    // Rejected with a reason (asked for, and required).
    await ownExpense.getByRole('button', { name: /^Reject Coastal Airways/ }).click();
    await ownExpense.getByRole('button', { name: 'Confirm rejection' }).click();
    await ownExpense.getByText('Say why the expense is rejected').waitFor();
    await ownExpense.getByLabel('Why it is not approved').fill('Booked before the surgery date was fixed.');
    await ownExpense.getByRole('button', { name: 'Confirm rejection' }).click();
    await expect.poll(() => toastText(managerA.page)).toContain('Expense rejected');
    await expect.poll(() => ownExpense.count()).toBe(0);

    // The approver writes what the public ledger says; the patient's own description stays private.
    await patientsExpense.getByLabel('Description for the public ledger (optional)').fill(PUBLIC_DESCRIPTION);
    await patientsExpense.getByRole('button', { name: new RegExp(`^Approve ${PAYEE}`) }).click();
    // Approving moves money: with her password window closed, she is asked for it at the expense, focus in it.
    const stepUp = patientsExpense.getByRole('region', { name: 'Re-enter your password' });
    await stepUp.waitFor();
    await expect
      .poll(() => managerA.page.evaluate(() => document.activeElement?.getAttribute('autocomplete')))
      .toBe('current-password');
    await expectNoAxeViolations(managerA.page);
    await stepUp.getByLabel('Password', { exact: true }).fill(STRONG_PASSWORD);
    await stepUp.getByRole('button', { name: 'Unlock' }).click();
    // Once the window is open the approval is tried again.
    await expect.poll(() => toastText(managerA.page)).toContain('Approval recorded');
    expect(await stepUp.count()).toBe(0);
    await expect
      .poll(() => patientsExpense.getByTestId('expense-status').innerText())
      .toBe('Approved, waiting to be paid');
    expect(await patientsExpense.getByTestId('expense-approvals').innerText()).toBe('1 of 1 approval');

    // --- Manager B releases it -----------------------------------------------------------------
    const managerB = await suite.newPage();
    await signInAsAdmin(managerB.context, suite.site, 'manager', { firstName: 'Bea', lastName: 'Releaser' });
    await visit(managerB.page, '/admin-expenses');
    const toRelease = managerB.page.getByTestId('admin-expense').filter({ hasText: PAYEE });
    await toRelease.getByRole('button', { name: new RegExp(`^Release ${PAYEE}`) }).click();
    await toRelease.getByRole('button', { name: 'Confirm release' }).click();
    await toRelease.getByText('Say how it was paid').waitFor();
    await expectNoAxeViolations(managerB.page);
    await toRelease.getByLabel('How it was paid').fill('Bank transfer');
    await toRelease.getByLabel('Payment reference (optional)').fill('TX-1001');
    await toRelease.getByRole('button', { name: 'Confirm release' }).click();
    // Releasing moves money too: a wrong password is refused, the right one opens the window and releases.
    const releaseStepUp = toRelease.getByRole('region', { name: 'Re-enter your password' });
    await releaseStepUp.getByLabel('Password', { exact: true }).fill('not-my-password');
    await releaseStepUp.getByRole('button', { name: 'Unlock' }).click();
    await expect.poll(() => toastText(managerB.page)).toMatch(/Access Denied\s*Incorrect password\./);
    await releaseStepUp.getByLabel('Password', { exact: true }).fill(STRONG_PASSWORD);
    await releaseStepUp.getByRole('button', { name: 'Unlock' }).click();
    await expect.poll(() => toastText(managerB.page)).toContain('Release recorded');
    await managerB.page.getByText('No expenses are waiting for a decision or a payment.').waitFor();
    await managerB.page.getByRole('button', { name: 'Paid', exact: true }).click();
    const paid = managerB.page.getByTestId('admin-expense').filter({ hasText: PAYEE });
    await paid.waitFor();
    expect(await paid.getByTestId('expense-release').innerText()).toMatch(
      /by Bank transfer, reference TX-1001 \(recorded by Bea Releaser\)/,
    );
    await expectNoAxeViolations(managerB.page);

    // --- The patient sees it paid --------------------------------------------------------------
    await visit(patient.page, '/my-expenses');
    await expect
      .poll(() =>
        patient.page.getByTestId('expense').filter({ hasText: PAYEE }).getByTestId('expense-status').innerText(),
      )
      .toBe('Paid');
    expect(await patient.page.getByTestId('expense-release').innerText()).toContain('Bank transfer');

    // --- The public ledger ------------------------------------------------------------------------
    const visitor = await suite.newPage();
    await visit(visitor.page, '/transparency');
    await expectOneHeading(visitor.page, 'Where Every Dollar Goes');
    expect(await visitor.page.title()).toMatch(/^Where Every Dollar Goes/);
    await expect.poll(() => visitor.page.getByTestId('released-surgery').innerText()).toBe('$1,200.00');
    expect(await visitor.page.getByTestId('released-travel').innerText()).toBe('$0.00');
    expect(await visitor.page.getByTestId('total-raisedCents').innerText()).toBe('$5,025.00');
    expect(await visitor.page.getByTestId('total-heldCents').innerText()).toBe('$3,825.00');
    expect(await visitor.page.getByTestId('total-releasedCents').innerText()).toBe('$1,200.00');
    expect(await visitor.page.getByTestId('total-refundedCents').innerText()).toBe('$0.00');
    const release = await visitor.page.getByTestId('releases-table').innerText();
    for (const text of ['Hospital or clinic', PUBLIC_DESCRIPTION, 'Surgery', '$1,200.00'])
      expect(release).toContain(text);
    // Payee names, documents and the submitted description stay private.
    expect(await visitor.page.content()).not.toContain(PAYEE);
    expect(await visitor.page.content()).not.toContain(DESCRIPTION);
    const donors = await visitor.page.getByTestId('donations-list').innerText();
    expect(donors).toContain('Grace Hopper');
    expect(donors).toContain('Anonymous');
    expect(await visitor.page.getByRole('link', { name: 'Ask for a refund' }).getAttribute('href')).toBe(
      '/refund-request',
    );
    // The figures arrived into space kept for them: nothing on screen moved.
    expect(await layoutShift(visitor.page)).toBeLessThan(0.01);
    await expectNoAxeViolations(visitor.page);

    // The story page shows what each cost group has been paid (its part of the page asks when the reader
    // scrolls to it), and links here.
    await visit(visitor.page, '/');
    await visitor.page.getByTestId('released-surgery').scrollIntoViewIfNeeded();
    await expect.poll(() => visitor.page.getByTestId('released-surgery').innerText()).toBe('$1,200.00 released so far');
    expect(await visitor.page.getByTestId('released-pre-op').innerText()).toBe('$0.00 released so far');
    expect(
      await visitor.page.getByRole('link', { name: 'See every payment on the transparency page' }).getAttribute('href'),
    ).toBe('/transparency');
    await visit(visitor.page, '/donate');
    expect(await visitor.page.getByRole('link', { name: 'transparency page' }).getAttribute('href')).toBe(
      '/transparency',
    );
    expect(visitor.thirdParty).toEqual([]);
  }, 180_000);

  it('a donor asks for a refund; a manager sees it in the queue and records the refund on Donation Management', async () => {
    const db = suite.site.database.db;
    await buildDonation(db, { amountCents: 4_000, donorName: 'Ruth Refund', paymentMethod: 'Venmo' });

    const donor = await suite.newPage();
    await visit(donor.page, '/refund-request');
    await expectOneHeading(donor.page, 'Ask for a Refund');
    expect(await donor.page.title()).toMatch(/^Ask for a Refund/);
    await expectNoAxeViolations(donor.page);
    await donor.page.getByRole('button', { name: 'Send refund request' }).click();
    await expect.poll(() => fieldError(donor.page, 'Your name')).toBe('Enter your name');
    expect(await fieldError(donor.page, 'Why you are asking')).toBe(
      'Tell us why you are asking (at least 10 characters)',
    );
    await expectNoAxeViolations(donor.page);
    await donor.page.getByLabel('Your name').fill('Ruth Refund');
    await donor.page.getByLabel('Email').fill('ruth.refund@example.com');
    await donor.page.getByLabel('Amount you gave').fill('40');
    await donor.page.getByLabel('How you gave').selectOption('Venmo');
    await donor.page.getByLabel('Date you gave').fill('2025-01-20');
    await donor.page.getByLabel('Why you are asking').fill('I gave twice by mistake; please return the second gift.');
    await donor.page.getByRole('button', { name: 'Send refund request' }).click();
    const received = donor.page.getByTestId('refund-request-received');
    await received.waitFor();
    expect(await received.innerText()).toContain('within the disputes window of up to 10 business days');
    await expect.poll(() => donor.page.evaluate(() => document.activeElement?.textContent)).toBe('Request received');
    await expectNoAxeViolations(donor.page);

    // The manager finds it under Refund requests, with its age against the disputes window.
    const manager = await suite.newPage();
    await signInAsAdmin(manager.context, suite.site, 'manager');
    await visit(manager.page, '/admin-expenses');
    const request = manager.page.getByTestId('refund-request').filter({ hasText: 'Ruth Refund' });
    await request.waitFor();
    expect(await request.getByTestId('item-age').innerText()).toMatch(/disputes window: up to 10 business days/);
    const requestId = await request.locator('code').innerText();
    await expectNoAxeViolations(manager.page);

    // Records the refund against the donation, answering the request.
    await request.getByRole('link', { name: 'Donation Management' }).click();
    await expect.poll(() => pathOf(manager.page)).toBe('/admin-donations');
    await manager.page.getByLabel('Password', { exact: true }).fill(STRONG_PASSWORD);
    await manager.page.getByRole('button', { name: 'Unlock' }).click();
    const row = manager.page.getByTestId('donations-list').getByRole('listitem').filter({ hasText: 'Ruth Refund' });
    await row.getByRole('button', { name: 'Refund $40.00 donation from Ruth Refund' }).click();
    expect(await row.getByLabel('Refund amount (USD)').inputValue()).toBe('40');
    await row.getByLabel('Reason').fill('Given twice by mistake.');
    await row.getByLabel('Refund request id (optional)').fill(requestId);
    await expectNoAxeViolations(manager.page);
    await row.getByRole('button', { name: 'Record refund' }).click();
    await expect.poll(() => toastText(manager.page)).toContain('Refund recorded');
    await expect.poll(() => row.getByTestId('donation-refunded').innerText()).toBe('Refunded $40.00 (in full)');
    expect(await row.getByRole('button', { name: /^Refund/ }).count()).toBe(0);

    // The request has left the open list.
    await visit(manager.page, '/admin-expenses');
    await manager.page.getByText('No refund requests are waiting.').waitFor();
    await manager.page.getByRole('button', { name: 'Refunded', exact: true }).click();
    await manager.page.getByTestId('refund-request').filter({ hasText: 'Ruth Refund' }).waitFor();
  }, 120_000);

  it('tells a patient who does not own the campaign kindly, and shows a moderator no access to the queue', async () => {
    const other = await suite.newPage();
    await signUpThroughApi(other.context, { role: 'patient' });
    await visit(other.page, '/my-expenses');
    await expectOneHeading(other.page, 'Expenses');
    await other.page.getByTestId('not-owner').waitFor();
    expect(await other.page.getByTestId('not-owner').innerText()).toContain(
      "Only the campaign's owner and its managers can see and submit its expenses",
    );
    expect(await other.page.getByRole('link', { name: 'Submit an expense' }).count()).toBe(0);
    await expectNoAxeViolations(other.page);
    await visit(other.page, '/my-expenses/new');
    await other.page.getByTestId('not-owner').waitFor();
    expect(await other.page.getByRole('button', { name: 'Submit expense' }).count()).toBe(0);

    const moderator = await suite.newPage();
    await signInAsAdmin(moderator.context, suite.site, 'moderator');
    await expectNoAccessView(moderator.page, '/admin-expenses', /^Expense Approvals/);

    const visitor = await suite.newPage();
    await visit(visitor.page, '/my-expenses');
    await expectOneHeading(visitor.page, 'Expenses');
    expect(await visitor.page.getByRole('link', { name: 'Sign in' }).last().getAttribute('href')).toBe(
      '/login?returnTo=%2Fmy-expenses',
    );
  }, 90_000);

  it('reads on a 390 px phone with its ledger filled: nothing cut off, each table scrolls inside a labelled region', async () => {
    const { page } = await suite.newPage({ viewport: { width: 390, height: 844 } });
    await visit(page, '/transparency');
    await page.getByTestId('donations-list').waitFor();
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
    const tables = await page.evaluate(() =>
      [...document.querySelectorAll('table')].map((table) => {
        const region = table.closest('[role="region"]');
        return {
          labelled: Boolean(region?.getAttribute('aria-label') || region?.getAttribute('aria-labelledby')),
          fits: !region || region.getBoundingClientRect().right <= window.innerWidth,
        };
      }),
    );
    expect(tables.length).toBeGreaterThan(0);
    expect(tables).toEqual(tables.map(() => ({ labelled: true, fits: true })));
    await expectNoAxeViolations(page);
  });
});
