/** Spending test helpers: a campaign owner, expense documents, and an expense ready for decisions. */
import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { isIdShaped } from '../../src/server/db/campaign-key.ts';
import type { Db } from '../../src/server/db/client.ts';
import { campaigns, donations, expenses } from '../../src/server/db/schema/index.ts';
import { readSeedContent } from '../../src/server/db/seed.ts';
import { signUp, STRONG_PASSWORD } from '../setup/accounts.ts';
import { postFile, postJson, SITE_ORIGIN } from '../setup/test-app.ts';
import { mainAppealId } from './donations.ts';
import { signInAdmin } from './users.ts';

export interface Person {
  cookie: string;
  id: string;
}

/** The smallest thing that is a PDF by its first bytes. */
export const PDF = Buffer.from('%PDF-1.4\n1 0 obj << /Type /Catalog >> endobj\ntrailer << /Root 1 0 R >>\n%%EOF\n');

/** The app's cached campaign, which a write around the app must clear (as a publish on the app would). */
export interface CampaignCache {
  invalidate(): void;
}

/**
 * Makes this person the site campaign's owner, writing the row directly, and clears the app's cached campaign:
 * without that, a request within the cache's second still sees the old owner.
 */
export async function makeCampaignOwner(db: Db, cache: CampaignCache, userId: string): Promise<string> {
  const id = await mainAppealId(db);
  await db.update(campaigns).set({ ownerId: userId }).where(eq(campaigns.id, id));
  cache.invalidate();
  return id;
}

/** A second campaign with its own ledger (for tests that need a known balance). */
export async function newCampaign(db: Db, ownerId: string): Promise<string> {
  const content = await readSeedContent();
  const slug = `test-${Math.random().toString(36).slice(2, 10)}`;
  const [row] = await db
    .insert(campaigns)
    .values({
      slug,
      content: { ...content, slug },
      goalCents: content.goal.cents,
      currency: content.goal.currency,
      ownerId,
    })
    .returning({ id: campaigns.id });
  return row!.id;
}

export function uploadDocument(
  app: FastifyInstance,
  cookie: string,
  bytes: Buffer = PDF,
  filename = 'invoice.pdf',
  type = 'application/pdf',
) {
  return postFile(app, '/api/uploads/expense-document', cookie, { field: 'document', bytes, filename, type });
}

/** A valid expense form (surgery, $1,200) with one freshly uploaded document. */
export async function expenseForm(app: FastifyInstance, cookie: string, overrides: Record<string, unknown> = {}) {
  const res = await uploadDocument(app, cookie);
  if (res.statusCode !== 201) throw new Error(`upload failed: ${res.statusCode} ${res.body}`);
  return {
    costGroup: 'surgery',
    payee: 'Riverside Surgical Center',
    payeeCategory: 'Hospital or clinic',
    amount: 1200,
    currency: 'USD',
    description: 'Deposit for the excision surgery operating room',
    incurredOn: '2026-11-02',
    documentIds: [res.json().id as string],
    ...overrides,
  };
}

export function submitExpense(app: FastifyInstance, cookie: string, campaignId: string, body: unknown) {
  return postJson(app, `/api/campaigns/${campaignId}/expenses`, body, { cookie });
}

/** Re-enters the admin's password (step-up): approving, releasing and refunding need it within 15 minutes. */
export function elevate(app: FastifyInstance, cookie: string, password = STRONG_PASSWORD) {
  return postJson(app, '/api/admin/elevate', { password }, { cookie });
}

/** A manager, signed in, who has re-entered her password. */
export async function steppedUpManager(app: FastifyInstance, db: Db): Promise<Person> {
  const { admin, cookie } = await signInAdmin(app, db, 'manager');
  const res = await elevate(app, cookie);
  if (res.statusCode !== 200) throw new Error(`elevation failed: ${res.statusCode} ${res.body}`);
  return { cookie, id: admin.id };
}

/** The people of a spending test: a patient who owns the primary campaign and two stepped-up managers. */
export async function spendingCast(app: FastifyInstance, db: Db) {
  const patient = await signUp(app, { role: 'patient' });
  const owner: Person = { cookie: patient.cookie, id: patient.user.id };
  const campaignId = await makeCampaignOwner(db, app.campaigns, owner.id);
  const managerA = await steppedUpManager(app, db);
  const managerB = await steppedUpManager(app, db);
  return { campaignId, owner, managerA, managerB };
}

/**
 * A decision on an expense in the managers' queue (approve, reject, hold, resume or release), naming the version
 * the queue shows (the expense's current one) unless `body` names another.
 */
export async function decideExpense(
  app: FastifyInstance,
  cookie: string,
  id: string,
  verb: string,
  body: Record<string, unknown> = {},
) {
  const [read] = isIdShaped(id)
    ? await app.db.select({ version: expenses.version }).from(expenses).where(eq(expenses.id, id))
    : [];
  return postJson(app, `/api/admin/expenses/${id}/${verb}`, { version: read?.version ?? 1, ...body }, { cookie });
}

/** Releases (pays) an approved expense by bank transfer. */
export function releaseExpense(app: FastifyInstance, cookie: string, id: string) {
  return decideExpense(app, cookie, id, 'release', {
    method: 'Bank transfer',
    reference: 'TX-1',
    paidOn: '2026-11-10',
  });
}

/** A manager's step on a recorded gift: the path it posts to (a correction is a PATCH of the gift itself). */
const DONATION_STEPS = { refund: 'POST', void: 'POST', correct: 'PATCH' } as const;

/**
 * A stepped-up manager's refund, void or correction of a donation, naming the version her list shows (the gift's
 * current one) unless `body` names another.
 */
export async function actOnDonation(
  app: FastifyInstance,
  cookie: string,
  donationId: string,
  step: keyof typeof DONATION_STEPS,
  body: Record<string, unknown>,
) {
  const [read] = isIdShaped(donationId)
    ? await app.db.select({ version: donations.version }).from(donations).where(eq(donations.id, donationId))
    : [];
  const url = `/api/admin/donations/${donationId}${step === 'correct' ? '' : `/${step}`}`;
  return app.inject({
    method: DONATION_STEPS[step],
    url,
    payload: { version: read?.version ?? 1, ...body },
    headers: { cookie, origin: SITE_ORIGIN },
  });
}

/** A refund of part or all of a donation (see actOnDonation). */
export const refundDonation = (
  app: FastifyInstance,
  cookie: string,
  donationId: string,
  body: Record<string, unknown>,
) => actOnDonation(app, cookie, donationId, 'refund', body);

/** Submits a valid expense (with overrides) to the campaign as this person; returns its id. */
export async function submittedExpense(
  app: FastifyInstance,
  cookie: string,
  campaignId: string,
  overrides: Record<string, unknown> = {},
): Promise<string> {
  const res = await submitExpense(app, cookie, campaignId, await expenseForm(app, cookie, overrides));
  if (res.statusCode !== 201) throw new Error(`submit failed: ${res.statusCode} ${res.body}`);
  return res.json().id as string;
}
