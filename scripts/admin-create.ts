/**
 * Prints a one-time link to create a super_admin account (valid 24 hours), optionally tied to one email:
 *   npm run admin:create -- --email you@example.org
 * On the embedded database (PGlite), stop the server first: only one process may open ./data.
 */
import { parseArgs } from 'node:util';
import { loadConfig } from '../src/server/config.ts';
import { openDatabase } from '../src/server/db/client.ts';
import { createAdminInvite } from '../src/server/commands/accounts.ts';
import { EmailAddressSchema } from '../src/shared/schemas/auth.ts';

const { values } = parseArgs({ options: { email: { type: 'string' } } });
const email = values.email === undefined ? null : EmailAddressSchema.safeParse(values.email);
if (email && !email.success) {
  console.error(`Not an email address: ${values.email}`);
  process.exit(1);
}
const config = loadConfig();
const database = await openDatabase({
  url: config.databaseUrl,
  dataDir: config.databaseUrl ? undefined : config.dataDir,
});
await database.migrate();
const invite = await createAdminInvite(database.db, config.sessionSecret, config.publicUrl, {
  adminLevel: 'super_admin',
  createdBy: null,
  email: email?.data ?? null,
  now: new Date(),
});
await database.close();
console.log(
  `One-time super admin link (valid until ${invite.expiresAt.toISOString()}${email ? `, for ${email.data}` : ''}):\n  ${invite.link}`,
);
