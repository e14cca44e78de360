/**
 * Consent for consumer health data (decision 017): one row per consent given, against the policy version she
 * read; withdrawing sets `withdrawn_at`, and giving it again is a new row, so the history stays whole. At most one
 * standing consent of each kind per person.
 */
import { sql } from 'drizzle-orm';
import { check, index, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import type { HealthConsentKind } from '#shared/health-data-consent.ts';
import { users } from './accounts.ts';

const at = (name: string) => timestamp(name, { withTimezone: true });

export const healthDataConsents = pgTable(
  'health_data_consents',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    kind: text('kind').$type<HealthConsentKind>().notNull(),
    policyVersion: text('policy_version').notNull(),
    givenAt: at('given_at').notNull().defaultNow(),
    withdrawnAt: at('withdrawn_at'),
  },
  (t) => [
    check('health_data_consents_kind', sql`${t.kind} in ('collect', 'share')`),
    check(
      'health_data_consents_withdrawn_after_given',
      sql`${t.withdrawnAt} is null or ${t.withdrawnAt} >= ${t.givenAt}`,
    ),
    index('health_data_consents_user_idx').on(t.userId),
    uniqueIndex('health_data_consents_one_standing_uq')
      .on(t.userId, t.kind)
      .where(sql`${t.withdrawnAt} is null`),
  ],
);
