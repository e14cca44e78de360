import { z } from 'zod';
import { AMOUNT_MESSAGES, amountProblem } from '../amount.ts';

/** A dollar amount as the spec's clients send it: a JSON number, at least $1, at most two decimals. */
export const DollarAmountSchema = z.number({ error: AMOUNT_MESSAGES.notNumber }).check((ctx) => {
  const problem = amountProblem(ctx.value);
  if (problem) ctx.issues.push({ code: 'custom', message: problem, input: ctx.value });
});

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

export const UuidSchema = z.uuid('Not a valid id');
