/**
 * The public stories list reads its total from a running count (story_counts, kept by a trigger on stories):
 * after every kind of change to a story it must show what counting the public stories afresh shows.
 */
import { describe, expect, it } from 'vitest';
import { count, eq } from 'drizzle-orm';
import { setupTestApp } from '../../../tests/setup/test-app.ts';
import { buildStory } from '../../../tests/factories/stories.ts';
import { stories, storyCounts, users } from './schema/index.ts';
import { isPublicStory } from './queries/stories.ts';

const t = setupTestApp();

const published = {
  status: 'approved' as const,
  publishConsent: true,
  publishedTitle: 'My road to a diagnosis',
  publishedBody: 'It took nine years.',
  publishedTags: [],
  publishedAt: new Date(),
};

/** The list's total, the running count, and a fresh count of the public stories. */
async function totals() {
  const listed = (await t.app.inject('/api/stories?page=1')).json<{ total: number }>().total;
  const [running] = await t.database.db.select({ n: storyCounts.publicCount }).from(storyCounts);
  const [fresh] = await t.database.db.select({ n: count() }).from(stories).where(isPublicStory);
  // No row before the first public story (an empty database keeps its tables empty for a restore).
  return { listed, running: running?.n ?? 0, fresh: fresh!.n };
}

describe('the public stories total', () => {
  it('follows publishing, hiding, consent, archiving and deleting, story by story', async () => {
    const db = t.database.db;
    const expectTotal = async (n: number) => expect(await totals()).toEqual({ listed: n, running: n, fresh: n });

    await expectTotal(0);
    const a = await buildStory(db, published);
    const b = await buildStory(db, published);
    const draft = await buildStory(db);
    await expectTotal(2);

    // A working-copy edit of a public story leaves it public; publishing the draft adds it.
    await db.update(stories).set({ body: 'Edited, waiting for review.' }).where(eq(stories.id, a.id));
    await db.update(stories).set(published).where(eq(stories.id, draft.id));
    await expectTotal(3);

    await db.update(stories).set({ hiddenAt: new Date() }).where(eq(stories.id, a.id));
    await expectTotal(2);
    await db.update(stories).set({ hiddenAt: null }).where(eq(stories.id, a.id));
    await db.update(stories).set({ publishConsent: false }).where(eq(stories.id, b.id));
    await expectTotal(2);
    await db.update(stories).set({ status: 'archived' }).where(eq(stories.id, a.id));
    await expectTotal(1);

    // Deleting the author deletes her stories (cascade): the count follows.
    await db.update(stories).set({ publishConsent: true }).where(eq(stories.id, b.id));
    await expectTotal(2);
    await db.delete(users).where(eq(users.id, b.authorId));
    await expectTotal(1);
    await db.delete(stories).where(eq(stories.id, draft.id));
    await expectTotal(0);
  });
});
