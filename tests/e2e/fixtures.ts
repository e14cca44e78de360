/** Browser-test fixtures: the built site served in-process on a fresh database, and the system Chromium. */
import path from 'node:path';
import fs from 'node:fs';
import type { FastifyInstance } from 'fastify';
import { chromium, type Browser, type BrowserContext, type Page } from 'playwright-core';
import axe from 'axe-core';
import { solveChallenge, type Challenge } from 'altcha-lib';
import { deriveKey } from 'altcha-lib/algorithms/sha';
import { afterAll, afterEach, beforeAll, expect } from 'vitest';
import { buildApp, type BuildAppOptions } from '../../src/server/app.ts';
import { loadConfig } from '../../src/server/config.ts';
import { CONSUMER_HEALTH_POLICY_VERSION, type HealthConsentKind } from '../../src/shared/health-data-consent.ts';
import { CLIENT_DIST_DIR } from '../../src/server/paths.ts';
import { createTestDatabase, type TestDatabase } from '../setup/database.ts';
import { freePort } from '../setup/server-process.ts';
import { CHROMIUM_ARGS, findChromium } from '../setup/chromium.ts';
import { adminLogin, buildAdmin } from '../factories/users.ts';
import { eq } from 'drizzle-orm';
import { doctorProfiles, users } from '../../src/server/db/schema/index.ts';
import type { AdminLevel } from '../../src/shared/auth/roles.ts';
import { mailedLinks, newPerson, sessionCookie } from '../setup/accounts.ts';
import { buildLiveFundraiser } from '../factories/public-fundraisers.ts';
import { DOCTOR_ANSWERS } from '../factories/doctors.ts';
import { encodeAltchaPayload, TEST_ALTCHA_DIFFICULTY } from '../../src/server/services/altcha.ts';

export interface Site {
  baseURL: string;
  database: TestDatabase;
  /** The server, for writes a test makes without a browser (e.g. an admin's update). */
  app: FastifyInstance;
  refreshProgress(): void;
  close(): Promise<void>;
}

/** What a test file may set on its site: more settings (a processor's webhook secret) and a test PayPal authority. */
export interface SiteOptions {
  env?: Record<string, string>;
  paypalCertificates?: BuildAppOptions['paypalCertificates'];
  /** The name the browser opens the site by: passkeys need a domain (a WebAuthn relying party is never an IP). */
  hostname?: 'localhost';
}

export async function startSite(options: SiteOptions = {}): Promise<Site> {
  if (!fs.existsSync(path.join(CLIENT_DIST_DIR, 'pages', 'index.html'))) {
    throw new Error('The client is not built: run `npm run build` (npm test does this first).');
  }
  const port = await freePort();
  const baseURL = `http://${options.hostname ?? '127.0.0.1'}:${port}`;
  const config = loadConfig({
    NODE_ENV: 'test',
    LOG_LEVEL: 'silent',
    ...options.env,
    PORT: String(port),
    PUBLIC_URL: baseURL,
  });
  const database = await createTestDatabase();
  // Browsers here solve many challenges; the recommended level is tested in services/altcha.test.ts.
  const app = await buildApp({
    config,
    database,
    altchaDifficulty: TEST_ALTCHA_DIFFICULTY,
    ...(options.paypalCertificates ? { paypalCertificates: options.paypalCertificates } : {}),
  });
  await app.listen({ host: '127.0.0.1', port });
  return {
    baseURL,
    database,
    app,
    refreshProgress: () => app.campaigns.invalidate(),
    async close() {
      await app.close();
      await database.destroy();
    },
  };
}

export async function launchBrowser(): Promise<Browser> {
  const executablePath = findChromium();
  if (!executablePath)
    throw new Error('Chromium not found: apt-get install -y chromium-headless-shell (or set CHROMIUM_PATH)');
  return chromium.launch({ executablePath, args: CHROMIUM_ARGS, headless: true });
}

/** A context whose requests to any other host are answered locally (and recorded), never sent out. */
async function newContext(browser: Browser, site: Site, options: ContextOptions = {}) {
  // Reduced motion (the styles honour it): no check ever sees a colour mid-transition, however slow the machine.
  const context = await browser.newContext({ baseURL: site.baseURL, reducedMotion: 'reduce', ...options });
  const thirdParty: string[] = [];
  await context.route(
    (url) => url.origin !== site.baseURL,
    (route) => {
      thirdParty.push(route.request().url());
      return route.fulfill({ status: 200, contentType: 'text/html', body: '<!doctype html><title>outside</title>' });
    },
  );
  return { context, thirdParty };
}

