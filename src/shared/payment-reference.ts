/**
 * A gift's reference (`HC-7KQ3`): made with its intent, shown to the donor to add to her payment's note, and
 * carried back by the processor, so the gift records itself against her intent's campaign (decision 013).
 * Letters and digits that cannot be mistaken for one another (no 0/O, 1/I/L, U/V), typed in either case.
 */
export const REFERENCE_ALPHABET = '23456789ABCDEFGHJKMNPQRSTVWXYZ';

/** Characters after `HC-`: four at first, more only when four keep clashing (record-intent.ts). */
export const REFERENCE_LENGTHS = { min: 4, max: 6 } as const;

const CHARS = '[2-9A-HJKMNP-TV-Z]';
/** `HC-7KQ3`, `hc 7kq3` or `HC7KQ3` anywhere in a note, as a word of its own. */
const IN_TEXT = new RegExp(
  `(?<![A-Z0-9])HC[-\\s]?(${CHARS}{${REFERENCE_LENGTHS.min},${REFERENCE_LENGTHS.max}})(?![A-Z0-9])`,
  'i',
);
const WHOLE = new RegExp(`^HC-${CHARS}{${REFERENCE_LENGTHS.min},${REFERENCE_LENGTHS.max}}$`);

/** The first reference written in a note or field, in its one spelling (`HC-7KQ3`), or null. */
export function findReference(text: string | null | undefined): string | null {
  const match = text ? IN_TEXT.exec(text) : null;
  return match ? `HC-${match[1]!.toUpperCase()}` : null;
}

/** Whether `value` is a reference in its one spelling. */
export const isReference = (value: string) => WHOLE.test(value);
