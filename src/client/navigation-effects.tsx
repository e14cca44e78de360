/**
 * Per navigation in the browser: head tags (their code loads on the first one: a page arrives with its own) and a
 * page view. Only the browser's entry renders it, so the server's renderer (which imports the head code itself)
 * never holds a dynamic import of it that cannot split.
 */
import { useEffect, useRef } from 'react';
import { useLocation } from 'wouter';
import type { SiteData } from './lib/campaign-context.tsx';
import { track } from './lib/analytics.ts';

export function NavigationEffects({ site }: { site: SiteData }) {
  const [location] = useLocation();
  const arrived = useRef(true);
  useEffect(() => {
    // Lets tests (and anything else) know the prerendered page is now interactive.
    document.documentElement.dataset.hydrated = 'true';
  }, []);
  useEffect(() => {
    track({ name: 'page_view' });
    if (arrived.current) {
      arrived.current = false;
      return;
    }
    let showing = true;
    void import('./head.ts').then(({ applyHead }) => showing && applyHead(location, site));
    return () => {
      showing = false;
    };
  }, [location, site]);
  return null;
}
