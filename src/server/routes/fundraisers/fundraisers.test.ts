/** A patient's fundraiser application (issue 18): drafts, submission, and the managers' review. */
import { beforeEach, describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import { getWith, signUp, signUpSettled } from '../../../../tests/setup/accounts.ts';
import { postFile, setupTestApp } from '../../../../tests/setup/test-app.ts';
import { PNG_7X5 } from '../../../../tests/factories/images.ts';
import { signedInAdminForSuite } from '../../../../tests/factories/users.ts';
import {
  completeApplication as completeApplicationOf,
  FUNDRAISER_PAYEE as PAYEE,
  fullDraft,
  liveFundraiser,
  saveFundraiser,
  submitFundraiser,
  submittedApplication,
  uploadFundraiserFile,
} from '../../../../tests/factories/fundraisers.ts';
import { FUNDRAISER_DOCUMENTS_MAX, FUNDRAISER_IMAGES_MAX } from '#shared/schemas/fundraisers.ts';
import { PDF } from '../../../../tests/factories/spending.ts';
import {
  auditLog,
  campaigns,
  fundraisers,
  notifications,
  outbox,
  rateLimits,
  uploads,
  users,
} from '../../db/schema/index.ts';
import { decideAsManager } from '../../../../tests/factories/public-fundraisers.ts';

const t = setupTestApp();
const db = () => t.database.db;
const manager = signedInAdminForSuite(t, 'manager');
const moderator = signedInAdminForSuite(t, 'moderator');
// Uploads are limited per address, and every upload here comes from the same one.
beforeEach(async () => {
  await db().delete(rateLimits);
});

const save = (cookie: string, body: unknown) => saveFundraiser(t, cookie, body);
const submit = (cookie: string) => submitFundraiser(t, cookie);
const uploadDocument = (cookie: string) => uploadFundraiserFile(t, cookie, 'document');
const uploadImage = (cookie: string) => uploadFundraiserFile(t, cookie, 'image');
const completeApplication = () => completeApplicationOf(t);
const submitted = () => submittedApplication(t);

describe('who may apply', () => {
  it('asks a patient to confirm her email, then to finish her profile, before she can start a fundraiser', async () => {
    const patient = await signUp(t.app, { role: 'patient' });
    const unconfirmed = await save(patient.cookie, { title: 'My fund' });
    expect(unconfirmed.statusCode).toBe(403);
    expect(unconfirmed.json().message).toBe('Confirm your email address before you open a fundraiser');
    await db().update(users).set({ emailVerifiedAt: new Date() }).where(eq(users.id, patient.user.id));
    const unfinished = await save(patient.cookie, { title: 'My fund' });
    expect(unfinished.statusCode).toBe(403);
    expect(unfinished.json().message).toBe('Finish setting up your profile before you open a fundraiser');
    expect(await db().select().from(fundraisers).where(eq(fundraisers.ownerId, patient.user.id))).toEqual([]);
  });
});

describe('the draft', () => {
  it('saves a partial draft, shows it back with the goal as the sum of its cost groups in cents, and keeps one per patient', async () => {
    const patient = await signUpSettled(t.app, db(), { role: 'patient' });
    expect((await getWith(t.app, '/api/my-fundraiser', patient.cookie)).json()).toEqual({
      fundraiser: null,
      live: null,
    });
    const first = await save(patient.cookie, { title: 'My fund', costGroups: [{ key: 'pre-op', amount: 120.25 }] });
    expect(first.statusCode).toBe(200);
    const second = await save(patient.cookie, {
      title: 'My surgery fund',
      costGroups: [
        { key: 'pre-op', amount: 120.25 },
        { key: 'surgery', amount: 8000 },
      ],
    });
    const read = (await getWith(t.app, '/api/my-fundraiser', patient.cookie)).json().fundraiser;
    expect(read).toMatchObject({
      id: first.json().fundraiser.id,
      status: 'draft',
      title: 'My surgery fund',
      goalCents: 812_025,
      currency: 'USD',
      story: null,
      payee: null,
    });
    expect(read.costGroups.map((g: { amountCents: number }) => g.amountCents)).toEqual([12_025, 800_000]);
    expect(second.json().fundraiser.id).toBe(first.json().fundraiser.id);
  });

  it('refuses amounts with a third decimal or below zero, a cost group or image twice, an unknown payee kind and a field of its own choosing, naming what is wrong and writing nothing', async () => {
    const patient = await signUpSettled(t.app, db(), { role: 'patient' });
    const cases = [
      [{ costGroups: [{ key: 'surgery', amount: 10.005 }] }, 'costGroups.0.amount'],
      [{ costGroups: [{ key: 'surgery', amount: -1 }] }, 'costGroups.0.amount'],
      [{ costGroups: [{ key: 'surgery', amount: '10' }] }, 'costGroups.0.amount'],
      [
        {
          costGroups: [
            { key: 'surgery', amount: 1 },
            { key: 'surgery', amount: 2 },
          ],
        },
        'costGroups',
      ],
      [{ payee: { ...PAYEE, kind: 'friend' } }, 'payee.kind'],
      [
        {
          images: [
            { uploadId: '00000000-0000-4000-8000-000000000001', alt: 'Me' },
            { uploadId: '00000000-0000-4000-8000-000000000001', alt: 'Me again' },
          ],
        },
        'images',
      ],
    ] as const;
    for (const [body, field] of cases) {
      const res = await save(patient.cookie, body);
      expect(res.statusCode, JSON.stringify(body)).toBe(400);
      expect(Object.keys(res.json().fieldErrors ?? {})).toContain(field);
    }
    // The goal is the groups' sum, never sent.
    const ownGoal = await save(patient.cookie, { goalCents: 100 });
    expect(ownGoal.statusCode).toBe(400);
    expect(ownGoal.json().message).toContain('goalCents');
    expect(await db().select().from(fundraisers).where(eq(fundraisers.ownerId, patient.user.id))).toEqual([]);
  });

  it("refuses another patient's document or image, and a story image, as part of her draft", async () => {
    const owner = await signUpSettled(t.app, db(), { role: 'patient' });
    const other = await signUpSettled(t.app, db(), { role: 'patient' });
    const othersDocument = await uploadDocument(other.cookie);
    const othersImage = await uploadImage(other.cookie);
    const storyImage = await postFile(t.app, '/api/uploads/story-image', owner.cookie, {
      field: 'image',
      bytes: PNG_7X5,
      filename: 'a.png',
      type: 'image/png',
    });
    const refusedDocument = await save(owner.cookie, { documentIds: [othersDocument] });
    expect(refusedDocument.statusCode).toBe(400);
    expect(refusedDocument.json().fieldErrors).toHaveProperty('documentIds');
    for (const uploadId of [storyImage.json().id as string, othersImage]) {
      const refusedImage = await save(owner.cookie, { images: [{ uploadId, alt: 'Me' }] });
      expect(refusedImage.statusCode).toBe(400);
      expect(refusedImage.json().fieldErrors).toHaveProperty('images');
    }
    expect(await db().select().from(fundraisers).where(eq(fundraisers.ownerId, owner.user.id))).toEqual([]);
  });
});

describe('images and documents of the draft', () => {
  /** `count` files of this kind uploaded by the patient. */
  const uploadMany = async (cookie: string, kind: 'document' | 'image', count: number) => {
    const ids: string[] = [];
    for (let i = 0; i < count; i++) ids.push(await uploadFundraiserFile(t, cookie, kind));
    return ids;
  };
  const ownRow = async (ownerId: string) =>
    (await db().select().from(fundraisers).where(eq(fundraisers.ownerId, ownerId)))[0];

  it(`saves ${FUNDRAISER_IMAGES_MAX} images and refuses ${FUNDRAISER_IMAGES_MAX + 1} with 400 on images, keeping the saved draft as it was`, async () => {
    const patient = await signUpSettled(t.app, db(), { role: 'patient' });
    const ids = await uploadMany(patient.cookie, 'image', FUNDRAISER_IMAGES_MAX + 1);
    const images = ids.map((uploadId, i) => ({ uploadId, alt: `Photo ${i + 1} of my recovery` }));
    const saved = await save(patient.cookie, { title: 'My fund', images: images.slice(0, FUNDRAISER_IMAGES_MAX) });
    expect(saved.statusCode).toBe(200);
    expect(saved.json().fundraiser.images).toHaveLength(FUNDRAISER_IMAGES_MAX);

    const tooMany = await save(patient.cookie, { title: 'Changed', images });
    expect(tooMany.statusCode).toBe(400);
    expect(tooMany.json().fieldErrors).toEqual({ images: `Add at most ${FUNDRAISER_IMAGES_MAX} images` });
    const row = await ownRow(patient.user.id);
    expect(row).toMatchObject({ title: 'My fund' });
    expect(row!.images).toHaveLength(FUNDRAISER_IMAGES_MAX);
  });

  it('refuses an image whose alt text is empty or only spaces with 400 on that image’s alt, writing nothing', async () => {
    const patient = await signUpSettled(t.app, db(), { role: 'patient' });
    const [uploadId] = await uploadMany(patient.cookie, 'image', 1);
    for (const alt of ['', '   ']) {
      const res = await save(patient.cookie, { title: 'My fund', images: [{ uploadId, alt }] });
      expect(res.statusCode, JSON.stringify(alt)).toBe(400);
      expect(res.json().fieldErrors).toEqual({ 'images.0.alt': 'Describe the image for people who cannot see it' });
    }
    expect(await ownRow(patient.user.id)).toBeUndefined();
  });

  it(`saves ${FUNDRAISER_DOCUMENTS_MAX} documents and refuses ${FUNDRAISER_DOCUMENTS_MAX + 1}, or one document twice, with 400 on documentIds, keeping the attached ones`, async () => {
    const patient = await signUpSettled(t.app, db(), { role: 'patient' });
    const ids = await uploadMany(patient.cookie, 'document', FUNDRAISER_DOCUMENTS_MAX + 1);
    const five = ids.slice(0, FUNDRAISER_DOCUMENTS_MAX);
    const saved = await save(patient.cookie, { title: 'My fund', documentIds: five });
    expect(saved.statusCode).toBe(200);
    expect(saved.json().fundraiser.documents).toHaveLength(FUNDRAISER_DOCUMENTS_MAX);

    const tooMany = await save(patient.cookie, { title: 'Changed', documentIds: ids });
    expect(tooMany.statusCode).toBe(400);
    expect(tooMany.json().fieldErrors).toEqual({ documentIds: `Attach at most ${FUNDRAISER_DOCUMENTS_MAX} documents` });
    const twice = await save(patient.cookie, { title: 'Changed', documentIds: [ids[0], ids[0]] });
    expect(twice.statusCode).toBe(400);
    expect(twice.json().fieldErrors).toEqual({ documentIds: 'Attach each document once' });

    const mine = (await getWith(t.app, '/api/my-fundraiser', patient.cookie)).json().fundraiser;
    expect(mine.title).toBe('My fund');
    expect(mine.documents.map((d: { id: string }) => d.id).sort()).toEqual([...five].sort());
  });
});

describe('submitting', () => {
  it('names every missing part of an incomplete application and leaves it a draft', async () => {
    const patient = await signUpSettled(t.app, db(), { role: 'patient' });
    expect((await submit(patient.cookie)).statusCode).toBe(404);
    await save(patient.cookie, { title: 'My fund', story: 'Too short.' });
    const res = await submit(patient.cookie);
    expect(res.statusCode).toBe(400);
    expect(Object.keys(res.json().fieldErrors).sort()).toEqual([
      'costGroups',
      'documentIds',
      'payee.kind',
      'payee.name',
      'payee.route',
      'story',
    ]);
    expect(res.json().message).toBe('Tell your story in at least 50 characters');
    const [row] = await db().select().from(fundraisers).where(eq(fundraisers.ownerId, patient.user.id));
    expect(row!.status).toBe('draft');
  });

  it('names every missing field of an empty application at once, each by its own path and words', async () => {
    const patient = await signUpSettled(t.app, db(), { role: 'patient' });
    expect((await save(patient.cookie, {})).statusCode).toBe(200);
    const res = await submit(patient.cookie);
    expect(res.statusCode).toBe(400);
    expect(res.json().fieldErrors).toEqual({
      title: 'Give your fundraiser a title',
      story: 'Tell your story in at least 50 characters',
      costGroups: 'Plan at least one cost group with an amount above 0',
      'payee.name': 'Name who receives the money',
      'payee.kind': 'Say whether the money goes to the care provider or to you',
      'payee.route': 'Say how the money reaches the care provider (at least 20 characters)',
      documentIds: 'Attach your treatment plan or a quote (a PDF or an image)',
    });
    expect(res.json().message).toBe('Give your fundraiser a title');
  });

  it('puts a complete application in review, tells the managers, and locks it against edits', async () => {
    const application = await completeApplication();
    const res = await submit(application.cookie);
    expect(res.statusCode).toBe(200);
    expect(res.json().fundraiser).toMatchObject({ status: 'in_review', goalCents: 945_050 });
    const queued = await db()
      .select()
      .from(notifications)
      .where(and(eq(notifications.userId, manager.id), eq(notifications.type, 'admin_queue')));
    expect(queued.map((n) => n.title)).toContain('A fundraiser waits for review: "Surgery for endometriosis"');
    const edit = await save(application.cookie, { title: 'Changed while in review' });
    expect(edit.statusCode).toBe(409);
    expect(edit.json().message).toBe('Your fundraiser is waiting for review, so it cannot be edited');
    // Submitting again (a second tap) answers it as it waits, and tells the managers once.
    const again = await submit(application.cookie);
    expect(again.statusCode).toBe(200);
    expect(again.json().fundraiser).toMatchObject({
      status: 'in_review',
      submittedAt: res.json().fundraiser.submittedAt,
    });
    const queuedAgain = await db()
      .select()
      .from(notifications)
      .where(and(eq(notifications.userId, manager.id), eq(notifications.type, 'admin_queue')));
    expect(queuedAgain).toHaveLength(queued.length);
  });
});

describe('the review', () => {
  it('lists submitted applications for managers with who applied, her documents and the history', async () => {
    const application = await submitted();
    const queue = (await getWith(t.app, '/api/admin/fundraisers?status=in_review', manager.cookie)).json();
    expect(queue.items.map((i: { id: string }) => i.id)).toContain(application.fundraiser.id);
    const detail = await getWith(t.app, `/api/admin/fundraisers/${application.fundraiser.id}`, manager.cookie);
    expect(detail.statusCode).toBe(200);
    expect(detail.json()).toMatchObject({
      owner: { id: application.user.id, email: application.person.email },
      documents: [{ id: application.documentId, contentType: 'application/pdf' }],
      history: [{ action: 'created' }, { action: 'submitted' }],
    });
  });

  it('keeps a draft out of the managers’ view until she submits it', async () => {
    const application = await completeApplication();
    const detail = await getWith(t.app, `/api/admin/fundraisers/${application.fundraiser.id}`, manager.cookie);
    expect(detail.statusCode).toBe(404);
  });

  it('approves it: its campaign opens at an address from its title, with her goal, and she is mailed', async () => {
    const mainAppeal = (await t.app.inject('/api/campaign')).json().id as string;
    const mainGoal = (await t.app.inject('/api/fundraising/progress')).json().goalCents as number;
    const application = await submitted();
    const id = application.fundraiser.id as string;
    const approved = await decideAsManager(t.app, manager.cookie, id, 'approve', {});
    expect(approved.statusCode).toBe(200);
    expect(approved.json().status).toBe('live');
    const [row] = await db().select().from(fundraisers).where(eq(fundraisers.id, id));
    const [campaign] = await db().select().from(campaigns).where(eq(campaigns.id, row!.campaignId!));
    expect(campaign).toMatchObject({
      slug: expect.stringMatching(/^surgery-for-endometriosis(-[0-9a-f]{8})?$/),
      goalCents: 945_050,
      currency: 'USD',
      ownerId: application.user.id,
      content: null,
    });
    const mails = await db().select().from(outbox).where(eq(outbox.to, application.person.email));
    expect(mails.map((m) => m.subject).join('\n')).toContain('is approved and live');
    const [entry] = await db().select().from(auditLog).where(eq(auditLog.targetId, id));
    expect(entry).toMatchObject({ action: 'fundraiser.approve', actorId: manager.id });

    // Its own ledger plans her cost groups; the spec's single-campaign calls still serve the main appeal.
    const ledger = (await t.app.inject(`/api/campaigns/${campaign!.id}/ledger`)).json();
    expect(ledger.groups.map((g: { key: string; plannedCents: number }) => [g.key, g.plannedCents])).toEqual([
      ['surgery', 900_000],
      ['travel', 45_050],
    ]);
    expect((await t.app.inject('/api/campaign')).json().id).toBe(mainAppeal);
    expect((await t.app.inject('/api/fundraising/progress')).json().goalCents).toBe(mainGoal);
  });

  it('gives two fundraisers with the same title different addresses', async () => {
    const slugs = [];
    for (const application of [await submitted(), await submitted()]) {
      const id = application.fundraiser.id as string;
      await decideAsManager(t.app, manager.cookie, id, 'approve', {});
      const [row] = await db()
        .select({ slug: campaigns.slug })
        .from(fundraisers)
        .innerJoin(campaigns, eq(campaigns.id, fundraisers.campaignId))
        .where(eq(fundraisers.id, id));
      slugs.push(row!.slug);
    }
    expect(new Set(slugs).size).toBe(2);
  });

  it('sends it back with a message she is mailed, audits it, and takes her corrected resubmission', async () => {
    const application = await submitted();
    const id = application.fundraiser.id as string;
    const message = 'Please attach the surgeon’s written quote, not only the referral letter.';
    const back = await decideAsManager(t.app, manager.cookie, id, 'request-changes', { message });
    expect(back.statusCode).toBe(200);
    expect(back.json()).toMatchObject({ status: 'changes_requested', reviewMessage: message });
    const mails = await db().select().from(outbox).where(eq(outbox.to, application.person.email));
    const mail = mails.find((m) => m.subject.includes('needs changes'));
    expect(mail?.text).toContain(message);
    expect(mail?.text).toContain('/my-fundraiser');
    const [entry] = await db().select().from(auditLog).where(eq(auditLog.targetId, id));
    expect(entry).toMatchObject({
      action: 'fundraiser.request_changes',
      actorId: manager.id,
      targetType: 'fundraiser',
    });

    expect((await save(application.cookie, { ...fullDraft(application.documentId), title: 'Fixed' })).statusCode).toBe(
      200,
    );
    expect((await submit(application.cookie)).json().fundraiser.status).toBe('in_review');
  });

  it('refuses it with a reason, after which she may start a new one', async () => {
    const application = await submitted();
    const id = application.fundraiser.id as string;
    const rejected = await decideAsManager(t.app, manager.cookie, id, 'reject', {
      message: 'We could not confirm the treatment plan with the clinic.',
    });
    expect(rejected.json().status).toBe('rejected');
    const again = await decideAsManager(t.app, manager.cookie, id, 'reject', { message: 'Twice is once too many.' });
    expect(again.statusCode).toBe(409);
    const mine = (await getWith(t.app, '/api/my-fundraiser', application.cookie)).json().fundraiser;
    expect(mine).toMatchObject({ id, status: 'rejected' });
    const fresh = await save(application.cookie, { title: 'A new start' });
    expect(fresh.statusCode).toBe(200);
    expect(fresh.json().fundraiser.id).not.toBe(id);
  });

  it('refusing it writes a fundraiser.reject audit entry, mails her the reason, and shows her the reason with her application', async () => {
    const application = await submitted();
    const id = application.fundraiser.id as string;
    const reason = 'We could not confirm the treatment plan with the clinic you named.';
    const rejected = await decideAsManager(t.app, manager.cookie, id, 'reject', { message: reason });
    expect(rejected.statusCode).toBe(200);

    const entries = await db().select().from(auditLog).where(eq(auditLog.targetId, id));
    expect(entries).toEqual([
      expect.objectContaining({
        action: 'fundraiser.reject',
        actorId: manager.id,
        targetType: 'fundraiser',
        before: { status: 'in_review' },
        after: { status: 'rejected', message: reason },
      }),
    ]);
    const mails = await db().select().from(outbox).where(eq(outbox.to, application.person.email));
    const mail = mails.find((m) => m.subject.includes('was not approved'));
    expect(mail?.text).toContain(reason);
    const mine = await getWith(t.app, '/api/my-fundraiser', application.cookie);
    expect(mine.json().fundraiser).toMatchObject({ id, status: 'rejected', reviewMessage: reason });
  });

  it('refuses a second decision on an application already decided, and an approval of one sent back', async () => {
    const approvedOne = await submitted();
    const approve = (id: string) => decideAsManager(t.app, manager.cookie, id, 'approve', {});
    expect((await approve(approvedOne.fundraiser.id)).statusCode).toBe(200);
    const twice = await approve(approvedOne.fundraiser.id);
    expect(twice.statusCode).toBe(409);
    expect(twice.json().message).toBe('This fundraiser is live, so it cannot be reviewed now');
    const sentBack = await submitted();
    const message = 'Please add the quote from the hospital.';
    await decideAsManager(t.app, manager.cookie, sentBack.fundraiser.id, 'request-changes', { message });
    expect((await approve(sentBack.fundraiser.id)).statusCode).toBe(409);
    const campaignsOf = await db().select().from(campaigns).where(eq(campaigns.ownerId, approvedOne.user.id));
    expect(campaignsOf).toHaveLength(1);
  });

  it('refuses a document already attached to her earlier application', async () => {
    const application = await submitted();
    const id = application.fundraiser.id as string;
    const message = 'We could not confirm the treatment plan with the clinic.';
    await decideAsManager(t.app, manager.cookie, id, 'reject', { message });
    const reused = await save(application.cookie, { title: 'Again', documentIds: [application.documentId] });
    expect(reused.statusCode).toBe(400);
    expect(reused.json().fieldErrors).toEqual({ documentIds: 'A document is already attached to another fundraiser' });
    const open = await db()
      .select()
      .from(fundraisers)
      .where(and(eq(fundraisers.ownerId, application.user.id), eq(fundraisers.status, 'draft')));
    expect(open).toEqual([]);
  });

  it('answers a review message that is missing or too short with 400 and changes nothing', async () => {
    const application = await submitted();
    const id = application.fundraiser.id as string;
    for (const body of [{}, { message: 'No' }, { message: 42 }]) {
      const res = await decideAsManager(t.app, manager.cookie, id, 'reject', body);
      expect(res.statusCode).toBe(400);
    }
    const [row] = await db().select().from(fundraisers).where(eq(fundraisers.id, id));
    expect(row!.status).toBe('in_review');
  });
});

describe('a fundraiser’s address', () => {
  it('is never another campaign’s id, even when her title is one: its page, follows and refund requests stay hers', async () => {
    const mainAppeal = (await t.app.inject('/api/campaign')).json() as { id: string };
    const live = await liveFundraiser(t, manager.cookie, mainAppeal.id);
    const slug = live.approved.slug as string;
    expect(slug).toBe(`fundraiser-${mainAppeal.id}`);
    const progress = (await t.app.inject(`/api/campaigns/${slug}/progress`)).json();
    expect(progress.goalCents).toBe(live.approved.goalCents);
    expect((await t.app.inject(`/api/fundraisers/${slug}`)).json().title).toBe(mainAppeal.id);
    // The database refuses an address of that shape, whatever path writes it.
    await expect(db().update(campaigns).set({ slug: mainAppeal.id }).where(eq(campaigns.slug, slug))).rejects.toThrow();
  });
});

describe('asking for changes', () => {
  it('answers a request for changes without a message, with a blank one or one under 10 characters with 400 on message, and leaves the application in review, unaudited and unmailed', async () => {
    const application = await submitted();
    const id = application.fundraiser.id as string;
    for (const body of [{}, { message: '' }, { message: '          ' }, { message: 'Add quote' }]) {
      const res = await decideAsManager(t.app, manager.cookie, id, 'request-changes', body);
      expect(res.statusCode, JSON.stringify(body)).toBe(400);
      expect(Object.keys(res.json().fieldErrors)).toEqual(['message']);
    }
    const [row] = await db().select().from(fundraisers).where(eq(fundraisers.id, id));
    expect(row).toMatchObject({ status: 'in_review', reviewMessage: null });
    expect(await db().select().from(auditLog).where(eq(auditLog.targetId, id))).toEqual([]);
    const mails = await db().select().from(outbox).where(eq(outbox.to, application.person.email));
    expect(mails.filter((m) => m.subject.includes('needs changes'))).toEqual([]);
  });
});

describe('the application’s files', () => {
  it('shows her images and documents to her alone while she writes, and to managers once she submits', async () => {
    const application = await completeApplication();
    const imageId = await uploadImage(application.cookie);
    await save(application.cookie, {
      ...fullDraft(application.documentId),
      images: [{ uploadId: imageId, alt: 'At the clinic' }],
    });
    const other = await signUpSettled(t.app, db(), { role: 'patient' });
    for (const url of [`/api/uploads/${application.documentId}`, `/api/uploads/${imageId}`]) {
      expect((await getWith(t.app, url, application.cookie)).statusCode, url).toBe(200);
      expect((await getWith(t.app, url, manager.cookie)).statusCode, url).toBe(404);
      expect((await getWith(t.app, url, other.cookie)).statusCode, url).toBe(404);
      expect((await t.app.inject(url)).statusCode, url).toBe(404);
    }
    expect((await submit(application.cookie)).statusCode).toBe(200);
    for (const url of [`/api/uploads/${application.documentId}`, `/api/uploads/${imageId}`]) {
      const read = await getWith(t.app, url, manager.cookie);
      expect(read.statusCode, url).toBe(200);
      expect(read.headers['content-security-policy']).toBe('sandbox');
      expect((await getWith(t.app, url, other.cookie)).statusCode, url).toBe(404);
    }
  });

  it('keeps one application when she saves from two windows at once', async () => {
    const patient = await signUpSettled(t.app, db(), { role: 'patient' });
    const answers = await Promise.all([
      save(patient.cookie, { title: 'First' }),
      save(patient.cookie, { title: 'Second' }),
    ]);
    for (const answer of answers) expect([200, 409]).toContain(answer.statusCode);
    expect(await db().select().from(fundraisers).where(eq(fundraisers.ownerId, patient.user.id))).toHaveLength(1);
  });

  it('refuses a document that is not a PDF or an image by its content', async () => {
    const patient = await signUpSettled(t.app, db(), { role: 'patient' });
    const res = await postFile(t.app, '/api/uploads/fundraiser-document', patient.cookie, {
      field: 'document',
      bytes: Buffer.from('MZ not really a plan'),
      filename: 'plan.pdf',
      type: 'application/pdf',
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe('The document must be a PDF or a PNG, JPEG or WebP image');
  });

  it('refuses a fundraiser image that is a PDF or text under an image’s name and type (400, the error shape), storing nothing', async () => {
    const patient = await signUpSettled(t.app, db(), { role: 'patient' });
    for (const bytes of [PDF, Buffer.from('Just some text, not a picture of me.')]) {
      const res = await postFile(t.app, '/api/uploads/fundraiser-image', patient.cookie, {
        field: 'image',
        bytes,
        filename: 'me.png',
        type: 'image/png',
      });
      expect(res.statusCode).toBe(400);
      expect(res.json()).toEqual({
        code: 'VALIDATION',
        message: 'The image must be a PNG, JPEG or WebP image',
        fieldErrors: { image: 'The image must be a PNG, JPEG or WebP image' },
      });
    }
    expect(await db().select().from(uploads).where(eq(uploads.ownerId, patient.user.id))).toEqual([]);
  });

  it('keeps a submitted application’s document and image from a moderator (404 with the error shape) while a manager opens them', async () => {
    const application = await completeApplication();
    const imageId = await uploadImage(application.cookie);
    await save(application.cookie, {
      ...fullDraft(application.documentId),
      images: [{ uploadId: imageId, alt: 'At the clinic' }],
    });
    expect((await submit(application.cookie)).statusCode).toBe(200);
    for (const url of [`/api/uploads/${application.documentId}`, `/api/uploads/${imageId}`]) {
      const refused = await getWith(t.app, url, moderator.cookie);
      expect(refused.statusCode, url).toBe(404);
      expect(refused.json()).toEqual({ code: 'NOT_FOUND', message: 'No such file' });
      expect((await getWith(t.app, url, manager.cookie)).statusCode, url).toBe(200);
    }
  });
});
