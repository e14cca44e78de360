/**
 * What becomes of a patient's onboarding health answers, said the same wherever the site speaks of them: no
 * presenter sends them to anyone but her (her profile and her data download), and `allowPublicStory` is only the
 * default consent for publishing the stories she writes. A module of its own: every page's entry holds
 * constants.ts, and only a few pages say this.
 */
export const HEALTH_ANSWERS_PRIVACY =
  'Your health answers (condition, symptoms and treatment goals) are seen by no one else on the site and never shown publicly, whatever you choose about your stories.';
