/** Every page path the client knows; the server answers others with the 404 page and status 404. */

/** Public pages rendered to HTML at build time (path -> file name under dist/client/pages). */
export const PRERENDERED_PAGES = {
  '/': 'index',
  '/donate': 'donate',
  '/how-it-works': 'how-it-works',
  '/contact': 'contact',
  '/privacy-policy': 'privacy-policy',
  '/terms-of-service': 'terms-of-service',
  '/medical-disclaimer': 'medical-disclaimer',
  '/donor-agreement': 'donor-agreement',
  '/transparency': 'transparency',
} as const satisfies Record<string, string>;

export type PrerenderedPath = keyof typeof PRERENDERED_PAGES;

/**
 * Pages rendered only in the browser (signed-in areas, pages of one record), served the app shell. A `:name`
 * segment (e.g. '/doctors/:id') stands for any one segment: the server registers it as a route parameter,
 * and the client matches it with pathMatches.
 */
export const CLIENT_ONLY_PATHS: readonly string[] = [
  '/get-started',
  '/register',
  '/login',
  '/logout',
  '/forgot-password',
  '/reset-password',
  '/verify-email',
  '/onboarding',
  '/profile',
  '/notifications',
  '/stories',
  '/stories/:id',
  '/my-stories',
  '/my-stories/new',
  '/my-stories/:id/edit',
  '/admin',
  '/admin-donations',
  '/admin-dashboard',
  '/admin-contact',
  '/admin-analytics',
  '/admin-audit-log',
  '/admin-users',
  '/admin-stories',
  '/find-doctors',
  '/doctors/:id',
  '/doctor-dashboard',
  '/admin-doctors',
  '/admin-campaign',
  '/refund-request',
  '/my-expenses',
  '/my-expenses/new',
  '/admin-expenses',
];

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

export function isPrerenderedPath(path: string): path is PrerenderedPath {
  return Object.hasOwn(PRERENDERED_PAGES, path);
}

/** Prerendered pages carry this origin; the server swaps in PUBLIC_URL when it loads them. */
export const SITE_URL_PLACEHOLDER = 'https://site-url.invalid';
