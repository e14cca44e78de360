import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from './config.ts';
import { ROOT_DIR } from './paths.ts';

const SESSION_SECRET = 'session-secret-0123456789abcdefghijklmnop';
const ALTCHA_HMAC_KEY = 'altcha-hmac-key-0123456789abcdefghijklmnop';
const PRODUCTION = {
  NODE_ENV: 'production',
  SESSION_SECRET,
  ALTCHA_HMAC_KEY,
  PUBLIC_URL: 'https://healing.example.org',
};

/** The ConfigError loadConfig throws for this environment; fails the test if it does not throw one. */
function configError(env: NodeJS.ProcessEnv): ConfigError {
  try {
    loadConfig(env);
  } catch (error) {
    expect(error).toBeInstanceOf(ConfigError);
    expect(error).toBeInstanceOf(Error);
    return error as ConfigError;
  }
  throw new Error(`expected loadConfig(${JSON.stringify(env)}) to throw`);
}

/** Asserts a one-line message naming the variable, and returns it. */
function messageFor(env: NodeJS.ProcessEnv, name: string): string {
  const { message } = configError(env);
  expect(message).not.toMatch(/[\r\n]/);
  expect(message.startsWith(`Invalid configuration: ${name} `)).toBe(true);
  return message;
}

describe('loadConfig defaults', () => {
  it('fills in every default from an empty environment', () => {
    const config = loadConfig({});
    expect(config).toEqual({
      env: 'development',
      host: '0.0.0.0',
      port: 3000,
      databaseUrl: undefined,
      dataDir: path.resolve(ROOT_DIR, 'data'),
      smtpUrl: undefined,
      mailFrom: 'Healing Circle <no-reply@localhost>',
      mailTimeoutSeconds: 30,
      publicUrl: 'http://localhost:3000',
      redisUrl: undefined,
      sessionSecret: expect.stringMatching(/^development-only-/),
      altchaKey: expect.stringMatching(/^development-only-/),
      secureCookies: false,
      trustProxy: false,
      logLevel: 'info',
      twoApproversAboveCents: 250_000,
      shutdownDrainMs: 5000,
      webhookSecrets: {},
    });
  });

  it('turns a processor’s webhook on with its secret, takes a second while rotating, and refuses a third', () => {
    expect(loadConfig({ STRIPE_WEBHOOK_SECRET: 'whsec_new_secret, whsec_old_secret' }).webhookSecrets).toEqual({
      stripe: ['whsec_new_secret', 'whsec_old_secret'],
    });
    expect(loadConfig({ KOFI_VERIFICATION_TOKEN: 'kofi-token-1' }).webhookSecrets).toEqual({ kofi: ['kofi-token-1'] });
    expect(configError({ BUYMEACOFFEE_WEBHOOK_SECRET: 'a-secret-1,a-secret-2,a-secret-3' }).message).toBe(
      'Invalid configuration: BUYMEACOFFEE_WEBHOOK_SECRET must be the Buy Me a Coffee webhook secret, or two separated by a comma while rotating',
    );
    expect(configError({ STRIPE_WEBHOOK_SECRET: 'short' }).message).toMatch(
      /^Invalid configuration: STRIPE_WEBHOOK_SECRET must be/,
    );
  });

  it('takes a drain period of 0 to 60000 ms and refuses others', () => {
    expect(loadConfig({ SHUTDOWN_DRAIN_MS: '0' }).shutdownDrainMs).toBe(0);
    expect(loadConfig({ SHUTDOWN_DRAIN_MS: '60000' }).shutdownDrainMs).toBe(60_000);
    for (const bad of ['60001', '-1', '1.5', 'soon'])
      expect(configError({ SHUTDOWN_DRAIN_MS: bad }).message).toBe(
        `Invalid configuration: SHUTDOWN_DRAIN_MS must be a whole number of milliseconds (0-60000) (got "${bad}")`,
      );
  });

  it('takes a mail timeout of 1 to 600 seconds and refuses others', () => {
    expect(loadConfig({ MAIL_TIMEOUT_SECONDS: '1' }).mailTimeoutSeconds).toBe(1);
    expect(loadConfig({ MAIL_TIMEOUT_SECONDS: '600' }).mailTimeoutSeconds).toBe(600);
    for (const bad of ['0', '601', '2.5', 'long'])
      expect(configError({ MAIL_TIMEOUT_SECONDS: bad }).message).toBe(
        `Invalid configuration: MAIL_TIMEOUT_SECONDS must be a whole number of seconds (1-600) (got "${bad}")`,
      );
  });

  it('makes the PGlite data directory absolute', () => {
    expect(path.isAbsolute(loadConfig({}).dataDir)).toBe(true);
    const relative = loadConfig({ DATA_DIR: 'var/pglite' }).dataDir;
    expect(path.isAbsolute(relative)).toBe(true);
    expect(relative).toBe(path.join(ROOT_DIR, 'var', 'pglite'));
    expect(loadConfig({ DATA_DIR: '/srv/healing' }).dataDir).toBe('/srv/healing');
  });

  it('derives the public URL from the port when none is given', () => {
    expect(loadConfig({ PORT: '8080' }).publicUrl).toBe('http://localhost:8080');
  });

  it('reads the given values', () => {
    const config = loadConfig({
      NODE_ENV: 'test',
      HOST: '127.0.0.1',
      PORT: '4000',
      DATABASE_URL: 'postgres://u:p@db:5432/hc',
      SMTP_URL: 'smtps://mail.example.org:465',
      MAIL_FROM: 'Maya <maya@example.org>',
      PUBLIC_URL: 'https://healing.example.org/',
      REDIS_URL: 'redis://cache:6379',
      LOG_LEVEL: 'warn',
    });
    expect(config).toMatchObject({
      env: 'test',
      host: '127.0.0.1',
      port: 4000,
      databaseUrl: 'postgres://u:p@db:5432/hc',
      smtpUrl: 'smtps://mail.example.org:465',
      mailFrom: 'Maya <maya@example.org>',
      publicUrl: 'https://healing.example.org',
      redisUrl: 'redis://cache:6379',
      logLevel: 'warn',
    });
    expect(loadConfig({ DATABASE_URL: 'postgresql://db/hc' }).databaseUrl).toBe('postgresql://db/hc');
  });

  it('accepts a full production environment', () => {
    const config = loadConfig(PRODUCTION);
    expect(config.env).toBe('production');
    expect(config.publicUrl).toBe('https://healing.example.org');
  });

  it('uses the configured secrets in production, never the development fallbacks', () => {
    const config = loadConfig(PRODUCTION);
    expect(config.sessionSecret).toBe(SESSION_SECRET);
    expect(config.altchaKey).toBe(ALTCHA_HMAC_KEY);
    expect(config.secureCookies).toBe(true);
  });
});

