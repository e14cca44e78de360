/** First-party analytics: fire-and-forget, and nothing at all when the visitor opts out. */
import type { AnalyticsEvent } from '#shared/schemas/analytics.ts';

type EventWithoutPath = AnalyticsEvent extends infer E ? (E extends AnalyticsEvent ? Omit<E, 'path'> : never) : never;

function optedOut(): boolean {
  const nav = navigator as Navigator & { globalPrivacyControl?: boolean };
  return nav.doNotTrack === '1' || nav.globalPrivacyControl === true;
}

export function track(event: EventWithoutPath): void {
  if (typeof window === 'undefined' || optedOut()) return;
  const body = JSON.stringify({ ...event, path: window.location.pathname });
  // keepalive lets the event outlive a navigation (e.g. a click that opens a new page).
  fetch('/api/events', {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body,
    keepalive: true,
  }).catch(() => {});
}
