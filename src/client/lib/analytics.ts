/** First-party analytics: fire-and-forget, and nothing at all when the visitor opts out. */
import type { AnalyticsEvent } from '#shared/schemas/analytics.ts';
import * as site from '#shared/contract/site.ts';

type EventWithoutPath = AnalyticsEvent extends infer E ? (E extends AnalyticsEvent ? Omit<E, 'path'> : never) : never;

function optedOut(): boolean {
  const nav = navigator as Navigator & { globalPrivacyControl?: boolean };
  return nav.doNotTrack === '1' || nav.globalPrivacyControl === true;
}

export function track(event: EventWithoutPath): void {
  if (typeof window === 'undefined' || optedOut()) return;
  const sent: AnalyticsEvent = { ...event, path: window.location.pathname };
  // Sent by hand, not with `call`: keepalive lets the event outlive a navigation (e.g. a click that opens a new page).
  // The endpoint reads no params or query, so its path is its URL; the browser's build writes both as plain strings.
  fetch(site.event.path, {
    method: site.event.method,
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(sent),
    keepalive: true,
  }).catch(() => {});
}
