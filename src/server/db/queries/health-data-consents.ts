/** Read models of consent for consumer health data (decision 017): hers, the standing one of a kind, her answers. */
import { and, desc, eq, isNull } from 'drizzle-orm';
import type { HealthConsentKind } from '#shared/health-data-consent.ts';
import type { Db, Tx } from '../client.ts';
import { healthDataConsents, patientProfiles } from '../schema/index.ts';

export type HealthConsentRow = typeof healthDataConsents.$inferSelect;

/** Every consent she gave, newest first, withdrawn or standing. */
export function healthConsentsOf(db: Db | Tx, userId: string): Promise<HealthConsentRow[]> {
  return db
    .select()
    .from(healthDataConsents)
    .where(eq(healthDataConsents.userId, userId))
    .orderBy(desc(healthDataConsents.givenAt));
}

/** Her standing (not withdrawn) consent of this kind, or undefined. */
export async function standingHealthConsent(
  db: Db | Tx,
  userId: string,
  kind: HealthConsentKind,
): Promise<HealthConsentRow | undefined> {
  const [row] = await db
    .select()
    .from(healthDataConsents)
    .where(
      and(
        eq(healthDataConsents.userId, userId),
        eq(healthDataConsents.kind, kind),
        isNull(healthDataConsents.withdrawnAt),
      ),
    );
  return row;
}

/** Whether we hold health answers of hers (her patient profile). */
export async function holdsHealthAnswers(db: Db | Tx, userId: string): Promise<boolean> {
  const [row] = await db
    .select({ userId: patientProfiles.userId })
    .from(patientProfiles)
    .where(eq(patientProfiles.userId, userId));
  return row !== undefined;
}
