/** A value computed at most once per `ttlMs` per instance, with concurrent callers sharing one load. */
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
