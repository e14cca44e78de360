/** Her consents for consumer health data in Account Settings (decision 017): read, give, withdraw; her answers. */
import * as consents from '#shared/contract/health-data-consents.ts';
import { CONSUMER_HEALTH_POLICY_VERSION, type HealthConsentKind } from '#shared/health-data-consent.ts';
import { call, queryOf } from '#client/lib/api.ts';

export const healthConsentsQuery = () => queryOf(consents.healthConsents);
/** Gives the consent under the policy version this page shows (a newer one on the server: 409, the page reloads). */
export const giveHealthConsent = (kind: HealthConsentKind) =>
  call(consents.giveHealthConsent, { body: { kind, policyVersion: CONSUMER_HEALTH_POLICY_VERSION } });
export const withdrawHealthConsent = (kind: HealthConsentKind) =>
  call(consents.withdrawHealthConsent, { params: { kind } });
/** Deletes the health answers we hold of hers, whatever her consents (answers given before consents were asked). */
export const deleteHealthAnswers = () => call(consents.deleteHealthAnswers);
