import { integer } from 'drizzle-orm/pg-core';

/**
 * A row's version, for decisions that must bind what their maker read (DESIGN.md section 6): the database adds one
 * on every update that changes the row (the `bump_row_version` trigger of migration 0022, which ignores only the
 * columns it is told to), so no code path can change a decided-on row without its version moving.
 */
export const rowVersion = () => integer('version').notNull().default(1);
