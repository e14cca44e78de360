/**
 * A person's data, complete by construction: PERSONAL_DATA says for every table that holds something about a
 * user how it is exported and what deletion does to it, and a test fails when a table that refers to a user
 * (or holds an email or a name) appears without that decision.
 * Records other people created are linked to an account by email only once the account has confirmed it.
 * The export reads through db/queries/user-export.ts; deletion is commands/personal-data-delete.ts.
 */

/** What other people see where a deleted member's name was. */
export const FORMER_MEMBER = 'A former member';
/** The name left on money records (refund requests, donations they asked about) after deletion. */
export const DELETED_DONOR = 'Deleted donor';
/** The address left where a deleted member's was. */
export const DELETED_EMAIL = 'deleted@invalid';

interface PersonalData {
  /** Where the rows appear in GET /api/user/export (top-level keys, dotted for nested ones). */
  exportedAs: readonly string[];
  /** What DELETE /api/user does to them. */
  onDelete: string;
}

/** Every table that holds something about a person, keyed by its SQL name. */
export const PERSONAL_DATA: Record<string, PersonalData> = {
  users: { exportedAs: ['account'], onDelete: 'deleted (secrets never exported)' },
  sessions: { exportedAs: ['sessions'], onDelete: 'cascade; token hashes never exported' },
  user_tokens: { exportedAs: ['mailedLinks'], onDelete: 'cascade; token hashes never exported' },
  recovery_codes: { exportedAs: ['recoveryCodes'], onDelete: 'cascade; code hashes never exported' },
  passkeys: { exportedAs: ['passkeys'], onDelete: 'cascade; names and dates exported, keys never' },
  webauthn_challenges: { exportedAs: [], onDelete: 'cascade; a ceremony’s challenge for minutes, never exported' },
  admin_invites: {
    exportedAs: ['adminInvites.accepted', 'adminInvites.created'],
    onDelete:
      'used_by/created_by set null (FK); the used invite forgets the address; an unused invite for the confirmed address is deleted',
  },
  patient_profiles: { exportedAs: ['profiles'], onDelete: 'cascade' },
  profile_field_visibility: {
    exportedAs: ['profileFieldVisibility'],
    onDelete: 'cascade with her patient profile (so also when she withdraws the consent to collect)',
  },
  health_data_consents: {
    exportedAs: ['healthDataConsents'],
    onDelete: 'cascade; every consent given and withdrawn is exported',
  },
  doctor_profiles: {
    exportedAs: ['profiles'],
    onDelete: 'cascade; verification_decided_by set null (FK) on profiles they decided',
  },
  donor_profiles: { exportedAs: ['profiles'], onDelete: 'cascade' },
  admin_profiles: { exportedAs: ['profiles'], onDelete: 'cascade' },
  campaigns: { exportedAs: ['campaignsOwned'], onDelete: 'refused with 409 while they own one' },
  campaign_versions: {
    exportedAs: ['campaignVersionsPublished'],
    onDelete: 'published_by set null (FK): the content is the campaign’s',
  },
  campaign_followers: {
    exportedAs: ['campaignsFollowed', 'byVerifiedEmail.campaignUpdatesByEmail'],
    onDelete: 'theirs cascade; updates asked for with their confirmed address are deleted',
  },
  donations: {
    exportedAs: ['donations'],
    onDelete: `recorded_by set null; donations recorded with their confirmed address or named by their refund requests show "${DELETED_DONOR}" and lose the address (amounts are fixed by trigger)`,
  },
  donation_intents: {
    exportedAs: ['byVerifiedEmail.donationIntents'],
    onDelete: 'name and address cleared on intents sent with their confirmed address',
  },
  contact_messages: {
    exportedAs: ['byVerifiedEmail.contactMessages'],
    onDelete: 'deleted when sent from their confirmed address',
  },
  outbox: {
    exportedAs: ['mailSent'],
    onDelete:
      'mail whose recipient is exactly their address (case-insensitive; never found by name or substring) deleted: any age once the address is confirmed, else only mail sent since the account was created',
  },
  rate_limits: {
    exportedAs: [],
    onDelete:
      'nothing to do: per-account counters are stored under keyed hashes (no id or address) and expire with their window',
  },
  audit_log: {
    exportedAs: ['auditEntries.aboutYou', 'auditEntries.byYou'],
    onDelete:
      'entries picked by ids only (actor, or target = them or one of their records): their id becomes one random pseudonym per account; in entries about them or their records, values equal to their address or names under name/email keys are replaced; their IP is removed from entries they made',
  },
  notifications: {
    exportedAs: ['notifications'],
    onDelete: `theirs cascade; others' about their records (picked by event key, never by text) say "${FORMER_MEMBER}" for their name, and quotes of their words are emptied`,
  },
  stories: { exportedAs: ['stories'], onDelete: 'cascade' },
  content_note_mutes: { exportedAs: ['mutedContentNotes'], onDelete: 'cascade' },
  care_plans: { exportedAs: ['carePlan'], onDelete: 'cascade; its link’s secret never exported' },
  care_requests: { exportedAs: ['carePlan.requests'], onDelete: 'cascade with her plan' },
  care_plan_circle: {
    exportedAs: ['carePlan.circle', 'careCirclesJoined'],
    onDelete: 'cascade: her plan’s circle, and her place in others’',
  },
  care_claims: {
    exportedAs: ['carePlan.claims', 'careHelpGiven'],
    onDelete: 'cascade: claims on her plan, and the help she claimed on others’',
  },
  fundraisers: { exportedAs: ['fundraisers'], onDelete: 'cascade (applications, with their documents and history)' },
  fundraiser_documents: { exportedAs: ['fundraisers'], onDelete: 'cascade with their fundraisers and uploads' },
  fundraiser_events: {
    exportedAs: ['fundraisers'],
    onDelete: 'cascade with their fundraisers; actor_id set null (FK) on others’ fundraisers they reviewed',
  },
  medical_reviews: {
    exportedAs: ['medicalReviews'],
    onDelete:
      'cascade: with the patient’s fundraisers, and with the doctor’s account (her attestations end); notifications naming the doctor are keyed doctor:<id> and lose her name',
  },
  fundraiser_updates: {
    exportedAs: ['fundraisers'],
    onDelete: 'cascade with their fundraisers; author_id set null (FK)',
  },
  fundraiser_story_versions: {
    exportedAs: ['fundraisers'],
    onDelete: 'cascade with their fundraisers; replaced_by set null (FK)',
  },
  fundraiser_revisions: {
    exportedAs: ['fundraisers'],
    onDelete: 'cascade with their fundraisers; decided_by set null (FK) on others’ fundraisers they reviewed',
  },
  story_events: {
    exportedAs: ['stories'],
    onDelete: 'cascade with their stories; actor_id set null (FK) on others’ stories',
  },
  story_comments: {
    exportedAs: ['wordsOfSupportWritten', 'wordsOfSupportReceived'],
    onDelete: 'cascade (written by them, and all on their stories)',
  },
  comment_reports: { exportedAs: ['commentReports'], onDelete: 'cascade; resolved_by set null (FK)' },
  uploads: {
    exportedAs: ['uploads'],
    onDelete: 'cascade, except expense documents, which stay as the campaign’s records owned by nobody',
  },
  expenses: {
    exportedAs: ['expensesSubmitted'],
    onDelete: 'submitted_by/released_by set null (FK): expenses are the campaign’s records',
  },
  expense_approvals: {
    exportedAs: ['expenseApprovals'],
    onDelete: 'approver_id becomes their pseudonym, so "two different approvers" still counts',
  },
  payments: {
    exportedAs: ['byVerifiedEmail.processorPayments'],
    onDelete:
      'payments whose payer address is their confirmed address lose the payer’s name, address, note and the processor’s body (the payment stays for the ledger)',
  },
  payment_imports: {
    exportedAs: ['statementsImported'],
    onDelete: 'imported_by set null (FK): the import is the campaign’s record',
  },
  statement_mappings: { exportedAs: [], onDelete: 'updated_by set null (FK): a column mapping holds nobody’s data' },
  ledger_entries: { exportedAs: [], onDelete: 'kept: created_by is immutable (see KEPT_AFTER_DELETION)' },
  refund_requests: {
    exportedAs: ['refundRequests', 'byVerifiedEmail.refundRequests'],
    onDelete: `requester_id set null, name "${DELETED_DONOR}", address removed; decided_by set null (FK)`,
  },
};

/** Tables that match the test's "refers to a person" patterns but hold nobody's data. */
export const NOT_PERSONAL_DATA: Record<string, string> = {
  // `name` is the event's name ("donate_click"); events carry only a daily-rotating visitor hash, no account.
  analytics_events: 'event names and a cookieless visitor hash; no account or address',
  // Which processor said what last, and why a delivery was refused: no payer, no body.
  processor_deliveries: 'each processor’s last event time and type and its last refusal; no person',
};

/** The only columns that may still hold a deleted user's id after DELETE /api/user, and why. */
export const KEPT_AFTER_DELETION: readonly { table: string; column: string; why: string }[] = [
  // Migration 0007 makes ledger rows immutable (a trigger refuses UPDATE and DELETE): the public ledger is
  // trustworthy only if no code path can rewrite it. The id names no one once the account is gone.
  { table: 'ledger_entries', column: 'created_by', why: 'ledger rows are immutable by database trigger' },
];