describe('loadConfig rejects bad values with one line naming the variable', () => {
  it('PORT=abc', () => {
    expect(messageFor({ PORT: 'abc' }, 'PORT')).toContain('(got "abc")');
  });

  it('PORT=70000', () => {
    expect(messageFor({ PORT: '70000' }, 'PORT')).toBe(
      'Invalid configuration: PORT must be a port number (0-65535) (got "70000")',
    );
  });

  it('PORT=3.5 and PORT=-1', () => {
    expect(messageFor({ PORT: '3.5' }, 'PORT')).toBe(
      'Invalid configuration: PORT must be a port number (0-65535) (got "3.5")',
    );
    expect(messageFor({ PORT: '-1' }, 'PORT')).toBe(
      'Invalid configuration: PORT must be a port number (0-65535) (got "-1")',
    );
    expect(messageFor({ PORT: ' ' }, 'PORT')).toBe(
      'Invalid configuration: PORT must be a port number (0-65535) (got " ")',
    );
  });

  it('DATABASE_URL=mysql://x', () => {
    expect(messageFor({ DATABASE_URL: 'mysql://x' }, 'DATABASE_URL')).toBe(
      'Invalid configuration: DATABASE_URL must be a postgres:// or postgresql:// URL',
    );
  });

  it('SMTP_URL=http://x', () => {
    expect(messageFor({ SMTP_URL: 'http://x' }, 'SMTP_URL')).toBe(
      'Invalid configuration: SMTP_URL must be an smtp:// or smtps:// URL',
    );
  });

  it('REDIS_URL=http://x', () => {
    expect(messageFor({ REDIS_URL: 'http://x' }, 'REDIS_URL')).toBe(
      'Invalid configuration: REDIS_URL must be a redis:// or rediss:// URL',
    );
  });

  it('PUBLIC_URL=not-a-url', () => {
    expect(messageFor({ PUBLIC_URL: 'not-a-url' }, 'PUBLIC_URL')).toBe(
      'Invalid configuration: PUBLIC_URL must be an absolute http(s) URL such as https://example.org',
    );
    expect(messageFor({ PUBLIC_URL: 'mailto:x@example.org' }, 'PUBLIC_URL')).toMatch(
      /^Invalid configuration: PUBLIC_URL must be an absolute http\(s\) URL/,
    );
  });

  it('LOG_LEVEL=loud', () => {
    const message = messageFor({ LOG_LEVEL: 'loud' }, 'LOG_LEVEL');
    expect(message).toContain('(got "loud")');
    expect(message).toContain('"debug"');
  });

  it('EXPENSE_TWO_APPROVERS_ABOVE_USD=2.5k', () => {
    expect(messageFor({ EXPENSE_TWO_APPROVERS_ABOVE_USD: '2.5k' }, 'EXPENSE_TWO_APPROVERS_ABOVE_USD')).toBe(
      'Invalid configuration: EXPENSE_TWO_APPROVERS_ABOVE_USD must be a whole number of dollars (got "2.5k")',
    );
  });

  it('NODE_ENV=staging', () => {
    expect(messageFor({ NODE_ENV: 'staging' }, 'NODE_ENV')).toContain('(got "staging")');
  });

  it('SESSION_SECRET too short', () => {
    expect(messageFor({ SESSION_SECRET: 'too-short' }, 'SESSION_SECRET')).toBe(
      'Invalid configuration: SESSION_SECRET must be at least 32 characters',
    );
  });

  it('ALTCHA_HMAC_KEY too short', () => {
    expect(messageFor({ ALTCHA_HMAC_KEY: 'too-short' }, 'ALTCHA_HMAC_KEY')).toBe(
      'Invalid configuration: ALTCHA_HMAC_KEY must be at least 32 characters',
    );
  });

  it('accepts a 32-character secret', () => {
    expect(() => loadConfig({ SESSION_SECRET: 'x'.repeat(32), ALTCHA_HMAC_KEY: 'y'.repeat(32) })).not.toThrow();
  });
});

