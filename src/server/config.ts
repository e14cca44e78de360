/** Configuration: read and validated once from the environment at start. */
import { isIP } from 'node:net';
import path from 'node:path';
import { z } from 'zod';
import { ROOT_DIR } from './paths.ts';

const secret = z.string().min(32, 'must be at least 32 characters');

const TRUST_PROXY_TRUE =
  "must be a hop count or the proxies' addresses, not true (with true any client could choose its own address through X-Forwarded-For)";
const TRUST_PROXY_FORMAT =
  'must be false, a hop count, or a comma-separated list of proxy addresses or CIDR ranges (or loopback, linklocal, uniquelocal)';
/** Address ranges proxy-addr (Fastify's trustProxy) knows by name. */
const NAMED_RANGES = new Set(['loopback', 'linklocal', 'uniquelocal']);

/** A variable holding a whole number from 0 to `max`, with one message for anything else. */
const wholeNumberUpTo = (max: number, message: string) =>
  z
    .string()
    .regex(new RegExp(`^\\d{1,${String(max).length}}$`), message)
    .transform(Number)
    .pipe(z.number().max(max, message));

/**
 * A processor's webhook secret: one, or two separated by a comma while it is rotated (the new and the old are both
 * accepted until the old one is removed: docs/payments.md).
 */
const webhookSecrets = (what: string) =>
  z
    .string()
    .transform((v) => v.split(',').map((part) => part.trim()))
    .pipe(
      z
        .array(z.string().min(8, `must be ${what} (at least 8 characters each)`))
        .max(2, `must be ${what}, or two separated by a comma while rotating`),
    );

