/**
 * The client's route table, keyed by the page table's paths (src/shared/routes.ts, which says how each page renders
 * and who may open it): how each page's code loads (split per page). A path missing on either side fails
 * typecheck. How a signed-out visitor is asked to sign in is the access gate's (page-access.tsx), in its own chunk.
 * Head tags are in page-heads.ts, loaded only on a navigation in the browser (a page arrives with its own).
 */
import { use, type ComponentType, type ReactNode } from 'react';
import { pathMatches, type ClientOnlyPath, type PageAccess, type PagePath } from '#shared/routes.ts';

type PageModule = { default: ComponentType };

export interface PageRoute {
  path: PagePath | '*';
  access: PageAccess;
  load: () => Promise<PageModule>;
}

/**
 * A table entry: how the page's code loads and, for a page rendered only in the browser, who may open it. A page
 * whose HTML is made for everyone (prerendered or server-rendered) is public, so it names no access.
 */
type RouteOf<P extends PagePath> = Pick<PageRoute, 'load'> &
  (P extends ClientOnlyPath ? { access: PageAccess } : { access?: never });

export const PAGE_ROUTES = {
  '/': { load: () => import('./routes/public/campaign-page.tsx') },
  '/donate': { load: () => import('./routes/public/donate-page.tsx') },
  '/how-it-works': { load: () => import('./routes/public/how-it-works.tsx') },
  '/contact': { load: () => import('./routes/public/contact-page.tsx') },
  '/privacy-policy': { load: () => import('./routes/public/privacy-policy.tsx') },
  '/consumer-health-data-privacy': { load: () => import('./routes/public/consumer-health-data-privacy.tsx') },
  '/terms-of-service': { load: () => import('./routes/public/terms-of-service.tsx') },
  '/medical-disclaimer': { load: () => import('./routes/public/medical-disclaimer.tsx') },
  '/donor-agreement': { load: () => import('./routes/public/donor-agreement.tsx') },
  '/transparency': { load: () => import('./routes/public/transparency-page.tsx') },
  '/thank-you': { load: () => import('./routes/public/thank-you-page.tsx') },
  // Public, but a form that only works in the browser (the human check runs there).
  '/refund-request': { access: 'public', load: () => import('./routes/public/refund-request-page.tsx') },
  // Account pages: rendered in the browser only (served the app shell), never indexed.
  '/get-started': { access: 'public', load: () => import('./routes/account/get-started.tsx') },
  '/register': { access: 'public', load: () => import('./routes/account/register.tsx') },
  '/login': { access: 'public', load: () => import('./routes/account/login.tsx') },
  '/logout': { access: 'public', load: () => import('./routes/account/logout.tsx') },
  '/forgot-password': { access: 'public', load: () => import('./routes/account/forgot-password.tsx') },
  '/reset-password': { access: 'public', load: () => import('./routes/account/reset-password.tsx') },
  '/verify-email': { access: 'public', load: () => import('./routes/account/verify-email.tsx') },
  '/confirm-updates': { access: 'public', load: () => import('./routes/account/confirm-updates.tsx') },
  '/unsubscribe': { access: 'public', load: () => import('./routes/account/unsubscribe.tsx') },
  '/onboarding': { access: 'user', load: () => import('./routes/account/onboarding.tsx') },
  '/profile': { access: 'user', load: () => import('./routes/account/profile.tsx') },
  '/notifications': { access: 'user', load: () => import('./routes/account/notifications.tsx') },
  // Stories: the public list and stories (rendered on the server), and the author's own pages.
  '/stories': { load: () => import('./routes/community/stories-list.tsx') },
  '/stories/:id': { load: () => import('./routes/community/story-detail.tsx') },
  '/my-stories': { access: 'user', load: () => import('./routes/community/my-stories.tsx') },
  '/my-stories/new': { access: 'user', load: () => import('./routes/community/story-editor.tsx') },
  '/my-stories/:id/edit': { access: 'user', load: () => import('./routes/community/story-editor.tsx') },
  // Admin pages: browser only like the account pages; the server checks every admin call.
  '/admin': { access: { admin: 'moderator' }, load: () => import('./routes/admin/admin-home.tsx') },
  '/admin-donations': { access: { admin: 'manager' }, load: () => import('./routes/admin/admin-donations.tsx') },
  '/admin-payments': { access: { admin: 'manager' }, load: () => import('./routes/admin/admin-payments.tsx') },
  '/admin-dashboard': { access: { admin: 'moderator' }, load: () => import('./routes/admin/admin-dashboard.tsx') },
  '/admin-contact': { access: { admin: 'moderator' }, load: () => import('./routes/admin/admin-contact.tsx') },
  '/admin-mail': { access: { admin: 'super_admin' }, load: () => import('./routes/admin/admin-mail.tsx') },
  '/admin-analytics': { access: { admin: 'manager' }, load: () => import('./routes/admin/admin-analytics.tsx') },
  '/admin-audit-log': { access: { admin: 'manager' }, load: () => import('./routes/admin/admin-audit-log.tsx') },
  '/admin-users': { access: { admin: 'manager' }, load: () => import('./routes/admin/admin-users.tsx') },
  '/admin-stories': { access: { admin: 'moderator' }, load: () => import('./routes/admin/admin-stories.tsx') },
  '/admin-doctors': { access: { admin: 'manager' }, load: () => import('./routes/admin/admin-doctors.tsx') },
  '/admin-campaign': { access: { admin: 'super_admin' }, load: () => import('./routes/admin/admin-campaign.tsx') },
  '/admin-expenses': { access: { admin: 'manager' }, load: () => import('./routes/admin/admin-expenses.tsx') },
  '/admin-fundraisers': { access: { admin: 'manager' }, load: () => import('./routes/admin/admin-fundraisers.tsx') },
  // Spending: the campaign owner's expenses, browser-rendered like the account pages.
  '/my-expenses': { access: 'user', load: () => import('./routes/spending/my-expenses.tsx') },
  '/my-expenses/new': { access: 'user', load: () => import('./routes/spending/expense-form.tsx') },
  // Doctors: the public directory and profiles (rendered on the server), and a doctor's own dashboard.
  '/find-doctors': { load: () => import('./routes/community/find-doctors.tsx') },
  '/doctors/:id': { load: () => import('./routes/community/doctor-profile.tsx') },
  '/members/:id': { access: 'public', load: () => import('./routes/community/member-page.tsx') },
  // Patients' live fundraisers (rendered on the server).
  '/fundraisers': { load: () => import('./routes/fundraisers/fundraisers-list.tsx') },
  '/fundraisers/:slug': { load: () => import('./routes/fundraisers/fundraiser-page.tsx') },
  '/fundraisers/:slug/donate': { load: () => import('./routes/fundraisers/fundraiser-donate.tsx') },
  '/transparency/:slug': { load: () => import('./routes/fundraisers/fundraiser-transparency.tsx') },
  '/my-fundraiser': { access: 'user', load: () => import('./routes/fundraisers/my-fundraiser.tsx') },
  '/doctor-dashboard': { access: 'user', load: () => import('./routes/community/doctor-dashboard.tsx') },
  // Care plans: her own, and a helper's reading of it.
  '/care-plan': { access: 'user', load: () => import('./routes/care/my-care-plan.tsx') },
  '/care/:planId': { access: 'user', load: () => import('./routes/care/helper-care-plan.tsx') },
  // A patient's care plan: what is open, for whoever has her link (rendered on the server).
  '/care/open/:token': { load: () => import('./routes/care/care-open-slots.tsx') },
} as const satisfies { readonly [P in PagePath]: RouteOf<P> };

