/**
 * A fundraiser as its reviewers read it (issue 34): the manager reads every step of its history in words, never an
 * event code, and its planned treatment date; the doctor asked to review it reads that date as a date, not ISO.
 */
import { describe, expect, it } from 'vitest';
import { fundraiserEvents, medicalReviews } from '../../src/server/db/schema/index.ts';
import { buildApplication } from '../factories/public-fundraisers.ts';
import {
  browserSuite,
  expectNoAxeViolations,
  PHONE,
  signInAsAdmin,
  verifiedDoctorThroughApi,
  visit,
} from './fixtures.ts';

const suite = browserSuite();
const db = () => suite.site.database.db;

/** Every step the server writes to a fundraiser's history, and how a person says it. */
const STEPS: [string, string][] = [
  ['created', 'Started'],
  ['submitted', 'Submitted for review'],
  ['medical_review_requested', 'Medical review requested'],
  ['medical_review_declined', 'Medical review declined'],
  ['medical_review_revoked', "The doctor's access ended"],
  ['medical_review_attested', 'Plan attested by the doctor'],
  ['medical_review_withdrawn', 'Medical attestation withdrawn'],
];

describe('a fundraiser as its reviewers read it', () => {
  it('shows the manager its history in words and its planned treatment date, and the doctor that date as a date', async () => {
    const { fundraiser } = await buildApplication(db(), {
      title: 'Excision surgery for Noor',
      neededBy: '2031-03-15',
    });
    const at = Date.now() - STEPS.length * 60_000;
    await db()
      .insert(fundraiserEvents)
      .values(
        STEPS.map(([action], i) => ({ fundraiserId: fundraiser.id, action, createdAt: new Date(at + i * 60_000) })),
      );

    const manager = await suite.newPage(PHONE);
    await signInAsAdmin(manager.context, suite.site, 'manager');
    await visit(manager.page, '/admin-fundraisers');
    const item = manager.page.getByTestId('reviewed-fundraiser').filter({ hasText: 'Excision surgery for Noor' });
    await item.getByText('Open the application').click();
    const history = item.getByRole('list', { name: 'History' });
    await history.waitFor();
    const lines = await history.getByRole('listitem').allInnerTexts();
    expect(lines).toHaveLength(STEPS.length);
    STEPS.forEach(([, words], i) => expect(lines[i]).toContain(words));
    // No code of the server's (snake_case) is shown anywhere in the application.
    expect(await item.innerText()).not.toMatch(/\b[a-z]+_[a-z_]+\b/);
    expect(await item.innerText()).toContain('Treatment planned: March 15, 2031');
    await expectNoAxeViolations(manager.page);

    const doctor = await suite.newPage(PHONE);
    const me = await verifiedDoctorThroughApi(doctor.context, suite.site, { firstName: 'Imani', lastName: 'Okafor' });
    await db().insert(medicalReviews).values({ fundraiserId: fundraiser.id, doctorId: me.id });
    await visit(doctor.page, '/doctor-dashboard');
    const request = doctor.page.getByRole('article', { name: 'Excision surgery for Noor' });
    await request.getByRole('button', { name: 'Open the application' }).click();
    await request.getByText('Treatment planned: March 15, 2031').waitFor();
    expect(await request.innerText()).not.toContain('2031-03-15');
    await expectNoAxeViolations(doctor.page);
  }, 90_000);
});
