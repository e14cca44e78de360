/** The app root: data, site content, router, layout, and the page for the current path. */
import { Suspense, type ReactNode } from 'react';
import { QueryClientProvider, type QueryClient } from '@tanstack/react-query';
import { Route, Router, Switch, useLocation } from 'wouter';
import { SiteProvider, type SiteData } from './lib/campaign-context.tsx';
import { AccessGate, NOT_FOUND_ROUTE, PAGE_LIST, PageView } from './routes.tsx';
import { TopNav } from './components/top-nav.tsx';
import { Footer } from './components/footer.tsx';
import { LazyToaster } from './components/ui/lazy-toaster.tsx';
import { PageStatus } from './components/page-status.tsx';
import { PageErrorBoundary } from './components/page-error-boundary.tsx';

export function App({
  site,
  queryClient,
  ssrPath,
  ssrSearch,
  effects,
}: {
  site: SiteData;
  queryClient: QueryClient;
  ssrPath?: string;
  ssrSearch?: string;
  /** The browser's per-navigation effects (navigation-effects.tsx), inside the router; none on the server. */
  effects?: ReactNode;
}) {
  return (
    <QueryClientProvider client={queryClient}>
      <SiteProvider site={site}>
        <Router {...(ssrPath ? { ssrPath, ssrSearch: ssrSearch ?? '' } : {})}>
          {effects}
          <a
            href="#main"
            className="sr-only focus:not-sr-only focus:fixed focus:top-2 focus:left-2 focus:z-50 focus:rounded-lg focus:bg-white focus:px-4 focus:py-2"
          >
            Skip to content
          </a>
          <TopNav />
          <main id="main" tabIndex={-1} className="outline-none">
            <PageBoundary>
              <Suspense fallback={<PageStatus>Loading…</PageStatus>}>
                <Switch>
                  {/* Each page behind its access from the page table: the page renders only for whom it lets in. */}
                  {PAGE_LIST.map((route) => (
                    <Route key={route.path} path={route.path}>
                      <AccessGate route={route}>
                        <PageView route={route} />
                      </AccessGate>
                    </Route>
                  ))}
                  <Route>
                    <PageView route={NOT_FOUND_ROUTE} />
                  </Route>
                </Switch>
              </Suspense>
            </PageBoundary>
          </main>
          <Footer />
          <LazyToaster />
        </Router>
      </SiteProvider>
    </QueryClientProvider>
  );
}

/** A fresh error boundary for each page: a failure on one page is forgotten on the next. */
function PageBoundary({ children }: { children: ReactNode }) {
  const [path] = useLocation();
  return <PageErrorBoundary key={path}>{children}</PageErrorBoundary>;
}
