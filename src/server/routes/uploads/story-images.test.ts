/** Story images (issue 5): patients upload them, drafts may only use the author's own, and the public page carries them with alt text. */
import { beforeEach, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { postFile, postJson, SITE_ORIGIN, setupTestApp } from '../../../../tests/setup/test-app.ts';
import { getWith, signUp } from '../../../../tests/setup/accounts.ts';
import { giveHealthConsent } from '../../../../tests/factories/health-data-consents.ts';
import { signInAdmin } from '../../../../tests/factories/users.ts';
import { rateLimits, stories } from '../../db/schema/index.ts';
import { PNG_7X5 } from '../../../../tests/factories/images.ts';
import { decideAsModerator } from '../../../../tests/factories/stories.ts';

const t = setupTestApp();

const PNG = PNG_7X5;

function upload(cookie: string, bytes: Buffer, filename = 'photo.png', type = 'image/png') {
  return postFile(t.app, '/api/uploads/story-image', cookie, { field: 'image', bytes, filename, type });
}

const draft = (images: { uploadId: string; alt: string }[]) => ({
  title: 'The garden that kept me going',
  body: 'During the months after surgery I could not do much, so I watched the garden change from my window and wrote down what I saw.',
  tags: ['Surgery and recovery'],
  images,
  publishConsent: true,
  // Read below by anyone; a members-only story's images: story-audience.test.ts.
  audience: 'public',
});

async function uploadedId(cookie: string): Promise<string> {
  const res = await upload(cookie, PNG);
  expect(res.statusCode).toBe(201);
  return res.json().id as string;
}

beforeEach(async () => {
  await t.database.db.delete(rateLimits);
});

describe('POST /api/uploads/story-image', () => {
  it('stores a patient’s image and serves it back', async () => {
    const { cookie } = await signUp(t.app, { role: 'patient' });
    const res = await upload(cookie, PNG);
    expect(res.statusCode).toBe(201);
    const { id, url } = res.json() as { id: string; url: string };
    expect(url).toBe(`/api/uploads/${id}`);
    const served = await getWith(t.app, url, cookie);
    expect(served.statusCode).toBe(200);
    expect(served.headers['content-type']).toBe('image/png');
    expect(served.headers['cache-control']).toBe('private, no-store');
    expect(served.rawPayload.equals(PNG)).toBe(true);
  });

  it('keeps an image that no public story shows from everyone but its author and moderators', async () => {
    const author = await signUp(t.app, { role: 'patient' });
    await giveHealthConsent(t, author.cookie);
    const uploadId = await uploadedId(author.cookie);
    const created = await postJson(t.app, '/api/my/stories', draft([{ uploadId, alt: 'My hospital bracelet' }]), {
      cookie: author.cookie,
    });
    expect(created.statusCode).toBe(201);
    const url = `/api/uploads/${uploadId}`;

    const stranger = await signUp(t.app, { role: 'patient' });
    expect((await t.app.inject(url)).statusCode).toBe(404);
    expect((await getWith(t.app, url, stranger.cookie)).statusCode).toBe(404);
    const moderator = (await signInAdmin(t.app, t.database.db, 'moderator')).cookie;
    expect((await getWith(t.app, url, moderator)).statusCode).toBe(200);
  });

  it('is for patients only', async () => {
    const donor = await signUp(t.app, { role: 'donor' });
    expect((await upload(donor.cookie, PNG)).statusCode).toBe(403);
    expect((await upload('session=nope', PNG)).statusCode).toBe(401);
  });

  it('judges the type by content, not by name or claimed type', async () => {
    const { cookie } = await signUp(t.app, { role: 'patient' });
    const res = await upload(
      cookie,
      Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>'),
    );
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ message: 'The image must be a PNG, JPEG or WebP image' });
  });
});

describe('images on stories', () => {
  it('refuses another person’s upload (or an avatar) and writes nothing', async () => {
    const author = await signUp(t.app, { role: 'patient' });
    await giveHealthConsent(t, author.cookie);
    const someoneElse = await signUp(t.app, { role: 'patient' });
    const theirs = await uploadedId(someoneElse.cookie);

    const res = await postJson(t.app, '/api/my/stories', draft([{ uploadId: theirs, alt: 'A garden' }]), {
      cookie: author.cookie,
    });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ fieldErrors: { images: expect.any(String) } });
    expect(await t.database.db.select().from(stories).where(eq(stories.authorId, author.user.id))).toHaveLength(0);

    // An edit is refused the same way, and the story keeps its images.
    const mine = await uploadedId(author.cookie);
    const created = await postJson(t.app, '/api/my/stories', draft([{ uploadId: mine, alt: 'A garden' }]), {
      cookie: author.cookie,
    });
    expect(created.statusCode).toBe(201);
    const id = created.json().id as string;
    const edit = await t.app.inject({
      method: 'PATCH',
      url: `/api/my/stories/${id}`,
      payload: draft([{ uploadId: theirs, alt: 'Not mine' }]),
      headers: { cookie: author.cookie, origin: SITE_ORIGIN },
    });
    expect(edit.statusCode).toBe(400);
    const [row] = await t.database.db.select().from(stories).where(eq(stories.id, id));
    expect(row!.images).toEqual([{ uploadId: mine, alt: 'A garden' }]);
  });

  it('publishes the images with their alt text once approved', async () => {
    const author = await signUp(t.app, { role: 'patient' });
    await giveHealthConsent(t, author.cookie);
    const uploadId = await uploadedId(author.cookie);
    const created = await postJson(
      t.app,
      '/api/my/stories',
      draft([{ uploadId, alt: 'Tulips in the rain outside my window' }]),
      { cookie: author.cookie },
    );
    expect(created.statusCode).toBe(201);
    const id = created.json().id as string;
    expect((await postJson(t.app, `/api/my/stories/${id}/submit`, {}, { cookie: author.cookie })).statusCode).toBe(200);
    const moderator = (await signInAdmin(t.app, t.database.db, 'moderator')).cookie;
    expect((await decideAsModerator(t.app, t.database.db, moderator, id, 'approve')).statusCode).toBe(200);

    const story = await t.app.inject(`/api/stories/${id}`);
    expect(story.statusCode).toBe(200);
    expect(story.json().images).toEqual([{ uploadId, alt: 'Tulips in the rain outside my window' }]);
    const served = await t.app.inject(`/api/uploads/${uploadId}`);
    expect(served.statusCode).toBe(200);
    expect(served.headers['cache-control']).toBe('public, max-age=600');

    // The author unpublishes: the image is private again.
    expect(
      (await postJson(t.app, `/api/my/stories/${id}/consent`, { publishConsent: false }, { cookie: author.cookie }))
        .statusCode,
    ).toBe(200);
    expect((await t.app.inject(`/api/uploads/${uploadId}`)).statusCode).toBe(404);
    expect((await getWith(t.app, `/api/uploads/${uploadId}`, author.cookie)).statusCode).toBe(200);
  });
});
