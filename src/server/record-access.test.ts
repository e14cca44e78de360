/**
 * Record-level access on a patient's fundraiser (issue 37): who may read her draft, her documents, the note of her
 * medical review, her payee's route and her expenses. The route matrix (access.test.ts) says who may call a route;
 * this table says whose records each caller reaches through every route she may call. Every cell is listed.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { setupTestApp } from '../../tests/setup/test-app.ts';
import { getWith, signUpSettled } from '../../tests/setup/accounts.ts';
import { completeApplication, FUNDRAISER_PAYEE, submitFundraiser } from '../../tests/factories/fundraisers.ts';
import { askForReview, ATTESTATION, decideReview, signedInDoctor } from '../../tests/factories/medical-reviews.ts';
import { decideAsManager } from '../../tests/factories/public-fundraisers.ts';
import { expenseForm, submitExpense } from '../../tests/factories/spending.ts';
import { signInAdmin } from '../../tests/factories/users.ts';
import { fundraisers } from './db/schema/index.ts';

const t = setupTestApp();

const VIEWERS = [
  'owner',
  'another patient',
  'the doctor she granted',
  'a doctor she did not',
  'a moderator',
  'a manager',
  'a super admin',
] as const;
type Viewer = (typeof VIEWERS)[number];
/** One of her records, as the table names it. */
type Held = 'her draft' | 'her documents' | 'her medical-review note' | 'her payee' | 'her expenses';

/** Who reaches each record: every other viewer must not, through any route she may call. */
const READERS: { [R in Held]: readonly Viewer[] } = {
  'her draft': ['owner', 'the doctor she granted', 'a manager', 'a super admin'],
  'her documents': ['owner', 'the doctor she granted', 'a manager', 'a super admin'],
  // Private to the two of them: the managers decide on the application, not on the doctor's words.
  'her medical-review note': ['owner', 'the doctor she granted'],
  // How the money reaches the payee; a doctor reads only the payee's name.
  'her payee': ['owner', 'a manager', 'a super admin'],
  'her expenses': ['owner', 'a manager', 'a super admin'],
};

const DRAFT_TITLE = 'Excision surgery for Rosa, record access';
const cookies = {} as { [V in Viewer]: string };
/** A patient has one fundraiser: the expenses are a live one's, whose patient is "owner" for them. */
let expenseOwnerCookie = '';
/** What each record is, and the routes that could show it (each viewer tries them all). */
const found = {} as { [R in Held]: { urls: string[]; marker: string } };

beforeAll(async () => {
  const manager = await signInAdmin(t.app, t.database.db, 'manager');
  const granted = await signedInDoctor(t);
  const ungranted = await signedInDoctor(t);
  const other = await signUpSettled(t.app, t.database.db, { role: 'patient' });
  Object.assign(cookies, {
    'another patient': other.cookie,
    'the doctor she granted': granted.cookie,
    'a doctor she did not': ungranted.cookie,
    'a moderator': (await signInAdmin(t.app, t.database.db, 'moderator')).cookie,
    'a manager': manager.cookie,
    'a super admin': (await signInAdmin(t.app, t.database.db, 'super_admin')).cookie,
  });

  // Her application, submitted and waiting for a manager: private until it is approved.
  const owner = await completeApplication(t, DRAFT_TITLE);
  cookies.owner = owner.cookie;
  const asked = await askForReview(t, owner.cookie, granted.id);
  const reviewId = asked.json().review.id as string;
  expect((await decideReview(t, granted.cookie, reviewId, 'attest')).statusCode).toBe(200);
  expect((await submitFundraiser(t, owner.cookie)).statusCode).toBe(200);
  const fundraiserId = owner.fundraiser.id as string;
  const applicationUrls = [
    '/api/my-fundraiser',
    `/api/admin/fundraisers/${fundraiserId}`,
    '/api/admin/fundraisers?status=in_review',
    `/api/doctor/medical-reviews/${reviewId}`,
    '/api/doctor/medical-reviews',
    '/api/my-fundraiser/medical-review',
    '/api/fundraisers',
  ];
  found['her draft'] = { urls: applicationUrls, marker: DRAFT_TITLE };
  found['her documents'] = { urls: [`/api/uploads/${owner.documentId}`], marker: '%PDF' };
  found['her medical-review note'] = { urls: applicationUrls, marker: ATTESTATION.note };
  found['her payee'] = { urls: applicationUrls, marker: FUNDRAISER_PAYEE.route };

  // Expenses are a live fundraiser's: the same application, approved, with one expense submitted.
  const live = await completeApplication(t, 'Excision surgery, live, record access');
  expect((await submitFundraiser(t, live.cookie)).statusCode).toBe(200);
  expect((await decideAsManager(t.app, manager.cookie, live.fundraiser.id as string, 'approve')).statusCode).toBe(200);
  const [row] = await t.database.db
    .select()
    .from(fundraisers)
    .where(eq(fundraisers.id, live.fundraiser.id as string));
  const submitted = await submitExpense(
    t.app,
    live.cookie,
    row!.campaignId!,
    await expenseForm(t.app, live.cookie, { payee: FUNDRAISER_PAYEE.name }),
  );
  expect(submitted.statusCode, submitted.body).toBe(201);
  const expenseId = submitted.json().id as string;
  found['her expenses'] = {
    urls: [`/api/expenses/${expenseId}`, `/api/campaigns/${row!.campaignId}/expenses`, '/api/admin/expenses'],
    marker: expenseId,
  };
  expenseOwnerCookie = live.cookie;
});

/** Whether `viewer` finds the record's marker in any answer of the routes that could show it. */
async function reaches(viewer: Viewer, record: Held): Promise<boolean> {
  const cookie = record === 'her expenses' && viewer === 'owner' ? expenseOwnerCookie : cookies[viewer];
  const { urls, marker } = found[record];
  for (const url of urls) {
    const res = await getWith(t.app, url, cookie);
    if (res.statusCode === 200 && res.body.includes(marker)) return true;
  }
  return false;
}

const CELLS = (Object.keys(READERS) as Held[]).flatMap((record) =>
  VIEWERS.map((viewer) => [record, viewer, READERS[record].includes(viewer)] as const),
);

describe("the fundraiser's records, cell by cell", () => {
  it.each(CELLS)('%s: %s reaches it: %s', async (record, viewer, allowed) => {
    expect(await reaches(viewer, record)).toBe(allowed);
  });
});
