/**
 * How a person reads each step of a record's history: one map per kind of record, keyed by the code the server
 * writes. The server's writers take only these codes (a new one without words fails typecheck), and the admin and
 * doctor views show the words, never the code.
 */

/** The steps of a patient's fundraiser: its application, review, life once live, and medical review. */
export const FUNDRAISER_EVENT_WORDS = {
  created: 'Started',
  submitted: 'Submitted for review',
  approved: 'Approved',
  changes_requested: 'Sent back for changes',
  rejected: 'Not approved',
  update_posted: 'Update posted',
  story_edited: 'Story edited',
  money_change_proposed: 'Money change proposed',
  money_change_replaced: 'Money change proposal replaced',
  money_change_withdrawn: 'Money change withdrawn',
  money_change_approved: 'Money change approved',
  money_change_refused: 'Money change refused',
  closed: 'Closed',
  medical_review_requested: 'Medical review requested',
  medical_review_attested: 'Plan attested by the doctor',
  medical_review_declined: 'Medical review declined',
  medical_review_revoked: "The doctor's access ended",
  medical_review_withdrawn: 'Medical attestation withdrawn',
  thank_you_sent: 'Thank-you sent to donors',
} as const;
export type FundraiserEvent = keyof typeof FUNDRAISER_EVENT_WORDS;

/** The steps of a community story: writing, review, moderation and the author's choices. */
export const STORY_EVENT_WORDS = {
  created: 'Written',
  edited: 'Edited',
  edited_after_approval: 'Edited after approval',
  submitted: 'Submitted for review',
  approved: 'Approved',
  rejected: 'Not approved',
  hidden: 'Hidden',
  restored: 'Restored',
  archived: 'Archived by the author',
  consented: 'Publishing allowed by the author',
  unpublished: 'Unpublished by the author',
  audience_public: 'Shared with everyone by the author',
  audience_members: 'Shared with members only by the author',
  audience_link: 'Shared only by its link by the author',
} as const;
export type StoryEvent = keyof typeof STORY_EVENT_WORDS;

/** A code in words; one this build does not know (rows written by a newer server) in plain words, not snake case. */
export function historyWords(words: Readonly<Record<string, string>>, code: string): string {
  if (Object.hasOwn(words, code)) return words[code]!;
  const plain = code.replace(/[_.-]+/g, ' ').trim();
  return plain.charAt(0).toUpperCase() + plain.slice(1);
}
