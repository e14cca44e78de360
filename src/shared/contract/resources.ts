/**
 * The resources the browser keeps reads of: a read names the one it shows (`resource`), a write the ones it makes
 * stale (`changes`), and the browser reads those again once the write succeeds (src/client/lib/query-client.ts).
 * One name per kind of record as a person sees it; one per line.
 */
export type Resource =
  // The signed-in person
  | 'session'
  | 'profile'
  | 'two-factor'
  | 'passkeys'
  | 'health-data-consents'
  | 'field-visibility'
  | 'sessions'
  | 'notifications'
  // Campaigns and their money
  | 'campaign'
  | 'campaign-versions'
  | 'progress'
  | 'supporters'
  | 'follow'
  | 'ledger'
  | 'donations'
  | 'intents'
  | 'payments'
  | 'expenses'
  | 'refund-requests'
  | 'my-gifts'
  // Patients' fundraisers
  | 'fundraisers'
  | 'my-fundraiser'
  | 'medical-reviews'
  // Care plans
  | 'my-care-plan'
  | 'care-plan'
  // Stories and the community
  | 'stories'
  | 'my-stories'
  | 'muted-notes'
  | 'support'
  | 'members'
  | 'doctors'
  | 'uploads'
  // Admins' own
  | 'dashboard'
  | 'users'
  | 'audit-log'
  | 'mail-failures'
  | 'contact-messages'
  | 'analytics'
  | 'operations';