/** Every page with its path and access (what the router and matchPage walk; no two patterns fit one path). */
export const PAGE_LIST: readonly PageRoute[] = (Object.keys(PAGE_ROUTES) as PagePath[]).map((path) => ({
  path,
  access: 'public',
  ...PAGE_ROUTES[path],
}));

/** Who may open the page at `path`: its access in the table, public for a page made as HTML for everyone. */
export function pageAccess(path: PagePath): PageAccess {
  const route: Partial<PageRoute> = PAGE_ROUTES[path];
  return route.access ?? 'public';
}

export const NOT_FOUND_ROUTE: PageRoute = {
  path: '*',
  access: 'public',
  load: () => import('./routes/not-found.tsx'),
};

export function matchPage(pathname: string): PageRoute {
  const path = pathname.length > 1 ? pathname.replace(/\/$/, '') : pathname;
  return PAGE_LIST.find((r) => pathMatches(r.path, path)) ?? NOT_FOUND_ROUTE;
}

const loaded = new Map<PageRoute, ComponentType>();
const loading = new Map<PageRoute, Promise<ComponentType>>();

type Gate = ComponentType<{ route: PageRoute; children: ReactNode }>;
let gate: Gate | undefined;
let gateLoading: Promise<Gate> | undefined;

/** A page's code that did not load, even on a second try (the page's error boundary offers a reload). */
export class PageLoadError extends Error {
  override name = 'PageLoadError';
}

/** Loads code, trying once more when the first try fails (a network blip, a deploy between two pages). */
const twice = <T,>(load: () => Promise<T>): Promise<T> =>
  load().catch(() => load().catch(() => Promise.reject(new PageLoadError())));

/** Pages whose code failed to load: kept failed until the next page is shown, so a render does not loop on it. */
const failed = new Set<PageRoute>();
let gateFailed = false;

/** Forgets the loads that failed, so the next visit to those pages tries again (each page's boundary calls it). */
export function forgetFailedLoads(): void {
  for (const route of failed) loading.delete(route);
  failed.clear();
  if (gateFailed) gateLoading = undefined;
  gateFailed = false;
}

/** The access gate's code: its own chunk, so the public pages never download it. */
function loadGate(): Promise<Gate> {
  gateLoading ??= twice(() => import('./page-access.tsx')).then(
    (m) => (gate = m.PageAccessGate),
    (err: unknown) => {
      gateFailed = true;
      throw err;
    },
  );
  return gateLoading;
}

/**
 * Loads a page's code once (with the access gate's, for a page that is not public); hydration awaits this. A
 * failure is kept only until the next page is shown (forgetFailedLoads), never for good.
 */
export function loadPage(route: PageRoute): Promise<ComponentType> {
  let promise = loading.get(route);
  if (!promise) {
    promise = Promise.all([twice(route.load), route.access === 'public' ? null : loadGate()]).then(
      ([m]) => {
        loaded.set(route, m.default);
        return m.default;
      },
      (err: unknown) => {
        failed.add(route);
        throw err;
      },
    );
    loading.set(route, promise);
  }
  return promise;
}

/** Renders `children` (the page) for whom the page table lets in, and the sign-in or no-access view to others. */
export function AccessGate({ route, children }: { route: PageRoute; children: ReactNode }) {
  if (route.access === 'public') return children;
  const Gate = gate ?? use(loadGate());
  // Gate is a module's export, the same component on every render, not one made here.
  // eslint-disable-next-line react-hooks/static-components
  return <Gate route={route}>{children}</Gate>;
}

export function PageView({ route }: { route: PageRoute }) {
  const Page = loaded.get(route) ?? use(loadPage(route));
  // The page is a module's default export, the same component on every render, not one made here.
  // eslint-disable-next-line react-hooks/static-components
  return <Page />;
}
