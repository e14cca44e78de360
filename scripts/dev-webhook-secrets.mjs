/**
 * Development-only webhook secrets, so that `npm start` takes the signed events of `npm run payments:simulate`
 * without any processor account (docs/payments.md). They are made at random once per data directory and kept in it
 * (mode 0600), never a constant in the code: a published constant would let anyone forge gifts on a development
 * server left reachable. Plain JavaScript, as `npm start` runs it without a TypeScript loader. Production never
 * gets them, and the servers the tests start never read them (only scripts/start.mjs applies them).
 */
import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { ROOT } from './build-stamp.mjs';

/** Each processor's variable, as src/server/config.ts reads it. */
export const WEBHOOK_SECRET_VARIABLES = {
  stripe: 'STRIPE_WEBHOOK_SECRET',
  paypal: 'PAYPAL_WEBHOOK_ID',
  buymeacoffee: 'BUYMEACOFFEE_WEBHOOK_SECRET',
  kofi: 'KOFI_VERIFICATION_TOKEN',
};

/** The processors given development secrets: PayPal signs with a certificate only PayPal holds, so not PayPal. */
export const DEV_SECRET_PROCESSORS = ['stripe', 'buymeacoffee', 'kofi'];

const FILE_NAME = 'development-webhook-secrets.json';
const ABOUT =
  'Development-only webhook secrets made by npm start outside production (scripts/dev-webhook-secrets.mjs); ' +
  'npm run payments:simulate signs with them. Never copy them to a live site.';

// As config.ts reads the environment: an empty variable is an unset one.
const unset = (value) => value === undefined || value === '';
// What config.ts accepts as one secret: 8 characters or more, no comma.
const isSecret = (value) => typeof value === 'string' && value.length >= 8 && !value.includes(',');

/** The file of the data directory `env` names (DATA_DIR, `./data` by default, from the project's root). */
export function devSecretsPath(env = process.env) {
  return path.join(path.resolve(ROOT, unset(env.DATA_DIR) ? './data' : env.DATA_DIR), FILE_NAME);
}

/** The development secrets by processor, or null when `npm start` has not made them yet. */
export function readDevSecrets(env = process.env) {
  const file = devSecretsPath(env);
  let text;
  try {
    text = fs.readFileSync(file, 'utf8');
  } catch (err) {
    if (err.code === 'ENOENT') return null;
    throw err;
  }
  let parsed = null;
  try {
    parsed = JSON.parse(text);
  } catch {
    // Said below, with what to do.
  }
  const secrets = parsed !== null && typeof parsed === 'object' ? parsed : null;
  if (!secrets || !DEV_SECRET_PROCESSORS.every((p) => secrets[p] === undefined || isSecret(secrets[p]))) {
    throw new Error(`${file} does not hold development webhook secrets: delete it, and npm start makes new ones`);
  }
  return Object.fromEntries(DEV_SECRET_PROCESSORS.filter((p) => secrets[p]).map((p) => [p, secrets[p]]));
}

/** The development secrets, made at random and saved (mode 0600) the first time, and for a processor added since. */
export function ensureDevSecrets(env = process.env) {
  const file = devSecretsPath(env);
  const existing = readDevSecrets(env);
  const missing = DEV_SECRET_PROCESSORS.filter((p) => !existing?.[p]);
  if (existing && missing.length === 0) return existing;
  const secrets = { ...existing };
  for (const processor of missing) {
    const random = randomBytes(24).toString('hex');
    secrets[processor] = processor === 'stripe' ? `whsec_dev_${random}` : `dev_${random}`;
  }
  const text = `${JSON.stringify({ about: ABOUT, ...secrets }, null, 2)}\n`;
  fs.mkdirSync(path.dirname(file), { recursive: true });
  if (!existing) {
    try {
      // Made once: `wx` never replaces a file another start made meanwhile.
      fs.writeFileSync(file, text, { mode: 0o600, flag: 'wx' });
      return secrets;
    } catch (err) {
      if (err.code !== 'EEXIST') throw err;
      return ensureDevSecrets(env);
    }
  }
  const temporary = `${file}.${process.pid}.tmp`;
  fs.writeFileSync(temporary, text, { mode: 0o600 });
  fs.renameSync(temporary, file);
  return secrets;
}

/**
 * For `npm start`: outside production, each processor of DEV_SECRET_PROCESSORS whose variable is unset in `env`
 * gets its development secret there. Returns the processors it gave one (none in production).
 */
export function applyDevWebhookSecrets(env = process.env) {
  if (env.NODE_ENV === 'production') return [];
  const unsetProcessors = DEV_SECRET_PROCESSORS.filter((p) => unset(env[WEBHOOK_SECRET_VARIABLES[p]]));
  if (unsetProcessors.length === 0) return [];
  const secrets = ensureDevSecrets(env);
  for (const processor of unsetProcessors) env[WEBHOOK_SECRET_VARIABLES[processor]] = secrets[processor];
  return unsetProcessors;
}
