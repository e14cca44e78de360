/** The site's own small endpoints: first-party analytics events, and the human check's challenge. */
import { AltchaChallengeSchema } from '../schemas/altcha.ts';
import { AnalyticsEventSchema } from '../schemas/analytics.ts';
import { endpoint } from './endpoint.ts';

/** One analytics event; nothing is stored when the visitor asks not to be tracked (Do Not Track, GPC). */
export const event = endpoint({
  method: 'POST',
  path: '/api/events',
  access: 'public',
  body: AnalyticsEventSchema,
  responses: { 204: null },
});

/** A signed proof-of-work challenge for the human check (ALTCHA), solved in the browser. */
export const altchaChallenge = endpoint({
  method: 'GET',
  path: '/api/altcha/challenge',
  access: 'public',
  responses: { 200: AltchaChallengeSchema },
});
