/** Consent for consumer health data through the API (decision 017): what a patient gives before she shares. */
import { CONSUMER_HEALTH_POLICY_VERSION, type HealthConsentKind } from '../../src/shared/health-data-consent.ts';
import { postJson, type TestApp } from '../setup/test-app.ts';

/** She gives this consent under the current policy version (a standing one stays as it is). */
export const giveHealthConsent = (t: TestApp, cookie: string, kind: HealthConsentKind = 'share') =>
  postJson(
    t.app,
    '/api/user/health-data-consents',
    { kind, policyVersion: CONSUMER_HEALTH_POLICY_VERSION },
    { cookie },
  );

/** A patient's onboarding answers (her health data), without the consents. */
export const HEALTH_ANSWERS = {
  medicalCondition: 'Stage IV endometriosis',
  symptoms: 'Pelvic pain, fatigue',
  treatmentGoals: 'Excision surgery and recovery',
  urgencyLevel: 'high',
  preferredContactMethod: 'email',
};
