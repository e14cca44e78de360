/**
 * Who sees each of her health answers (decision 020): she sets one field at a time. Widening beyond "only me" needs
 * her standing consent to sharing, read under her account's lock, which withdrawing that consent also takes: a
 * withdrawal and a widening take turns, and the withdrawal's reset always wins.
 */
import { AppError } from '#shared/errors.ts';
import { FIELD_VISIBILITY_REFUSALS } from '#shared/field-visibility.ts';
import type { z } from 'zod';
import type { SetFieldVisibilitySchema } from '#shared/schemas/field-visibility.ts';
import { standingHealthConsent } from '../db/queries/health-data-consents.ts';
import { patientAnswersOf, fieldVisibilitiesOf } from '../db/queries/field-visibility.ts';
import { profileFieldVisibility } from '../db/schema/index.ts';
import { setFieldVisibilityPolicy } from '../policies/field-visibility.ts';
import type { Viewer } from '../policies/viewer.ts';
import { audit } from '../services/audit.ts';
import { holdAccount } from './health-data-consents.ts';
import type { CommandContext } from './run.ts';

type SetFieldVisibility = z.output<typeof SetFieldVisibilitySchema>;

/**
 * Sets who sees one of her answers, audited (the field and the levels, never the answer). Refused with 400 when she
 * holds no answers, or on `visibility` when she widens one without her consent to sharing; nothing is written then.
 */
export async function setFieldVisibility(
  { tx, actor, now }: CommandContext,
  viewer: NonNullable<Viewer>,
  { field, visibility }: SetFieldVisibility,
): Promise<void> {
  const userId = viewer.id;
  await holdAccount(tx, userId);
  if (!(await patientAnswersOf(tx, userId)))
    throw new AppError('VALIDATION', FIELD_VISIBILITY_REFUSALS.noAnswers, 'field');
  const sharing = (await standingHealthConsent(tx, userId, 'share')) !== undefined;
  const facts = { ownerId: userId, visibility, sharing };
  const refused = setFieldVisibilityPolicy.refusal(viewer, 'set', facts);
  if (refused !== null) throw new AppError('VALIDATION', refused, 'visibility');
  const before = (await fieldVisibilitiesOf(tx, userId))[field];
  if (before === visibility) return;
  await tx
    .insert(profileFieldVisibility)
    .values({ userId, field, visibility, updatedAt: now })
    .onConflictDoUpdate({
      target: [profileFieldVisibility.userId, profileFieldVisibility.field],
      set: { visibility, updatedAt: now },
    });
  await audit(tx, actor, {
    action: 'user.field_visibility',
    targetType: 'user',
    targetId: userId,
    before: { field, visibility: before },
    after: { field, visibility },
  });
}
