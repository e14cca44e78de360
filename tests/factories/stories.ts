/** Stories made directly in the database, for tests about what other pages show of them. */
import type { Db } from '../../src/server/db/client.ts';
import { stories, users } from '../../src/server/db/schema/index.ts';

/** A patient with a story (pending review unless overridden); returns the story row. */
export async function buildStory(db: Db, overrides: Partial<typeof stories.$inferInsert> = {}) {
  const [author] = await db
    .insert(users)
    .values({
      email: `author.${Date.now()}.${Math.random().toString(36).slice(2, 8)}@example.org`,
      passwordHash: 'not-a-real-hash',
      firstName: 'Ava',
      lastName: 'Author',
      role: 'patient',
    })
    .returning();
  const [story] = await db
    .insert(stories)
    .values({
      authorId: author!.id,
      title: 'My road to a diagnosis',
      body: 'It took nine years and five doctors before anyone said the word endometriosis to me.',
      status: 'pending',
      submittedAt: new Date(),
      ...overrides,
    })
    .returning();
  return story!;
}
