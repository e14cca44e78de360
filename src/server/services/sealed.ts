/**
 * Text kept encrypted at rest (AES-256-GCM) under a key derived from the session secret and a purpose, so a copy of
 * the database alone reads none of it: an admin's TOTP secret, a queued mail that carries a one-time link.
 */
import { createCipheriv, createDecipheriv, createHmac, randomBytes } from 'node:crypto';

/** What the sealed text is for: each purpose has its own key. */
export type SealPurpose = 'healing-circle/totp-secret' | 'healing-circle/queued-mail';

const keyFor = (sessionSecret: string, purpose: SealPurpose) =>
  createHmac('sha256', sessionSecret).update(purpose).digest();

export function seal(plain: string, sessionSecret: string, purpose: SealPurpose): string {
  const iv = randomBytes(12);
  const cipher = createCipheriv('aes-256-gcm', keyFor(sessionSecret, purpose), iv);
  const body = Buffer.concat([cipher.update(plain, 'utf8'), cipher.final()]);
  return [iv, cipher.getAuthTag(), body].map((b) => b.toString('base64url')).join('.');
}

/** The plain text again; throws when it was sealed under another secret or purpose, or altered. */
export function unseal(sealed: string, sessionSecret: string, purpose: SealPurpose): string {
  const [iv, tag, body] = sealed.split('.').map((part) => Buffer.from(part, 'base64url'));
  const decipher = createDecipheriv('aes-256-gcm', keyFor(sessionSecret, purpose), iv!);
  decipher.setAuthTag(tag!);
  return Buffer.concat([decipher.update(body!), decipher.final()]).toString('utf8');
}