/**
 * After `visit`: lets the page's lazy chunks and first requests finish. Bounded, because on a loaded machine a
 * page (or a worker's script) can keep the network from going quiet long after it is complete; what a test then
 * checks is on the page either way.
 */
export async function settle(page: Page) {
  await page.waitForLoadState('networkidle', { timeout: 10_000 }).catch(() => undefined);
}

/** Opens a path and waits until React has hydrated it, so clicks are handled. */
export async function visit(page: Page, path: string) {
  const response = await page.goto(path);
  await page.locator('html[data-hydrated]').waitFor({ state: 'attached' });
  return response;
}

/** The text of the toasts on screen (the "Notifications (F8)" region); empty before the toaster loads. */
export async function toastText(page: Page): Promise<string> {
  const region = page.getByRole('region', { name: /^Notifications/ });
  return (await region.count()) ? region.innerText() : '';
}

type ContextOptions = Parameters<Browser['newContext']>[0];

/** A phone's screen and touch, as the tests that walk a page on a phone open it (390 x 844). */
export const PHONE = { viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true };

/**
 * One site and one browser for a test file, and a fresh context per page asked for
 * (closed after each test). Call at the top of a test file.
 */
export function browserSuite(siteOptions: SiteOptions = {}) {
  let site: Site | undefined;
  let browser: Browser | undefined;
  const contexts: BrowserContext[] = [];
  beforeAll(async () => {
    [site, browser] = await Promise.all([startSite(siteOptions), launchBrowser()]);
  });
  afterEach(async () => {
    await Promise.all(contexts.splice(0).map((c) => c.close()));
  });
  afterAll(async () => {
    await browser?.close();
    await site?.close();
  });
  return {
    get site(): Site {
      return site!;
    },
    async newPage(options: ContextOptions = {}) {
      const { context, thirdParty } = await newContext(browser!, site!, options);
      contexts.push(context);
      return { page: await context.newPage(), context, thirdParty };
    },
  };
}

/** Makes an admin of this level and signs this browser context in as them. */
export async function signInAsAdmin(
  context: BrowserContext,
  site: Site,
  level: AdminLevel,
  overrides: Parameters<typeof buildAdmin>[2] = {},
) {
  const admin = await buildAdmin(site.database.db, level, overrides);
  const res = await context.request.post('/api/auth/login', { data: adminLogin(admin) });
  expect(res.status()).toBe(200);
  return admin;
}

/** Opens an admin page as someone who may not use it: one "No access" heading, the page's own title, no axe violations. */
export async function expectNoAccessView(page: Page, path: string, title: RegExp): Promise<void> {
  await visit(page, path);
  const h1 = page.getByRole('heading', { level: 1 });
  await h1.filter({ hasText: 'No access' }).waitFor();
  expect(await h1.count()).toBe(1);
  expect(await page.title()).toMatch(title);
  await expectNoAxeViolations(page);
}

/**
 * Resolves once nothing on the page moves: no CSS transition or finite animation running for two frames in a row
 * (a transition a class change starts shows on the next frame). Bounded, like settle(); endless spinners are ignored.
 */
export async function untilStill(page: Page, timeoutMs = 5_000): Promise<void> {
  await page.evaluate(async (timeout) => {
    const deadline = performance.now() + timeout;
    const frame = () => new Promise((resolve) => requestAnimationFrame(resolve));
    const moving = () =>
      document
        .getAnimations()
        .filter((a) => (a.playState === 'running' || a.pending) && a.effect?.getComputedTiming().endTime !== Infinity);
    let stillFrames = 0;
    while (stillFrames < 2 && performance.now() < deadline) {
      await frame();
      stillFrames = moving().length === 0 ? stillFrames + 1 : 0;
    }
  }, timeoutMs);
}