describe('loadConfig in production', () => {
  for (const key of ['SESSION_SECRET', 'ALTCHA_HMAC_KEY', 'PUBLIC_URL'] as const) {
    it(`requires ${key}`, () => {
      const env: NodeJS.ProcessEnv = { ...PRODUCTION };
      delete env[key];
      expect(messageFor(env, key)).toBe(`Invalid configuration: ${key} is required when NODE_ENV=production`);
    });

    it(`treats an empty ${key} as missing`, () => {
      expect(messageFor({ ...PRODUCTION, [key]: '' }, key)).toBe(
        `Invalid configuration: ${key} is required when NODE_ENV=production`,
      );
    });
  }

  it('names every missing variable in one line when all are missing', () => {
    expect(configError({ NODE_ENV: 'production' }).message).toBe(
      'Invalid configuration: SESSION_SECRET is required when NODE_ENV=production; ' +
        'ALTCHA_HMAC_KEY is required when NODE_ENV=production; PUBLIC_URL is required when NODE_ENV=production',
    );
  });

  it('does not require the secrets outside production', () => {
    expect(() => loadConfig({ NODE_ENV: 'development' })).not.toThrow();
    expect(() => loadConfig({ NODE_ENV: 'test' })).not.toThrow();
  });
});

describe('loadConfig never echoes secret values', () => {
  it('hides a short secret', () => {
    const { message } = configError({ SESSION_SECRET: 'hunter2-hunter2' });
    expect(message).not.toContain('hunter2');
  });

  it('hides a short HMAC key', () => {
    const { message } = configError({ ALTCHA_HMAC_KEY: 'sekrit-key-value' });
    expect(message).not.toContain('sekrit');
  });

  it('hides URLs, which may carry passwords', () => {
    expect(configError({ DATABASE_URL: 'mysql://admin:pa55word@db/hc' }).message).not.toContain('pa55word');
    expect(configError({ SMTP_URL: 'http://mailer:pa55word@mail' }).message).not.toContain('pa55word');
    expect(configError({ REDIS_URL: 'memcached://:pa55word@cache' }).message).not.toContain('pa55word');
    expect(configError({ PUBLIC_URL: 'pa55word' }).message).not.toContain('pa55word');
  });

  it('does not echo the valid secrets when another variable is bad', () => {
    const { message } = configError({ ...PRODUCTION, PORT: 'abc' });
    expect(message).not.toContain(SESSION_SECRET);
    expect(message).not.toContain(ALTCHA_HMAC_KEY);
    expect(message.startsWith('Invalid configuration: PORT ')).toBe(true);
  });

  it('does not echo the valid secrets when PUBLIC_URL is missing in production', () => {
    const { message } = configError({ NODE_ENV: 'production', SESSION_SECRET, ALTCHA_HMAC_KEY });
    expect(message).toBe('Invalid configuration: PUBLIC_URL is required when NODE_ENV=production');
  });
});

