/**
 * A story's audience and content notes (issue 38) on the API: each mode as an outsider, a member, the author and an
 * admin read it (the list, the page, the replies, the images, the sitemap), a change that is in force at once, the
 * notes stored and returned, and muted topics left out of a member's list. The server-rendered HTML:
 * tests/e2e/story-audience.test.ts.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { postJson, setupTestApp, SITE_ORIGIN } from '../../../../tests/setup/test-app.ts';
import { getWith, signUp } from '../../../../tests/setup/accounts.ts';
import { signInAdmin } from '../../../../tests/factories/users.ts';
import { buildStory } from '../../../../tests/factories/stories.ts';
import { contentNoteMutes, stories, uploads } from '../../db/schema/index.ts';
import { MEMBERS_ONLY_AUTHOR, MEMBERS_PREVIEW_CHARS, type StoryAudience } from '#shared/story-audience.ts';

const t = setupTestApp();

const BODY = `${'The first lines anyone may read about my diagnosis. '.repeat(6)}SECRET-PAST-THE-PREVIEW and the rest of it.`;

const patientAnswers = {
  medicalCondition: 'Endometriosis',
  symptoms: 'Pain',
  treatmentGoals: 'Surgery',
  urgencyLevel: 'high',
  preferredContactMethod: 'email',
  allowPublicStory: true,
};

// Each sign-up from its own address: the sign-up limit is per address.
let signUps = 0;
const signUpAs = (role: string) => signUp(t.app, { role }, `10.38.0.${++signUps}`);

let member = '';
let admin = '';

beforeAll(async () => {
  member = (await signUpAs('donor')).cookie;
  admin = (await signInAdmin(t.app, t.database.db, 'moderator')).cookie;
});

/** An approved, consented story of this audience, with one image, and its author signed in. */
async function published(audience: StoryAudience, extra: Partial<typeof stories.$inferInsert> = {}) {
  const { cookie, user } = await signUpAs('patient');
  await postJson(t.app, '/api/user/onboarding', { role: 'patient', onboardingData: patientAnswers }, { cookie });
  const [image] = await t.database.db
    .insert(uploads)
    .values({ ownerId: user.id, purpose: 'story_image', contentType: 'image/png', size: 3, bytes: Buffer.from('png') })
    .returning();
  const title = `A story for ${audience} ${Math.random().toString(36).slice(2, 8)}`;
  const images = [{ uploadId: image!.id, alt: 'A hospital corridor' }];
  const story = await buildStory(t.database.db, {
    authorId: user.id,
    audience,
    status: 'approved',
    publishConsent: true,
    title,
    body: BODY,
    images,
    publishedTitle: title,
    publishedBody: BODY,
    publishedTags: ['Endometriosis'],
    publishedImages: images,
    publishedAt: new Date(),
    ...extra,
  });
  return { story, author: cookie, imageId: image!.id };
}

const read = (url: string, cookie?: string) => (cookie ? getWith(t.app, url, cookie) : t.app.inject(url));
const listed = async (cookie?: string) =>
  ((await read('/api/stories', cookie)).json() as { items: { id: string }[] }).items.map((s) => s.id);
const sitemap = async () => (await t.app.inject('/sitemap.xml')).body;

describe('a story for everyone', () => {
  it('is listed, in the sitemap and whole for every reader', async () => {
    const { story, author, imageId } = await published('public');
    for (const cookie of [undefined, member, author, admin]) {
      expect(await listed(cookie)).toContain(story.id);
      const page = await read(`/api/stories/${story.id}`, cookie);
      expect(page.json()).toMatchObject({ audience: 'public', preview: false, body: BODY });
      expect((await read(`/api/uploads/${imageId}`, cookie)).statusCode).toBe(200);
    }
    expect(await sitemap()).toContain(`/stories/${story.id}<`);
  });
});

