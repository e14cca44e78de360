/** Story create, edit and submit are limited per account: a new address for every request buys nothing. */
import { beforeEach, describe, expect, it } from 'vitest';
import { injectFrom, setupTestApp, statusesOf } from '../../../../tests/setup/test-app.ts';
import { signUp } from '../../../../tests/setup/accounts.ts';
import { rateLimits } from '../../db/schema/index.ts';
import { STORY_CREATE_LIMIT, STORY_EDIT_LIMIT, STORY_SUBMIT_LIMIT } from './stories.ts';

const t = setupTestApp();

const draft = {
  title: 'Finding my voice after years of pain',
  body: 'For eleven years I was told the pain was normal. This is how I found a surgeon who listened.',
  tags: ['Endometriosis'],
};

/** Every request from a new address. */
const send = (cookie: string, method: 'POST' | 'PATCH', url: string, body: unknown = {}) =>
  injectFrom(t.app, { method, url, body, headers: { cookie } });

/** The statuses of `times` requests sent one after another. */
const statuses = (times: number, request: () => ReturnType<typeof send>) => statusesOf(times, request);

beforeEach(async () => {
  await t.database.db.delete(rateLimits);
});

describe('story writing limits per account', () => {
  it(`creating: after ${STORY_CREATE_LIMIT.max} stories in an hour the next gets 429 from a new address, while another author can still write`, async () => {
    const { cookie } = await signUp(t.app);
    const seen = await statuses(STORY_CREATE_LIMIT.max + 1, () => send(cookie, 'POST', '/api/my/stories', draft));
    expect(seen.slice(0, -1).every((s) => s === 201)).toBe(true);
    expect(seen.at(-1)).toBe(429);
    const other = await signUp(t.app);
    expect((await send(other.cookie, 'POST', '/api/my/stories', draft)).statusCode).toBe(201);
  });

  it(`editing: after ${STORY_EDIT_LIMIT.max} edits in an hour the next gets 429 from a new address`, async () => {
    const { cookie } = await signUp(t.app);
    const id = (await send(cookie, 'POST', '/api/my/stories', draft)).json().id as string;
    const seen = await statuses(STORY_EDIT_LIMIT.max + 1, () => send(cookie, 'PATCH', `/api/my/stories/${id}`, draft));
    expect(seen.slice(0, -1).every((s) => s === 200)).toBe(true);
    expect(seen.at(-1)).toBe(429);
  });

  it(`submitting: after ${STORY_SUBMIT_LIMIT.max} submissions in an hour the next gets 429 from a new address`, async () => {
    const { cookie } = await signUp(t.app);
    const ids: string[] = [];
    for (let i = 0; i <= STORY_SUBMIT_LIMIT.max; i++)
      ids.push((await send(cookie, 'POST', '/api/my/stories', draft)).json().id as string);
    const seen = await statuses(STORY_SUBMIT_LIMIT.max + 1, () =>
      send(cookie, 'POST', `/api/my/stories/${ids.pop()}/submit`),
    );
    expect(seen.slice(0, -1).every((s) => s === 200)).toBe(true);
    expect(seen.at(-1)).toBe(429);
  });

  it('counts per account under a keyed hash: the rate-limit table holds neither the account id nor its email', async () => {
    const { cookie, user } = await signUp(t.app);
    expect((await send(cookie, 'POST', '/api/my/stories', draft)).statusCode).toBe(201);
    const keys = (await t.database.db.select({ key: rateLimits.key }).from(rateLimits)).map((row) => row.key);
    expect(keys.some((key) => key.startsWith('rl:POST/api/my/stories:user:'))).toBe(true);
    expect(keys.filter((key) => key.includes(user.id) || key.toLowerCase().includes(user.email.toLowerCase()))).toEqual(
      [],
    );
  });
});
