/** Stories made directly in the database, for tests about what other pages show of them. */
import type { FastifyInstance } from 'fastify';
import { eq } from 'drizzle-orm';
import type { Db } from '../../src/server/db/client.ts';
import { postJson } from '../setup/test-app.ts';
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
      // Most tests read what everyone reads; a new story's own default (members) is tested on its own.
      audience: 'public',
      ...overrides,
    })
    .returning();
  return story!;
}

/** The moderators' steps on a story (issue 34: each names the version she read). */
export type ModerationStep = 'approve' | 'reject' | 'hide' | 'restore';

/**
 * A moderator's decision on story `id` as her queue makes it: naming the version her list showed (the story's
 * current version), with the reason where the step has one.
 */
export async function decideAsModerator(
  app: FastifyInstance,
  db: Db,
  cookie: string,
  id: string,
  step: ModerationStep,
  body: Record<string, unknown> = {},
) {
  const [read] = await db.select({ version: stories.version }).from(stories).where(eq(stories.id, id));
  return postJson(app, `/api/admin/stories/${id}/${step}`, { version: read?.version ?? 1, ...body }, { cookie });
}
