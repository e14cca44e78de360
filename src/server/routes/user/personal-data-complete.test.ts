/** Issue 13: one person's rows in every table are in her export, and after deletion none holds her id, address or name. */
import { describe, expect, it } from 'vitest';
import { eq, getTableColumns, is } from 'drizzle-orm';
import { getTableConfig, PgTable } from 'drizzle-orm/pg-core';
import * as schema from '../../db/schema/index.ts';
import { DELETED_DONOR, FORMER_MEMBER, KEPT_AFTER_DELETION, PERSONAL_DATA } from '../../commands/personal-data.ts';
import { injectFrom, postJson, setupTestApp, SITE_ORIGIN } from '../../../../tests/setup/test-app.ts';
import { enrolTwoFactor, getWith, signUp, solveAltcha, STRONG_PASSWORD } from '../../../../tests/setup/accounts.ts';
import { buildAdmin, signInAdmin } from '../../../../tests/factories/users.ts';
import { buildStory } from '../../../../tests/factories/stories.ts';
import { buildDoctor } from '../../../../tests/factories/doctors.ts';
import { buildDonation, MAIN_APPEAL_API } from '../../../../tests/factories/donations.ts';
import { newCampaign, PDF, refundDonation, actOnDonation } from '../../../../tests/factories/spending.ts';
import { giveHealthConsent } from '../../../../tests/factories/health-data-consents.ts';

const t = setupTestApp();
const db = () => t.database.db;
const PATIENT_ANSWERS = {
  medicalCondition: 'Endometriosis',
  symptoms: 'Pain',
  treatmentGoals: 'Surgery',
  urgencyLevel: 'high',
  preferredContactMethod: 'email',
  consentToCollect: true,
};
const published = {
  status: 'approved' as const,
  publishConsent: true,
  publishedTitle: 'A public story',
  publishedBody: 'It took years.',
  publishedAt: new Date(),
};

/** The value at a dotted path of the export ("adminInvites.created"). */
const at = (doc: unknown, path: string) =>
  path.split('.').reduce<unknown>((value, key) => (value as Record<string, unknown> | undefined)?.[key], doc);
const holdsSomething = (value: unknown) =>
  Array.isArray(value) ? value.length > 0 : value !== null && value !== undefined;

/** Every (table, column) in the database whose value mentions one of these strings (case-insensitive). */
async function mentions(needles: string[]): Promise<string[]> {
  const found: string[] = [];
  for (const table of (Object.values(schema) as unknown[]).filter((value): value is PgTable => is(value, PgTable))) {
    const name = getTableConfig(table).name;
    const columns = Object.entries(getTableColumns(table));
    for (const row of (await db().select().from(table)) as Record<string, unknown>[]) {
      for (const [key, column] of columns) {
        const value = row[key];
        if (value === null || Buffer.isBuffer(value)) continue;
        const text = JSON.stringify(value).toLowerCase();
        if (needles.some((needle) => text.includes(needle.toLowerCase()))) found.push(`${name}.${column.name}`);
      }
    }
  }
  return [...new Set(found)].sort();
}