const EnvSchema = z
  .object({
    NODE_ENV: z.enum(['development', 'production', 'test']).default('development'),
    HOST: z.string().min(1).default('0.0.0.0'),
    PORT: wholeNumberUpTo(65535, 'must be a port number (0-65535)').default(3000),
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
    MAIL_TIMEOUT_SECONDS: wholeNumberUpTo(600, 'must be a whole number of seconds (1-600)')
      .refine((v) => v >= 1, 'must be a whole number of seconds (1-600)')
      .default(30),
    PUBLIC_URL: z
      .url({ protocol: /^https?$/, error: 'must be an absolute http(s) URL such as https://example.org' })
      .optional(),
    SESSION_SECRET: secret.optional(),
    ALTCHA_HMAC_KEY: secret.optional(),
    METRICS_TOKEN: secret.optional(),
    REDIS_URL: z
      .string()
      .regex(/^rediss?:\/\//, 'must be a redis:// or rediss:// URL')
      .optional(),
    TRUST_PROXY: z
      .string()
      .refine((v) => v.trim().toLowerCase() !== 'true', TRUST_PROXY_TRUE)
      .refine((v) => parseTrustProxy(v) !== null, TRUST_PROXY_FORMAT)
      .default('false'),
    STRIPE_WEBHOOK_SECRET: webhookSecrets('a Stripe signing secret (whsec_...)').optional(),
    PAYPAL_WEBHOOK_ID: webhookSecrets("the webhook's id in PayPal's dashboard").optional(),
    BUYMEACOFFEE_WEBHOOK_SECRET: webhookSecrets('the Buy Me a Coffee webhook secret').optional(),
    KOFI_VERIFICATION_TOKEN: webhookSecrets('the Ko-fi verification token').optional(),
    LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
    SHUTDOWN_DRAIN_MS: wholeNumberUpTo(60_000, 'must be a whole number of milliseconds (0-60000)').default(5000),
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
  /**
   * How long the mail server may take to connect, greet or answer each step of a send; a sender holds a mail
   * for four times this (services/mail-delivery.ts), so a sender that died lets the next try after it.
   */
  mailTimeoutSeconds: number;
  publicUrl: string;
  redisUrl: string | undefined;
  /** Keys token hashes (sessions, mailed links). */
  sessionSecret: string;
  /** Signs ALTCHA challenges. */
  altchaKey: string;
  /** The bearer token GET /metrics answers to; unset, there is no /metrics (404). */
  metricsToken: string | undefined;
  /** Served over HTTPS: Secure, __Host- cookies. */
  secureCookies: boolean;
  /** Which peers may tell us the client's address (X-Forwarded-For): none, a hop count, or these addresses. */
  trustProxy: false | number | string[];
  logLevel: string;
  /** After SIGTERM, how long to keep serving (with /readyz 503) before closing. */
  shutdownDrainMs: number;
  /** Expenses above this many USD cents need two different approvers. */
  twoApproversAboveCents: number;
  /** Each signing processor's secrets (one, or two while rotating); a processor without any has no webhook (404). */
  webhookSecrets: { stripe?: string[]; paypal?: string[]; buymeacoffee?: string[]; kofi?: string[] };
}

export class ConfigError extends Error {}

// Development-only fallbacks; production refuses to start without real secrets (see the schema).
const DEV_SESSION_SECRET = 'development-only-session-secret-not-for-production';
const DEV_ALTCHA_KEY = 'development-only-altcha-key-not-for-production-use';

/** Parses the environment; throws ConfigError with one line naming every bad variable. */
export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  // Treat empty strings as unset so `FOO=` in a shell behaves like no FOO.
  const cleaned = Object.fromEntries(Object.entries(env).filter(([, v]) => v !== undefined && v !== ''));
  const parsed = EnvSchema.safeParse(cleaned);
  if (!parsed.success) {
    // Every bad variable at once (each with its first problem), so an operator fixes them in one round.
    const problems = new Map<string, string>();
    for (const issue of parsed.error.issues) {
      const name = String(issue.path[0] ?? 'environment');
      if (problems.has(name)) continue;
      const got = cleaned[name];
      // Never echo secrets or URLs (they can hold passwords); quote the rest so it stays one line.
      const shown = got === undefined || /SECRET|KEY|TOKEN|URL/.test(name) ? '' : ` (got ${JSON.stringify(got)})`;
      problems.set(name, `${name} ${issue.message}${shown}`);
    }
    throw new ConfigError(`Invalid configuration: ${[...problems.values()].join('; ')}`);
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
    mailTimeoutSeconds: e.MAIL_TIMEOUT_SECONDS,
    publicUrl,
    redisUrl: e.REDIS_URL,
    twoApproversAboveCents: e.EXPENSE_TWO_APPROVERS_ABOVE_USD * 100,
    shutdownDrainMs: e.SHUTDOWN_DRAIN_MS,
    sessionSecret: e.SESSION_SECRET ?? DEV_SESSION_SECRET,
    altchaKey: e.ALTCHA_HMAC_KEY ?? DEV_ALTCHA_KEY,
    metricsToken: e.METRICS_TOKEN,
    secureCookies: publicUrl.startsWith('https://'),
    trustProxy: parseTrustProxy(e.TRUST_PROXY)!,
    logLevel: e.LOG_LEVEL,
    webhookSecrets: {
      ...(e.STRIPE_WEBHOOK_SECRET ? { stripe: e.STRIPE_WEBHOOK_SECRET } : {}),
      ...(e.PAYPAL_WEBHOOK_ID ? { paypal: e.PAYPAL_WEBHOOK_ID } : {}),
      ...(e.BUYMEACOFFEE_WEBHOOK_SECRET ? { buymeacoffee: e.BUYMEACOFFEE_WEBHOOK_SECRET } : {}),
      ...(e.KOFI_VERIFICATION_TOKEN ? { kofi: e.KOFI_VERIFICATION_TOKEN } : {}),
    },
  };
}

/** false, a hop count or a list of addresses/CIDR ranges; null when the value is none of these. */
function parseTrustProxy(value: string): false | number | string[] | null {
  const trimmed = value.trim();
  if (trimmed === 'false') return false;
  if (/^\d{1,3}$/.test(trimmed)) return Number(trimmed);
  const entries = trimmed.split(',').map((entry) => entry.trim());
  return entries.every(isProxyAddress) ? entries : null;
}

function isProxyAddress(entry: string): boolean {
  if (NAMED_RANGES.has(entry)) return true;
  const [address = '', prefix, ...rest] = entry.split('/');
  const version = isIP(address);
  if (version === 0 || rest.length > 0) return false;
  if (prefix === undefined) return true;
  return /^\d{1,3}$/.test(prefix) && Number(prefix) <= (version === 4 ? 32 : 128);
}