describe('a members-only story', () => {
  it('is new stories’ default', async () => {
    const { cookie } = await signUpAs('patient');
    await postJson(t.app, '/api/user/onboarding', { role: 'patient', onboardingData: patientAnswers }, { cookie });
    const created = await postJson(t.app, '/api/my/stories', { title: 'My first story', body: BODY }, { cookie });
    expect(created.statusCode).toBe(201);
    expect(created.json()).toMatchObject({ audience: 'members', contentNotes: [] });
  });

  it('shows an outsider its title and first lines only: no body, images, author name or replies', async () => {
    const { story, author, imageId } = await published('members');
    await postJson(t.app, `/api/stories/${story.id}/support`, { body: 'Holding you close' }, { cookie: member });

    const outsider = await t.app.inject(`/api/stories/${story.id}`);
    expect(outsider.statusCode).toBe(200);
    const preview = outsider.json();
    expect(preview).toMatchObject({
      title: story.publishedTitle,
      audience: 'members',
      preview: true,
      body: '',
      bodyHtml: '',
      images: [],
      authorName: MEMBERS_ONLY_AUTHOR,
    });
    expect(preview.excerpt.length).toBeLessThanOrEqual(MEMBERS_PREVIEW_CHARS + 1);
    expect(outsider.body).not.toContain('SECRET-PAST-THE-PREVIEW');
    expect(outsider.body).not.toContain(imageId);
    expect(outsider.body).not.toContain('Ava');
    expect((await t.app.inject(`/api/stories/${story.id}/support`)).json()).toEqual([]);
    expect((await t.app.inject(`/api/uploads/${imageId}`)).statusCode).toBe(404);

    // Listed for outsiders too, as its preview: without the images or the author's name.
    const list = (await t.app.inject('/api/stories')).json() as { items: Record<string, unknown>[] };
    const item = list.items.find((s) => s.id === story.id)!;
    expect(item).toMatchObject({ images: [], authorName: MEMBERS_ONLY_AUTHOR });
    expect(JSON.stringify(item)).not.toContain('SECRET-PAST-THE-PREVIEW');
    expect(await sitemap()).toContain(`/stories/${story.id}<`);

    for (const cookie of [member, author, admin]) {
      const whole = await getWith(t.app, `/api/stories/${story.id}`, cookie);
      expect(whole.json()).toMatchObject({ preview: false, body: BODY, images: story.publishedImages });
      expect(whole.headers['cache-control']).toBe('private, no-cache');
      expect((await getWith(t.app, `/api/stories/${story.id}/support`, cookie)).json()).toHaveLength(1);
      const file = await getWith(t.app, `/api/uploads/${imageId}`, cookie);
      expect(file.statusCode).toBe(200);
      expect(file.headers['cache-control']).toContain('private');
    }
  });
});

describe('a story shared by its link', () => {
  it('is whole for anyone with its address, in no list, not in the sitemap, and not indexed', async () => {
    const { story, author } = await published('link', { wantsProfessionalInput: true });
    for (const cookie of [undefined, member, author, admin]) {
      expect(await listed(cookie)).not.toContain(story.id);
      const page = await read(`/api/stories/${story.id}`, cookie);
      expect(page.json()).toMatchObject({ audience: 'link', preview: false, body: BODY });
      expect(page.headers['x-robots-tag']).toBe('noindex');
    }
    expect(await sitemap()).not.toContain(story.id);
    // Nor in a tag's list.
    const tagged = await t.app.inject('/api/stories?tag=Endometriosis');
    expect(JSON.stringify(tagged.json())).not.toContain(story.id);
  });

  it('counts in no total: the list’s total moves with what it lists', async () => {
    const before = (await t.app.inject('/api/stories')).json().total as number;
    const { story, author } = await published('link');
    expect((await t.app.inject('/api/stories')).json().total).toBe(before);
    await postJson(t.app, `/api/my/stories/${story.id}/audience`, { audience: 'public' }, { cookie: author });
    expect((await t.app.inject('/api/stories')).json().total).toBe(before + 1);
  });
});

describe('changing the audience', () => {
  it('is the author’s alone, and in force at once in the list, the page and the sitemap', async () => {
    const { story, author } = await published('public');
    expect(await sitemap()).toContain(story.id);

    const stranger = await postJson(
      t.app,
      `/api/my/stories/${story.id}/audience`,
      { audience: 'link' },
      { cookie: member },
    );
    expect(stranger.statusCode).toBe(404);
    const byAdmin = await postJson(
      t.app,
      `/api/my/stories/${story.id}/audience`,
      { audience: 'link' },
      { cookie: admin },
    );
    expect(byAdmin.statusCode).toBe(404);
    const bad = await postJson(
      t.app,
      `/api/my/stories/${story.id}/audience`,
      { audience: 'friends' },
      { cookie: author },
    );
    expect(bad.statusCode).toBe(400);
    expect(bad.json().fieldErrors).toHaveProperty('audience');

    const changed = await postJson(
      t.app,
      `/api/my/stories/${story.id}/audience`,
      { audience: 'link' },
      { cookie: author },
    );
    expect(changed.statusCode).toBe(200);
    expect(changed.json()).toMatchObject({ audience: 'link', status: 'approved' });
    expect(await listed()).not.toContain(story.id);
    expect(await sitemap()).not.toContain(story.id);

    await postJson(t.app, `/api/my/stories/${story.id}/audience`, { audience: 'members' }, { cookie: author });
    expect((await t.app.inject(`/api/stories/${story.id}`)).json().preview).toBe(true);
    expect(await listed()).toContain(story.id);

    const [row] = await t.database.db.select().from(stories).where(eq(stories.id, story.id));
    expect(row!.audience).toBe('members');
  });

  it('is refused on an archived story', async () => {
    const { story, author } = await published('public', { status: 'archived' });
    const res = await postJson(
      t.app,
      `/api/my/stories/${story.id}/audience`,
      { audience: 'members' },
      { cookie: author },
    );
    expect(res.statusCode).toBe(409);
  });
});

