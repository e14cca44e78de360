/**
 * The last gift reference this browser was given: the donate pages remember it, and /thank-you reads it when its
 * address names none (a Stripe Payment Link sends the donor back without it). A reference says nothing about who
 * gave or how much, so it may outlive a sign-out.
 */
const KEY = 'healing-circle:last-gift-reference';

/** Remembers the reference of the gift just recorded (storage blocked, as in private mode: not remembered). */
export function rememberReference(reference: string): void {
  try {
    localStorage.setItem(KEY, reference);
  } catch {
    // Storage blocked or full: the thank-you page then knows only a reference its address names.
  }
}

/** The reference last remembered here, or null. */
export function rememberedReference(): string | null {
  try {
    return localStorage.getItem(KEY);
  } catch {
    return null;
  }
}
