import { describe, expect, it } from 'vitest';
import { SITE_ORIGIN, setupTestApp } from '../../../../tests/setup/test-app.ts';
import { getWith, signUp } from '../../../../tests/setup/accounts.ts';
import { AVATAR_MAX_BYTES } from './uploads.ts';

const t = setupTestApp();

const PNG = Buffer.concat([Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]), Buffer.alloc(64, 1)]);

function upload(cookie: string, bytes: Buffer, filename: string, type: string) {
  const boundary = '----healing-circle-test';
  const payload = Buffer.concat([
    Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="avatar"; filename="${filename}"\r\nContent-Type: ${type}\r\n\r\n`),
    bytes,
    Buffer.from(`\r\n--${boundary}--\r\n`),
  ]);
  return t.app.inject({ method: 'POST', url: '/api/user/avatar', payload, headers: { cookie, origin: SITE_ORIGIN, 'content-type': `multipart/form-data; boundary=${boundary}` } });
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
    const json = await t.app.inject({ method: 'POST', url: '/api/user/avatar', payload: '{}', headers: { cookie, origin: SITE_ORIGIN, 'content-type': 'application/json' } });
    expect(json.statusCode).toBe(415);
  });
});
