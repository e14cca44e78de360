/**
 * The page table: every page path the client knows and how it reaches the browser. The server answers other paths
 * with the 404 page and status 404; the client's route table (src/client/routes.tsx) is keyed by these same paths
 * and says who may open each (the view in the browser only: the server checks every API call again). Pages made
 * as HTML for everyone (prerendered, server-rendered) are public: that table's types say so.
 */
import type { AdminLevel } from './auth/roles.ts';

/** Who may open a page: anyone, any signed-in person, or an admin of at least this level (with two-step sign-in). */
export type PageAccess = 'public' | 'user' | { admin: AdminLevel };

/**
 * 'prerendered': rendered to HTML at build time (`file` under dist/client/pages) and again on publish.
 * 'server': public pages of the community's records (stories, doctors, fundraisers): rendered by the server on request, as a
 *   signed-out reader sees them, and kept until a write or a few seconds pass (src/server/plugins/site-pages.ts).
 * 'client': rendered only in the browser (signed-in areas, forms), served the app shell.
 */
export type PageEntry = { render: 'prerendered'; file: string } | { render: 'server' } | { render: 'client' };

/**
 * A `:name` segment (e.g. '/doctors/:id') stands for any one segment: the server registers it as a route
 * parameter, and the client matches it with pathMatches.
 */
export const PAGES = {
  '/': { render: 'prerendered', file: 'index' },
  '/donate': { render: 'prerendered', file: 'donate' },
  '/how-it-works': { render: 'prerendered', file: 'how-it-works' },
  '/contact': { render: 'prerendered', file: 'contact' },
  '/privacy-policy': { render: 'prerendered', file: 'privacy-policy' },
  '/consumer-health-data-privacy': { render: 'prerendered', file: 'consumer-health-data-privacy' },
  '/terms-of-service': { render: 'prerendered', file: 'terms-of-service' },
  '/medical-disclaimer': { render: 'prerendered', file: 'medical-disclaimer' },
  '/donor-agreement': { render: 'prerendered', file: 'donor-agreement' },
  '/transparency': { render: 'prerendered', file: 'transparency' },
  // What the browser knows decides what it shows (a gift's reference): the HTML is a neutral "Checking your gift…".
  '/thank-you': { render: 'prerendered', file: 'thank-you' },
  '/get-started': { render: 'client' },
  '/register': { render: 'client' },
  '/login': { render: 'client' },
  '/logout': { render: 'client' },
  '/forgot-password': { render: 'client' },
  '/reset-password': { render: 'client' },
  '/verify-email': { render: 'client' },
  '/confirm-updates': { render: 'client' },
  '/unsubscribe': { render: 'client' },
  '/onboarding': { render: 'client' },
  '/profile': { render: 'client' },
  '/notifications': { render: 'client' },
  '/stories': { render: 'server' },
  '/stories/:id': { render: 'server' },
  '/my-stories': { render: 'client' },
  '/my-stories/new': { render: 'client' },
  '/my-stories/:id/edit': { render: 'client' },
  '/admin': { render: 'client' },
  '/admin-donations': { render: 'client' },
  '/admin-payments': { render: 'client' },
  '/admin-dashboard': { render: 'client' },
  '/admin-contact': { render: 'client' },
  '/admin-analytics': { render: 'client' },
  '/admin-audit-log': { render: 'client' },
  '/admin-users': { render: 'client' },
  '/admin-stories': { render: 'client' },
  '/find-doctors': { render: 'server' },
  '/doctors/:id': { render: 'server' },
  // Each reader's answer differs (what she shows members), so only the browser renders it.
  '/members/:id': { render: 'client' },
  '/fundraisers': { render: 'server' },
  '/fundraisers/:slug': { render: 'server' },
  '/fundraisers/:slug/donate': { render: 'server' },
  '/transparency/:slug': { render: 'server' },
  '/my-fundraiser': { render: 'client' },
  '/doctor-dashboard': { render: 'client' },
  // Care plans (decision 021): hers, and a helper's reading of it; each reader's answer differs.
  '/care-plan': { render: 'client' },
  '/care/:planId': { render: 'client' },
  '/admin-doctors': { render: 'client' },
  '/admin-campaign': { render: 'client' },
  '/admin-mail': { render: 'client' },
  // Public, but a form that only works in the browser (the human check runs there).
  '/refund-request': { render: 'client' },
  '/my-expenses': { render: 'client' },
  '/my-expenses/new': { render: 'client' },
  '/admin-expenses': { render: 'client' },
  '/admin-fundraisers': { render: 'client' },
  // What is open in a patient's care plan, for whoever has her link: rendered as a signed-out reader sees it.
  '/care/open/:token': { render: 'server' },
} as const satisfies Record<string, PageEntry>;

export type PagePath = keyof typeof PAGES;

/**
 * Public pages about one visitor's own business (her gift) or read by a secret link (her care plan's open dates): not
 * for search engines, so not indexed nor in the sitemap.
 */
export const UNLISTED_PAGES: readonly string[] = ['/thank-you', '/care/open/:token'] satisfies PagePath[];

type PathsWhere<Render extends PageEntry['render']> = {
  [P in PagePath]: (typeof PAGES)[P]['render'] extends Render ? P : never;
}[PagePath];

export type PrerenderedPath = PathsWhere<'prerendered'>;
export type ServerRenderedPath = PathsWhere<'server'>;
export type ClientOnlyPath = PathsWhere<'client'>;

/** The pages rendered as `render` says, in the page table's order. */
function pathsWhere<R extends PageEntry['render']>(render: R): PathsWhere<R>[] {
  return (Object.keys(PAGES) as PagePath[]).filter((path) => PAGES[path].render === render) as PathsWhere<R>[];
}

// Pure calls: a browser's bundle that never reads these lists leaves them out.

/** Public pages rendered to HTML at build time (path -> file name under dist/client/pages). */
export const PRERENDERED_PAGES: Readonly<Record<PrerenderedPath, string>> = /* @__PURE__ */ Object.fromEntries(
  /* @__PURE__ */ pathsWhere('prerendered').map((path) => [path, (PAGES[path] as { file: string }).file]),
) as Record<PrerenderedPath, string>;

/** Pages the server renders on request from the records (a `:name` segment matches any one segment). */
export const SERVER_RENDERED_PATHS: readonly ServerRenderedPath[] = /* @__PURE__ */ pathsWhere('server');

/** Pages rendered only in the browser, served the app shell (a `:name` segment matches any one segment). */
export const CLIENT_ONLY_PATHS: readonly ClientOnlyPath[] = /* @__PURE__ */ pathsWhere('client');

/** True when `path` fits `pattern`, where a `:name` segment of the pattern fits any one non-empty segment. */
export function pathMatches(pattern: string, path: string): boolean {
  if (!pattern.includes('/:')) return pattern === path;
  const want = pattern.split('/');
  const got = path.split('/');
  return (
    want.length === got.length &&
    want.every((segment, i) => (segment.startsWith(':') ? got[i] !== '' : segment === got[i]))
  );
}

/** A campaign's transparency page: the main appeal's, or the patient's fundraiser's at `slug`. */
export const transparencyPath = (slug?: string) =>
  slug === undefined ? '/transparency' : `/transparency/${encodeURIComponent(slug)}`;

export function isPrerenderedPath(path: string): path is PrerenderedPath {
  return Object.hasOwn(PRERENDERED_PAGES, path);
}

/** Prerendered pages carry this origin; the server swaps in PUBLIC_URL when it loads them. */
export const SITE_URL_PLACEHOLDER = 'https://site-url.invalid';
