/**
 * Around each page (app.tsx): a page that throws while rendering, or whose code would not load, shows the site's
 * frame with an apology, a retry (a link that loads the page afresh) and a way home, instead of a blank app; and the server's
 * log gets one line (the kind, the page's pattern, the error's name: schemas/client-errors.ts). In the entry, so it is kept
 * to the few lines it needs.
 */
import { Component, type ReactNode } from 'react';
import * as clientErrors from '#shared/contract/client-errors.ts';
import { call } from '#client/lib/api.ts';
import { forgetFailedLoads, matchPage, PageLoadError } from '#client/routes.tsx';

export class PageErrorBoundary extends Component<{ children: ReactNode }, { failed: boolean }> {
  override state = { failed: false };

  // One boundary per page shown (app.tsx keys it by path): a new page tries again what failed on the last.
  constructor(props: { children: ReactNode }) {
    super(props);
    forgetFailedLoads();
  }

  static getDerivedStateFromError() {
    return { failed: true };
  }

  override componentDidCatch(error: unknown) {
    const name = error instanceof Error ? error.name : 'Error';
    const body = {
      kind: error instanceof PageLoadError ? 'chunk' : 'render',
      page: matchPage(location.pathname).path,
      name,
    } as const;
    call(clientErrors.report, { body }).catch(() => {});
  }

  override render() {
    if (!this.state.failed) return this.props.children;
    // Links, not buttons: trying again is loading the page afresh, as going home is.
    return (
      <div role="alert" className="mx-auto max-w-3xl px-4 py-20 text-center text-slate-700">
        <h1 className="text-2xl font-semibold text-ink">Sorry, this page did not load</h1>
        <p className="mt-3">
          Please{' '}
          <a href={location.href} className="font-semibold text-brand-800 underline">
            try again
          </a>
          . If it keeps happening, go to{' '}
          <a href="/" className="font-semibold text-brand-800 underline">
            the home page
          </a>
          .
        </p>
      </div>
    );
  }
}
