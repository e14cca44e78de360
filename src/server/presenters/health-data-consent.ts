/** Her consents for consumer health data, as she reads them in Account Settings (decision 017). */
import type { HealthConsentView, HealthConsentsAnswer } from '#shared/schemas/health-data-consent.ts';
import type { HealthConsentRow } from '../db/queries/health-data-consents.ts';

/** One consent: its kind, the policy version it was given against, when given and when withdrawn. */
export const presentHealthConsent = (row: HealthConsentRow): HealthConsentView => ({
  id: row.id,
  kind: row.kind,
  policyVersion: row.policyVersion,
  givenAt: row.givenAt.toISOString(),
  withdrawnAt: row.withdrawnAt?.toISOString() ?? null,
});

/** Every consent she gave (newest first) and the standing one of each kind. */
export function presentHealthConsents(
  rows: HealthConsentRow[],
  policyVersion: string,
  holdsHealthAnswers: boolean,
): HealthConsentsAnswer {
  const standing = (kind: HealthConsentRow['kind']) => {
    const row = rows.find((r) => r.kind === kind && r.withdrawnAt === null);
    return row ? presentHealthConsent(row) : null;
  };
  return {
    policyVersion,
    current: { collect: standing('collect'), share: standing('share') },
    holdsHealthAnswers,
    history: rows.map(presentHealthConsent),
  };
}
