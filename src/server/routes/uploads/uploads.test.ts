import { beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { count } from 'drizzle-orm';
import { rateLimits, uploads } from '../../db/schema/index.ts';
import { postFile, SITE_ORIGIN, setupTestApp } from '../../../../tests/setup/test-app.ts';
import { getWith, signUp } from '../../../../tests/setup/accounts.ts';
import { AVATAR_MAX_BYTES } from './uploads.ts';
import { PNG_7X5, pngClaiming } from '../../../../tests/factories/images.ts';

const t = setupTestApp();

const PNG = PNG_7X5;

function upload(cookie: string, bytes: Buffer, filename: string, type: string) {
  return postFile(t.app, '/api/user/avatar', cookie, { field: 'avatar', bytes, filename, type });
}

describe('avatar upload', () => {
  it('stores a PNG, points the profile at it and serves it back', async () => {
    const { cookie } = await signUp(t.app);
    const res = await upload(cookie, PNG, 'me.png', 'image/png');
    expect(res.statusCode).toBe(200);
    const url = res.json().profileImageUrl as string;
    expect(url).toMatch(/^\/api\/uploads\/[0-9a-f-]{36}$/);
    const served = await t.app.inject(url);
    expect(served.headers['content-type']).toBe('image/png');
    expect(served.rawPayload.equals(PNG)).toBe(true);
    expect((await getWith(t.app, '/api/auth/user', cookie)).json().profileImageUrl).toBe(url);
  });

  it('judges the type by content, not by name or claimed type', async () => {
    const { cookie } = await signUp(t.app);
    const html = Buffer.from('<html><script>alert(1)</script></html>');
    const res = await upload(cookie, html, 'avatar.png', 'image/png');
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe('The avatar must be a PNG, JPEG or WebP image');
  });

  it('refuses files over 2 MB', async () => {
    const { cookie } = await signUp(t.app);
    const big = Buffer.concat([PNG, Buffer.alloc(AVATAR_MAX_BYTES, 0)]);
    const res = await upload(cookie, big, 'big.png', 'image/png');
    expect(res.statusCode).toBe(413);
  });

  it('needs a signed-in user and a multipart body', async () => {
    expect((await upload('session=nope', PNG, 'me.png', 'image/png')).statusCode).toBe(401);
    const { cookie } = await signUp(t.app);
    const json = await t.app.inject({
      method: 'POST',
      url: '/api/user/avatar',
      payload: '{}',
      headers: { cookie, origin: SITE_ORIGIN, 'content-type': 'application/json' },
    });
    expect(json.statusCode).toBe(415);
  });
});

describe('a malformed upload', () => {
  const boundary = '----healing-circle-test';
  const part = (name: string, body: Buffer | string, filename: string | null = 'me.png') =>
    Buffer.concat([
      Buffer.from(
        `--${boundary}\r\nContent-Disposition: form-data; name="${name}"${filename ? `; filename="${filename}"` : ''}\r\n${filename ? 'Content-Type: image/png\r\n' : ''}\r\n`,
      ),
      Buffer.isBuffer(body) ? body : Buffer.from(body),
      Buffer.from('\r\n'),
    ]);
  const end = Buffer.from(`--${boundary}--\r\n`);
  let cookie = '';
  beforeAll(async () => {
    ({ cookie } = await signUp(t.app));
  });
  beforeEach(() => t.database.db.delete(rateLimits));
  const send = (cookie: string, payload: Buffer, contentType = `multipart/form-data; boundary=${boundary}`) =>
    t.app.inject({
      method: 'POST',
      url: '/api/user/avatar',
      payload,
      headers: { cookie, origin: SITE_ORIGIN, 'content-type': contentType },
    });

  type Case = [name: string, build: () => [payload: Buffer, contentType?: string], status: number, message: RegExp];
  it.each<Case>([
    ['no boundary', () => [Buffer.concat([part('avatar', PNG), end]), 'multipart/form-data'], 400, /could not be read/],
    [
      'a cut-off body',
      () => [part('avatar', PNG).subarray(0, 120)],
      400,
      /could not be read \(a malformed or cut-off multipart body\)/,
    ],
    [
      'another field name',
      () => [Buffer.concat([part('photo', PNG), end])],
      400,
      /Send the avatar as a file in the form field "avatar"/,
    ],
    [
      'a text field instead of a file',
      () => [Buffer.concat([part('avatar', 'hello', null), end])],
      400,
      /the form takes one file, in the field "avatar"/,
    ],
    [
      'two files',
      () => [Buffer.concat([part('avatar', PNG), part('avatar', PNG), end])],
      400,
      /Send one avatar and nothing else/,
    ],
    [
      'a file and a field',
      () => [Buffer.concat([part('avatar', PNG), part('note', 'hi', null), end])],
      400,
      /Send one avatar and nothing else/,
    ],
    [
      'an empty file',
      () => [Buffer.concat([part('avatar', Buffer.alloc(0)), end])],
      400,
      /The avatar is empty \(0 bytes\)/,
    ],
    ['no file at all', () => [end], 400, /Choose the avatar to upload/],
    ['a plain-text body', () => [Buffer.from('hello'), 'text/plain'], 415, /Send the avatar as multipart\/form-data/],
    [
      'a file over 2 MB',
      () => [Buffer.concat([part('avatar', Buffer.concat([PNG, Buffer.alloc(AVATAR_MAX_BYTES)])), end])],
      413,
      /The avatar must be 2 MB or smaller/,
    ],
    [
      'a cut-off PNG',
      () => [Buffer.concat([part('avatar', PNG.subarray(0, PNG.length - 20)), end])],
      400,
      /could not be read \(damaged or cut off\)/,
    ],
  ])(
    'answers %s with its status and a message saying what was wrong, storing nothing',
    async (_name, build, status, message) => {
      const storedFiles = async () => (await t.database.db.select({ n: count() }).from(uploads))[0]!.n;
      const before = await storedFiles();
      const [payload, contentType] = build();
      const res = await send(cookie, payload, contentType);
      expect(res.statusCode).toBe(status);
      expect(Object.keys(res.json()).every((key) => ['message', 'code', 'fieldErrors'].includes(key))).toBe(true);
      expect(res.json().message).toMatch(message);
      expect((await getWith(t.app, '/api/auth/user', cookie)).json().profileImageUrl).toBeNull();
      expect(await storedFiles()).toBe(before);
    },
  );

  it('refuses a tiny PNG claiming 50000 x 50000 pixels with 413 and its size in pixels', async () => {
    const res = await send(cookie, Buffer.concat([part('avatar', pngClaiming(50_000, 50_000)), end]));
    expect(res.statusCode).toBe(413);
    expect(res.json()).toMatchObject({
      code: 'PAYLOAD_TOO_LARGE',
      message: 'The avatar is 50,000 x 50,000 pixels; at most 40 million pixels are accepted',
      fieldErrors: { avatar: 'The avatar is 50,000 x 50,000 pixels; at most 40 million pixels are accepted' },
    });
  });
});
