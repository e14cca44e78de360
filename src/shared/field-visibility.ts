/**
 * Who sees each of a patient's onboarding health answers (issue 38, decision 020): only her (and the site's
 * admins), members of the community, or everyone. Every field starts as "only me"; a wider choice needs her standing
 * consent to sharing (decision 017), and withdrawing that consent puts every field back to "only me". The words live
 * here once, without zod (the member page reads them): Account Settings, the member page and the server's refusals
 * say the same; the request schemas are in schemas/field-visibility.ts.
 */
/** The onboarding answers a patient can show, in the order her profile lists them. */
export const PROFILE_FIELDS = [
  'medicalCondition',
  'symptoms',
  'treatmentGoals',
  'urgencyLevel',
  'preferredContactMethod',
] as const;
export type ProfileField = (typeof PROFILE_FIELDS)[number];

export const PROFILE_FIELD_LABELS: Record<ProfileField, string> = {
  medicalCondition: 'Medical condition',
  symptoms: 'Symptoms',
  treatmentGoals: 'Treatment goals',
  urgencyLevel: 'Urgency of care',
  preferredContactMethod: 'Contact preference',
};

/** 'only-me': herself and the admins; 'members': anyone signed in; 'public': anyone, signed out too. */
export const FIELD_VISIBILITIES = ['only-me', 'members', 'public'] as const;
export type FieldVisibility = (typeof FIELD_VISIBILITIES)[number];

/** Every health field is hers alone until she chooses otherwise. */
export const DEFAULT_FIELD_VISIBILITY: FieldVisibility = 'only-me';

export const FIELD_VISIBILITY_LABELS: Record<FieldVisibility, string> = {
  'only-me': 'Only me',
  members: 'Members',
  public: 'Public',
};

/** The words of the choices, as Account Settings explains them. */
export const FIELD_VISIBILITY_HINTS: Record<FieldVisibility, string> = {
  'only-me': 'Only you and the site’s admins',
  members: 'Anyone signed in to the community',
  public: 'Anyone, signed in or not',
};

const URGENCY_WORDS: Record<string, string> = {
  low: 'Low: no pressing timeline',
  moderate: 'Moderate: care needed in the coming months',
  high: 'High: care needed within weeks',
  critical: 'Critical: care needed as soon as possible',
};
const CONTACT_WORDS: Record<string, string> = {
  email: 'Email',
  phone: 'Phone',
  platform: 'Messages on the site',
};

/** An answer as a reader sees it: the free text as she wrote it, a choice by its words. */
export function profileFieldWords(field: ProfileField, value: string): string {
  if (field === 'urgencyLevel') return URGENCY_WORDS[value] ?? value;
  if (field === 'preferredContactMethod') return CONTACT_WORDS[value] ?? value;
  return value;
}

/** The server's refusal when she widens a field without her consent to sharing. */
export const FIELD_VISIBILITY_REFUSALS = {
  needsShare:
    'Showing a health answer to members or to everyone needs your consent to sharing your health data; give it in Account Settings first',
  noAnswers: 'Answer the profile questions first: there is no answer to show yet',
} as const;
