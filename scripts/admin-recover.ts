/**
 * For an admin who lost her authenticator app and her recovery codes (and so cannot reach the admin pages, nor
 * ask another super admin, or is the only one):
 *   npm run admin:recover -- --email her@example.org
 * Turns her two-step sign-in off, removes her passkeys, ends all her sessions, mails her (through SMTP_URL, else
 * the outbox) and writes an audit entry; at her next sign-in the admin pages ask her to set it up again. If she
 * had removed her password (passkeys only), she is also mailed a link to choose a new one (the reset link). Check who is asking
 * before running it: it is the way around her second factor. On PGlite, stop the server first.
 */
import { parseArgs } from 'node:util';
import pino from 'pino';
import { AppError } from '../src/shared/errors.ts';
import { EmailAddressSchema } from '../src/shared/schemas/auth.ts';
import { loadConfig } from '../src/server/config.ts';
import { run, SYSTEM_ACTOR } from '../src/server/commands/run.ts';
import { recoverAdminSignIn } from '../src/server/commands/two-factor.ts';
import { linkSettings, requestPasswordReset } from '../src/server/commands/accounts.ts';
import { createMailer } from '../src/server/services/mail.ts';
import { openScriptDatabase, scriptCommandEnv } from './script-database.ts';

const { values } = parseArgs({ options: { email: { type: 'string' } } });
const email = EmailAddressSchema.safeParse(values.email ?? '');
if (!email.success) {
  console.error('Usage: npm run admin:recover -- --email her@example.org');
  process.exit(1);
}
const config = loadConfig();
const database = await openScriptDatabase(config);
await database.migrate();
const log = pino({ level: config.logLevel });
const mailer = createMailer({
  smtpUrl: config.smtpUrl,
  from: config.mailFrom,
  timeoutSeconds: config.mailTimeoutSeconds,
  db: database.db,
  log,
  env: config.env,
});
try {
  const env = scriptCommandEnv(database, config, mailer);
  const { user, sessionsEnded, passkeysRemoved, passwordless } = await run(
    env,
    SYSTEM_ACTOR,
    recoverAdminSignIn,
    email.data,
  );
  // Without a password and now without passkeys, a reset link is her way back in.
  if (passwordless) await run(env, SYSTEM_ACTOR, requestPasswordReset, linkSettings(config), user.email);
  console.log(
    `Two-step sign-in is off for ${user.email}; ${passkeysRemoved} passkey(s) removed; ` +
      `${sessionsEnded} session(s) ended; she was mailed. ` +
      (passwordless ? 'She had no password: she was also mailed a link to choose one (it works for an hour). ' : '') +
      'At her next sign-in the admin pages ask her to set it up again.',
  );
} catch (err) {
  if (!(err instanceof AppError)) throw err;
  console.error(err.message);
  process.exitCode = 1;
} finally {
  mailer.close();
  await database.close();
}
