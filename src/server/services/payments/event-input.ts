/** What every processor's verifier needs: its interface, reading headers, comparing secrets, reading amounts. */
import { createHash, timingSafeEqual } from 'node:crypto';
import type { z } from 'zod';
import { decimalToCents, dollarsToCents } from '#shared/money.ts';
import { SignatureError, type VerifiedEvent } from './movement.ts';

/** Request headers as Node gives them: names in lower case, a repeated header as an array. */
export type WebhookHeaders = Record<string, string | string[] | undefined>;

/** Checks one processor's delivery and reads it. */
export interface EventVerifier {
  /** Throws SignatureError on any failure: a missing or wrong signature, a stale timestamp, an unreadable body. */
  verify(rawBody: Buffer, headers: WebhookHeaders): Promise<VerifiedEvent>;
}

/** Throws unless there is a secret and none is empty (a missing setting): the current one, and during a rotation
 * the one it replaces. */
export function requireSecrets(processor: string, secrets: readonly string[]): void {
  if (secrets.length === 0 || secrets.some((secret) => secret.length === 0)) {
    throw new Error(`${processor}: at least one secret, none empty`);
  }
}

/** The one value of header `name` (lower case); a missing, empty or repeated header fails verification. */
export function singleHeader(headers: WebhookHeaders, name: string): string {
  const value = headers[name];
  const only = Array.isArray(value) ? (value.length === 1 ? value[0] : undefined) : value;
  if (!only) throw new SignatureError(`missing or repeated ${name} header`);
  return only;
}

/** Equal strings, compared in constant time whatever their lengths (both are hashed to 32 bytes first). */
export function sameSecret(given: string, expected: string): boolean {
  const digest = (text: string) => createHash('sha256').update(text).digest();
  return timingSafeEqual(digest(given), digest(expected));
}

/** JSON of a body that passed verification; a body that is not JSON fails. */
export function parseJson(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    throw new SignatureError('body is not JSON');
  }
}

/** `value` read by `schema`; a verified body of another shape fails, as nothing in it can be trusted to mean money. */
export function readAs<T>(schema: z.ZodType<T>, value: unknown, what: string): T {
  const result = schema.safeParse(value);
  if (!result.success) throw new SignatureError(`unreadable ${what}: ${result.error.issues[0]?.message ?? ''}`);
  return result.data;
}

/** Positive cents from a decimal string ("50.00") or a JSON number of dollars (5, 4.5), exactly or not at all. */
export function amountCents(amount: string | number, what: string): number {
  const cents = exactCents(amount);
  if (cents === null || cents <= 0) throw new SignatureError(`unreadable ${what}: ${JSON.stringify(amount)}`);
  return cents;
}

/** A fee's cents, read as an amount's but possibly 0 (a fee-free payment). */
export function feeCents(fee: string | number, what: string): number {
  const cents = exactCents(fee);
  if (cents === null || cents < 0) throw new SignatureError(`unreadable ${what}: ${JSON.stringify(fee)}`);
  return cents;
}

const exactCents = (amount: string | number) =>
  typeof amount === 'string' ? decimalToCents(amount) : dollarsToCents(amount);

/** A date from Unix seconds. */
export const fromUnixSeconds = (seconds: number) => new Date(seconds * 1000);

/** A date from an ISO 8601 string; one that does not parse fails. */
export function fromIso(text: string, what: string): Date {
  const time = Date.parse(text);
  if (Number.isNaN(time)) throw new SignatureError(`unreadable ${what}: ${text}`);
  return new Date(time);
}

/** Trimmed text, or null when there is none. */
export const textOrNull = (value: string | null | undefined) => value?.trim() || null;