describe('loadConfig treats empty strings as unset', () => {
  it('uses the defaults for empty values', () => {
    const config = loadConfig({
      NODE_ENV: '',
      HOST: '',
      PORT: '',
      DATABASE_URL: '',
      DATA_DIR: '',
      SMTP_URL: '',
      MAIL_FROM: '',
      PUBLIC_URL: '',
      SESSION_SECRET: '',
      ALTCHA_HMAC_KEY: '',
      REDIS_URL: '',
      TRUST_PROXY: '',
      LOG_LEVEL: '',
    });
    expect(config).toEqual(loadConfig({}));
  });

  it('ignores unrelated variables', () => {
    expect(loadConfig({ PATH: '/usr/bin', HOME: '/root', npm_config_foo: 'bar' })).toEqual(loadConfig({}));
  });
});

describe('loadConfig TRUST_PROXY', () => {
  it('defaults to false', () => {
    expect(loadConfig({}).trustProxy).toBe(false);
  });

  it('refuses true at start with one line saying why', () => {
    for (const value of ['true', 'TRUE', ' true ']) {
      expect(messageFor({ TRUST_PROXY: value }, 'TRUST_PROXY')).toBe(
        `Invalid configuration: TRUST_PROXY must be a hop count or the proxies' addresses, not true (with true any client could choose its own address through X-Forwarded-For) (got ${JSON.stringify(value)})`,
      );
    }
  });

  it('parses a hop count as a number', () => {
    expect(loadConfig({ TRUST_PROXY: '2' }).trustProxy).toBe(2);
    expect(loadConfig({ TRUST_PROXY: '0' }).trustProxy).toBe(0);
  });

  it('parses proxy addresses, CIDR ranges and named ranges as a list', () => {
    expect(loadConfig({ TRUST_PROXY: '10.0.0.0/8' }).trustProxy).toEqual(['10.0.0.0/8']);
    expect(loadConfig({ TRUST_PROXY: '10.0.0.1, 192.168.0.0/16,fd00::/8, loopback' }).trustProxy).toEqual([
      '10.0.0.1',
      '192.168.0.0/16',
      'fd00::/8',
      'loopback',
    ]);
  });

  it.each(['yes', '10.0.0', '10.0.0.0/33', '::1/129', '10.0.0.1,', 'lb.internal', '1.2.3.4/8/1'])(
    'refuses %j, naming what it takes',
    (value) => {
      expect(messageFor({ TRUST_PROXY: value }, 'TRUST_PROXY')).toBe(
        `Invalid configuration: TRUST_PROXY must be false, a hop count, or a comma-separated list of proxy addresses or CIDR ranges (or loopback, linklocal, uniquelocal) (got ${JSON.stringify(value)})`,
      );
    },
  );
});
