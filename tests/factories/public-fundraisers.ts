/**
 * Patients' fundraisers in any state, written to the database as her saves and submission would leave them, and
 * made live by a manager's approval through the API (so the campaign is opened by the real command).
 */
import { expect } from 'vitest';
import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { Db } from '../../src/server/db/client.ts';
import { campaigns, fundraiserDocuments, fundraisers, uploads } from '../../src/server/db/schema/index.ts';
import type { FundraiserStatus } from '../../src/shared/schemas/fundraisers.ts';
import { postJson } from '../setup/test-app.ts';
import { getWith } from '../setup/accounts.ts';
import { PNG_7X5 } from './images.ts';
import { PDF } from './spending.ts';
import { buildUser } from './users.ts';

export interface ApplicationOptions {
  title?: string;
  status?: Exclude<FundraiserStatus, 'live' | 'closed'>;
  neededBy?: string | null;
  firstName?: string;
  /** The name others see (decision 019); her first name and last initial when left out. */
  communityName?: string;
  /** Cost groups in cents; the goal is their sum. */
  surgeryCents?: number;
  travelCents?: number;
}

export const APPLICATION_STORY =
  'Nine years of **pain** before a diagnosis; now a surgeon can remove the endometriosis in one operation.';
export const PAYEE_ROUTE = 'The clinic invoices the organisation, which pays account 12345678 by bank transfer.';

/** A settled patient's application in the given state (in review unless told), with one image and one document. */
export async function buildApplication(db: Db, options: ApplicationOptions = {}) {
  const owner = await buildUser(db, {
    firstName: options.firstName ?? 'Paula',
    lastName: 'Patient',
    communityName: options.communityName ?? null,
    emailVerifiedAt: new Date(),
    onboardingCompletedAt: new Date(),
  });
  const file = (purpose: 'fundraiser_image' | 'fundraiser_document', contentType: string, bytes: Buffer) =>
    db
      .insert(uploads)
      .values({ ownerId: owner.id, purpose, contentType, size: bytes.length, bytes })
      .returning({ id: uploads.id });
  const [[image], [document]] = await Promise.all([
    file('fundraiser_image', 'image/png', PNG_7X5),
    file('fundraiser_document', 'application/pdf', PDF),
  ]);
  const surgery = options.surgeryCents ?? 900_000;
  const travel = options.travelCents ?? 45_050;
  const status = options.status ?? 'in_review';
  const [row] = await db
    .insert(fundraisers)
    .values({
      ownerId: owner.id,
      status,
      title: options.title ?? 'Surgery for endometriosis',
      story: APPLICATION_STORY,
      images: [{ uploadId: image!.id, alt: 'Paula smiling in a hospital corridor' }],
      costGroups: [
        { key: 'surgery', amountCents: surgery, note: 'Excision surgery' },
        { key: 'travel', amountCents: travel, note: '' },
      ],
      goalCents: surgery + travel,
      payee: { name: 'Riverside Clinic', kind: 'care_provider', route: PAYEE_ROUTE },
      neededBy: options.neededBy ?? null,
      submittedAt: status === 'draft' ? null : new Date(),
    })
    .returning();
  await db.insert(fundraiserDocuments).values({ fundraiserId: row!.id, uploadId: document!.id });
  return { fundraiser: row!, owner, imageId: image!.id, documentId: document!.id };
}

/** The managers' steps on a fundraiser (issue 34: each names what she read). */
export type ManagerStep = 'approve' | 'request-changes' | 'reject' | 'money-change/approve' | 'money-change/refuse';

/**
 * A manager's decision on fundraiser `id` as the review page makes it: she opens the application, then decides,
 * naming the version (or, for a money change, the proposal) she read.
 */
export async function decideAsManager(
  app: FastifyInstance,
  cookie: string,
  id: string,
  step: ManagerStep,
  body: Record<string, unknown> = {},
  headers: Record<string, string> = {},
) {
  const read = (await getWith(app, `/api/admin/fundraisers/${id}`, cookie)).json();
  const named = step.startsWith('money-change/') ? { revisionId: read.revision?.id } : { version: read.version };
  return postJson(app, `/api/admin/fundraisers/${id}/${step}`, { ...named, ...body }, { cookie, ...headers });
}

/**
 * An application approved by this manager through the API: live, with its campaign's id and slug. `origin` is the
 * site's address where it is not the test apps' default (a browser test's server).
 */
export async function buildLiveFundraiser(
  app: FastifyInstance,
  db: Db,
  managerCookie: string,
  options: Omit<ApplicationOptions, 'status'> & { origin?: string } = {},
) {
  const application = await buildApplication(db, options);
  const approved = await decideAsManager(
    app,
    managerCookie,
    application.fundraiser.id,
    'approve',
    {},
    options.origin ? { origin: options.origin } : {},
  );
  expect(approved.statusCode, approved.body).toBe(200);
  const [row] = await db
    .select({ fundraiser: fundraisers, slug: campaigns.slug })
    .from(fundraisers)
    .innerJoin(campaigns, eq(campaigns.id, fundraisers.campaignId))
    .where(eq(fundraisers.id, application.fundraiser.id));
  return { ...application, fundraiser: row!.fundraiser, campaignId: row!.fundraiser.campaignId!, slug: row!.slug };
}
