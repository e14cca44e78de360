/** Human verification with ALTCHA: a signed proof-of-work challenge, solved in the browser, accepted once. */
import { createChallenge, verifySolution, type Challenge, type Solution } from 'altcha-lib';
import { deriveKey } from 'altcha-lib/algorithms/sha';
import { lt } from 'drizzle-orm';
import { AppError } from '#shared/errors.ts';
import { HUMAN_CHECK_MISSING } from '#shared/schemas/auth.ts';
import type { Db } from '../db/client.ts';
import { spentChallenges } from '../db/schema/index.ts';

const CHALLENGE_TTL_MS = 10 * 60 * 1000;
/** 12 bits of work: a few thousand hashes, well under a second in a phone's browser. */
const KEY_PREFIX = '000';

export interface AltchaService {
  challenge(): Promise<Challenge>;
  /** Accepts a solution once; throws a 400 AppError when it is missing, wrong, expired or replayed. */
  verify(payload: string | null | undefined): Promise<void>;
}

export function createAltchaService(db: Db, secret: string): AltchaService {
  return {
    challenge: () =>
      createChallenge({
        algorithm: 'SHA-256',
        cost: 1,
        keyPrefix: KEY_PREFIX,
        deriveKey,
        hmacSignatureSecret: secret,
        expiresAt: new Date(Date.now() + CHALLENGE_TTL_MS),
      }),

    async verify(payload) {
      if (!payload) throw new AppError('VALIDATION', HUMAN_CHECK_MISSING, 'altcha');
      const failed = new AppError('VALIDATION', 'Human verification failed. Please reload the page and try again.', 'altcha');
      let decoded: { challenge: Challenge; solution: Solution };
      try {
        decoded = JSON.parse(Buffer.from(payload, 'base64').toString('utf8')) as typeof decoded;
      } catch {
        throw failed;
      }
      if (!decoded?.challenge?.signature || !decoded.solution) throw failed;
      const result = await verifySolution({ challenge: decoded.challenge, solution: decoded.solution, deriveKey, hmacSignatureSecret: secret }).catch(
        () => null,
      );
      if (!result?.verified) throw failed;
      // Spend it: a second use of the same solution is refused on every instance.
      const expiresAt = new Date(((decoded.challenge.parameters.expiresAt as number | undefined) ?? Date.now() / 1000 + 600) * 1000);
      const spent = await db.insert(spentChallenges).values({ signature: decoded.challenge.signature, expiresAt }).onConflictDoNothing().returning();
      if (spent.length === 0) throw failed;
      if (Math.random() < 0.05) await db.delete(spentChallenges).where(lt(spentChallenges.expiresAt, new Date()));
    },
  };
}

/** What the browser sends back: base64 JSON of the challenge and its solution. */
export function encodeAltchaPayload(challenge: Challenge, solution: Solution): string {
  return Buffer.from(JSON.stringify({ challenge, solution })).toString('base64');
}
