/** A value computed at most once per `ttlMs` per instance, with concurrent callers sharing one load. */
export interface Cached<T> {
  get(): Promise<T>;
  /** Forget the value so the next get() loads afresh (after a write on this instance). */
  invalidate(): void;
}

export function cached<T>(ttlMs: number, load: () => Promise<T>, now: () => number = Date.now): Cached<T> {
  let value: { data: T; expires: number } | undefined;
  let pending: Promise<T> | undefined;
  return {
    get() {
      if (value && value.expires > now()) return Promise.resolve(value.data);
      pending ??= load()
        .then((data) => {
          value = { data, expires: now() + ttlMs };
          return data;
        })
        .finally(() => {
          pending = undefined;
        });
      return pending;
    },
    invalidate() {
      value = undefined;
    },
  };
}
