/** A page that cannot be shown: the site's frame with an apology and a way on, never a blank app. */
import { describe, expect, it } from 'vitest';
import { CLIENT_DIST_DIR } from '../../src/server/paths.ts';
import { readClientChunks } from '../../src/server/services/site-pages.ts';
import { browserSuite, expectNoAxeViolations, visit } from './fixtures.ts';

const suite = browserSuite();

/** The built file holding a page's own module. */
function chunkOf(module: string): string {
  const chunk = readClientChunks(CLIENT_DIST_DIR).find((c) => c.modules.includes(module));
  if (!chunk) throw new Error(`no chunk holds ${module}`);
  return `/${chunk.file}`;
}

describe('a page whose code does not load', () => {
  it('shows an apology in the frame after a second try, reports it, and loads the page when she tries again', async () => {
    const { page } = await suite.newPage({ viewport: { width: 1280, height: 800 } });
    await visit(page, '/');
    const pageCode = chunkOf('src/client/routes/public/how-it-works.tsx');
    let tries = 0;
    await page.route(`**${pageCode}`, (request) => {
      tries += 1;
      return request.abort('internetdisconnected');
    });
    const reported = page.waitForRequest((r) => new URL(r.url()).pathname === '/api/client-errors');

    await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'How It Works' }).click();

    await expect.poll(() => page.getByRole('heading', { level: 1 }).innerText()).toBe('Sorry, this page did not load');
    expect(tries).toBe(2);
    expect((await reported).postDataJSON()).toEqual({ kind: 'chunk', page: '/how-it-works', name: 'PageLoadError' });
    // The frame stays: the top bar and the footer are there to go on from.
    expect(await page.getByRole('navigation', { name: 'Main' }).isVisible()).toBe(true);
    expect(await page.getByRole('contentinfo').isVisible()).toBe(true);
    await expectNoAxeViolations(page);

    await page.unroute(`**${pageCode}`);
    await page.getByRole('link', { name: 'try again' }).click();
    await page.locator('html[data-hydrated]').waitFor({ state: 'attached' });
    expect(new URL(page.url()).pathname).toBe('/how-it-works');
    expect(await page.getByRole('heading', { level: 1 }).innerText()).not.toBe('Sorry, this page did not load');
  });
});
