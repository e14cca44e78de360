/**
 * GET /api/altcha/challenge: a signed ALTCHA (v2) proof-of-work challenge, as altcha-lib's `Challenge`. Every key
 * the library may set is named, since an answer carries only the keys its schema names and the signature covers
 * them all.
 */
import { z } from 'zod';

export const AltchaChallengeSchema = z.object({
  parameters: z.object({
    algorithm: z.string(),
    nonce: z.string(),
    salt: z.string(),
    cost: z.number(),
    keyLength: z.number(),
    keyPrefix: z.string(),
    keySignature: z.string().optional(),
    memoryCost: z.number().optional(),
    parallelism: z.number().optional(),
    expiresAt: z.number().optional(),
    data: z.record(z.string(), z.union([z.string(), z.number(), z.boolean(), z.null()])).optional(),
  }),
  signature: z.string().optional(),
  codeChallenge: z
    .object({ image: z.string(), audio: z.string().optional(), length: z.number().optional() })
    .optional(),
});
export type AltchaChallenge = z.infer<typeof AltchaChallengeSchema>;
