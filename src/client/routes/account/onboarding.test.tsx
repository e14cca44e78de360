// @vitest-environment happy-dom
/** The onboarding form as a signed-in person sees it: the questions of their role, and the server's refusals. */
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { cleanup, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { Role } from '#shared/auth/roles.ts';
import type { CurrentUser } from '#shared/schemas/auth.ts';
import { HEALTH_CONSENT_REFUSALS, HEALTH_CONSENT_TEXT } from '#shared/health-data-consent.ts';
import { answerRequests, descriptionOf, json, renderPage, type SentRequest } from '#client/lib/test-page.tsx';
import OnboardingPage from './onboarding.tsx';

const TOO_SHORT = 'Say a little more about your symptoms';

const userWith = (role: Role): CurrentUser => ({
  id: '00000000-0000-4000-8000-000000000002',
  firstName: 'Rosa',
  lastName: 'Diaz',
  communityName: null,
  shownName: 'Rosa D.',
  email: 'rosa@example.org',
  role,
  adminLevel: null,
  profileImageUrl: null,
  onboardingCompleted: false,
  emailVerified: true,
  hasPassword: true,
  twoFactorEnabled: false,
  twoFactorVerified: false,
  abilities: {
    writeStories: 'allowed',
    openFundraiser: 'finish-profile',
    doctorDashboard: false,
    fundraiserPages: true,
    carePlan: true,
    giftsOnProfile: false,
    healthConsents: true,
    twoFactorRequired: false,
    manageAccounts: false,
  },
});

let sent: SentRequest[];
function signInAs(role: Role) {
  // The page asks who is signed in only when the session's readable cookie is there.
  document.cookie = 'signed_in=1';
  sent = answerRequests(({ method, path }) => {
    if (path === '/api/auth/user') return json(200, userWith(role));
    if (method === 'POST' && path === '/api/user/onboarding')
      return json(400, {
        message: TOO_SHORT,
        code: 'VALIDATION',
        fieldErrors: { 'onboardingData.symptoms': TOO_SHORT },
      });
    return undefined;
  });
}

beforeEach(() => {
  sent = [];
});

afterEach(() => {
  cleanup();
  document.cookie = 'signed_in=; max-age=0';
  vi.unstubAllGlobals();
});

describe('the onboarding form', () => {
  it("asks a patient about her health, and nothing of a doctor's", async () => {
    signInAs('patient');
    renderPage(<OnboardingPage />, { path: '/onboarding' });

    expect(await screen.findByRole('heading', { name: 'Tell Us About Your Health Journey' })).toBeTruthy();
    for (const label of ['Medical condition', 'Symptoms', 'Treatment goals'])
      expect(screen.getByLabelText(label)).toBeTruthy();
    expect(screen.getByRole('group', { name: 'How urgent is your need for care?' })).toBeTruthy();
    expect(screen.queryByLabelText('License number')).toBeNull();
  });

  it('asks a doctor for the license an admin verifies, and nothing about her health', async () => {
    signInAs('doctor');
    renderPage(<OnboardingPage />, { path: '/onboarding' });

    expect(await screen.findByRole('heading', { name: 'Your Professional Profile' })).toBeTruthy();
    for (const label of ['Medical specialty', 'License number', 'Medical board certification', 'Professional bio'])
      expect(screen.getByLabelText(label)).toBeTruthy();
    expect(screen.queryByLabelText('Symptoms')).toBeNull();
  });

  it('puts the server’s refusal of an answer on that answer', async () => {
    signInAs('patient');
    const user = userEvent.setup();
    renderPage(<OnboardingPage />, { path: '/onboarding' });
    await user.type(await screen.findByLabelText('Medical condition'), 'Endometriosis');
    await user.type(screen.getByLabelText('Symptoms'), 'Pain');
    await user.type(screen.getByLabelText('Treatment goals'), 'Surgery');
    await user.click(screen.getByRole('radio', { name: /^Moderate/ }));
    await user.click(screen.getByRole('radio', { name: 'Email' }));
    await user.click(screen.getByRole('button', { name: 'Complete Onboarding' }));
    // Without her consent to collecting them, the answers are not even sent.
    const collect = screen.getByRole('checkbox', { name: HEALTH_CONSENT_TEXT.collect.label });
    await waitFor(() => expect(collect.getAttribute('aria-invalid')).toBe('true'));
    expect(descriptionOf(collect)).toContain(HEALTH_CONSENT_REFUSALS.collect);
    expect(sent.some((r) => r.path === '/api/user/onboarding')).toBe(false);

    await user.click(collect);
    await user.click(screen.getByRole('button', { name: 'Complete Onboarding' }));

    const symptoms = screen.getByLabelText('Symptoms');
    await waitFor(() => expect(symptoms.getAttribute('aria-invalid')).toBe('true'));
    expect(descriptionOf(symptoms)).toBe(TOO_SHORT);
    expect(document.activeElement).toBe(symptoms);
    expect(screen.getByText('Onboarding Failed')).toBeTruthy();
    expect(sent.find((r) => r.path === '/api/user/onboarding')?.body).toEqual({
      role: 'patient',
      onboardingData: {
        medicalCondition: 'Endometriosis',
        symptoms: 'Pain',
        treatmentGoals: 'Surgery',
        urgencyLevel: 'moderate',
        preferredContactMethod: 'email',
        allowPublicStory: false,
        consentToCollect: true,
        consentToShare: false,
      },
    });
  });
});
