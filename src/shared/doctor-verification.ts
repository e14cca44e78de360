/** What an admin checks before verifying a doctor: one rule for the server's writes and the forms' notice. */

/** The account's name: a verified badge vouches for a named person. */
export const CHECKED_NAME_FIELDS = ['firstName', 'lastName'] as const;
/** The doctor profile's credentials. */
export const CHECKED_CREDENTIALS = ['specialty', 'licenseNumber', 'licenseState', 'medicalBoard'] as const;

type CheckedField = (typeof CHECKED_NAME_FIELDS)[number] | (typeof CHECKED_CREDENTIALS)[number];
export type CheckedValues = Partial<Record<CheckedField, string | null | undefined>>;

/** Shown to a verified doctor, before saving, when a form holds a change to a checked field. */
export const REVERIFICATION_NOTICE =
  'Changing your name, license, specialty or board sends your profile back for verification; your verified badge is hidden until an admin checks it again.';

/**
 * True when `next` changes a field an admin checked. Only fields present in `next` count, so a form that holds
 * the name (or only the credentials) is compared on what it holds. Values are compared trimmed, as saved.
 */
export function changesCheckedFields(saved: CheckedValues, next: CheckedValues): boolean {
  return [...CHECKED_NAME_FIELDS, ...CHECKED_CREDENTIALS].some((key) => {
    if (next[key] === undefined) return false;
    return (next[key] ?? '').trim() !== (saved[key] ?? '').trim();
  });
}
