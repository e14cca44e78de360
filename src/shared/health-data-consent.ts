/**
 * Recorded consent for consumer health data (Washington's My Health My Data Act, decision 017): one consent to
 * collect her health answers, a separate and optional one to share them, each given against a version of the
 * Consumer Health Data Privacy Policy. The words live here once: the onboarding form, Account Settings, the policy
 * page and the server's refusals all say the same.
 */

/** The version of the Consumer Health Data Privacy Policy a consent is given against (its date). */
export const CONSUMER_HEALTH_POLICY_VERSION = '2026-12-03';
export const CONSUMER_HEALTH_POLICY_PATH = '/consumer-health-data-privacy';

export const HEALTH_CONSENT_KINDS = ['collect', 'share'] as const;
export type HealthConsentKind = (typeof HEALTH_CONSENT_KINDS)[number];

/** What each consent covers, as she reads it before she ticks the box. */
export const HEALTH_CONSENT_TEXT: Record<HealthConsentKind, { label: string; hint: string }> = {
  collect: {
    label: 'I consent to Healing Circle collecting my consumer health data',
    hint: 'We collect your medical condition, symptoms, treatment goals, how urgent your need for care is and how to contact you, only to match you with support and to review a fundraiser you open. Nobody else sees them unless you choose to show one, and you can withdraw this consent in Account Settings at any time: your answers are then deleted.',
  },
  share: {
    label: 'I also consent to sharing my health data (optional)',
    hint: 'Only with this consent can a story you write be made public, an answer of yours be shown to members or to everyone, or a doctor you choose read your fundraiser for a medical review. Without it nothing about your health is shared. You can withdraw it at any time.',
  },
};

/** The title of each consent in Account Settings. */
export const HEALTH_CONSENT_TITLE: Record<HealthConsentKind, string> = {
  collect: 'Collecting your health answers',
  share: 'Sharing your health data',
};

/** What withdrawing does, said in the confirmation before she withdraws. */
export const HEALTH_CONSENT_WITHDRAWAL: Record<HealthConsentKind, string> = {
  collect:
    'We stop using your health answers now and delete them: your medical condition, symptoms, treatment goals, urgency and contact preference. To use them again you give this consent again and answer the questions again.',
  share:
    'We stop sharing now: every story you wrote stops being public, every profile answer is yours alone again, a doctor you asked for a medical review loses access to your fundraiser (an attestation ends with it), and new stories start private.',
};

/** The server's refusals. */
export const HEALTH_CONSENT_REFUSALS = {
  collect: 'Consent to collecting your health data is needed before we can store your health answers',
  shareStory: 'To make a story public, first consent to sharing your health data in Account Settings',
  shareOnboarding: 'Allowing stories to be published needs your consent to sharing your health data',
  shareReview: 'To ask a doctor for a medical review, first consent to sharing your health data in Account Settings',
  staleVersion: 'The Consumer Health Data Privacy Policy has changed; read it again before you consent',
} as const;
