// @vitest-environment happy-dom
/** The registration form as a visitor fills it in: what it says while sending, and the server's refusals. */
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { cleanup, screen, waitFor } from '@testing-library/react';
import userEvent, { type UserEvent } from '@testing-library/user-event';
import { answerRequests, descriptionOf, json, renderPage, type SentRequest } from '#client/lib/test-page.tsx';
import RegisterPage from './register.tsx';
import { SELECTED_ROLE_KEY } from './selected-role.ts';

const TAKEN = 'An account with this email already exists';

/** What the server answers to the registration; by default it refuses the email. */
let answerRegistration: () => Response | Promise<Response>;
let sent: SentRequest[];

beforeEach(() => {
  sessionStorage.setItem(SELECTED_ROLE_KEY, 'donor');
  // The human check cannot run here (no workers); the form goes on without it, as in a browser that blocks it.
  vi.spyOn(console, 'warn').mockImplementation(() => {});
  answerRegistration = () => json(409, { message: TAKEN, code: 'CONFLICT', fieldErrors: { email: TAKEN } });
  sent = answerRequests(({ method, path }) => {
    if (method === 'POST' && path === '/api/auth/register') return answerRegistration();
    return undefined;
  });
});

afterEach(() => {
  cleanup();
  sessionStorage.clear();
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

async function fillIn(user: UserEvent) {
  await user.type(screen.getByLabelText('First name'), 'Rosa');
  await user.type(screen.getByLabelText('Last name'), 'Diaz');
  await user.type(screen.getByLabelText('Email'), 'rosa@example.org');
  await user.type(screen.getByLabelText('Password'), 'Correct-Horse-9');
  await user.type(screen.getByLabelText('Confirm password'), 'Correct-Horse-9');
}

describe('the registration form', () => {
  it('shows the role chosen on Get Started', () => {
    renderPage(<RegisterPage />, { path: '/register' });
    expect(screen.getByTestId('role-badge').textContent).toBe('Supporter Account');
  });

  it('puts the server’s refusal of the email on the email field, and says so', async () => {
    const user = userEvent.setup();
    renderPage(<RegisterPage />, { path: '/register' });
    await fillIn(user);

    await user.click(screen.getByRole('button', { name: 'Create Account' }));

    const email = screen.getByLabelText('Email');
    await waitFor(() => expect(email.getAttribute('aria-invalid')).toBe('true'));
    expect(descriptionOf(email)).toBe(TAKEN);
    expect(document.activeElement).toBe(email);
    expect(screen.getByText('Registration Failed')).toBeTruthy();
    expect(sent.find((r) => r.path === '/api/auth/register')?.body).toMatchObject({
      firstName: 'Rosa',
      lastName: 'Diaz',
      email: 'rosa@example.org',
      role: 'donor',
    });
  });

  it('reads "Creating account..." and cannot be sent twice while the request is on its way', async () => {
    const user = userEvent.setup();
    let finish: (response: Response) => void = () => {};
    answerRegistration = () => new Promise<Response>((resolve) => (finish = resolve));
    renderPage(<RegisterPage />, { path: '/register' });
    await fillIn(user);

    await user.click(screen.getByRole('button', { name: 'Create Account' }));

    const pending = await screen.findByRole('button', { name: 'Creating account...' });
    expect(pending.hasAttribute('disabled')).toBe(true);
    finish(json(409, { message: TAKEN, fieldErrors: { email: TAKEN } }));
    expect(await screen.findByRole('button', { name: 'Create Account' })).toBeTruthy();
  });
});
