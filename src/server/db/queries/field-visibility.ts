/** Read models of who sees each health answer (decision 020): her settings, and the member a member page shows. */
import { and, eq } from 'drizzle-orm';
import {
  DEFAULT_FIELD_VISIBILITY,
  PROFILE_FIELDS,
  type FieldVisibility,
  type ProfileField,
} from '#shared/field-visibility.ts';
import type { Db, Tx } from '../client.ts';
import { patientProfiles, profileFieldVisibility, users } from '../schema/index.ts';

export type FieldVisibilities = Record<ProfileField, FieldVisibility>;
export type PatientAnswers = Pick<typeof patientProfiles.$inferSelect, ProfileField>;

/** Who sees each of her fields: what she set, else the default ("only me"). */
export async function fieldVisibilitiesOf(db: Db | Tx, userId: string): Promise<FieldVisibilities> {
  const rows = await db
    .select({ field: profileFieldVisibility.field, visibility: profileFieldVisibility.visibility })
    .from(profileFieldVisibility)
    .where(eq(profileFieldVisibility.userId, userId));
  const settings = Object.fromEntries(PROFILE_FIELDS.map((field) => [field, DEFAULT_FIELD_VISIBILITY]));
  for (const row of rows) settings[row.field] = row.visibility;
  return settings as FieldVisibilities;
}

/** Her health answers (the fields a member page may show), or null when we hold none. */
export async function patientAnswersOf(db: Db | Tx, userId: string): Promise<PatientAnswers | null> {
  const [row] = await db
    .select({
      medicalCondition: patientProfiles.medicalCondition,
      symptoms: patientProfiles.symptoms,
      treatmentGoals: patientProfiles.treatmentGoals,
      urgencyLevel: patientProfiles.urgencyLevel,
      preferredContactMethod: patientProfiles.preferredContactMethod,
    })
    .from(patientProfiles)
    .where(eq(patientProfiles.userId, userId));
  return row ?? null;
}

/** What a member page shows of an active account: never her legal name beyond what shownName() needs. */
export interface MemberRow {
  id: string;
  firstName: string;
  lastName: string;
  communityName: string | null;
  role: (typeof users.$inferSelect)['role'];
  profileImageUrl: string | null;
}

/** An active account by id, or undefined (unknown, suspended or deleted: the same "not found"). */
export async function activeMember(db: Db, id: string): Promise<MemberRow | undefined> {
  const [row] = await db
    .select({
      id: users.id,
      firstName: users.firstName,
      lastName: users.lastName,
      communityName: users.communityName,
      role: users.role,
      profileImageUrl: users.profileImageUrl,
    })
    .from(users)
    .where(and(eq(users.id, id), eq(users.status, 'active')));
  return row;
}