describe('content notes', () => {
  it('are stored with the draft, returned to the author, the moderators and every reader, and only from the list', async () => {
    const { cookie } = await signUpAs('patient');
    await postJson(t.app, '/api/user/onboarding', { role: 'patient', onboardingData: patientAnswers }, { cookie });
    const draft = {
      title: 'After the loss',
      body: BODY,
      contentNotes: ['pregnancy-loss', 'mental-health', 'pregnancy-loss'],
    };
    const created = await postJson(t.app, '/api/my/stories', draft, { cookie });
    expect(created.json().contentNotes).toEqual(['pregnancy-loss', 'mental-health']);
    const unknown = await postJson(t.app, '/api/my/stories', { ...draft, contentNotes: ['spiders'] }, { cookie });
    expect(unknown.statusCode).toBe(400);
    expect(Object.keys(unknown.json().fieldErrors)[0]).toMatch(/^contentNotes/);

    const id = created.json().id as string;
    const edited = await t.app.inject({
      method: 'PATCH',
      url: `/api/my/stories/${id}`,
      payload: { ...draft, contentNotes: ['surgery-images'] },
      headers: { cookie, origin: SITE_ORIGIN },
    });
    expect(edited.json().contentNotes).toEqual(['surgery-images']);
    // The edit left the audience as it was.
    expect(edited.json().audience).toBe('members');

    const { story } = await published('public', { contentNotes: ['fertility'] });
    expect((await t.app.inject(`/api/stories/${story.id}`)).json().contentNotes).toEqual(['fertility']);
    const item = (await t.app.inject('/api/stories')).json().items.find((s: { id: string }) => s.id === story.id);
    expect(item.contentNotes).toEqual(['fertility']);
  });
});

describe('muted topics', () => {
  it('leave a member’s stories with those notes out of her list (and its total), only hers, and stay readable by link', async () => {
    const { story: loss } = await published('public', { contentNotes: ['pregnancy-loss'] });
    const { story: plain } = await published('public');
    const { cookie: reader } = await signUpAs('donor');
    expect((await getWith(t.app, '/api/my/muted-content-notes', reader)).json()).toEqual({ muted: [] });
    const before = (await getWith(t.app, '/api/stories', reader)).json().total as number;

    const put = (body: unknown) =>
      t.app.inject({
        method: 'PUT',
        url: '/api/my/muted-content-notes',
        payload: body as object,
        headers: { cookie: reader, origin: SITE_ORIGIN },
      });
    const saved = await put({ muted: ['mental-health', 'pregnancy-loss'] });
    expect(saved.statusCode).toBe(200);
    expect(saved.json()).toEqual({ muted: ['pregnancy-loss', 'mental-health'] });
    expect((await put({ muted: ['spiders'] })).statusCode).toBe(400);
    expect((await put({})).statusCode).toBe(400);

    const mine = await listed(reader);
    expect(mine).not.toContain(loss.id);
    expect(mine).toContain(plain.id);
    expect((await getWith(t.app, '/api/stories', reader)).json().total).toBe(before - 1);
    expect(await listed(member)).toContain(loss.id);
    expect(await listed()).toContain(loss.id);
    expect((await getWith(t.app, `/api/stories/${loss.id}`, reader)).statusCode).toBe(200);

    await put({ muted: [] });
    expect(await listed(reader)).toContain(loss.id);
    expect(await t.database.db.select().from(contentNoteMutes)).toEqual([]);
    expect((await t.app.inject('/api/my/muted-content-notes')).statusCode).toBe(401);
  });
});
