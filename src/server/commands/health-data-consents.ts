/**
 * Consent for consumer health data (decision 017): given against the policy version she read, withdrawn at any
 * time. Each step is one transaction with its audit entry, and a withdrawal's effects happen in it: withdrawing
 * 'collect' deletes her health answers, withdrawing 'share' makes her stories private and ends doctors' access.
 */
import { and, eq, isNull } from 'drizzle-orm';
import { AppError } from '#shared/errors.ts';
import {
  CONSUMER_HEALTH_POLICY_VERSION,
  HEALTH_CONSENT_REFUSALS,
  type HealthConsentKind,
} from '#shared/health-data-consent.ts';
import type { Tx } from '../db/client.ts';
import { standingHealthConsent, type HealthConsentRow } from '../db/queries/health-data-consents.ts';
import { fundraisers, healthDataConsents, patientProfiles, profileFieldVisibility, users } from '../db/schema/index.ts';
import { audit, type Actor } from '../services/audit.ts';
import { endMedicalReviewAccess } from './medical-reviews.ts';
import { unpublishAllStoriesOf } from './stories.ts';
import type { CommandContext } from './run.ts';

/** Holds her account row first (as account deletion and the medical reviews do), so two tabs take turns. */
export async function holdAccount(tx: Tx, userId: string): Promise<void> {
  await tx.select({ id: users.id }).from(users).where(eq(users.id, userId)).for('no key update');
}

/**
 * Records her consent of this kind under the current policy version, with its audit entry; a consent that
 * already stands is kept as it is (a second tap, the onboarding form sent again). Call inside the transaction of
 * whatever it allows, before that is written.
 */
export async function recordHealthConsent(
  tx: Tx,
  actor: Actor,
  userId: string,
  kind: HealthConsentKind,
  now: Date,
): Promise<HealthConsentRow> {
  await holdAccount(tx, userId);
  const standing = await standingHealthConsent(tx, userId, kind);
  if (standing) return standing;
  const [row] = await tx
    .insert(healthDataConsents)
    .values({ userId, kind, policyVersion: CONSUMER_HEALTH_POLICY_VERSION, givenAt: now })
    .returning();
  await audit(tx, actor, {
    action: 'user.health_consent_given',
    targetType: 'user',
    targetId: userId,
    after: { kind, policyVersion: CONSUMER_HEALTH_POLICY_VERSION },
  });
  return row!;
}

/** She gives a consent in Account Settings, naming the policy version she read (an older one: 409). */
export async function giveHealthConsent(
  { tx, actor, now }: CommandContext,
  userId: string,
  kind: HealthConsentKind,
  policyVersion: string,
): Promise<HealthConsentRow> {
  if (policyVersion !== CONSUMER_HEALTH_POLICY_VERSION)
    throw AppError.stale(HEALTH_CONSENT_REFUSALS.staleVersion, CONSUMER_HEALTH_POLICY_VERSION);
  return recordHealthConsent(tx, actor, userId, kind, now);
}

/** Deletes her health answers (the patient profile); her onboarding is then unfinished until she answers again. */
async function removeHealthAnswers(tx: Tx, userId: string, now: Date): Promise<boolean> {
  const deleted = await tx
    .delete(patientProfiles)
    .where(eq(patientProfiles.userId, userId))
    .returning({ userId: patientProfiles.userId });
  await tx.update(users).set({ onboardingCompletedAt: null, updatedAt: now }).where(eq(users.id, userId));
  return deleted.length > 0;
}

/**
 * Deletes the health answers we hold of hers, whatever her consents: a patient who answered before consents were
 * asked refuses to give one this way (with a consent standing, withdrawing it does the same and more). 404 when we
 * hold none.
 */
export async function deleteHealthAnswers({ tx, actor, now }: CommandContext, userId: string): Promise<void> {
  await holdAccount(tx, userId);
  if (!(await removeHealthAnswers(tx, userId, now)))
    throw new AppError('NOT_FOUND', 'We hold no health answers of yours');
  await audit(tx, actor, { action: 'user.health_answers_deleted', targetType: 'user', targetId: userId });
}

/**
 * Withdraws her standing consent of this kind (404 when none stands) and stops what it allowed, in the same
 * transaction: 'collect' deletes her health answers (the patient profile; her onboarding is then unfinished until
 * she answers again), 'share' makes every story of hers private, puts every health answer back to "only me",
 * turns off the default for new ones and ends every doctor's access to her fundraisers (an attestation ends with it).
 */
export async function withdrawHealthConsent(
  ctx: CommandContext,
  userId: string,
  kind: HealthConsentKind,
): Promise<void> {
  const { tx, actor, now } = ctx;
  await holdAccount(tx, userId);
  const [withdrawn] = await tx
    .update(healthDataConsents)
    .set({ withdrawnAt: now })
    .where(
      and(
        eq(healthDataConsents.userId, userId),
        eq(healthDataConsents.kind, kind),
        isNull(healthDataConsents.withdrawnAt),
      ),
    )
    .returning();
  if (!withdrawn) throw new AppError('NOT_FOUND', 'You have not given this consent');
  if (kind === 'collect') {
    await removeHealthAnswers(tx, userId, now);
  } else {
    await unpublishAllStoriesOf(ctx, userId);
    // Every health answer is hers alone again (decision 020): no row is the default, "only me".
    await tx.delete(profileFieldVisibility).where(eq(profileFieldVisibility.userId, userId));
    await tx
      .update(patientProfiles)
      .set({ allowPublicStory: false, updatedAt: now })
      .where(eq(patientProfiles.userId, userId));
    const hers = await tx
      .select({ id: fundraisers.id, ownerId: fundraisers.ownerId })
      .from(fundraisers)
      .where(eq(fundraisers.ownerId, userId));
    for (const fundraiser of hers) await endMedicalReviewAccess(ctx, fundraiser, 'consent_withdrawn');
  }
  await audit(tx, actor, {
    action: 'user.health_consent_withdrawn',
    targetType: 'user',
    targetId: userId,
    before: { kind, policyVersion: withdrawn.policyVersion, givenAt: withdrawn.givenAt.toISOString() },
  });
}
