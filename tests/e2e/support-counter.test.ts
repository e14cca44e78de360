/**
 * Words of support are never cut without a word (issue 34): a reader on a phone sees a live count under the box;
 * a paste past 1,000 characters is kept whole and counted, the count says by how much, and nothing is posted until
 * she shortens it.
 */
import { describe, expect, it } from 'vitest';
import { storyComments } from '../../src/server/db/schema/index.ts';
import { buildStory } from '../factories/stories.ts';
import { browserSuite, expectNoAxeViolations, PHONE, signUpSettledThroughApi, visit } from './fixtures.ts';

const suite = browserSuite();
const SHOTS = process.env.SCREENSHOT_DIR;

describe('words of support', () => {
  it('counts as she types on a phone, keeps a 1,032-character paste whole, and says it is 32 too many', async () => {
    const story = await buildStory(suite.site.database.db, {
      status: 'approved',
      publishConsent: true,
      publishedTitle: 'My road to a diagnosis',
      publishedBody: 'It took nine years and five doctors before anyone said the word endometriosis to me.',
      publishedTags: [],
      publishedImages: [],
      publishedAt: new Date(),
    });
    const { page, context } = await suite.newPage(PHONE);
    await signUpSettledThroughApi(context, suite.site, { role: 'donor' });
    await visit(page, `/stories/${story.id}`);
    const box = page.getByRole('textbox', { name: 'Your words of support' });
    await box.fill('You are not alone.');
    const count = page.locator(`[id="${await box.getAttribute('id')}-count"]`);
    await expect.poll(() => count.innerText()).toBe('18 of 1,000 characters');
    expect(await box.getAttribute('aria-describedby')).toContain(`${await box.getAttribute('id')}-count`);

    const long = 'I read every word and I believe you. '.repeat(28).slice(0, 1032);
    await box.fill(long);
    expect(await box.inputValue()).toBe(long);
    await expect.poll(() => count.innerText()).toBe('1,032 of 1,000 characters: 32 too many, shorten it to send it');
    await expectNoAxeViolations(page);
    if (SHOTS) await box.locator('..').screenshot({ path: `${SHOTS}/support-counter-over.png` });

    await page.getByRole('button', { name: 'Post words of support' }).click();
    await page.getByText('Keep it to 1,000 characters or fewer').waitFor();
    expect(await suite.site.database.db.select().from(storyComments)).toEqual([]);
  }, 60_000);
});
