/**
 * Prints a one-time link to create a super_admin account (valid 24 hours), optionally tied to one email, which
 * is then mailed the link too (through SMTP_URL, else the outbox), as an invite from /admin-users is:
 *   npm run admin:create -- --email you@example.org
 * On the embedded database (PGlite) only one process may open ./data: while the server runs, this stops at once
 * with a line naming the server's process (stop the server first).
 */
import { parseArgs } from 'node:util';
import { loadConfig } from '../src/server/config.ts';
import { linkSettings } from '../src/server/commands/accounts.ts';
import { createAdminInvite } from '../src/server/commands/admin-invites.ts';
import { seedCampaign } from '../src/server/db/seed.ts';
import pino from 'pino';
import { createMailer } from '../src/server/services/mail.ts';
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
// As the server does at its first start: the invite's mail is signed with the campaign's site name.
await seedCampaign(database.db);
const mailer = createMailer({
  smtpUrl: config.smtpUrl,
  from: config.mailFrom,
  timeoutSeconds: config.mailTimeoutSeconds,
  db: database.db,
  log: pino({ level: config.logLevel }),
  env: config.env,
});
const env = scriptCommandEnv(database, config, mailer);
// Made by nobody (SYSTEM_ACTOR), like the setup link the server prints.
const invite = await run(env, SYSTEM_ACTOR, createAdminInvite, linkSettings(config), {
  adminLevel: 'super_admin',
  email: email?.data ?? null,
});
mailer.close();
await database.close();
console.log(
  `One-time super admin link (valid until ${invite.expiresAt.toISOString()}${email ? `, for ${email.data}` : ''}):\n  ${invite.link}`,
);
