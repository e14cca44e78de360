/**
 * Who sees each of a patient's health answers (decision 020): one row per field she set; a field without a row is
 * "only me". The rows belong to her answers (patient_profiles), so deleting them (her withdrawn consent to collect,
 * her deleted account) deletes the settings with them.
 */
import { sql } from 'drizzle-orm';
import { check, pgTable, primaryKey, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import type { FieldVisibility, ProfileField } from '#shared/field-visibility.ts';
import { patientProfiles } from './accounts.ts';

export const profileFieldVisibility = pgTable(
  'profile_field_visibility',
  {
    userId: uuid('user_id')
      .notNull()
      .references(() => patientProfiles.userId, { onDelete: 'cascade' }),
    field: text('field').$type<ProfileField>().notNull(),
    visibility: text('visibility').$type<FieldVisibility>().notNull(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.userId, t.field] }),
    check(
      'profile_field_visibility_field',
      sql`${t.field} in ('medicalCondition', 'symptoms', 'treatmentGoals', 'urgencyLevel', 'preferredContactMethod')`,
    ),
    check('profile_field_visibility_visibility', sql`${t.visibility} in ('only-me', 'members', 'public')`),
  ],
);
