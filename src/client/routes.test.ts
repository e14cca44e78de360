// @vitest-environment happy-dom
/** A page's code that fails to load is tried once more, and a failure is never kept: the next visit tries again. */
import { describe, expect, it, vi } from 'vitest';
import { PRERENDERED_PAGES, SERVER_RENDERED_PATHS } from '#shared/routes.ts';
import { forgetFailedLoads, loadPage, matchPage, PAGE_LIST, PageLoadError, type PageRoute } from './routes.tsx';

const Page = () => null;
const routeLoading = (load: PageRoute['load']): PageRoute => ({ path: '/donate', access: 'public', load });

describe("loading a page's code", () => {
  it('tries a second time when the first fails, and shows the page', async () => {
    const load = vi
      .fn<PageRoute['load']>()
      .mockRejectedValueOnce(new TypeError('Failed to fetch dynamically imported module'))
      .mockResolvedValueOnce({ default: Page });
    await expect(loadPage(routeLoading(load))).resolves.toBe(Page);
    expect(load).toHaveBeenCalledTimes(2);
  });

  it('fails as a page that did not load after two tries, and tries again once the next page is shown', async () => {
    const load = vi
      .fn<PageRoute['load']>()
      .mockRejectedValueOnce(new TypeError('offline'))
      .mockRejectedValueOnce(new TypeError('offline'))
      .mockResolvedValueOnce({ default: Page });
    const route = routeLoading(load);
    await expect(loadPage(route)).rejects.toBeInstanceOf(PageLoadError);
    // Until the next page is shown the failure stands (a render asking again does not start a loop of loads).
    await expect(loadPage(route)).rejects.toBeInstanceOf(PageLoadError);
    expect(load).toHaveBeenCalledTimes(2);
    forgetFailedLoads();
    await expect(loadPage(route)).resolves.toBe(Page);
    expect(load).toHaveBeenCalledTimes(3);
  });
});

describe('who may open each page', () => {
  const accessOf = (path: string) => matchPage(path).access;

  it('keeps prerendered and server-rendered pages public: HTML made for everyone holds nothing personal', () => {
    for (const path of [...Object.keys(PRERENDERED_PAGES), ...SERVER_RENDERED_PATHS])
      expect(PAGE_LIST.find((r) => r.path === path)?.access, path).toBe('public');
  });

  it('puts every admin page behind its admin level, and the account pages behind a sign-in', () => {
    const admin = PAGE_LIST.filter(({ path }) => path === '/admin' || path.startsWith('/admin-'));
    expect(admin.length).toBeGreaterThan(10);
    for (const { path, access } of admin) expect(typeof access === 'object', path).toBe(true);
    expect(accessOf('/admin-campaign')).toEqual({ admin: 'super_admin' });
    expect(accessOf('/admin-donations')).toEqual({ admin: 'manager' });
    expect(accessOf('/admin-stories')).toEqual({ admin: 'moderator' });
    for (const path of ['/profile', '/onboarding', '/notifications', '/my-stories', '/my-expenses'])
      expect(accessOf(path), path).toBe('user');
    for (const path of ['/login', '/register', '/stories', '/find-doctors', '/refund-request', '/members/:id'])
      expect(accessOf(path), path).toBe('public');
  });
});