describe('one member, every table', () => {
  it('exports every table PERSONAL_DATA lists for her, and after deletion leaves her id, address and names only in the documented columns', async () => {
    const person = { firstName: 'Quenby', lastName: 'Zarkowitz', email: `quenby.zarkowitz.${Date.now()}@example.com` };
    const { cookie, user } = await signUp(t.app, { ...person, role: 'patient' });
    const me = user.id;
    await db().update(schema.users).set({ emailVerifiedAt: new Date() }).where(eq(schema.users.id, me));
    const other = await signUp(t.app, { role: 'patient', firstName: 'Olive', lastName: 'Other' });
    // Taking a date of a care plan needs a confirmed email (they help each other below).
    await db().update(schema.users).set({ emailVerifiedAt: new Date() }).where(eq(schema.users.id, other.user.id));
    const moderator = await buildAdmin(db(), 'moderator');

    // Through the API, as she would.
    expect(
      (await postJson(t.app, '/api/user/onboarding', { role: 'patient', onboardingData: PATIENT_ANSWERS }, { cookie }))
        .statusCode,
    ).toBe(200);
    // She shows her condition to members (which needs her consent to sharing).
    await giveHealthConsent(t, cookie, 'share');
    expect(
      (
        await postJson(
          t.app,
          '/api/user/profile/visibility',
          { field: 'medicalCondition', visibility: 'members' },
          { cookie },
        )
      ).statusCode,
    ).toBe(200);
    await enrolTwoFactor(t.app, cookie);
    const draft = await postJson(
      t.app,
      '/api/my/stories',
      { title: 'My own story', body: 'It took nine years and five doctors before anyone listened to me at all.' },
      { cookie },
    );
    expect(draft.statusCode).toBe(201);
    const storyId = draft.json().id as string;
    await db().update(schema.stories).set(published).where(eq(schema.stories.id, storyId));
    const received = await postJson(
      t.app,
      `/api/stories/${storyId}/support`,
      { body: 'Sending you strength' },
      { cookie: other.cookie },
    );
    expect((await postJson(t.app, `/api/support/${received.json().id}/thank`, {}, { cookie })).statusCode).toBe(204);
    const othersStory = await buildStory(db(), published);
    const written = await postJson(
      t.app,
      `/api/stories/${othersStory.id}/support`,
      { body: 'Words only she wrote' },
      { cookie },
    );
    expect(written.statusCode).toBe(201);
    const reported = await postJson(
      t.app,
      `/api/stories/${othersStory.id}/support`,
      { body: 'A reply she reports' },
      { cookie: other.cookie },
    );
    expect(
      (await postJson(t.app, `/api/support/${reported.json().id}/report`, { reason: 'Her own reasons' }, { cookie }))
        .statusCode,
    ).toBe(204);
    expect(
      (
        await t.app.inject({
          method: 'PUT',
          url: `${MAIN_APPEAL_API}/follow`,
          headers: { cookie, origin: SITE_ORIGIN },
        })
      ).statusCode,
    ).toBe(200);
    const contact = {
      name: `${person.firstName} ${person.lastName}`,
      email: person.email,
      subject: 'Hello',
      message: 'A message to the team',
      altcha: await solveAltcha(t.app),
    };
    expect((await postJson(t.app, '/api/contact', contact)).statusCode).toBe(201);
    const refund = {
      name: contact.name,
      email: person.email,
      amount: 20,
      paymentMethod: 'PayPal',
      donatedOn: '2026-11-01',
      reason: 'I gave twice by mistake',
    };
    const asked = await postJson(
      t.app,
      '/api/refund-requests',
      { ...refund, altcha: await solveAltcha(t.app) },
      { cookie },
    );
    expect(asked.statusCode).toBe(201);
    const signedOut = await postJson(t.app, '/api/refund-requests', { ...refund, altcha: await solveAltcha(t.app) });
    expect(signedOut.statusCode).toBe(201);

    // Admins answer her through their routes, so the audit log names her (and her donation) as in production.
    const { admin: manager, cookie: managerCookie } = await signInAdmin(t.app, db(), 'manager');
    expect(
      (await postJson(t.app, '/api/admin/elevate', { password: manager.password }, { cookie: managerCookie }))
        .statusCode,
    ).toBe(200);
    expect(
      (
        await postJson(
          t.app,
          `/api/admin/refund-requests/${signedOut.json().id}/decline`,
          { reason: 'We found no such gift' },
          { cookie: managerCookie },
        )
      ).statusCode,
    ).toBe(200);
    // She gave on the donate page with her address, and the gift was recorded from that intent.
    const intent = await postJson(t.app, '/api/donation-intent', {
      amount: 20,
      paymentMethod: 'PayPal',
      timestamp: new Date().toISOString(),
      donorName: contact.name,
      donorEmail: contact.email,
      showPublicly: true,
    });
    expect(intent.statusCode).toBe(201);
    // The second time she also asked for the campaign's updates at that address.
    await postJson(t.app, '/api/donation-intent', {
      amount: 15,
      paymentMethod: 'Venmo',
      timestamp: new Date().toISOString(),
      donorEmail: contact.email,
      followUpdates: true,
    });
    const recorded = await postJson(
      t.app,
      '/api/admin/add-donation',
      { amount: 20, paymentMethod: 'PayPal', intentId: intent.json().id },
      { cookie: managerCookie },
    );
    expect(recorded.statusCode).toBe(201);
    const giftId = recorded.json().id as string;
    const edited = await actOnDonation(t.app, managerCookie, giftId, 'correct', {
      donorName: contact.name,
      isAnonymous: false,
      message: 'Thank you',
      reason: 'Adding her message',
    });
    expect(edited.statusCode).toBe(200);
    expect(
      (
        await refundDonation(t.app, managerCookie, giftId, {
          amount: 20,
          reason: 'Given twice',
          refundRequestId: asked.json().id,
        })
      ).statusCode,
    ).toBe(200);

    // Directly, where no route of hers makes the row (admin work, money records, others' views of her).
    const campaignId = await newCampaign(db(), me);
    await buildDonation(db(), { campaignId, donorName: 'Someone else', recordedBy: me });
    const [othersRefund] = await db()
      .insert(schema.refundRequests)
      .values({
        campaignId,
        name: 'Olive Other',
        email: 'olive@example.com',
        amountCents: 100,
        currency: 'USD',
        paymentMethod: 'PayPal',
        donatedOn: '2026-11-01',
        reason: 'Twice',
        decidedBy: me,
      })
      .returning();
    expect(othersRefund).toBeDefined();
    const [document] = await db()
      .insert(schema.uploads)
      .values({
        ownerId: me,
        purpose: 'expense_document',
        contentType: 'application/pdf',
        size: PDF.length,
        bytes: PDF,
      })
      .returning();
    await db()
      .insert(schema.uploads)
      .values({ ownerId: me, purpose: 'avatar', contentType: 'image/png', size: 1, bytes: Buffer.from([0]) });
    const [expense] = await db()
      .insert(schema.expenses)
      .values({
        campaignId,
        submittedBy: me,
        releasedBy: me,
        costGroup: 'surgery',
        payee: 'Riverside',
        payeeCategory: 'Hospital or clinic',
        amountCents: 100,
        currency: 'USD',
        usdCents: 100,
        description: 'Deposit',
        incurredOn: '2026-11-02',
      })
      .returning();
    await db().insert(schema.expenseDocuments).values({ expenseId: expense!.id, uploadId: document!.id });
    await db().insert(schema.expenseApprovals).values({ expenseId: expense!.id, approverId: me });
    await db()
      .insert(schema.campaignVersions)
      .values({ campaignId, version: 2, content: {} as never, publishedBy: me });
    const doctor = await buildDoctor(db(), { profile: { verificationDecidedBy: me } });
    expect(doctor.profile.verificationDecidedBy).toBe(me);
    await db().insert(schema.commentReports).values({
      commentId: written.json().id,
      reporterId: other.user.id,
      reason: 'Spam',
      resolution: 'kept',
      resolvedAt: new Date(),
      resolvedBy: me,
    });
    await db().insert(schema.storyEvents).values({ storyId: othersStory.id, actorId: me, action: 'comment' });
    const [plan] = await db()
      .insert(schema.uploads)
      .values({
        ownerId: me,
        purpose: 'fundraiser_document',
        contentType: 'application/pdf',
        size: PDF.length,
        bytes: PDF,
      })
      .returning();
    const application = await injectFrom(t.app, {
      method: 'PUT',
      url: '/api/my-fundraiser',
      headers: { cookie },
      body: { title: 'My surgery fund', documentIds: [plan!.id] },
    });
    expect(application.statusCode).toBe(200);
    // She asked a doctor to review her plan (the doctor's request row is hers as the patient).
    await db()
      .insert(schema.medicalReviews)
      .values({ fundraiserId: application.json().fundraiser.id, doctorId: doctor.user.id });
    const [othersFundraiser] = await db()
      .insert(schema.fundraisers)
      .values({ ownerId: other.user.id, title: 'Olive’s fund' })
      .returning();
    await db()
      .insert(schema.fundraiserEvents)
      .values({ fundraiserId: othersFundraiser!.id, actorId: me, action: 'changes_requested' });
    await db()
      .insert(schema.auditLog)
      .values({
        actorId: moderator.id,
        action: 'user.suspend',
        targetType: 'user',
        targetId: me,
        before: { id: me, email: person.email, firstName: person.firstName, lastName: person.lastName },
        after: { status: 'suspended' },
      });
    await db()
      .insert(schema.notifications)
      .values({
        userId: moderator.id,
        type: 'admin_queue',
        title: `Dr. ${contact.name} waits for verification`,
        eventKey: `doctor:${me}:pending`,
      });
    await db()
      .insert(schema.adminInvites)
      .values({
        tokenHash: `invite-${Math.random()}`,
        adminLevel: 'moderator',
        email: person.email,
        usedBy: me,
        usedAt: new Date(),
        expiresAt: new Date(),
      });
    await db()
      .insert(schema.adminInvites)
      .values({ tokenHash: `invite-${Math.random()}`, adminLevel: 'moderator', createdBy: me, expiresAt: new Date() });
    // A processor's payment from her confirmed address, and a statement she imported (as a manager would).
    await db()
      .insert(schema.payments)
      .values({
        source: 'paypal',
        externalId: `PAY-${Math.random()}`,
        kind: 'payment',
        amountCents: 2500,
        currency: 'USD',
        occurredAt: new Date(),
        payerName: `${person.firstName} ${person.lastName}`,
        payerEmail: person.email,
        note: 'Get well soon',
        payload: { payer: { email_address: person.email } },
        state: 'unmatched',
      });
    await db()
      .insert(schema.paymentImports)
      .values({ source: 'venmo', fileName: 'venmo.csv', importedBy: me, rowCount: 1 });
    await db()
      .insert(schema.passkeys)
      .values({ userId: me, credentialId: 'her-phone', publicKey: 'a-public-key-never-exported', name: 'Phone' });
    await db().insert(schema.contentNoteMutes).values({ userId: me, note: 'pregnancy-loss' });
    // Her care plan, helped by Olive, and Olive's, which she helps with. Olive's mail about it names her by her
    // community name, which she chose here: mail sent to someone else is theirs and is not deleted with her.
    await injectFrom(t.app, {
      method: 'PATCH',
      url: '/api/user/profile',
      body: { firstName: person.firstName, lastName: person.lastName, communityName: 'Sunflower' },
      headers: { cookie },
    });
    const day = new Date(Date.now() + 3 * 24 * 60 * 60 * 1000).toISOString().slice(0, 10);
    const carePlanOf = async (planCookie: string) => {
      const settings = { timeZone: 'UTC', audience: 'circle', address: '1 Elm Street', unclaimCutoffHours: 24 };
      await injectFrom(t.app, {
        method: 'PUT',
        url: '/api/my/care-plan',
        body: settings,
        headers: { cookie: planCookie },
      });
      const request = { category: 'meal', title: 'Dinner', startsOn: day, startTime: '18:00', helpersNeeded: 1 };
      return (await postJson(t.app, '/api/my/care-plan/requests', request, { cookie: planCookie })).json().plan;
    };
    const helpEachOther = async (
      plan: { id: string; sharePath: string; requests: { id: string }[] },
      helperCookie: string,
    ) => {
      const token = plan.sharePath.split('/').pop();
      expect(
        (await postJson(t.app, `/api/care-plans/open/${token}/join`, {}, { cookie: helperCookie })).statusCode,
      ).toBe(200);
      const claimed = await postJson(
        t.app,
        `/api/care-plans/${plan.id}/requests/${plan.requests[0]!.id}/days/${day}/claim`,
        {},
        { cookie: helperCookie },
      );
      expect(claimed.statusCode).toBe(201);
    };
    await helpEachOther(await carePlanOf(cookie), other.cookie);
    await helpEachOther(await carePlanOf(other.cookie), cookie);

    const exported = await getWith(t.app, '/api/user/export', cookie);
    expect(exported.statusCode).toBe(200);
    const data = exported.json();
    expect(data.formatVersion).toBe(3);
    const empty = Object.entries(PERSONAL_DATA).flatMap(([table, decision]) =>
      decision.exportedAs.filter((path) => !holdsSomething(at(data, path))).map((path) => `${table}: ${path}`),
    );
    expect(empty).toEqual([]);
    expect(exported.body).not.toMatch(/tokenHash|codeHash|passwordHash|totpSecret|a-public-key-never-exported/);
    expect(data.stories[0]).toMatchObject({
      body: expect.stringContaining('nine years'),
      history: [expect.objectContaining({ action: expect.any(String) })],
    });
    expect(data.wordsOfSupportReceived).toEqual([
      expect.objectContaining({ body: 'Sending you strength', thankedAt: expect.any(String) }),
    ]);
    expect(data.uploads.map((u: { url: string }) => u.url)).toContain(`/api/uploads/${document!.id}`);
    // Entries about her records, not only about her account, without who acted or from where.
    expect(data.auditEntries.aboutYou.map((e: { action: string }) => e.action)).toEqual(
      expect.arrayContaining([
        'refund_request.decline',
        'donation.record',
        'donation.edit',
        'donation.refund',
        'user.suspend',
      ]),
    );
    expect(exported.body).not.toContain(manager.id);
    expect(data.byVerifiedEmail).toMatchObject({
      linkedBy: 'verified email',
      contactMessages: [{ message: 'A message to the team' }],
    });

    // An admin moves the campaign to someone else first (the owner cannot delete her account).
    await db().update(schema.campaigns).set({ ownerId: other.user.id }).where(eq(schema.campaigns.id, campaignId));
    const gone = await t.app.inject({
      method: 'DELETE',
      url: '/api/user',
      payload: { password: STRONG_PASSWORD },
      headers: { cookie, origin: SITE_ORIGIN },
    });
    expect(gone.statusCode).toBe(204);

    const kept = KEPT_AFTER_DELETION.map((k) => `${k.table}.${k.column}`);
    const left = await mentions([me, person.email, person.firstName, person.lastName]);
    expect(left.filter((column) => !kept.includes(column))).toEqual([]);
    // The scan does find her: the immutable ledger row of the gift she recorded still carries her id.
    expect(left).toEqual(kept);
    // What others keep says who, without her: the ledger's donation, the refund request, the moderator's notice and log.
    expect((await db().select().from(schema.donations).where(eq(schema.donations.id, giftId)))[0]).toMatchObject({
      donorName: DELETED_DONOR,
      amountCents: 2000,
    });
    const notices = await db().select().from(schema.notifications).where(eq(schema.notifications.userId, moderator.id));
    expect(notices.map((n) => n.title)).toContain(`Dr. ${FORMER_MEMBER} waits for verification`);
    expect(notices.find((n) => n.type === 'admin_queue' && n.title === 'A word of support was reported')?.body).toBe(
      '',
    );
    const [approval] = await db()
      .select()
      .from(schema.expenseApprovals)
      .where(eq(schema.expenseApprovals.expenseId, expense!.id));
    const log = await db().select().from(schema.auditLog).where(eq(schema.auditLog.targetType, 'user'));
    // One pseudonym per deleted account, the same in the audit log and on her approval.
    expect(
      log.filter((entry) => entry.targetId === approval!.approverId || entry.actorId === approval!.approverId).length,
    ).toBeGreaterThan(1);
    expect((await getWith(t.app, `/api/uploads/${document!.id}`, '')).statusCode).toBe(404);
    expect(
      await db().select({ id: schema.uploads.id }).from(schema.uploads).where(eq(schema.uploads.id, document!.id)),
    ).toHaveLength(1);
  });
});
