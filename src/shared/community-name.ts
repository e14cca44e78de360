/**
 * The name others see (issue 38, decision 019): the community name she chose, or by default her first name and last
 * initial ("Maya R."). Her legal name is seen only by herself and admins (and, for a doctor, in the directory,
 * where she is listed under her licensed name).
 */
import { z } from 'zod';

export const COMMUNITY_NAME_MAX = 40;

/** The default: first name and last initial; the first name alone when there is no last name. */
export function suggestedCommunityName(person: { firstName: string; lastName: string }): string {
  const initial = person.lastName.trim().charAt(0);
  return initial ? `${person.firstName} ${initial.toUpperCase()}.` : person.firstName;
}

/** What others see of her: her community name, or the suggestion while she has chosen none. */
export function shownName(person: { communityName: string | null; firstName: string; lastName: string }): string {
  return person.communityName ?? suggestedCommunityName(person);
}

const COMMUNITY_NAME_RULES =
  "Use letters, numbers, spaces and . - ' _ only (no email address or link), so it reads as a name";

/** A chosen community name; empty means "use the default" (stored as null). */
export const CommunityNameSchema = z
  .string({ error: 'Community name must be text' })
  .trim()
  .max(COMMUNITY_NAME_MAX, `Must be at most ${COMMUNITY_NAME_MAX} characters`)
  .regex(/^[\p{L}\p{N} .'_-]*$/u, COMMUNITY_NAME_RULES)
  .refine((name) => name === '' || /[\p{L}\p{N}]/u.test(name), COMMUNITY_NAME_RULES)
  .transform((name) => (name === '' ? null : name.replace(/\s+/g, ' ')))
  .nullable()
  .transform((name) => name ?? null);
