/** Housekeeping removes what nobody can use any more, and nothing that is still in use. */
import { describe, expect, it } from 'vitest';
import { eq, inArray } from 'drizzle-orm';
import {
  fundraiserDocuments,
  fundraisers,
  payments,
  rateLimits,
  sessions,
  uploads,
  userTokens,
} from '../db/schema/index.ts';
import { setupTestApp } from '../../../tests/setup/test-app.ts';
import { signUp } from '../../../tests/setup/accounts.ts';
import { buildStory } from '../../../tests/factories/stories.ts';
import { expenseForm, makeCampaignOwner, submitExpense } from '../../../tests/factories/spending.ts';
import { PNG_7X5 } from '../../../tests/factories/images.ts';
import { buildUser } from '../../../tests/factories/users.ts';
import { SESSION_IDLE_MS } from '../services/sessions.ts';
import { PAYMENT_PAYLOAD_KEEP_MS, SPENT_TOKEN_KEEP_MS, sweep, UNUSED_UPLOAD_GRACE_MS } from './housekeeping.ts';
import { run, SYSTEM_ACTOR } from './run.ts';

const t = setupTestApp();
const DAY_MS = 24 * 60 * 60 * 1000;

async function upload(ownerId: string, purpose: (typeof uploads.$inferInsert)['purpose'], ageMs: number) {
  const [row] = await t.database.db
    .insert(uploads)
    .values({
      ownerId,
      purpose,
      contentType: 'image/png',
      size: PNG_7X5.length,
      bytes: PNG_7X5,
      createdAt: new Date(Date.now() - ageMs),
    })
    .returning({ id: uploads.id });
  return row!.id;
}

async function remaining(ids: string[]) {
  const rows = await t.database.db.select({ id: uploads.id }).from(uploads).where(inArray(uploads.id, ids));
  return new Set(rows.map((r) => r.id));
}

