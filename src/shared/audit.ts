/** What the audit log records: every kind of admin (and security) write, with the words the viewer shows. */
export const AUDIT_ACTIONS = {
  'contact.handled': 'Contact message handled',
  'donation.record': 'Donation recorded',
  'donation.edit': 'Donation edited',
  'donation.void': 'Donation voided',
  'intent.dismiss': 'Intent dismissed',
  'user.role': 'Role changed',
  'user.suspend': 'Account suspended',
  'user.restore': 'Account restored',
  'user.resend_verification': 'Confirmation mail resent',
  'user.two_factor_on': 'Two-step sign-in turned on',
  'user.two_factor_off': 'Two-step sign-in turned off',
  'user.recovery_codes_replaced': 'Recovery codes replaced',
  'doctor.verify': 'Doctor verified',
  'doctor.reject': 'Doctor not verified',
  'story.approve': 'Story approved',
  'story.reject': 'Story not approved',
  'story.hide': 'Story hidden',
  'story.restore': 'Story restored',
  'support.hide': 'Word of support hidden',
  'support.restore': 'Word of support restored',
  'report.resolve': 'Report resolved',
} as const;
export type AuditAction = keyof typeof AUDIT_ACTIONS;

export const AUDIT_TARGET_TYPES = {
  contact_message: 'Contact message',
  donation: 'Donation',
  donation_intent: 'Donation intent',
  user: 'User',
  doctor: 'Doctor profile',
  story: 'Story',
  support_reply: 'Word of support',
  support_report: 'Report',
} as const;
export type AuditTargetType = keyof typeof AUDIT_TARGET_TYPES;
