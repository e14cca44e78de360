/**
 * Logging: pino options (no query strings, IPs or secrets), request ids, one line per API request, and quiet
 * routes: the endpoints every visitor or load balancer polls, which write no per-request lines and make their
 * child logger only if something actually logs. Pages and static assets write no request lines either.
 */
import { randomBytes } from 'node:crypto';
import {
  LogController,
  type FastifyBaseLogger,
  type FastifyReply,
  type FastifyRequest,
  type FastifyServerOptions,
  type RouteOptions,
} from 'fastify';
import type { Config } from './config.ts';

declare module 'fastify' {
  interface FastifyContextConfig {
    /** No "incoming request" / "request completed" lines (warnings and errors are still logged). */
    quiet?: boolean;
  }
}

/** Keys whose values never reach the log: at the top level of a line, or in a plain object one level down. */
const SECRET_LOG_KEYS = new Set(['password', 'token', 'cookie', 'authorization']);

const isPlainObject = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && Object.getPrototypeOf(value) === Object.prototype;

function withoutSecrets(line: Record<string, unknown>): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(line)) {
    if (SECRET_LOG_KEYS.has(key)) continue;
    out[key] = isPlainObject(value)
      ? Object.fromEntries(Object.entries(value).filter(([k]) => !SECRET_LOG_KEYS.has(k)))
      : value;
  }
  return out;
}

export function loggerOptions(config: Config): FastifyServerOptions['logger'] {
  return {
    level: config.logLevel,
    // Applied when a line is written; pino's `redact` would also tax every request's child logger.
    formatters: { log: withoutSecrets },
    serializers: {
      req: (req: { method: string; url: string; id: string }) => ({
        method: req.method,
        url: req.url.split('?')[0],
        id: req.id,
      }),
    },
  };
}

const REQUEST_ID_PATTERN = /^[A-Za-z0-9-]{8,64}$/;

/**
 * A well-formed incoming `x-request-id` (from a load balancer) is kept; otherwise this process's random prefix
 * and a counter: unique across instances and restarts, and cheaper than a random UUID per request. Ids only
 * correlate log lines; they are not secrets.
 */
export function requestIdGenerator(): (req: { headers: Record<string, string | string[] | undefined> }) => string {
  const prefix = randomBytes(6).toString('hex');
  let counter = 0;
  return (req) => {
    const incoming = req.headers['x-request-id'];
    return typeof incoming === 'string' && REQUEST_ID_PATTERN.test(incoming)
      ? incoming
      : `${prefix}-${(++counter).toString(36)}`;
  };
}

/** Fastify's own two lines per request are off: logApiRequest writes one line, for API requests only. */
export function requestLogController(): LogController {
  return new LogController({ disableRequestLogging: true });
}

/**
 * Marks the reads the server makes of its own API while it renders a page (plugins/site-pages.ts): a page view
 * writes no line. The token is this process's secret, so no client can keep its requests out of the log.
 */
export const INTERNAL_READ = { header: 'x-internal-read', token: randomBytes(16).toString('hex') } as const;

/**
 * The one line an API request writes when answered: method, route pattern (never the path's ids or the query),
 * status and milliseconds. Pages, static assets and quiet routes write none (about 30 lines a page view before).
 */
function logApiRequest(request: FastifyRequest, reply: FastifyReply, done: () => void): void {
  if (request.headers[INTERNAL_READ.header] === INTERNAL_READ.token) return done();
  request.log.info(
    {
      method: request.method,
      route: request.routeOptions.url,
      status: reply.statusCode,
      ms: Math.round(reply.elapsedTime),
    },
    'request',
  );
  done();
}

/**
 * An `onRoute` hook: API routes that are not quiet get logApiRequest as their own onResponse hook, so the
 * requests that write no line (pages, assets, the polled endpoints) pay nothing for it.
 */
export function logApiRoutes(route: RouteOptions): void {
  if (!route.url.startsWith('/api/') || route.config?.quiet === true) return;
  const own = route.onResponse;
  route.onResponse = [...(own ? (Array.isArray(own) ? own : [own]) : []), logApiRequest];
}

type LogArgs = Parameters<FastifyBaseLogger['info']>;

/** A request's child logger, made on its first use; quiet routes rarely log at all. */
class LazyChildLogger implements FastifyBaseLogger {
  #made: FastifyBaseLogger | undefined;
  readonly #parent: FastifyBaseLogger;
  readonly #bindings: Record<string, unknown>;
  readonly #options: object;

  constructor(parent: FastifyBaseLogger, bindings: Record<string, unknown>, options: object) {
    this.#parent = parent;
    this.#bindings = bindings;
    this.#options = options;
  }

  get #child(): FastifyBaseLogger {
    return (this.#made ??= this.#parent.child(this.#bindings, this.#options));
  }
  get level() {
    return this.#child.level;
  }
  set level(level: string) {
    this.#child.level = level;
  }
  fatal(...args: LogArgs) {
    this.#child.fatal(...args);
  }
  error(...args: LogArgs) {
    this.#child.error(...args);
  }
  warn(...args: LogArgs) {
    this.#child.warn(...args);
  }
  info(...args: LogArgs) {
    this.#child.info(...args);
  }
  debug(...args: LogArgs) {
    this.#child.debug(...args);
  }
  trace(...args: LogArgs) {
    this.#child.trace(...args);
  }
  silent(...args: LogArgs) {
    this.#child.silent(...args);
  }
  child(bindings: Record<string, unknown>, options?: object) {
    return this.#child.child(bindings, options);
  }
}

const lazyChildLogger = (logger: FastifyBaseLogger, bindings: Record<string, unknown>, options: object) =>
  new LazyChildLogger(logger, bindings, options);

/** A route's options, made quiet: `app.get('/healthz', quietRoute({ config: { access: 'public' } }), ...)`. */
export function quietRoute<Options extends { config?: object }>(options: Options) {
  return { ...options, config: { ...options.config, quiet: true }, childLoggerFactory: lazyChildLogger };
}
