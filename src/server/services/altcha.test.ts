/** The human check: altcha-lib's recommended level by default, solutions accepted once. */
import { describe, expect, it } from 'vitest';
import { solveChallenge } from 'altcha-lib';
import { deriveKey as sha } from 'altcha-lib/algorithms/sha';
import { createTestDatabase } from '../../../tests/setup/database.ts';
import {
  createAltchaService,
  encodeAltchaPayload,
  RECOMMENDED_ALTCHA_DIFFICULTY,
  TEST_ALTCHA_DIFFICULTY,
} from './altcha.ts';

const SECRET = 'a-test-secret-of-at-least-32-characters';

describe('ALTCHA difficulty', () => {
  it("is altcha-lib's recommended v2 level by default: PBKDF2/SHA-256, cost 5,000, a signed counter of 5,000-10,000", async () => {
    const database = await createTestDatabase();
    try {
      const challenge = await createAltchaService(database.db, SECRET).challenge();
      expect(challenge.parameters).toMatchObject({ algorithm: 'PBKDF2/SHA-256', cost: 5_000 });
      // Deterministic mode: the expected key is signed, so every visitor does the same amount of work.
      expect(challenge.parameters.keySignature).toEqual(expect.any(String));
      expect(challenge.signature).toEqual(expect.any(String));
      expect(RECOMMENDED_ALTCHA_DIFFICULTY).toEqual({
        algorithm: 'PBKDF2/SHA-256',
        cost: 5_000,
        counterMin: 5_000,
        counterMax: 10_000,
      });
    } finally {
      await database.destroy();
    }
  });

  it('refuses a solution to a cheaper challenge than the one this service sets (a test-level challenge signed with the same key)', async () => {
    const database = await createTestDatabase();
    try {
      const cheap = await createAltchaService(database.db, SECRET, TEST_ALTCHA_DIFFICULTY).challenge();
      const solution = (await solveChallenge({ challenge: cheap, deriveKey: sha }))!;
      const production = createAltchaService(database.db, SECRET);
      await expect(production.verify(encodeAltchaPayload(cheap, solution))).rejects.toMatchObject({
        code: 'VALIDATION',
        fieldErrors: { altcha: expect.any(String) },
      });
      // The same solution is good where that level is the one set.
      await expect(
        createAltchaService(database.db, SECRET, TEST_ALTCHA_DIFFICULTY).verify(encodeAltchaPayload(cheap, solution)),
      ).resolves.toBeUndefined();
    } finally {
      await database.destroy();
    }
  });
});