describe('sweep', () => {
  it('removes uploads nothing has used for a day, and keeps those in use, recent ones, avatars and campaign images', async () => {
    const patient = await signUp(t.app, { role: 'patient' });
    const me = patient.user.id;
    const old = UNUSED_UPLOAD_GRACE_MS + DAY_MS;

    const abandonedImage = await upload(me, 'story_image', old);
    const draftImage = await upload(me, 'story_image', old);
    const publishedImage = await upload(me, 'story_image', old);
    const freshImage = await upload(me, 'story_image', 60_000);
    const avatar = await upload(me, 'avatar', old);
    const campaignImage = await upload(me, 'campaign_image', old);
    await buildStory(t.database.db, { images: [{ uploadId: draftImage, alt: 'A draft image' }] });
    await buildStory(t.database.db, {
      images: [],
      publishedImages: [{ uploadId: publishedImage, alt: 'Still public' }],
      publishedAt: new Date(),
    });

    const campaignId = await makeCampaignOwner(t.database.db, t.app.campaigns, me);
    const form = await expenseForm(t.app, patient.cookie);
    const attachedDocument = form.documentIds[0]!;
    expect((await submitExpense(t.app, patient.cookie, campaignId, form)).statusCode).toBe(201);
    const abandonedDocument = await upload(me, 'expense_document', old);
    await t.database.db
      .update(uploads)
      .set({ createdAt: new Date(Date.now() - old) })
      .where(eq(uploads.id, attachedDocument));

    const removed = await run(t.app.commandEnv(), SYSTEM_ACTOR, sweep);
    expect(removed.uploads).toBe(2);
    const left = await remaining([
      abandonedImage,
      draftImage,
      publishedImage,
      freshImage,
      avatar,
      campaignImage,
      attachedDocument,
      abandonedDocument,
    ]);
    expect(left).toEqual(new Set([draftImage, publishedImage, freshImage, avatar, campaignImage, attachedDocument]));
  });

  it('removes a fundraiser application’s images and documents a day after upload unless her draft uses them', async () => {
    const me = (await buildUser(t.database.db)).id;
    const old = UNUSED_UPLOAD_GRACE_MS + DAY_MS;
    const [usedImage, usedDocument, strayImage, strayDocument] = await Promise.all([
      upload(me, 'fundraiser_image', old),
      upload(me, 'fundraiser_document', old),
      upload(me, 'fundraiser_image', old),
      upload(me, 'fundraiser_document', old),
    ]);
    const [application] = await t.database.db
      .insert(fundraisers)
      .values({ ownerId: me, images: [{ uploadId: usedImage, alt: 'At the clinic' }] })
      .returning();
    await t.database.db.insert(fundraiserDocuments).values({ fundraiserId: application!.id, uploadId: usedDocument });

    await run(t.app.commandEnv(), SYSTEM_ACTOR, sweep);
    expect(await remaining([usedImage, usedDocument, strayImage, strayDocument])).toEqual(
      new Set([usedImage, usedDocument]),
    );
  });

  it('drops rate-limit counters whose window has ended and keeps the running ones', async () => {
    const now = Date.now();
    await t.database.db.insert(rateLimits).values([
      { key: 'sweep-test:ended', count: 20, resetAt: now - 1000 },
      { key: 'sweep-test:running', count: 3, resetAt: now + 60_000 },
    ]);
    const removed = await run(t.app.commandEnv(), SYSTEM_ACTOR, sweep);
    expect(removed.counters).toBeGreaterThanOrEqual(1);
    const keys = (await t.database.db.select({ key: rateLimits.key }).from(rateLimits)).map((r) => r.key);
    expect(keys).toContain('sweep-test:running');
    expect(keys).not.toContain('sweep-test:ended');
  });

  it('ends sessions past their idle or absolute limit, and drops mailed tokens a week after they expire', async () => {
    const { user } = await signUp(t.app, { role: 'donor' });
    const now = new Date();
    const at = (ms: number) => new Date(now.getTime() + ms);
    const [live, idle, over] = await t.database.db
      .insert(sessions)
      .values([
        { tokenHash: `live-${user.id}`, userId: user.id, expiresAt: at(DAY_MS), lastSeenAt: at(-60_000) },
        {
          tokenHash: `idle-${user.id}`,
          userId: user.id,
          expiresAt: at(DAY_MS),
          lastSeenAt: at(-SESSION_IDLE_MS - 60_000),
        },
        { tokenHash: `over-${user.id}`, userId: user.id, expiresAt: at(-60_000), lastSeenAt: at(-60_000) },
      ])
      .returning({ id: sessions.id });
    const [recent, stale] = await t.database.db
      .insert(userTokens)
      .values([
        { userId: user.id, purpose: 'reset_password', tokenHash: `recent-${user.id}`, expiresAt: at(-DAY_MS) },
        {
          userId: user.id,
          purpose: 'reset_password',
          tokenHash: `stale-${user.id}`,
          expiresAt: at(-SPENT_TOKEN_KEEP_MS - DAY_MS),
        },
      ])
      .returning({ id: userTokens.id });

    await run(t.app.commandEnv(), SYSTEM_ACTOR, sweep);

    const sessionIds = (
      await t.database.db.select({ id: sessions.id }).from(sessions).where(eq(sessions.userId, user.id))
    ).map((r) => r.id);
    expect(sessionIds).toContain(live!.id);
    expect(sessionIds).not.toContain(idle!.id);
    expect(sessionIds).not.toContain(over!.id);
    const tokenIds = (
      await t.database.db.select({ id: userTokens.id }).from(userTokens).where(eq(userTokens.userId, user.id))
    ).map((r) => r.id);
    expect(tokenIds).toContain(recent!.id);
    expect(tokenIds).not.toContain(stale!.id);
  });

  it('prunes a processor’s event body after its keeping, and keeps the payment and recent bodies', async () => {
    const payment = (externalId: string, ageMs: number) => ({
      source: 'stripe',
      externalId,
      kind: 'payment' as const,
      amountCents: 1000,
      currency: 'USD',
      occurredAt: new Date(),
      state: 'unmatched' as const,
      payload: { customer_details: { email: 'payer@example.org' } },
      receivedAt: new Date(Date.now() - ageMs),
    });
    await t.database.db
      .insert(payments)
      .values([payment('old-body', PAYMENT_PAYLOAD_KEEP_MS + DAY_MS), payment('new-body', DAY_MS)]);
    await run(t.app.commandEnv(), SYSTEM_ACTOR, sweep);
    const rows = await t.database.db
      .select({ externalId: payments.externalId, payload: payments.payload })
      .from(payments)
      .where(inArray(payments.externalId, ['old-body', 'new-body']));
    expect(Object.fromEntries(rows.map((r) => [r.externalId, r.payload !== null]))).toEqual({
      'old-body': false,
      'new-body': true,
    });
  });
});
