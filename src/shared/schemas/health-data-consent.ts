/** Consent for consumer health data (decision 017): giving one against the policy version read, the list she sees. */
import { z } from 'zod';
import { HEALTH_CONSENT_KINDS } from '../health-data-consent.ts';

const kind = z.enum(HEALTH_CONSENT_KINDS, { error: 'Choose which consent: collect or share' });

/** POST /api/user/health-data-consents: the consent and the policy version she read (a newer one: 409). */
export const GiveHealthConsentSchema = z.strictObject({
  kind,
  policyVersion: z.string({ error: 'Name the policy version you read' }).max(20, 'Unknown policy version'),
});
export type GiveHealthConsentInput = z.input<typeof GiveHealthConsentSchema>;

/** DELETE /api/user/health-data-consents/:kind */
export const HealthConsentParamsSchema = z.object({ kind });

/** One consent given (and perhaps withdrawn). */
export const HealthConsentViewSchema = z.object({
  id: z.string(),
  kind,
  policyVersion: z.string(),
  givenAt: z.string(),
  withdrawnAt: z.string().nullable(),
});
export type HealthConsentView = z.infer<typeof HealthConsentViewSchema>;

/** GET /api/user/health-data-consents: the policy's current version, each consent as it stands, and the history. */
export const HealthConsentsAnswerSchema = z.object({
  policyVersion: z.string(),
  current: z.object({ collect: HealthConsentViewSchema.nullable(), share: HealthConsentViewSchema.nullable() }),
  /** Whether we hold health answers of hers (her patient profile). */
  holdsHealthAnswers: z.boolean(),
  history: z.array(HealthConsentViewSchema),
});
export type HealthConsentsAnswer = z.infer<typeof HealthConsentsAnswerSchema>;
