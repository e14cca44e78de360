/** Random tokens for cookies and mailed links; only their keyed hashes are stored. */
import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';

/** 256 random bits, URL-safe. */
export function randomToken(): string {
  return randomBytes(32).toString('base64url');
}

/** A token that anyone holding the secret can compute again from `label` (and no one else): as strong as a random one. */
export function derivedToken(label: string, secret: string): string {
  return createHmac('sha256', secret).update(label).digest('base64url');
}

/** The stored form of a token: HMAC-SHA-256 under the server's secret, so a leaked table is useless. */
export function hashToken(token: string, secret: string): string {
  return createHmac('sha256', secret).update(token).digest('hex');
}

export function safeEqual(a: string, b: string): boolean {
  const left = Buffer.from(a);
  const right = Buffer.from(b);
  return left.length === right.length && timingSafeEqual(left, right);
}
