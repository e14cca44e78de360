import { describe, expect, it, vi } from 'vitest';
import { cached, LAST_KNOWN_MAX_MS, lastKnown } from './cache.ts';

/** A clock the test moves by hand. */
function fakeClock(start = 1_000_000) {
  let t = start;
  return {
    now: () => t,
    advance(ms: number) {
      t += ms;
    },
  };
}

/** A promise the test settles by hand. */
function deferred<T>() {
  let resolve!: (value: T) => void;
  let reject!: (error: unknown) => void;
  const promise = new Promise<T>((res, rej) => {
    resolve = res;
    reject = rej;
  });
  return { promise, resolve, reject };
}

/** A loader returning 1, 2, 3, ... on successive calls. */
function counter() {
  let n = 0;
  return vi.fn(async () => ++n);
}

describe('cached', () => {
  it('loads once within the TTL', async () => {
    const clock = fakeClock();
    const load = counter();
    const cache = cached(1000, load, clock.now);

    expect(await cache.get()).toBe(1);
    clock.advance(500);
    expect(await cache.get()).toBe(1);
    clock.advance(499);
    expect(await cache.get()).toBe(1);
    expect(load).toHaveBeenCalledTimes(1);
  });

  it('reloads once the TTL has passed', async () => {
    const clock = fakeClock();
    const load = counter();
    const cache = cached(1000, load, clock.now);

    expect(await cache.get()).toBe(1);
    clock.advance(1000);
    expect(await cache.get()).toBe(2);
    expect(load).toHaveBeenCalledTimes(2);
    clock.advance(999);
    expect(await cache.get()).toBe(2);
    clock.advance(5000);
    expect(await cache.get()).toBe(3);
    expect(load).toHaveBeenCalledTimes(3);
  });

  it('counts the TTL from when the load finished', async () => {
    const clock = fakeClock();
    const pending = deferred<string>();
    const load = vi.fn(() => pending.promise);
    const cache = cached(1000, load, clock.now);

    const first = cache.get();
    clock.advance(800); // a slow load
    pending.resolve('slow');
    expect(await first).toBe('slow');
    clock.advance(900); // 1700 ms after the start, 900 ms after the load finished
    expect(await cache.get()).toBe('slow');
    expect(load).toHaveBeenCalledTimes(1);
  });

  it('peeks at a fresh value without loading, and at nothing once stale or invalidated', async () => {
    const clock = fakeClock();
    const load = counter();
    const c = cached(1000, load, clock.now);
    expect(c.peek()).toBeUndefined();
    expect(load).not.toHaveBeenCalled();
    await c.get();
    expect(c.peek()).toBe(1);
    clock.advance(1000);
    expect(c.peek()).toBeUndefined();
    await c.get();
    c.invalidate();
    expect(c.peek()).toBeUndefined();
    expect(load).toHaveBeenCalledTimes(2);
  });

  it('does not call the loader until asked', () => {
    const load = counter();
    cached(1000, load, fakeClock().now);
    expect(load).not.toHaveBeenCalled();
  });

  it('shares one load between concurrent callers', async () => {
    const clock = fakeClock();
    const pending = deferred<{ total: number }>();
    const load = vi.fn(() => pending.promise);
    const cache = cached(1000, load, clock.now);

    const a = cache.get();
    const b = cache.get();
    const c = cache.get();
    expect(load).toHaveBeenCalledTimes(1);

    const value = { total: 42 };
    pending.resolve(value);
    const results = await Promise.all([a, b, c]);
    expect(results[0]).toBe(value);
    expect(results[1]).toBe(value);
    expect(results[2]).toBe(value);
    expect(load).toHaveBeenCalledTimes(1);
  });

  it('shares one reload between concurrent callers after expiry', async () => {
    const clock = fakeClock();
    const load = counter();
    const cache = cached(1000, load, clock.now);

    await cache.get();
    clock.advance(1000);
    const results = await Promise.all([cache.get(), cache.get(), cache.get()]);
    expect(results).toEqual([2, 2, 2]);
    expect(load).toHaveBeenCalledTimes(2);
  });

  it('reloads after invalidate(), even within the TTL', async () => {
    const clock = fakeClock();
    const load = counter();
    const cache = cached(60_000, load, clock.now);

    expect(await cache.get()).toBe(1);
    cache.invalidate();
    expect(await cache.get()).toBe(2);
    expect(await cache.get()).toBe(2);
    expect(load).toHaveBeenCalledTimes(2);
  });

  it('does not keep what a load read before invalidate() (a write during the load)', async () => {
    const clock = fakeClock();
    const reads = [deferred<string>(), deferred<string>()];
    let call = 0;
    const cache = cached(60_000, () => reads[call++]!.promise, clock.now);

    const early = cache.get();
    cache.invalidate();
    const late = cache.get();
    reads[0]!.resolve('before-write');
    reads[1]!.resolve('after-write');
    expect(await early).toBe('before-write');
    expect(await late).toBe('after-write');
    expect(await cache.get()).toBe('after-write');
  });

  it('invalidate() before any load is harmless', async () => {
    const load = counter();
    const cache = cached(1000, load, fakeClock().now);
    cache.invalidate();
    expect(await cache.get()).toBe(1);
    expect(load).toHaveBeenCalledTimes(1);
  });

  it('does not cache a failed load', async () => {
    const clock = fakeClock();
    const load = vi
      .fn<() => Promise<string>>()
      .mockRejectedValueOnce(new Error('database down'))
      .mockResolvedValueOnce('recovered')
      .mockResolvedValueOnce('unexpected third load');
    const cache = cached(1000, load, clock.now);

    await expect(cache.get()).rejects.toThrow('database down');
    // No time passes: the failure must not be remembered.
    expect(await cache.get()).toBe('recovered');
    expect(await cache.get()).toBe('recovered');
    expect(load).toHaveBeenCalledTimes(2);
  });

  it('rejects every concurrent caller of a failed load, then retries', async () => {
    const clock = fakeClock();
    const pending = deferred<number>();
    const load = vi.fn<() => Promise<number>>().mockReturnValueOnce(pending.promise).mockResolvedValueOnce(7);
    const cache = cached(1000, load, clock.now);

    const a = cache.get();
    const b = cache.get();
    pending.reject(new Error('boom'));
    await expect(a).rejects.toThrow('boom');
    await expect(b).rejects.toThrow('boom');
    expect(load).toHaveBeenCalledTimes(1);

    expect(await cache.get()).toBe(7);
    expect(load).toHaveBeenCalledTimes(2);
  });

  it('keeps serving the old value only until it expires, not after a failed reload', async () => {
    const clock = fakeClock();
    const load = vi
      .fn<() => Promise<string>>()
      .mockResolvedValueOnce('v1')
      .mockRejectedValueOnce(new Error('down'))
      .mockResolvedValueOnce('v2');
    const cache = cached(1000, load, clock.now);

    expect(await cache.get()).toBe('v1');
    clock.advance(1000);
    await expect(cache.get()).rejects.toThrow('down');
    expect(await cache.get()).toBe('v2');
    expect(load).toHaveBeenCalledTimes(3);
  });
});

