/**
 * Stories end to end on the API: the state machine for authors and moderators, what the public may see,
 * words of support and reports, and the notifications each event makes (once).
 */
import { beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import { postJson, setupTestApp, SITE_ORIGIN } from '../../../../tests/setup/test-app.ts';
import { getWith, signUp } from '../../../../tests/setup/accounts.ts';
import { signInAdmin } from '../../../../tests/factories/users.ts';
import { auditLog, doctorProfiles, notifications, outbox, rateLimits, storyEvents } from '../../db/schema/index.ts';
import { STORIES_PAGE_SIZE } from '#shared/schemas/stories.ts';
import { decideAsModerator, type ModerationStep } from '../../../../tests/factories/stories.ts';
import { giveHealthConsent } from '../../../../tests/factories/health-data-consents.ts';

const t = setupTestApp();

const patientAnswers = {
  medicalCondition: 'Stage IV endometriosis, private detail',
  symptoms: 'Pelvic pain, fatigue, private detail',
  treatmentGoals: 'Excision surgery, private detail',
  urgencyLevel: 'high',
  preferredContactMethod: 'email',
};

const draft = (title = 'Finding my voice after years of pain') => ({
  title,
  body: 'For eleven years I was told the pain was normal. This is how I found a surgeon who listened, and what recovery has looked like so far.',
  tags: ['Endometriosis', 'Surgery and recovery'],
  // These tests read what everyone reads; the other audiences: story-audience.test.ts.
  audience: 'public',
});

let moderator = '';
let patient = { cookie: '', id: '' };
let other = { cookie: '', id: '' };

async function newPatient(allowPublicStory = true) {
  const { cookie, user } = await signUp(t.app, { role: 'patient' });
  const res = await postJson(
    t.app,
    '/api/user/onboarding',
    {
      role: 'patient',
      onboardingData: { ...patientAnswers, allowPublicStory, consentToCollect: true, consentToShare: allowPublicStory },
    },
    { cookie },
  );
  expect(res.statusCode).toBe(200);
  return { cookie, id: user.id };
}

const as = (cookie: string) => ({
  post: (url: string, body: unknown = {}) => postJson(t.app, url, body, { cookie }),
  patch: (url: string, body: unknown) =>
    t.app.inject({ method: 'PATCH', url, payload: body as object, headers: { cookie, origin: SITE_ORIGIN } }),
  get: (url: string) => getWith(t.app, url, cookie),
});

const moderate = (id: string, step: ModerationStep, body: Record<string, unknown> = {}) =>
  decideAsModerator(t.app, t.database.db, moderator, id, step, body);

async function writeAndSubmit(author: { cookie: string }, title?: string) {
  const created = await as(author.cookie).post('/api/my/stories', draft(title));
  expect(created.statusCode).toBe(201);
  const id = created.json().id as string;
  expect((await as(author.cookie).post(`/api/my/stories/${id}/submit`)).statusCode).toBe(200);
  return id;
}

const publicIds = async (query = '') =>
  ((await t.app.inject(`/api/stories${query}`)).json() as { items: { id: string }[] }).items.map((s) => s.id);
/** The story's history, oldest first. */
const storyEventActions = async (storyId: string) =>
  (
    await t.database.db
      .select({ action: storyEvents.action })
      .from(storyEvents)
      .where(eq(storyEvents.storyId, storyId))
      .orderBy(storyEvents.createdAt)
  ).map((e) => e.action);
const notificationsOf = (userId: string, type: string) =>
  t.database.db
    .select()
    .from(notifications)
    .where(and(eq(notifications.userId, userId), eq(notifications.type, type)));

beforeAll(async () => {
  moderator = (await signInAdmin(t.app, t.database.db, 'moderator')).cookie;
  patient = await newPatient();
  other = await newPatient();
});

beforeEach(async () => {
  await t.database.db.delete(rateLimits);
});

describe('a moderator’s decision binds the version she read', () => {
  it('refuses an approval of a pending story the author edited after the moderator opened it, with 409 and the current version, and publishes nothing', async () => {
    const author = patient;
    const id = await writeAndSubmit(author, 'What I read');
    const queue = (await as(moderator).get('/api/admin/stories?status=pending')).json();
    const read = queue.items.find((s: { id: string }) => s.id === id);
    expect(read).toMatchObject({ title: 'What I read', version: expect.any(Number) });
    const edited = await as(author.cookie).patch(`/api/my/stories/${id}`, draft('Something else entirely'));
    expect(edited.json()).toMatchObject({ status: 'pending', title: 'Something else entirely' });

    const url = `/api/admin/stories/${id}`;
    expect((await as(moderator).post(`${url}/approve`)).statusCode).toBe(400);
    for (const [step, body] of [
      ['approve', {}],
      ['reject', { reason: 'Please remove the clinic name' }],
    ] as const) {
      const stale = await as(moderator).post(`${url}/${step}`, { ...body, version: read.version });
      expect(stale.statusCode).toBe(409);
      expect(stale.json()).toMatchObject({ code: 'CONFLICT', currentVersion: read.version + 1 });
    }
    expect((await t.app.inject(`/api/stories/${id}`)).statusCode).toBe(404);
    expect((await moderate(id, 'approve')).json()).toMatchObject({ status: 'approved' });
    const shown = await t.app.inject(`/api/stories/${id}`);
    expect(shown.json().title, shown.body).toBe('Something else entirely');
  });

  it('hides a published story read before the author edited it again: her edits cannot hold a take-down up', async () => {
    const author = await newPatient();
    const id = await writeAndSubmit(author, 'Published words');
    expect((await moderate(id, 'approve')).statusCode).toBe(200);
    const read = (await as(moderator).get('/api/admin/stories?status=approved'))
      .json()
      .items.find((s: { id: string }) => s.id === id);
    const edited = await as(author.cookie).patch(`/api/my/stories/${id}`, draft('A new edit, sent again and again'));
    expect(edited.statusCode).toBe(200);

    const hide = await as(moderator).post(`/api/admin/stories/${id}/hide`, {
      reason: 'Names a third party',
      version: read.version,
    });
    expect(hide.statusCode, hide.body).toBe(200);
    expect((await t.app.inject(`/api/stories/${id}`)).statusCode).toBe(404);
  });
});

describe('the story state machine', () => {
  it('goes draft -> pending -> approved, and the approved copy stays public while an edit waits', async () => {
    const me = as(patient.cookie);
    const created = await me.post('/api/my/stories', draft());
    expect(created.json()).toMatchObject({ status: 'draft', publishConsent: true, isPublic: false });
    const id = created.json().id;
    expect((await me.patch(`/api/my/stories/${id}`, { ...draft('A better title for my story') })).json().title).toBe(
      'A better title for my story',
    );
    expect((await me.post(`/api/my/stories/${id}/submit`)).json()).toMatchObject({ status: 'pending' });
    // Submitting twice (a second tap) answers the story as it waits, and tells the moderators once.
    const again = await me.post(`/api/my/stories/${id}/submit`);
    expect(again.statusCode).toBe(200);
    expect(again.json()).toMatchObject({ status: 'pending' });
    expect(await storyEventActions(id)).toEqual(['created', 'edited', 'submitted']);
    // Moderators deciding twice are refused.
    expect(await publicIds()).not.toContain(id);

    expect((await moderate(id, 'approve')).json()).toMatchObject({ status: 'approved' });
    expect((await moderate(id, 'approve')).statusCode).toBe(409);
    expect(await publicIds()).toContain(id);
    expect((await t.app.inject(`/api/stories/${id}`)).json().title).toBe('A better title for my story');

    // An edit of the approved story goes back to review; the public keeps seeing the approved text.
    const edited = await me.patch(`/api/my/stories/${id}`, draft('Edited title waiting for review'));
    expect(edited.json()).toMatchObject({ status: 'pending', isPublic: true });
    expect((await t.app.inject(`/api/stories/${id}`)).json().title).toBe('A better title for my story');
    // Rejecting the edit keeps the approved copy public, and tells the author why.
    expect((await moderate(id, 'reject', { reason: 'Please remove the clinic name' })).json().status).toBe('rejected');
    expect((await t.app.inject(`/api/stories/${id}`)).statusCode).toBe(200);
    expect((await me.get(`/api/my/stories/${id}`)).json()).toMatchObject({
      status: 'rejected',
      reviewReason: 'Please remove the clinic name',
    });
    // Changing a rejected story makes it a draft again; submitted and approved, the new text is public.
    expect((await me.patch(`/api/my/stories/${id}`, draft('Edited title, clinic removed'))).json().status).toBe(
      'draft',
    );
    await me.post(`/api/my/stories/${id}/submit`);
    await moderate(id, 'approve');
    expect((await t.app.inject(`/api/stories/${id}`)).json().title).toBe('Edited title, clinic removed');

    // Archived: gone from the public, and nothing more can be done to it.
    expect((await me.post(`/api/my/stories/${id}/archive`)).json().status).toBe('archived');
    expect(await publicIds()).not.toContain(id);
    expect((await t.app.inject(`/api/stories/${id}`)).statusCode).toBe(404);
    for (const [method, url] of [
      ['PATCH', `/api/my/stories/${id}`],
      ['POST', `/api/my/stories/${id}/submit`],
      ['POST', `/api/my/stories/${id}/archive`],
    ] as const) {
      const res = method === 'PATCH' ? await me.patch(url, draft()) : await me.post(url);
      expect(res.statusCode, url).toBe(409);
    }
    expect((await moderate(id, 'approve')).statusCode).toBe(409);
  });

  it('lets moderators hide and restore a published story, telling the author', async () => {
    const id = await writeAndSubmit(patient, 'A story to hide');
    // Hiding needs a published copy; restoring needs a hidden one.
    expect((await moderate(id, 'hide', { reason: 'Names a third party' })).statusCode).toBe(409);
    await moderate(id, 'approve');
    expect((await moderate(id, 'restore')).statusCode).toBe(409);
    expect((await moderate(id, 'hide', { reason: 'Names a third party' })).statusCode).toBe(200);
    expect(await publicIds()).not.toContain(id);
    expect((await as(patient.cookie).get(`/api/my/stories/${id}`)).json().hiddenReason).toBe('Names a third party');
    expect(await notificationsOf(patient.id, 'story_hidden')).toHaveLength(1);
    await moderate(id, 'restore');
    expect(await publicIds()).toContain(id);
    const history = (await as(moderator).get(`/api/admin/stories/${id}/history`)).json() as { action: string }[];
    expect(history.map((h) => h.action)).toEqual(['created', 'submitted', 'approved', 'hidden', 'restored']);
    const audited = await t.database.db.select().from(auditLog).where(eq(auditLog.targetId, id));
    expect(audited.map((a) => a.action).sort()).toEqual(['story.approve', 'story.hide', 'story.restore']);
  });

  it('refuses other people, other roles and bad input, and writes nothing', async () => {
    const id = (await as(patient.cookie).post('/api/my/stories', draft())).json().id;
    const stranger = as(other.cookie);
    // Someone else's story does not exist for them.
    expect((await stranger.get(`/api/my/stories/${id}`)).statusCode).toBe(404);
    expect((await stranger.patch(`/api/my/stories/${id}`, draft('Hijacked'))).statusCode).toBe(404);
    for (const action of ['submit', 'archive'])
      expect((await stranger.post(`/api/my/stories/${id}/${action}`)).statusCode).toBe(404);
    expect((await stranger.post(`/api/my/stories/${id}/consent`, { publishConsent: false })).statusCode).toBe(404);
    expect((await as(patient.cookie).get(`/api/my/stories/${id}`)).json()).toMatchObject({
      status: 'draft',
      title: draft().title,
    });
    // Only patients write stories; anonymous callers must sign in.
    const { cookie: donor } = await signUp(t.app, { role: 'donor' });
    expect((await as(donor).post('/api/my/stories', draft())).statusCode).toBe(403);
    expect((await postJson(t.app, '/api/my/stories', draft())).statusCode).toBe(401);
    // Patients cannot moderate.
    expect((await as(patient.cookie).post(`/api/admin/stories/${id}/approve`)).statusCode).toBe(403);
    // Bad input: a clear message, nothing stored.
    const before = (await as(patient.cookie).get('/api/my/stories')).json().length;
    for (const bad of [
      { ...draft(), title: '' },
      { ...draft(), body: 'too short' },
      { ...draft(), tags: ['Not a tag'] },
      { ...draft(), status: 'approved' },
      { ...draft(), publishedAt: '2025-01-01' },
    ]) {
      const res = await as(patient.cookie).post('/api/my/stories', bad);
      expect(res.statusCode, JSON.stringify(bad)).toBe(400);
      expect(res.json().message).toBeTruthy();
    }
    expect((await as(patient.cookie).get('/api/my/stories')).json()).toHaveLength(before);
    expect((await moderate(id, 'reject', { reason: '' })).statusCode).toBe(400);
  });
});

describe('what the public sees', () => {
  it('only approved stories whose authors consent to publishing, and never health details', async () => {
    const shy = await newPatient(false);
    const consenting = await writeAndSubmit(patient, 'Consenting story');
    const notConsenting = await writeAndSubmit(shy, 'Not consenting story');
    const pending = await writeAndSubmit(patient, 'Pending story');
    const rejected = await writeAndSubmit(patient, 'Rejected story');
    const draftOnly = (await as(patient.cookie).post('/api/my/stories', draft('Draft story'))).json().id;
    await moderate(consenting, 'approve');
    await moderate(notConsenting, 'approve');
    await moderate(rejected, 'reject', { reason: 'Not a personal story' });

    const ids = await publicIds();
    expect(ids).toContain(consenting);
    for (const hidden of [notConsenting, pending, rejected, draftOnly]) {
      expect(ids).not.toContain(hidden);
      expect((await t.app.inject(`/api/stories/${hidden}`)).statusCode).toBe(404);
    }
    // The author chooses: publishing later (once she consents to sharing) shows it, unpublishing hides it at once.
    await giveHealthConsent(t, shy.cookie);
    await as(shy.cookie).post(`/api/my/stories/${notConsenting}/consent`, { publishConsent: true });
    expect(await publicIds()).toContain(notConsenting);
    await as(shy.cookie).post(`/api/my/stories/${notConsenting}/consent`, { publishConsent: false });
    expect(await publicIds()).not.toContain(notConsenting);

    const everything = [
      (await t.app.inject('/api/stories')).body,
      (await t.app.inject(`/api/stories/${consenting}`)).body,
      (await t.app.inject(`/api/stories/${consenting}/support`)).body,
    ].join('\n');
    expect(everything).not.toContain('private detail');
    expect(everything).not.toMatch(/email|lastName|medicalCondition|symptoms/);
    const story = (await t.app.inject(`/api/stories/${consenting}`)).json();
    expect(story.authorName).toMatch(/^[A-Z][a-z]+ [A-Z]\.$/);
  });

  it('filters by tag and pages newest first', async () => {
    const tagged = await writeAndSubmit(patient, 'Tagged fertility story');
    // Editing a story that waits for review keeps it waiting, so it needs no second submit (one changes nothing).
    const edited = await as(patient.cookie).patch(`/api/my/stories/${tagged}`, {
      ...draft('Tagged fertility story'),
      tags: ['Fertility'],
    });
    expect(edited.json()).toMatchObject({ status: 'pending', tags: ['Fertility'] });
    expect((await as(patient.cookie).post(`/api/my/stories/${tagged}/submit`)).json()).toMatchObject({
      status: 'pending',
    });
    expect((await moderate(tagged, 'approve')).statusCode).toBe(200);
    expect(await publicIds('?tag=Fertility')).toEqual([tagged]);
    const res = await t.app.inject('/api/stories');
    const { items, ...paging } = res.json() as { items: { publishedAt: string }[]; page: number; total: number };
    const dates = items.map((s) => s.publishedAt);
    expect([...dates].sort().reverse()).toEqual(dates);
    expect(paging).toMatchObject({ page: 1, pageSize: STORIES_PAGE_SIZE });
    expect(paging.total).toBeGreaterThanOrEqual(dates.length);
    expect((await t.app.inject('/api/stories?tag=Nonsense')).statusCode).toBe(400);
  });
});

describe('the public story text', () => {
  it('is an excerpt in the list, and whole in the story with its Markdown as HTML of the allowed elements only', async () => {
    const body = `**Nine years** to a _diagnosis_.\n\n- a pain diary\n- a [second opinion](https://evil.example)\n\n<script>alert(1)</script><img src=x onerror=alert(1)>\n\n# Heading\n\n${'More of my story. '.repeat(40)}`;
    const created = await as(patient.cookie).post('/api/my/stories', { ...draft('Markdown story'), body });
    const id = created.json().id as string;
    await as(patient.cookie).post(`/api/my/stories/${id}/submit`);
    await moderate(id, 'approve');

    const listed = ((await t.app.inject('/api/stories')).json() as { items: Record<string, unknown>[] }).items.find(
      (s) => s.id === id,
    )!;
    expect(listed).not.toHaveProperty('body');
    expect(listed.excerpt).toMatch(/^Nine years to a diagnosis\. a pain diary a \[second opinion\]/);
    expect((listed.excerpt as string).length).toBeLessThanOrEqual(221);

    const story = (await t.app.inject(`/api/stories/${id}`)).json() as { body: string; bodyHtml: string };
    expect(story.body).toBe(body.trim());
    expect(story.bodyHtml).toContain('<p><strong>Nine years</strong> to a <em>diagnosis</em>.</p>');
    expect(story.bodyHtml).toContain('<li>a second opinion</li>');
    expect(story.bodyHtml).toContain('Heading');
    // Only bare allowed elements: no links, images, scripts, headings or attributes.
    expect(story.bodyHtml).not.toMatch(/<(?!\/?(p|strong|em|ul|ol|li|blockquote|br)>)[a-z/]/);
    expect(story.bodyHtml).not.toContain('evil.example');
  });
});

describe('words of support', () => {
  it('are posted by signed-in people on public stories, notify the author once, and carry the doctor badge only when verified', async () => {
    const id = await writeAndSubmit(patient, 'A story to support');
    expect((await as(other.cookie).post(`/api/stories/${id}/support`, { body: 'Too early' })).statusCode).toBe(404);
    await moderate(id, 'approve');
    expect((await postJson(t.app, `/api/stories/${id}/support`, { body: 'Anonymous' })).statusCode).toBe(401);
    expect((await as(other.cookie).post(`/api/stories/${id}/support`, { body: '' })).statusCode).toBe(400);

    const posted = await as(other.cookie).post(`/api/stories/${id}/support`, {
      body: 'You are not alone. <script>alert(1)</script>',
    });
    expect(posted.statusCode).toBe(201);
    expect(posted.json()).toMatchObject({
      verifiedDoctorSpecialty: null,
      mine: true,
      body: 'You are not alone. <script>alert(1)</script>',
    });
    expect(await notificationsOf(patient.id, 'story_support')).toHaveLength(1);

    const { cookie: doctor, user: doctorUser } = await signUp(t.app, { role: 'doctor' });
    await postJson(
      t.app,
      '/api/user/onboarding',
      {
        role: 'doctor',
        onboardingData: {
          specialty: 'Obstetrics & Gynecology',
          licenseNumber: 'MD-778899',
          licenseState: 'Oregon',
          yearsExperience: 12,
          medicalBoard: 'American Board of Obstetrics and Gynecology',
          bio: 'Gynecologic surgeon focused on excision of endometriosis and on listening first.',
          areasOfExpertise: ['Surgical Procedures'],
          consultationTypes: ['Written replies to stories'],
        },
      },
      { cookie: doctor },
    );
    await as(doctor).post(`/api/stories/${id}/support`, { body: 'Unverified doctor reply' });
    await t.database.db
      .update(doctorProfiles)
      .set({ verificationStatus: 'verified' })
      .where(eq(doctorProfiles.userId, doctorUser.id));
    const replies = (await t.app.inject(`/api/stories/${id}/support`)).json() as {
      body: string;
      verifiedDoctorSpecialty: string | null;
    }[];
    expect(replies.find((r) => r.body === 'Unverified doctor reply')!.verifiedDoctorSpecialty).toBe(
      'Obstetrics & Gynecology',
    );
    expect(JSON.stringify(replies)).not.toContain('MD-778899');
  });

  it('can be hidden by the story author, reported once per person, and resolved by a moderator', async () => {
    const id = await writeAndSubmit(patient, 'A story with replies');
    await moderate(id, 'approve');
    const replyId = (await as(other.cookie).post(`/api/stories/${id}/support`, { body: 'A reply to report' })).json()
      .id;
    const second = (
      await as(other.cookie).post(`/api/stories/${id}/support`, { body: 'A reply the author hides' })
    ).json().id;

    // Only the author (or a moderator) hides; only the author thanks.
    expect((await as(other.cookie).post(`/api/support/${second}/hide`)).statusCode).toBe(403);
    expect((await as(other.cookie).post(`/api/support/${second}/thank`)).statusCode).toBe(403);
    expect((await as(patient.cookie).post(`/api/support/${second}/hide`)).statusCode).toBe(204);
    expect((await as(patient.cookie).post(`/api/support/${replyId}/thank`)).statusCode).toBe(204);
    const publicView = (await t.app.inject(`/api/stories/${id}/support`)).json() as { id: string; thanked: boolean }[];
    expect(publicView.map((r) => r.id)).toEqual([replyId]);
    expect(publicView[0]!.thanked).toBe(true);
    // The author still sees the hidden one, marked.
    expect(
      ((await as(patient.cookie).get(`/api/stories/${id}/support`)).json() as { hidden: boolean }[]).filter(
        (r) => r.hidden,
      ),
    ).toHaveLength(1);
    // Restoring is for moderators.
    expect((await as(patient.cookie).post(`/api/support/${second}/restore`)).statusCode).toBe(403);

    const modId = (await getWith(t.app, '/api/auth/user', moderator)).json().id;
    const modQueueBefore = (await notificationsOf(modId, 'admin_queue')).length;
    expect(
      (await as(patient.cookie).post(`/api/support/${replyId}/report`, { reason: 'Gives medical advice' })).statusCode,
    ).toBe(204);
    expect((await as(patient.cookie).post(`/api/support/${replyId}/report`, { reason: 'Again' })).statusCode).toBe(204);
    expect((await notificationsOf(modId, 'admin_queue')).length).toBe(modQueueBefore + 1);

    const reports = (await as(moderator).get('/api/admin/support-reports')).json().items as {
      id: string;
      reply: { id: string };
    }[];
    const report = reports.find((r) => r.reply.id === replyId)!;
    expect(
      (await as(moderator).post(`/api/admin/support-reports/${report.id}/resolve`, { resolution: 'hidden' }))
        .statusCode,
    ).toBe(204);
    expect(
      (await as(moderator).post(`/api/admin/support-reports/${report.id}/resolve`, { resolution: 'kept' })).statusCode,
    ).toBe(409);
    expect(((await t.app.inject(`/api/stories/${id}/support`)).json() as unknown[]).length).toBe(0);
    expect(await notificationsOf(patient.id, 'report_resolved')).toHaveLength(1);
  });
  it('tell each viewer what she may do with each reply: the author hides and thanks, a moderator hides and restores, others report', async () => {
    const id = await writeAndSubmit(patient, 'A story whose replies say what you may do');
    await moderate(id, 'approve');
    await as(other.cookie).post(`/api/stories/${id}/support`, { body: 'Thinking of you' });
    const hidden = (await as(other.cookie).post(`/api/stories/${id}/support`, { body: 'A reply to hide' })).json().id;
    expect((await as(patient.cookie).post(`/api/support/${hidden}/hide`)).statusCode).toBe(204);
    const abilities = async (cookie: string | null) =>
      (
        (cookie
          ? await as(cookie).get(`/api/stories/${id}/support`)
          : await t.app.inject(`/api/stories/${id}/support`)
        ).json() as { body: string; abilities: Record<string, boolean> }[]
      ).map((r) => [r.body, r.abilities]);
    const none = { hide: false, restore: false, thank: false, report: false };
    expect(await abilities(null)).toEqual([['Thinking of you', none]]);
    expect(await abilities(other.cookie)).toEqual([['Thinking of you', none]]);
    const stranger = await newPatient();
    expect(await abilities(stranger.cookie)).toEqual([['Thinking of you', { ...none, report: true }]]);
    expect(await abilities(patient.cookie)).toEqual([
      ['Thinking of you', { ...none, hide: true, thank: true, report: true }],
      ['A reply to hide', none],
    ]);
    expect(await abilities(moderator)).toEqual([
      ['Thinking of you', { ...none, hide: true, report: true }],
      ['A reply to hide', { ...none, restore: true }],
    ]);
  });
});

describe('notifications', () => {
  it('mail the important ones, unless the person turned notification email off', async () => {
    const mailsTo = async (email: string) =>
      (await t.database.db.select().from(outbox).where(eq(outbox.to, email))).map((m) => m.subject);
    const keen = await signUp(t.app, { role: 'patient' });
    const quiet = await signUp(t.app, { role: 'patient' });
    const optOut = await as(quiet.cookie).patch('/api/user/profile', {
      firstName: quiet.person.firstName,
      lastName: quiet.person.lastName,
      notifyByEmail: false,
    });
    expect(optOut.statusCode).toBe(200);
    for (const author of [keen, quiet]) {
      const id = await writeAndSubmit({ cookie: author.cookie }, 'A story that gets approved');
      await moderate(id, 'approve');
    }
    expect(await mailsTo(keen.user.email)).toContain(
      'Your story "A story that gets approved" was approved | Healing Circle',
    );
    expect((await mailsTo(quiet.user.email)).filter((subject) => subject.includes('approved'))).toEqual([]);
    // The notification itself is there either way.
    expect(await notificationsOf(quiet.user.id, 'story_approved')).toHaveLength(1);
  });

  it('are made once per decision and marked read only by their owner', async () => {
    const id = await writeAndSubmit(patient, 'A story for notifications');
    await moderate(id, 'approve');
    await moderate(id, 'approve');
    const approved = (await notificationsOf(patient.id, 'story_approved')).filter((n) => n.link === `/stories/${id}`);
    expect(approved).toHaveLength(1);
    const list = (await as(patient.cookie).get('/api/notifications')).json();
    expect(list.unreadCount).toBeGreaterThanOrEqual(1);
    expect((await as(other.cookie).post(`/api/notifications/${approved[0]!.id}/read`)).statusCode).toBe(404);
    expect((await as(patient.cookie).post(`/api/notifications/${approved[0]!.id}/read`)).statusCode).toBe(204);
    const [row] = await t.database.db.select().from(notifications).where(eq(notifications.id, approved[0]!.id));
    expect(row!.readAt).not.toBeNull();
  });
});
