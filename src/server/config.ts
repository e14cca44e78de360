/** Configuration: read and validated once from the environment at start. */
import path from 'node:path';
import { z } from 'zod';
import { ROOT_DIR } from './paths.ts';

const secret = z.string().min(32, 'must be at least 32 characters');

const EnvSchema = z
  .object({
    NODE_ENV: z.enum(['development', 'production', 'test']).default('development'),
    HOST: z.string().min(1).default('0.0.0.0'),
    PORT: z
      .string()
      .regex(/^\d{1,5}$/, 'must be a port number (0-65535)')
      .transform(Number)
      .pipe(z.number().max(65535, 'must be a port number (0-65535)'))
      .default(3000),
    DATABASE_URL: z
      .string()
      .regex(/^postgres(ql)?:\/\//, 'must be a postgres:// or postgresql:// URL')
      .optional(),
    DATA_DIR: z.string().min(1).default('./data'),
    SMTP_URL: z
      .string()
      .regex(/^smtps?:\/\//, 'must be an smtp:// or smtps:// URL')
      .optional(),
    MAIL_FROM: z.string().min(3).default('Healing Circle <no-reply@localhost>'),
    PUBLIC_URL: z.url({ protocol: /^https?$/, error: 'must be an absolute http(s) URL such as https://example.org' }).optional(),
    SESSION_SECRET: secret.optional(),
    ALTCHA_HMAC_KEY: secret.optional(),
    REDIS_URL: z
      .string()
      .regex(/^rediss?:\/\//, 'must be a redis:// or rediss:// URL')
      .optional(),
    TRUST_PROXY: z
      .string()
      .regex(/^(true|false|\d+|[\da-fA-F.:/,\s]+)$/, 'must be true, false, a hop count or a list of proxy addresses')
      .default('false'),
    LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
    EXPENSE_TWO_APPROVERS_ABOVE_USD: z
      .string()
      .regex(/^\d{1,9}$/, 'must be a whole number of dollars')
      .transform(Number)
      .default(2500),
  })
  .superRefine((env, ctx) => {
    if (env.NODE_ENV !== 'production') return;
    for (const key of ['SESSION_SECRET', 'ALTCHA_HMAC_KEY', 'PUBLIC_URL'] as const) {
      if (!env[key]) ctx.addIssue({ code: 'custom', path: [key], message: 'is required when NODE_ENV=production' });
    }
  });

export interface Config {
  env: 'development' | 'production' | 'test';
  host: string;
  port: number;
  databaseUrl: string | undefined;
  /** Absolute directory for PGlite data and other local state. */
  dataDir: string;
  smtpUrl: string | undefined;
  mailFrom: string;
  publicUrl: string;
  redisUrl: string | undefined;
  /** Keys token hashes (sessions, mailed links). */
  sessionSecret: string;
  /** Signs ALTCHA challenges. */
  altchaKey: string;
  /** Served over HTTPS: Secure, __Host- cookies. */
  secureCookies: boolean;
  trustProxy: boolean | number | string;
  logLevel: string;
  /** Expenses above this many USD cents need two different approvers. */
  twoApproversAboveCents: number;
}

export class ConfigError extends Error {}

// Development-only fallbacks; production refuses to start without real secrets (see the schema).
const DEV_SESSION_SECRET = 'development-only-session-secret-not-for-production';
const DEV_ALTCHA_KEY = 'development-only-altcha-key-not-for-production-use';

/** Parses the environment; throws ConfigError with one line naming the first bad variable. */
export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  // Treat empty strings as unset so `FOO=` in a shell behaves like no FOO.
  const cleaned = Object.fromEntries(Object.entries(env).filter(([, v]) => v !== undefined && v !== ''));
  const parsed = EnvSchema.safeParse(cleaned);
  if (!parsed.success) {
    const issue = parsed.error.issues[0]!;
    const name = String(issue.path[0] ?? 'environment');
    const got = cleaned[name];
    // Never echo secrets or URLs (they can hold passwords); quote the rest so it stays one line.
    const shown = got === undefined || /SECRET|KEY|URL/.test(name) ? '' : ` (got ${JSON.stringify(got)})`;
    throw new ConfigError(`Invalid configuration: ${name} ${issue.message}${shown}`);
  }
  const e = parsed.data;
  const publicUrl = (e.PUBLIC_URL ?? `http://localhost:${e.PORT}`).replace(/\/$/, '');
  return {
    env: e.NODE_ENV,
    host: e.HOST,
    port: e.PORT,
    databaseUrl: e.DATABASE_URL,
    dataDir: path.resolve(ROOT_DIR, e.DATA_DIR),
    smtpUrl: e.SMTP_URL,
    mailFrom: e.MAIL_FROM,
    publicUrl,
    redisUrl: e.REDIS_URL,
    twoApproversAboveCents: e.EXPENSE_TWO_APPROVERS_ABOVE_USD * 100,
    sessionSecret: e.SESSION_SECRET ?? DEV_SESSION_SECRET,
    altchaKey: e.ALTCHA_HMAC_KEY ?? DEV_ALTCHA_KEY,
    secureCookies: publicUrl.startsWith('https://'),
    trustProxy: parseTrustProxy(e.TRUST_PROXY),
    logLevel: e.LOG_LEVEL,
  };
}

function parseTrustProxy(value: string): boolean | number | string {
  if (value === 'true') return true;
  if (value === 'false') return false;
  if (/^\d+$/.test(value)) return Number(value);
  return value;
}
