/**
 * Every page keeps to its own content security policy (no violation, signed out or in), a signed-in visitor's
 * first render of `/` and a fundraiser's pages match the server's HTML (no hydration error), and pages send the headers that keep
 * other sites from framing them or from using the visitor's camera, microphone, location and the like.
 */
import { describe, expect, it } from 'vitest';
import { CLIENT_ONLY_PATHS, PRERENDERED_PAGES } from '../../src/shared/routes.ts';
import {
  browserSuite,
  liveFundraisersOnSite,
  PHONE,
  settle,
  signInAsAdmin,
  signUpThroughApi,
  visit,
  type BrowserContext,
  type Page,
} from './fixtures.ts';

const suite = browserSuite();

/** Every page of the page table, with a made-up id where a path takes one. */
const EVERY_PAGE = [...Object.keys(PRERENDERED_PAGES), ...CLIENT_ONLY_PATHS].map((path) =>
  path.replace(/:[a-z]+/gi, '00000000-0000-4000-8000-000000000000'),
);

/** Collects CSP violations (the DOM event and Chromium's console report) and Permissions-Policy header errors from every document the page loads. */
async function watchForViolations(page: Page): Promise<string[]> {
  const found: string[] = [];
  await page.exposeFunction('reportCspViolation', (text: string) => found.push(text));
  await page.addInitScript(() => {
    document.addEventListener('securitypolicyviolation', (e) => {
      (window as unknown as { reportCspViolation: (text: string) => void }).reportCspViolation(
        `${location.pathname}: ${e.violatedDirective} blocked ${e.blockedURI}`,
      );
    });
  });
  page.on('console', (m) => {
    if (/Content Security Policy|unsafe-eval|Permissions-Policy/i.test(m.text()))
      found.push(`${new URL(page.url()).pathname}: ${m.text()}`);
  });
  return found;
}

/** Visits each page and lets its first requests settle, so code that runs on load has run. */
async function visitAll(page: Page) {
  for (const path of EVERY_PAGE) {
    await visit(page, path);
    await settle(page);
  }
}

async function signedInAs(who: 'patient' | 'super_admin'): Promise<{ page: Page; context: BrowserContext }> {
  const { page, context } = await suite.newPage();
  if (who === 'patient') await signUpThroughApi(context, { role: 'patient' });
  else await signInAsAdmin(context, suite.site, 'super_admin');
  return { page, context };
}

describe('every page keeps to its content security policy', () => {
  // The three visitors walk the pages side by side: each visit mostly waits for the network to go quiet.
  it('raises no CSP violation or Permissions-Policy error on any page, signed out or signed in as a patient or a super admin', async () => {
    const visitors = await Promise.all([
      suite.newPage().then(({ page }) => ({ who: 'signed out', page })),
      signedInAs('patient').then(({ page }) => ({ who: 'patient', page })),
      signedInAs('super_admin').then(({ page }) => ({ who: 'super_admin', page })),
    ]);
    const found = await Promise.all(
      visitors.map(async ({ who, page }) => {
        const violations = await watchForViolations(page);
        await visitAll(page);
        return violations.map((v) => `${who}: ${v}`);
      }),
    );
    expect(found.flat()).toEqual([]);
  }, 240_000);
});

/** Collects hydration errors: the browser's first render did not match the server's HTML. */
function watchForHydrationErrors(page: Page): string[] {
  const problems: string[] = [];
  page.on('console', (m) => {
    if ((m.type() === 'error' || m.type() === 'warning') && /hydrat|did not match|#418|#425|#423/i.test(m.text()))
      problems.push(m.text());
  });
  page.on('pageerror', (err) => problems.push(err.message));
  return problems;
}

describe('hydration', () => {
  it('renders `/` for a signed-in visitor without a hydration error, and shows the signed-in parts after it', async () => {
    const { page } = await signedInAs('patient');
    const problems = watchForHydrationErrors(page);
    await visit(page, '/');
    await settle(page);
    // Signed in: the header offers the account menu, not the sign-in link.
    await expect.poll(() => page.getByRole('banner').getByRole('link', { name: 'Join Community' }).count()).toBe(0);
    expect(problems).toEqual([]);
  }, 60_000);

  it("renders the server-rendered pages of a patient's fundraiser without a hydration error", async () => {
    const [live] = await liveFundraisersOnSite(suite.site, 'Excision surgery for Maya');
    const { page } = await suite.newPage(PHONE);
    const problems = watchForHydrationErrors(page);
    const { slug } = live!;
    for (const path of [
      '/fundraisers',
      `/fundraisers/${slug}`,
      `/fundraisers/${slug}/donate`,
      `/transparency/${slug}`,
    ]) {
      await visit(page, path);
      await settle(page);
    }
    expect(problems).toEqual([]);
  }, 60_000);
});

describe('page headers', () => {
  it('send a Permissions-Policy that denies what the site does not use and an X-Frame-Options that agrees with frame-ancestors', async () => {
    const { page } = await suite.newPage();
    for (const path of ['/', '/transparency', '/profile', '/no-such-page']) {
      const headers = (await page.request.get(path)).headers();
      expect(headers['content-security-policy'], path).toContain("frame-ancestors 'none'");
      expect(headers['x-frame-options'], path).toBe('DENY');
      const policy = headers['permissions-policy'] ?? '';
      for (const feature of ['camera', 'microphone', 'geolocation', 'payment', 'usb', 'browsing-topics'])
        expect(policy, path).toContain(`${feature}=()`);
      // Passkeys are the site's own: no frame may ask for one.
      expect(policy, path).toContain('publickey-credentials-get=(self)');
      // The click-to-load video may still go full screen and autoplay in its own frame.
      expect(policy, path).toContain('fullscreen=(self "https://www.youtube-nocookie.com")');
    }
  });
});
