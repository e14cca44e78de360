/**
 * The page table: every page path the client knows, how it reaches the browser and who may open it. The server
 * answers other paths with the 404 page and status 404; the client's route table (src/client/routes.tsx) is keyed
 * by these same paths. Access here picks the view in the browser only: the server checks every API call again.
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
export type PageEntry =
  | { render: 'prerendered'; file: string; access: 'public' }
  | { render: 'server'; access: 'public' }
  | { render: 'client'; access: PageAccess };

const manager = { admin: 'manager' } as const;
const moderator = { admin: 'moderator' } as const;

/**
 * A `:name` segment (e.g. '/doctors/:id') stands for any one segment: the server registers it as a route
 * parameter, and the client matches it with pathMatches.
 */
export const PAGES = {
  '/': { render: 'prerendered', file: 'index', access: 'public' },
  '/donate': { render: 'prerendered', file: 'donate', access: 'public' },
  '/how-it-works': { render: 'prerendered', file: 'how-it-works', access: 'public' },
  '/contact': { render: 'prerendered', file: 'contact', access: 'public' },
  '/privacy-policy': { render: 'prerendered', file: 'privacy-policy', access: 'public' },
  '/terms-of-service': { render: 'prerendered', file: 'terms-of-service', access: 'public' },
  '/medical-disclaimer': { render: 'prerendered', file: 'medical-disclaimer', access: 'public' },
  '/donor-agreement': { render: 'prerendered', file: 'donor-agreement', access: 'public' },
  '/transparency': { render: 'prerendered', file: 'transparency', access: 'public' },
  // What the browser knows decides what it shows (a gift's reference): the HTML is a neutral "Checking your gift…".
  '/thank-you': { render: 'prerendered', file: 'thank-you', access: 'public' },
  '/get-started': { render: 'client', access: 'public' },
  '/register': { render: 'client', access: 'public' },
  '/login': { render: 'client', access: 'public' },
  '/logout': { render: 'client', access: 'public' },
  '/forgot-password': { render: 'client', access: 'public' },
  '/reset-password': { render: 'client', access: 'public' },
  '/verify-email': { render: 'client', access: 'public' },
  '/confirm-updates': { render: 'client', access: 'public' },
  '/unsubscribe': { render: 'client', access: 'public' },
  '/onboarding': { render: 'client', access: 'user' },
  '/profile': { render: 'client', access: 'user' },
  '/notifications': { render: 'client', access: 'user' },
  '/stories': { render: 'server', access: 'public' },
  '/stories/:id': { render: 'server', access: 'public' },
  '/my-stories': { render: 'client', access: 'user' },
  '/my-stories/new': { render: 'client', access: 'user' },
  '/my-stories/:id/edit': { render: 'client', access: 'user' },
  '/admin': { render: 'client', access: moderator },
  '/admin-donations': { render: 'client', access: manager },
  '/admin-payments': { render: 'client', access: manager },
  '/admin-dashboard': { render: 'client', access: moderator },
  '/admin-contact': { render: 'client', access: moderator },
  '/admin-analytics': { render: 'client', access: manager },
  '/admin-audit-log': { render: 'client', access: manager },
  '/admin-users': { render: 'client', access: manager },
  '/admin-stories': { render: 'client', access: moderator },
  '/find-doctors': { render: 'server', access: 'public' },
  '/doctors/:id': { render: 'server', access: 'public' },
  '/fundraisers': { render: 'server', access: 'public' },
  '/fundraisers/:slug': { render: 'server', access: 'public' },
  '/fundraisers/:slug/donate': { render: 'server', access: 'public' },
  '/transparency/:slug': { render: 'server', access: 'public' },
  '/my-fundraiser': { render: 'client', access: 'user' },
  '/doctor-dashboard': { render: 'client', access: 'user' },
  '/admin-doctors': { render: 'client', access: manager },
  '/admin-campaign': { render: 'client', access: { admin: 'super_admin' } },
  '/admin-mail': { render: 'client', access: { admin: 'super_admin' } },
  // Public, but a form that only works in the browser (the human check runs there).
  '/refund-request': { render: 'client', access: 'public' },
  '/my-expenses': { render: 'client', access: 'user' },
  '/my-expenses/new': { render: 'client', access: 'user' },
  '/admin-expenses': { render: 'client', access: manager },
  '/admin-fundraisers': { render: 'client', access: manager },
} as const satisfies Record<string, PageEntry>;

export type PagePath = keyof typeof PAGES;

/** Public pages about one visitor's own business (her gift): not for search engines, so not indexed nor in the sitemap. */
export const UNLISTED_PAGES: readonly string[] = ['/thank-you'] satisfies PagePath[];

type PathsWhere<Render extends PageEntry['render']> = {
  [P in PagePath]: (typeof PAGES)[P]['render'] extends Render ? P : never;
}[PagePath];

export type PrerenderedPath = PathsWhere<'prerendered'>;
export type ServerRenderedPath = PathsWhere<'server'>;
export type ClientOnlyPath = PathsWhere<'client'>;

const entries = Object.entries(PAGES) as [PagePath, PageEntry][];

/** Public pages rendered to HTML at build time (path -> file name under dist/client/pages). */
export const PRERENDERED_PAGES: Readonly<Record<PrerenderedPath, string>> = Object.fromEntries(
  entries.flatMap(([path, page]) => (page.render === 'prerendered' ? [[path, page.file]] : [])),
) as Record<PrerenderedPath, string>;

/** Pages the server renders on request from the records (a `:name` segment matches any one segment). */
export const SERVER_RENDERED_PATHS: readonly ServerRenderedPath[] = entries.flatMap(([path, page]) =>
  page.render === 'server' ? [path as ServerRenderedPath] : [],
);

/** Pages rendered only in the browser, served the app shell (a `:name` segment matches any one segment). */
export const CLIENT_ONLY_PATHS: readonly ClientOnlyPath[] = entries.flatMap(([path, page]) =>
  page.render === 'client' ? [path as ClientOnlyPath] : [],
);

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