describe('lastKnown', () => {
  const unavailable = () => Object.assign(new Error('not accepting connections'), { code: '57P03' });

  it('answers the last value read, marked stale, while the database cannot serve, for at most LAST_KNOWN_MAX_MS', async () => {
    const clock = fakeClock();
    const read = vi
      .fn<() => Promise<number>>()
      .mockResolvedValueOnce(5)
      .mockRejectedValueOnce(unavailable())
      .mockRejectedValueOnce(unavailable());
    const load = lastKnown(read, (value, readAt) => value * 1000 + (readAt.getTime() === 1_000_000 ? 1 : 0), clock.now);

    expect(await load()).toBe(5);
    clock.advance(LAST_KNOWN_MAX_MS);
    expect(await load()).toBe(5001);
    clock.advance(1);
    await expect(load()).rejects.toMatchObject({ code: '57P03' });
  });

  it('passes on every other error, and an outage before anything was read', async () => {
    const read = vi
      .fn<() => Promise<number>>()
      .mockRejectedValueOnce(unavailable())
      .mockResolvedValueOnce(5)
      .mockRejectedValueOnce(new Error('a bug'));
    const load = lastKnown(read);

    await expect(load()).rejects.toMatchObject({ code: '57P03' });
    expect(await load()).toBe(5);
    await expect(load()).rejects.toThrow('a bug');
  });

  it('answers a value kept from elsewhere through an outage', async () => {
    const load = lastKnown(vi.fn<() => Promise<number>>().mockRejectedValue(unavailable()));
    load.keep(9);
    expect(await load()).toBe(9);
  });
});