/** Runs axe on the page once it is still (so colours are final), and expects no violation. */
export async function expectNoAxeViolations(page: Page): Promise<void> {
  await untilStill(page);
  // evaluate, not a script tag: the site's CSP rightly refuses inline scripts.
  await page.evaluate(axe.source);
  const results = await page.evaluate(async () => {
    const run = (window as unknown as { axe: typeof axe }).axe.run;
    const r = await run(document, { resultTypes: ['violations'] });
    return r.violations.map((v) => ({
      id: v.id,
      impact: v.impact,
      help: v.help,
      nodes: v.nodes.slice(0, 3).map((n) => n.target.join(' ')),
    }));
  });
  expect(results).toEqual([]);
}

/**
 * Registers an account through the API from this browser context, so the context's pages are signed in
 * as it. Returns the person (email, password, names, role).
 */
export async function signUpThroughApi(context: BrowserContext, overrides: Record<string, unknown> = {}) {
  const challenge = (await (await context.request.get('/api/altcha/challenge')).json()) as Challenge;
  const solution = await solveChallenge({ challenge, deriveKey });
  if (!solution) throw new Error('could not solve the ALTCHA challenge');
  const person = newPerson(overrides);
  const res = await context.request.post('/api/auth/register', {
    data: { ...person, altcha: encodeAltchaPayload(challenge, solution) },
  });
  if (res.status() !== 201) throw new Error(`sign-up failed: ${res.status()} ${await res.text()}`);
  return person;
}

/** Registers through the API as signUpThroughApi does, with her email confirmed and her profile finished; adds her id. */
export async function signUpSettledThroughApi(
  context: BrowserContext,
  site: Site,
  overrides: Record<string, unknown> = {},
) {
  const person = await signUpThroughApi(context, overrides);
  const [user] = await site.database.db
    .update(users)
    .set({ emailVerifiedAt: new Date(), onboardingCompletedAt: new Date() })
    .where(eq(users.email, person.email))
    .returning({ id: users.id });
  return { ...person, id: user!.id };
}

/** She gives a consent for her consumer health data through the API (decision 017): sharing unless named. */
export async function giveHealthConsentThroughApi(
  context: BrowserContext,
  site: Site,
  kind: HealthConsentKind = 'share',
): Promise<void> {
  const res = await context.request.post('/api/user/health-data-consents', {
    data: { kind, policyVersion: CONSUMER_HEALTH_POLICY_VERSION },
    headers: { origin: site.baseURL },
  });
  if (res.status() !== 201) throw new Error(`consent failed: ${res.status()} ${await res.text()}`);
}

/** A doctor signed up through the API (signUpSettledThroughApi) whose profile is verified: the directory lists her. */
export async function verifiedDoctorThroughApi(
  context: BrowserContext,
  site: Site,
  names: { firstName: string; lastName: string },
) {
  const doctor = await signUpSettledThroughApi(context, site, { role: 'doctor', ...names });
  await site.database.db.insert(doctorProfiles).values({
    userId: doctor.id,
    ...DOCTOR_ANSWERS,
    verificationStatus: 'verified',
    verificationDecidedAt: new Date(),
  });
  return doctor;
}

/**
 * Patients' fundraisers, one per title, approved by a new manager through this site's API (buildLiveFundraiser):
 * live, each with its campaign, a goal of $9,450.50 (surgery $9,000, travel $450.50) and nothing raised.
 */
export async function liveFundraisersOnSite(site: Site, ...titles: string[]) {
  const manager = await buildAdmin(site.database.db, 'manager');
  const signedIn = await site.app.inject({
    method: 'POST',
    url: '/api/auth/login',
    payload: adminLogin(manager),
    headers: { origin: site.baseURL },
  });
  const cookie = sessionCookie(signedIn);
  const built = [];
  for (const title of titles)
    built.push(await buildLiveFundraiser(site.app, site.database.db, cookie, { origin: site.baseURL, title }));
  return built;
}

/** Waits for a mail to `to` and returns its first link whose path is `pathname`. */
export async function waitForMailedLink(site: Site, to: string, pathname: string): Promise<string> {
  let found: string | undefined;
  await expect
    .poll(async () => {
      found = (await mailedLinks(site.database.db, to)).find((link) => new URL(link).pathname === pathname);
      return found;
    })
    .toBeDefined();
  return found!;
}

export type { Browser, BrowserContext, Page };
