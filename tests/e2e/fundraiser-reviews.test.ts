/** A manager reviews patients' fundraiser applications at /admin-fundraisers (issue 18); patients have no access. */
import { describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import {
  fundraiserDocuments,
  fundraiserEvents,
  fundraisers,
  outbox,
  uploads,
} from '../../src/server/db/schema/index.ts';
import { buildUser } from '../factories/users.ts';
import { PDF } from '../factories/spending.ts';
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
const db = () => suite.site.database.db;

/** A patient's submitted application, written to the database as her saves and her submission would leave it. */
async function submittedApplication(title: string) {
  const owner = await buildUser(db(), {
    firstName: 'Paula',
    lastName: 'Patient',
    emailVerifiedAt: new Date(),
    onboardingCompletedAt: new Date(),
  });
  const [document] = await db()
    .insert(uploads)
    .values({
      ownerId: owner.id,
      purpose: 'fundraiser_document',
      contentType: 'application/pdf',
      size: PDF.length,
      bytes: PDF,
    })
    .returning();
  const [application] = await db()
    .insert(fundraisers)
    .values({
      ownerId: owner.id,
      status: 'in_review',
      title,
      story: 'Nine years of pain before a diagnosis; now a surgeon can remove the endometriosis in one operation.',
      costGroups: [
        { key: 'surgery', amountCents: 900_000, note: 'Excision surgery' },
        { key: 'travel', amountCents: 45_050, note: '' },
      ],
      goalCents: 945_050,
      payee: {
        name: 'Riverside Clinic',
        kind: 'care_provider',
        route: 'The clinic invoices us and we pay it directly.',
      },
      submittedAt: new Date(),
    })
    .returning();
  await db().insert(fundraiserDocuments).values({ fundraiserId: application!.id, uploadId: document!.id });
  await db()
    .insert(fundraiserEvents)
    .values([
      { fundraiserId: application!.id, actorId: owner.id, action: 'created' },
      { fundraiserId: application!.id, actorId: owner.id, action: 'submitted' },
    ]);
  return { owner, application: application!, documentId: document!.id };
}

const item = (page: Page, title: string) => page.getByTestId('reviewed-fundraiser').filter({ hasText: title });

describe('fundraiser reviews', () => {
  it('shows patients a no-access view, and the server refuses them the queue', async () => {
    const { page, context } = await suite.newPage();
    await signUpThroughApi(context, { role: 'patient' });
    await expectNoAccessView(page, '/admin-fundraisers', /^Fundraiser Reviews/);
    expect((await context.request.get('/api/admin/fundraisers')).status()).toBe(403);
  }, 60_000);

  it('a manager on a phone reads an application with its document, sends it back with a message, and approves another', async () => {
    const sentBack = await submittedApplication('Surgery fund for Paula');
    const approved = await submittedApplication('Recovery fund for Paula');
    const { page, context } = await suite.newPage({ viewport: { width: 390, height: 844 } });
    await signInAsAdmin(context, suite.site, 'manager');
    await visit(page, '/admin-fundraisers');
    await page.getByRole('heading', { level: 1, name: 'Fundraiser Reviews' }).waitFor();

    const first = item(page, 'Surgery fund for Paula');
    await first.getByText('Open the application').click();
    await first.getByRole('table').getByText('$9,450.50').waitFor();
    const documentLink = first.getByRole('link', { name: /Document 1 \(PDF/ });
    expect(await documentLink.getAttribute('href')).toBe(`/api/uploads/${sentBack.documentId}`);
    expect((await context.request.get(`/api/uploads/${sentBack.documentId}`)).status()).toBe(200);
    await expectNoAxeViolations(page);

    await first.getByRole('button', { name: 'Ask for changes…' }).click();
    const form = first.getByRole('form', { name: /Send back for changes/ });
    await form.getByRole('button', { name: 'Send back for changes' }).click();
    await form.getByText('Write what the patient should know').waitFor();
    await form.getByRole('textbox').fill('Please attach the surgeon’s written quote.');
    await form.getByRole('button', { name: 'Send back for changes' }).click();
    await expect.poll(() => toastText(page)).toContain('Sent back for changes');
    await expect.poll(() => item(page, 'Surgery fund for Paula').count()).toBe(0);
    const mails = await db().select().from(outbox).where(eq(outbox.to, sentBack.owner.email));
    expect(mails.map((m) => m.text).join('\n')).toContain('Please attach the surgeon’s written quote.');

    const second = item(page, 'Recovery fund for Paula');
    await second.getByText('Open the application').click();
    await second.getByRole('button', { name: 'Approve' }).click();
    await expect.poll(() => toastText(page)).toContain('Fundraiser approved');
    await page.getByRole('button', { name: 'Live' }).click();
    await item(page, 'Recovery fund for Paula').waitFor();
    const [row] = await db().select().from(fundraisers).where(eq(fundraisers.id, approved.application.id));
    expect(row!.campaignId).not.toBeNull();
    await page.getByRole('button', { name: 'Sent back' }).click();
    await item(page, 'Surgery fund for Paula').waitFor();
    await expectNoAxeViolations(page);
  }, 90_000);
});
