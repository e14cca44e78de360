/** Password hashing (argon2id, OWASP parameters) and the policy beyond the shared schema's rules. */
import { hash, verify, type Options } from '@node-rs/argon2';
import { dictionary } from '@zxcvbn-ts/language-common';
import { AppError } from '#shared/errors.ts';
import { PASSWORD_MESSAGES } from '#shared/schemas/auth.ts';

/** OWASP's argon2id baseline: 19 MiB, 2 iterations, 1 lane. Raising these rehashes on next sign-in. */
export const ARGON2_OPTIONS: Options = { algorithm: 2, memoryCost: 19_456, timeCost: 2, parallelism: 1 };

export function hashPassword(password: string): Promise<string> {
  return hash(password, ARGON2_OPTIONS);
}

// Hash of a random password: verifying against it when the account does not exist keeps timing alike.
let decoyHash: Promise<string> | undefined;
function decoy(): Promise<string> {
  decoyHash ??= hashPassword(`decoy-${Math.random()}-Aa1`);
  return decoyHash;
}

/** Verifies a password; with no stored hash it still spends the same effort and answers false. */
export async function verifyPassword(storedHash: string | null, password: string): Promise<boolean> {
  try {
    const ok = await verify(storedHash ?? (await decoy()), password);
    return storedHash !== null && ok;
  } catch {
    return false;
  }
}

/** True when the stored hash was made with weaker parameters than today's. */
export function needsRehash(storedHash: string): boolean {
  const match = /^\$argon2id\$v=19\$m=(\d+),t=(\d+),p=(\d+)\$/.exec(storedHash);
  if (!match) return true;
  const [, m, t, p] = match.map(Number);
  return m! < ARGON2_OPTIONS.memoryCost! || t! < ARGON2_OPTIONS.timeCost! || p! < ARGON2_OPTIONS.parallelism!;
}

const COMMON_PASSWORDS = new Set((dictionary['passwords-common'] as string[]).map((p) => p.toLowerCase()));

/** The screening the browser cannot do cheaply: common passwords and the person's own name or email. */
export function passwordPolicyProblem(
  password: string,
  person: { email: string; firstName?: string; lastName?: string },
): string | null {
  const lower = password.toLowerCase();
  // Also catch a common word with the rules' decorations ("Password1", "Sunshine2024!").
  const core = lower.replace(/[\d\W_]+$/, '').replace(/^[\d\W_]+/, '');
  if (COMMON_PASSWORDS.has(lower) || (core.length >= 4 && COMMON_PASSWORDS.has(core))) return PASSWORD_MESSAGES.common;
  const local = person.email.split('@')[0]?.toLowerCase() ?? '';
  const parts = [local, person.firstName?.toLowerCase(), person.lastName?.toLowerCase()].filter(
    (s): s is string => !!s && s.length >= 3,
  );
  if (parts.some((part) => lower.includes(part))) return PASSWORD_MESSAGES.personal;
  return null;
}

/** A new password that passed the policy, hashed: what the password commands store. */
export interface NewPassword {
  readonly hash: string;
}

/**
 * Screens a new password (a VALIDATION error on `field` when refused) and hashes it. Hashing takes tens of
 * milliseconds, so it happens before a command opens its transaction (on PGlite, the whole database waits).
 */
export async function prepareNewPassword(
  password: string,
  person: { email: string; firstName?: string; lastName?: string },
  field: string,
): Promise<NewPassword> {
  const problem = passwordPolicyProblem(password, person);
  if (problem) throw new AppError('VALIDATION', problem, field);
  return { hash: await hashPassword(password) };
}
