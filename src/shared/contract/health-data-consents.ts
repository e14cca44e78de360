/**
 * A patient's consents for her consumer health data (decision 017): read them, give one, withdraw one. Any member may
 * call them: an account without a role yet answers the patient's questions too, and must be able to withdraw.
 */
import {
  GiveHealthConsentSchema,
  HealthConsentParamsSchema,
  HealthConsentsAnswerSchema,
  HealthConsentViewSchema,
} from '../schemas/health-data-consent.ts';
import { endpoint } from './endpoint.ts';

export const healthConsents = endpoint({
  method: 'GET',
  path: '/api/user/health-data-consents',
  access: 'user',
  resource: 'health-data-consents',
  responses: { 200: HealthConsentsAnswerSchema },
});
export const giveHealthConsent = endpoint({
  method: 'POST',
  path: '/api/user/health-data-consents',
  access: 'user',
  body: GiveHealthConsentSchema,
  responses: { 201: HealthConsentViewSchema },
  changes: ['health-data-consents', 'field-visibility'],
});
/** Withdrawing 'collect' deletes her health answers; withdrawing 'share' makes her stories private, ends reviews. */
export const withdrawHealthConsent = endpoint({
  method: 'DELETE',
  path: '/api/user/health-data-consents/:kind',
  access: 'user',
  params: HealthConsentParamsSchema,
  responses: { 204: null },
  changes: [
    'health-data-consents',
    'field-visibility',
    'members',
    'session',
    'profile',
    'my-stories',
    'stories',
    'my-fundraiser',
    'medical-reviews',
  ],
});
/**
 * Deletes the health answers we hold of hers (her patient profile), consent or not: how a patient who answered
 * before consents were asked refuses to give one (decision 017). 404 when we hold none.
 */
export const deleteHealthAnswers = endpoint({
  method: 'DELETE',
  path: '/api/user/health-answers',
  access: 'user',
  responses: { 204: null },
  changes: ['health-data-consents', 'session', 'profile'],
});
