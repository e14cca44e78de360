/** Human verification with ALTCHA: a signed proof-of-work challenge, solved in the browser, accepted once. */
import { createChallenge, randomInt, verifySolution, type Challenge, type Solution } from 'altcha-lib';
import { deriveKey as pbkdf2 } from 'altcha-lib/algorithms/pbkdf2';
import { deriveKey as sha } from 'altcha-lib/algorithms/sha';
import { createHmac } from 'node:crypto';
import { lt } from 'drizzle-orm';
import { AppError } from '#shared/errors.ts';
import { HUMAN_CHECK_MISSING } from '#shared/schemas/auth.ts';
import type { Db } from '../db/client.ts';
import { spentChallenges } from '../db/schema/index.ts';

const CHALLENGE_TTL_MS = 10 * 60 * 1000;
/** Challenges one address may fetch a minute: each costs the server a key derivation at the challenge's cost. */
export const ALTCHA_CHALLENGES_PER_MINUTE = 30;

/** How much work a challenge asks for: the key derivation, its cost, and the range the secret counter is drawn from. */
export interface AltchaDifficulty {
  algorithm: 'PBKDF2/SHA-256' | 'SHA-256';
  cost: number;
  counterMin: number;
  counterMax: number;
}

/**
 * altcha-lib's recommended level for v2: PBKDF2/SHA-256 at cost 5,000 in deterministic mode with a counter
 * drawn from 5,000-10,000 (its README and docs/configuration-options.md), so every visitor does the same work.
 */
export const RECOMMENDED_ALTCHA_DIFFICULTY: AltchaDifficulty = {
  algorithm: 'PBKDF2/SHA-256',
  cost: 5_000,
  counterMin: 5_000,
  counterMax: 10_000,
};
/** For the test suites only (buildApp's `altchaDifficulty` option): the same protocol at a trivial cost. */
export const TEST_ALTCHA_DIFFICULTY: AltchaDifficulty = {
  algorithm: 'SHA-256',
  cost: 1,
  counterMin: 1,
  counterMax: 20,
};

const DERIVE_KEY = { 'PBKDF2/SHA-256': pbkdf2, 'SHA-256': sha } as const;

export interface AltchaService {
  challenge(): Promise<Challenge>;
  /** Accepts a solution once; throws a 400 AppError when it is missing, wrong, expired or replayed. */
  verify(payload: string | null | undefined): Promise<void>;
}

export function createAltchaService(
  db: Db,
  secret: string,
  difficulty: AltchaDifficulty = RECOMMENDED_ALTCHA_DIFFICULTY,
): AltchaService {
  const deriveKey = DERIVE_KEY[difficulty.algorithm];
  // Deterministic mode signs the expected key with a second secret, derived so configuration stays one key.
  const keySecret = createHmac('sha256', secret).update('altcha-key-signature').digest('hex');
  return {
    challenge: () =>
      createChallenge({
        algorithm: difficulty.algorithm,
        cost: difficulty.cost,
        counter: randomInt(difficulty.counterMax, difficulty.counterMin),
        deriveKey,
        hmacSignatureSecret: secret,
        hmacKeySignatureSecret: keySecret,
        expiresAt: new Date(Date.now() + CHALLENGE_TTL_MS),
      }),

    async verify(payload) {
      if (!payload) throw new AppError('VALIDATION', HUMAN_CHECK_MISSING, 'altcha');
      const failed = new AppError(
        'VALIDATION',
        'Human verification failed. Please reload the page and try again.',
        'altcha',
      );
      let decoded: { challenge: Challenge; solution: Solution };
      try {
        decoded = JSON.parse(Buffer.from(payload, 'base64').toString('utf8')) as typeof decoded;
      } catch {
        throw failed;
      }
      if (!decoded?.challenge?.signature || !decoded.solution) throw failed;
      // Only the work this service asks for counts, whatever else carries a valid signature.
      const { algorithm, cost } = decoded.challenge.parameters ?? {};
      if (algorithm !== difficulty.algorithm || cost !== difficulty.cost) throw failed;
      const result = await verifySolution({
        challenge: decoded.challenge,
        solution: decoded.solution,
        deriveKey,
        hmacSignatureSecret: secret,
        hmacKeySignatureSecret: keySecret,
      }).catch(() => null);
      if (!result?.verified) throw failed;
      // Spend it: a second use of the same solution is refused on every instance.
      const expiresAt = new Date(
        ((decoded.challenge.parameters.expiresAt as number | undefined) ?? Date.now() / 1000 + 600) * 1000,
      );
      const spent = await db
        .insert(spentChallenges)
        .values({ signature: decoded.challenge.signature, expiresAt })
        .onConflictDoNothing()
        .returning();
      if (spent.length === 0) throw failed;
      if (Math.random() < 0.05) await db.delete(spentChallenges).where(lt(spentChallenges.expiresAt, new Date()));
    },
  };
}

/** What the browser sends back: base64 JSON of the challenge and its solution. */
export function encodeAltchaPayload(challenge: Challenge, solution: Solution): string {
  return Buffer.from(JSON.stringify({ challenge, solution })).toString('base64');
}
