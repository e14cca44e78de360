import { z } from 'zod';
import { DONATION_AMOUNT_RULE, amountProblem, amountRule, type AmountRule } from '../amount.ts';

/** The one schema for a dollar field: a JSON number in whole cents under `rule` (amount.ts); commands convert with dollarsToCents. */
export function dollarAmountSchema(rule: AmountRule) {
  return z.number({ error: rule.messages.notNumber }).check((ctx) => {
    const problem = amountProblem(ctx.value, rule);
    if (problem) ctx.issues.push({ code: 'custom', message: problem, input: ctx.value });
  });
}

/** A dollar field named `label` (in its messages): above 0 unless `min` says more. */
export const dollarAmount = (label: string, options?: { min?: number; notNumber?: string }) =>
  dollarAmountSchema(amountRule(label, options));

/** A gift's amount as the spec's clients send it: a JSON number, at least $1, at most two decimals. */
export const DollarAmountSchema = dollarAmountSchema(DONATION_AMOUNT_RULE);

/** Optional free text: trimmed, and empty becomes null (as the spec sends it). */
export function optionalText(max: number, label: string) {
  return z
    .string({ error: `${label} must be text` })
    .transform((value) => value.trim())
    .pipe(z.string().max(max, `${label} must be at most ${max} characters`))
    .transform((value) => (value === '' ? null : value))
    .nullish()
    .transform((value) => value ?? null);
}

export const EmailSchema = z.string().trim().toLowerCase().pipe(z.email('Please enter a valid email address').max(254));

/** An optional email address (a donor's, for her receipt): trimmed and lower-cased; empty becomes null. */
export const OptionalEmailSchema = z
  .string({ error: 'Please enter a valid email address' })
  .trim()
  .toLowerCase()
  .pipe(
    z.union([
      z.literal(''),
      z.email('Please enter a valid email address').max(254, 'Please enter a valid email address'),
    ]),
  )
  .transform((value) => (value === '' ? null : value))
  .nullish()
  .transform((value) => value ?? null);

export const UuidSchema = z.uuid('Not a valid id');

/**
 * The version of a record a decision was made on (DESIGN.md section 6: a decision binds what its maker read): the
 * record's `version` as the decider's page received it. The server refuses the decision with 409 and the current
 * version when the record changed since.
 */
export const ReadVersionSchema = z
  .number({ error: 'Say which version you read (reload the page)' })
  .int('Say which version you read (reload the page)')
  .positive('Say which version you read (reload the page)');

/** A record's id in the path (`/:id`). */
export const IdParamsSchema = z.object({ id: UuidSchema });
