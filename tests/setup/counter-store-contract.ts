/** The account-limit counters behave the same on every store that instances can share (database, Redis). */
import { randomUUID } from 'node:crypto';
import { beforeEach, expect, it } from 'vitest';
import {
  createAccountLimits,
  type AccountLimit,
  type AccountLimits,
  type CounterStore,
} from '../../src/server/services/account-limits.ts';
import { fakeClock, type Clock } from '../../src/server/services/clock.ts';

const SECRET = 'a-test-secret-of-at-least-32-characters';
const THREE_A_MINUTE: AccountLimit = { name: 'test', max: 3, windowMs: 60_000 };

/** Collects the headers a refusal sets. */
const replyStub = () => {
  const headers: Record<string, string> = {};
  return { headers, header: (name: string, value: string) => (headers[name] = value) };
};

/** The behaviour every counter store must have; each store's test file runs it against its store. */
export function behavesAsAccountLimits(store: (clock: Clock) => CounterStore) {
  let clock: ReturnType<typeof fakeClock>;
  let limits: AccountLimits;
  beforeEach(() => {
    clock = fakeClock();
    limits = createAccountLimits(store(clock), SECRET);
  });
  const wrong = async () => false;
  const right = async () => true;

  it('counts failed attempts per subject, case-insensitively, and then refuses even a right one with 429 and Retry-After', async () => {
    const subject = `Someone.${randomUUID()}@Example.com`;
    const results = [];
    for (let i = 0; i < THREE_A_MINUTE.max; i++)
      results.push(await limits.attempt(THREE_A_MINUTE, i % 2 ? subject : subject.toLowerCase(), replyStub(), wrong));
    expect(results).toEqual([
      { ok: false, reached: false },
      { ok: false, reached: false },
      { ok: false, reached: true },
    ]);
    const reply = replyStub();
    await expect(limits.attempt(THREE_A_MINUTE, subject, reply, right)).rejects.toMatchObject({ code: 'RATE_LIMITED' });
    expect(reply.headers['retry-after']).toBe('60');
    await expect(limits.attempt(THREE_A_MINUTE, `other.${subject}`, replyStub(), right)).resolves.toEqual({
      ok: true,
      reached: false,
    });
  });

  it('right attempts are given back: any number of them never uses up the limit', async () => {
    const subject = randomUUID();
    for (let i = 0; i < THREE_A_MINUTE.max * 3; i++)
      expect((await limits.attempt(THREE_A_MINUTE, subject, replyStub(), right)).ok).toBe(true);
    expect((await limits.attempt(THREE_A_MINUTE, subject, replyStub(), wrong)).reached).toBe(false);
  });

  it('30 wrong attempts at once: every one is counted before any check ends, so 3 are checked, 27 refused, and one reaches the limit', async () => {
    const subject = randomUUID();
    let checked = 0;
    const slowWrong = async () => {
      checked++;
      await new Promise((resolve) => setImmediate(resolve));
      return false;
    };
    const settled = await Promise.allSettled(
      Array.from({ length: 30 }, () => limits.attempt(THREE_A_MINUTE, subject, replyStub(), slowWrong)),
    );
    const answered = settled.filter((r) => r.status === 'fulfilled').map((r) => r.value);
    expect(checked).toBe(THREE_A_MINUTE.max);
    expect(answered).toHaveLength(THREE_A_MINUTE.max);
    expect(answered.filter((r) => r.reached)).toHaveLength(1);
  });

  it('take() allows exactly max uses in a window', async () => {
    const subject = randomUUID();
    for (let i = 0; i < THREE_A_MINUTE.max; i++) await limits.take(THREE_A_MINUTE, subject, replyStub());
    await expect(limits.take(THREE_A_MINUTE, subject, replyStub())).rejects.toMatchObject({ code: 'RATE_LIMITED' });
  });

  it("starts a new window once the old one has run out by the app's clock, not before", async () => {
    const subject = randomUUID();
    for (let i = 0; i < THREE_A_MINUTE.max; i++) await limits.take(THREE_A_MINUTE, subject, replyStub());
    clock.advance(THREE_A_MINUTE.windowMs - 1);
    await expect(limits.take(THREE_A_MINUTE, subject, replyStub())).rejects.toMatchObject({ code: 'RATE_LIMITED' });
    clock.advance(1);
    expect((await limits.hit(THREE_A_MINUTE, subject)).count).toBe(1);
  });

  it('clear() forgets a used-up limit for that subject only', async () => {
    const subject = randomUUID();
    const other = randomUUID();
    for (let i = 0; i < THREE_A_MINUTE.max; i++) {
      await limits.attempt(THREE_A_MINUTE, subject, replyStub(), wrong);
      await limits.attempt(THREE_A_MINUTE, other, replyStub(), wrong);
    }
    await limits.clear(THREE_A_MINUTE, subject.toUpperCase());
    await expect(limits.attempt(THREE_A_MINUTE, subject, replyStub(), right)).resolves.toEqual({
      ok: true,
      reached: false,
    });
    await expect(limits.attempt(THREE_A_MINUTE, other, replyStub(), right)).rejects.toMatchObject({
      code: 'RATE_LIMITED',
    });
  });
}
