/** A value computed at most once per `ttlMs` per instance, with concurrent callers sharing one load. */
import { isDatabaseUnavailable } from './db-errors.ts';

export interface Cached<T> {
  get(): Promise<T>;
  /** The value if it is still fresh, without waiting (the hot path needs no promise). */
  peek(): T | undefined;
  /** Forget the value so the next get() loads afresh (after a write on this instance). */
  invalidate(): void;
}

export function cached<T>(ttlMs: number, load: () => Promise<T>, now: () => number = Date.now): Cached<T> {
  let value: { data: T; expires: number } | undefined;
  let pending: Promise<T> | undefined;
  // A load started before invalidate() must not fill the cache with what it read before the write.
  let generation = 0;
  return {
    get() {
      if (value && value.expires > now()) return Promise.resolve(value.data);
      if (!pending) {
        const started = generation;
        const loading = load()
          .then((data) => {
            if (started === generation) value = { data, expires: now() + ttlMs };
            return data;
          })
          .finally(() => {
            if (pending === loading) pending = undefined;
          });
        pending = loading;
      }
      return pending;
    },
    peek() {
      return value && value.expires > now() ? value.data : undefined;
    },
    invalidate() {
      generation++;
      value = undefined;
      pending = undefined;
    },
  };
}

/** How long a public read may be answered from what it last read while the database cannot serve. */
export const LAST_KNOWN_MAX_MS = 10 * 60_000;

/** A read that, while the database cannot serve, answers what it last read (see `lastKnown`). */
export interface LastKnownRead<T> {
  (): Promise<T>;
  /** Keeps a value read elsewhere as the last known one (at start, so an instance that served nobody has one). */
  keep(value: T): T;
}

/**
 * Wraps a public read so that through a database outage (`isDatabaseUnavailable`) it answers the value it last
 * read, for up to LAST_KNOWN_MAX_MS, passed through `stale` (which may say how old it is); other errors pass.
 */
export function lastKnown<T>(
  read: () => Promise<T>,
  stale: (value: T, readAt: Date) => T = (value) => value,
  now: () => number = Date.now,
): LastKnownRead<T> {
  let last: { value: T; at: number } | undefined;
  const keep = (value: T) => {
    last = { value, at: now() };
    return value;
  };
  const load = async () => {
    try {
      return keep(await read());
    } catch (err) {
      if (!last || !isDatabaseUnavailable(err) || now() - last.at > LAST_KNOWN_MAX_MS) throw err;
      return stale(last.value, new Date(last.at));
    }
  };
  return Object.assign(load, { keep });
}
