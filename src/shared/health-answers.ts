/**
 * What becomes of a patient's onboarding health answers, said the same wherever the site speaks of them: only she
 * and the admins see them until she shows one to members or to everyone (decision 020, which needs her consent to
 * sharing), and `allowPublicStory` is only the default consent for publishing the stories she writes. A module of its own: every page's entry holds
 * constants.ts, and only a few pages say this.
 */
export const HEALTH_ANSWERS_PRIVACY =
  'Your health answers (condition, symptoms, treatment goals, urgency and contact preference) are seen only by you and the site’s admins unless you choose, answer by answer in Account Settings, to show one to members or to everyone: nothing about your health is public by default, whatever you choose about your stories.';
