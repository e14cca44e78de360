/** Stories for those who cannot write them: visitors and donors see what they can do, and load no code for forms. */
import { describe, expect, it } from 'vitest';
import type { Response } from 'playwright-core';
import {
  browserSuite,
  expectNoAccessView,
  expectNoAxeViolations,
  settle,
  signUpThroughApi,
  visit,
  type Page,
} from './fixtures.ts';

const suite = browserSuite();

const h1 = (page: Page) => page.getByRole('heading', { level: 1 });

async function expectOneHeading(page: Page, text: string | RegExp) {
  await h1(page).filter({ hasText: text }).waitFor();
  expect(await h1(page).count()).toBe(1);
}

/** The JavaScript a page loaded, concatenated (to see which code it pulled in). */
async function scriptsOf(page: Page, path: string): Promise<string> {
  const bodies: Promise<string>[] = [];
  const collect = (res: Response) => {
    if (res.request().resourceType() === 'script') bodies.push(res.text().catch(() => ''));
  };
  page.on('response', collect);
  await visit(page, path);
  await settle(page);
  page.off('response', collect);
  return (await Promise.all(bodies)).join('\n');
}

/** A string of the Markdown parser's own code (react-markdown's remark-parse), which survives minification. */
const MARKDOWN_CODE = 'micromarkExtensions';
/** A string of zod's own code (its type registry), which survives minification: the forms' schemas. */
const ZOD_CODE = '$ZodType';

describe('stories for visitors', () => {
  it('gives a signed-out reader the story pages without a Markdown renderer or form schemas, a missing story as 404, and tells visitors and non-patients what they can do', async () => {
    const { page } = await suite.newPage();
    // The server renders the stories' Markdown; forms and their schemas load only for someone who can use them.
    for (const path of ['/stories', '/stories/00000000-0000-4000-8000-000000000000']) {
      const scripts = await scriptsOf(page, path);
      expect(scripts, path).not.toContain(MARKDOWN_CODE);
      expect(scripts, path).not.toContain(ZOD_CODE);
    }
    expect(await scriptsOf(page, '/')).not.toContain(MARKDOWN_CODE);
    const missing = await visit(page, '/stories/00000000-0000-4000-8000-000000000000');
    expect(missing?.status()).toBe(404);
    // An address no record can have is the same 404; a malformed one is refused with 400, never a server error.
    for (const path of ['/stories/not-an-id', '/doctors/not-an-id'])
      expect((await page.request.get(path)).status(), path).toBe(404);
    for (const path of ['/stories/%E0', '/doctors/%E0%A4%A'])
      expect((await page.request.get(path)).status(), path).toBe(400);
    await expectOneHeading(page, 'Story not found');
    await expectNoAxeViolations(page);

    await visit(page, '/my-stories');
    await expectOneHeading(page, 'My Stories');
    expect(await page.getByRole('link', { name: 'Sign in' }).getAttribute('href')).toBe(
      '/login?returnTo=%2Fmy-stories',
    );
    await expectNoAxeViolations(page);

    const donor = await suite.newPage();
    await signUpThroughApi(donor.context, { role: 'donor' });
    await visit(donor.page, '/my-stories');
    await expectOneHeading(donor.page, 'My Stories');
    await donor.page.getByText('Stories are written by patients').waitFor();
    expect(await donor.page.getByRole('link', { name: 'Write a story' }).count()).toBe(0);
    await expectNoAxeViolations(donor.page);
    // The server agrees.
    const refused = await donor.context.request.post('/api/my/stories', {
      data: { title: 'Mine', body: 'x'.repeat(60) },
      headers: { origin: suite.site.baseURL },
    });
    expect(refused.status()).toBe(403);
    expect(((await refused.json()) as { code: string }).code).toBe('FORBIDDEN');

    await expectNoAccessView(donor.page, '/admin-stories', /^Story Management/);
  }, 90_000);
});
