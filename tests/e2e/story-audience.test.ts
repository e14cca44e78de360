/**
 * A story's audience and content notes in the browser, on a phone (issue 38): an outsider opens a members-only
 * story and reads its first lines and a sign-in prompt, and the server's HTML holds no more; a member reads it whole;
 * a story shared by its link is not indexed; a reader sees a content note first and opens the story, its image
 * blurred until tapped. Axe on each page.
 */
import { describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { stories, uploads } from '../../src/server/db/schema/index.ts';
import { buildStory } from '../factories/stories.ts';
import { browserSuite, expectNoAxeViolations, PHONE, signUpThroughApi, visit, type Page } from './fixtures.ts';

const suite = browserSuite();

const SECRET = 'WHAT-ONLY-MEMBERS-READ';
const BODY = `${'The first lines of my story, which anyone may read before signing in. '.repeat(4)}${SECRET} is the part further on, for members of the community only.`;
const h1 = (page: Page) => page.getByRole('heading', { level: 1 });

/** A real 1x1 PNG, for the story image. */
const TINY_PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==',
  'base64',
);

async function published(title: string, extra: Parameters<typeof buildStory>[1] = {}) {
  return buildStory(suite.site.database.db, {
    status: 'approved',
    publishConsent: true,
    title,
    body: BODY,
    publishedTitle: title,
    publishedBody: BODY,
    publishedTags: ['Endometriosis'],
    publishedAt: new Date(),
    ...extra,
  });
}

describe('a story’s audience', () => {
  it('shows an outsider a members-only story’s first lines and a sign-in prompt, and a member the whole story', async () => {
    const title = 'Telling my sister';
    const story = await published(title, { audience: 'members' });
    const path = `/stories/${story.id}`;

    // The server's page, as a search engine reads it: the excerpt, and nothing past it anywhere in the HTML.
    const outsider = await suite.newPage(PHONE);
    const html = await (await outsider.page.request.get(path)).text();
    expect(html).toContain(title);
    expect(html).toContain('The first lines of my story');
    expect(html).not.toContain(SECRET);
    expect(html).not.toContain('Ava A.');
    const description = /<meta name="description" content="([^"]*)"/.exec(html)![1]!;
    expect(description).toContain('The first lines of my story');
    expect(html).toMatch(/<script type="application\/ld\+json">/);

    await visit(outsider.page, path);
    await h1(outsider.page).filter({ hasText: title }).waitFor();
    await outsider.page.getByTestId('story-preview').waitFor();
    const prompt = outsider.page.getByRole('complementary', { name: 'Shared with members of the community' });
    await prompt.waitFor();
    expect(await prompt.getByRole('link', { name: 'Sign in' }).getAttribute('href')).toBe(
      `/login?returnTo=${encodeURIComponent(path)}`,
    );
    expect(await outsider.page.locator('body').innerText()).not.toContain(SECRET);
    await expectNoAxeViolations(outsider.page);

    // A member's browser reads it whole, from the same server page.
    const member = await suite.newPage(PHONE);
    await signUpThroughApi(member.context, { role: 'donor' });
    await visit(member.page, path);
    await member.page.getByText(SECRET).waitFor();
    expect(await member.page.getByTestId('members-only').count()).toBe(0);
    await expectNoAxeViolations(member.page);
  });

  it('keeps a story shared by its link out of search engines, and whole for whoever has the link', async () => {
    const story = await published('Only for my friends', { audience: 'link' });
    const { page } = await suite.newPage(PHONE);
    const served = await page.request.get(`/stories/${story.id}`);
    const html = await served.text();
    expect(html).toContain('<meta name="robots" content="noindex">');
    expect(html).not.toContain('rel="canonical"');
    expect(html).not.toContain('application/ld+json');
    expect(html).toContain(SECRET);
    const sitemap = await (await page.request.get('/sitemap.xml')).text();
    expect(sitemap).not.toContain(story.id);
  });
});

describe('content notes', () => {
  it('shows the note first; the reader opens the story, and its image shows once tapped', async () => {
    const title = 'The year we lost her';
    const story = await published(title, { audience: 'public', contentNotes: ['pregnancy-loss', 'mental-health'] });
    const [image] = await suite.site.database.db
      .insert(uploads)
      .values({
        ownerId: story.authorId,
        purpose: 'story_image',
        contentType: 'image/png',
        size: TINY_PNG.length,
        bytes: TINY_PNG,
      })
      .returning();
    const images = [{ uploadId: image!.id, alt: 'A small hospital bracelet' }];
    await suite.site.database.db
      .update(stories)
      .set({ images, publishedImages: images })
      .where(eq(stories.id, story.id));
    const path = `/stories/${story.id}`;

    // Without JavaScript the page is readable too: the note on top, the story in a <details> below it.
    const reader = await suite.newPage(PHONE);
    const html = await (await reader.page.request.get(path)).text();
    expect(html.indexOf('Content note')).toBeGreaterThan(-1);
    expect(html.indexOf('Content note')).toBeLessThan(html.indexOf(SECRET));
    expect(html).toMatch(/<details[^>]*data-testid="story-behind-note"/);

    const { page } = reader;
    await visit(page, path);
    const note = page.getByRole('note', { name: 'Content note' });
    await note.waitFor();
    expect(await note.innerText()).toContain('Pregnancy loss, mental health');
    expect(await page.getByText(SECRET).isVisible()).toBe(false);
    await expectNoAxeViolations(page);

    await page.locator('summary', { hasText: 'Show story' }).click();
    await page.getByText(SECRET).waitFor();
    const picture = page.getByTestId('blurred-image');
    const img = picture.getByRole('img', { name: 'A small hospital bracelet' });
    expect(await img.evaluate((el) => getComputedStyle(el).filter)).toContain('blur');
    await picture.locator('summary').click();
    await expect.poll(() => img.evaluate((el) => getComputedStyle(el).filter)).not.toContain('blur');
    await expectNoAxeViolations(page);
  });
});

describe('muted topics', () => {
  it('leave a member’s stories with that note out of her list once she mutes it in Account Settings', async () => {
    const muted = await published('A note on fertility treatment', { audience: 'public', contentNotes: ['fertility'] });
    const kept = await published('Back at work', { audience: 'public' });
    const { page, context } = await suite.newPage(PHONE);
    await signUpThroughApi(context, { role: 'donor' });
    const cards = page.getByTestId('story-card');

    await visit(page, '/stories');
    await cards.filter({ hasText: muted.publishedTitle! }).waitFor();
    expect(await cards.filter({ hasText: muted.publishedTitle! }).innerText()).toContain('Content note: Fertility');

    await visit(page, '/profile');
    const section = page.getByRole('region', { name: 'Muted topics' });
    const fertility = section.getByRole('checkbox', { name: 'Fertility' });
    await expect.poll(() => fertility.isEnabled()).toBe(true);
    await fertility.check();
    await expect
      .poll(() => page.getByRole('region', { name: /^Notifications/ }).innerText())
      .toContain('Muted topics saved');
    await expectNoAxeViolations(page);

    await visit(page, '/stories');
    await cards.filter({ hasText: kept.publishedTitle! }).waitFor();
    await expect.poll(() => cards.filter({ hasText: muted.publishedTitle! }).count()).toBe(0);
    await expectNoAxeViolations(page);
  });
});
