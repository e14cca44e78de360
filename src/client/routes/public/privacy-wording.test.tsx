// @vitest-environment happy-dom
/**
 * What the site says is private, said once and true everywhere (issues 34, 38): a patient's health answers are
 * hers alone by default, whatever she chooses about stories; a fundraiser's payee is named on its page, its invoices are not.
 */
import { afterEach, describe, expect, it, vi } from 'vitest';
import { cleanup, screen } from '@testing-library/react';
import { useForm } from 'react-hook-form';
import { HEALTH_ANSWERS_PRIVACY } from '#shared/health-answers.ts';
import { answerRequests, descriptionOf, json, renderPage } from '#client/lib/test-page.tsx';
import { PatientForm } from '../account/onboarding-forms/patient.tsx';
import { PayeeFields } from '../fundraisers/my-fundraiser-form.tsx';
import HowItWorksPage from './how-it-works.tsx';
import PrivacyPolicyPage from './privacy-policy.tsx';
import TransparencyPage from './transparency-page.tsx';

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

const pageText = () => document.body.textContent!.replace(/\s+/g, ' ');

describe("a patient's health answers", () => {
  it.each([
    ['How It Works', () => <HowItWorksPage />],
    ['the Privacy Policy', () => <PrivacyPolicyPage />],
    ['onboarding', () => <PatientForm saved={null} pending={false} onSave={() => {}} />],
  ])('are private by default, whatever she chooses about stories, on %s', (_page, page) => {
    renderPage(page());
    expect(pageText()).toContain(HEALTH_ANSWERS_PRIVACY);
    expect(pageText()).not.toMatch(/only if you opt in|unless you choose to make them public/);
  });
});

describe("a fundraiser's payee", () => {
  it('is not called private on the transparency page, which fundraisers share, while her page names it', () => {
    answerRequests(() => json(503, { message: 'later' }));
    renderPage(<TransparencyPage />, { path: '/transparency' });
    expect(pageText()).toContain(
      'Each payment, with the kind of payee and what it paid for. Invoices stay private; an admin checked them before paying.',
    );
    expect(pageText()).not.toMatch(/names stay private/);
  });

  it('is named to donors, and how she is paid is read by the managers only, as the form tells the patient', () => {
    function Form() {
      const form = useForm({ defaultValues: { payee: { name: '', route: '' } } });
      return <PayeeFields form={form as never} />;
    }
    renderPage(<Form />);
    expect(descriptionOf(screen.getByLabelText('Name of the care provider or payee'))).toBe(
      "Shown to donors on your fundraiser's page.",
    );
    expect(descriptionOf(screen.getByLabelText('How the money reaches the care provider'))).toContain(
      'Only the site’s managers read this.',
    );
  });
});
