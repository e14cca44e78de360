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
} as const satisfies Record<string, string>;

export type PrerenderedPath = keyof typeof PRERENDERED_PAGES;

/** Pages rendered only in the browser (signed-in areas), served the app shell. */
export const CLIENT_ONLY_PATHS: readonly string[] = [
  '/get-started',
  '/register',
  '/login',
  '/forgot-password',
  '/reset-password',
  '/verify-email',
  '/onboarding',
  '/profile',
  '/admin',
  '/admin-donations',
  '/admin-dashboard',
  '/admin-contact',
  '/admin-analytics',
  '/admin-audit-log',
  '/admin-users',
];

export function isPrerenderedPath(path: string): path is PrerenderedPath {
  return Object.hasOwn(PRERENDERED_PAGES, path);
}

/** Prerendered pages carry this origin; the server swaps in PUBLIC_URL when it loads them. */
export const SITE_URL_PLACEHOLDER = 'https://site-url.invalid';
