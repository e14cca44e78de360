/**
 * The scale test's clients: HTTP requests from chosen loopback addresses (any 127.x.y.z is this machine, so each
 * visitor can have her own address for the rate limits), every exchange written down with its start and end.
 */
import http from 'node:http';

export interface Exchange {
  /** What the load was doing: 'progress', 'intent', 'sign-in', 'session', 'donation', ... */
  kind: string;
  method: string;
  path: string;
  /** Date.now() when the request was sent and when its answer (or error) came. */
  start: number;
  end: number;
  status?: number;
  /** A failure below HTTP (reset, timeout). */
  error?: string;
  headers: http.IncomingHttpHeaders;
  body: string;
}

export interface SendOptions {
  body?: unknown;
  cookie?: string;
  /** The source address; a keep-alive agent bound to one, or a fresh connection from this address. */
  from?: string;
  agent?: http.Agent;
  /** The base URL, when not the balancer (an instance directly). */
  base?: string;
}

let addressesHandedOut = 0;
/** A loopback address no other visitor of this run has used: 127.20.0.1, 127.20.0.2, ... */
export function freshLoopbackAddress(): string {
  const n = addressesHandedOut++;
  return `127.${20 + Math.floor(n / 62_500)}.${Math.floor(n / 250) % 250}.${(n % 250) + 1}`;
}

/** A keep-alive connection pool whose connections all come from `address`. */
export function agentFrom(address: string): http.Agent {
  return new http.Agent({ keepAlive: true, maxSockets: 1, localAddress: address });
}

export class Traffic {
  readonly log: Exchange[] = [];

  constructor(
    /** The balancer's URL; also the Origin that same-site writes carry. */
    readonly base: string,
  ) {}

  /** Sends one request and records it; never throws for an HTTP or network failure (see `error`). */
  send(kind: string, method: string, path: string, options: SendOptions = {}): Promise<Exchange> {
    const url = new URL(path, options.base ?? this.base);
    const payload = options.body === undefined ? undefined : JSON.stringify(options.body);
    const headers: http.OutgoingHttpHeaders = {
      ...(payload === undefined ? {} : { 'content-type': 'application/json', origin: this.base }),
      ...(options.cookie ? { cookie: options.cookie } : {}),
    };
    const start = Date.now();
    return new Promise((resolve) => {
      const done = (result: Partial<Exchange>) => {
        const exchange: Exchange = { kind, method, path, start, end: Date.now(), headers: {}, body: '', ...result };
        this.log.push(exchange);
        resolve(exchange);
      };
      const request = http.request(
        url,
        {
          method,
          headers,
          agent: options.agent ?? false,
          ...(options.agent ? {} : { localAddress: options.from ?? freshLoopbackAddress() }),
          timeout: 30_000,
        },
        (response) => {
          let body = '';
          response.setEncoding('utf8');
          response.on('data', (chunk: string) => (body += chunk));
          response.on('end', () => done({ status: response.statusCode, headers: response.headers, body }));
          response.on('error', (err) => done({ error: err.message }));
        },
      );
      request.on('timeout', () => request.destroy(new Error('timed out after 30 s')));
      request.on('error', (err) => done({ error: err.message }));
      request.end(payload);
    });
  }
}

/** The `name=value` of the session cookie an answer set. */
export function sessionCookieOf(exchange: Exchange): string {
  const cookie = (exchange.headers['set-cookie'] ?? [])
    .map((c) => c.split(';')[0]!)
    .find((c) => c.startsWith('session=') || c.startsWith('__Host-session='));
  if (!cookie) throw new Error(`no session cookie in the answer (${exchange.status}: ${exchange.body})`);
  return cookie;
}

/** Runs `step` over and over, `pauseMs` apart, until `running()` turns false; resolves when the last step ends. */
export async function repeat(running: () => boolean, pauseMs: number, step: () => Promise<void>): Promise<void> {
  while (running()) {
    await step();
    await new Promise((resolve) => setTimeout(resolve, pauseMs));
  }
}
