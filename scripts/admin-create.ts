/**
 * Prints a one-time link to create a super_admin account (valid 24 hours), optionally tied to one email:
 *   npm run admin:create -- --email you@example.org
 * On the embedded database (PGlite) only one process may open ./data: while the server runs, this stops at once
 * with a line naming the server's process (stop the server first).
 */
import { parseArgs } from 'node:util';
import { loadConfig } from '../src/server/config.ts';
import { createAdminInvite, linkSettings } from '../src/server/commands/accounts.ts';
import type { Mailer } from '../src/server/services/mail.ts';
import { EmailAddressSchema } from '../src/shared/schemas/auth.ts';
import { run, SYSTEM_ACTOR } from '../src/server/commands/run.ts';
import { openScriptDatabase, scriptCommandEnv } from './script-database.ts';

const { values } = parseArgs({ options: { email: { type: 'string' } } });
const email = values.email === undefined ? null : EmailAddressSchema.safeParse(values.email);
if (email && !email.success) {
  console.error(`Not an email address: ${values.email}`);
  process.exit(1);
}
const config = loadConfig();
const database = await openScriptDatabase(config);
await database.migrate();
// An invite queues no mail; were a follow-up ever to try, it fails loudly rather than mailing from a script.
const noMail: Mailer = {
  kind: 'outbox',
  send: () => Promise.reject(new Error('admin:create sends no mail')),
  close: () => {},
};
const env = scriptCommandEnv(database, config, noMail);
// Made by nobody (SYSTEM_ACTOR), like the setup link the server prints.
const invite = await run(env, SYSTEM_ACTOR, createAdminInvite, linkSettings(config), {
  adminLevel: 'super_admin',
  email: email?.data ?? null,
});
await database.close();
console.log(
  `One-time super admin link (valid until ${invite.expiresAt.toISOString()}${email ? `, for ${email.data}` : ''}):\n  ${invite.link}`,
);
