// @vitest-environment happy-dom
/** The donate form as a donor uses it: amounts, the summary line, and what a payment method does. */
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { cleanup, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { answerRequests, json, renderPage, seededContent, type SentRequest } from '#client/lib/test-page.tsx';
import { hiddenGivingOptions } from '#shared/placeholders.ts';
import DonatePage from './donate-page.tsx';

const PROGRESS = {
  goalAmount: 15000,
  currentAmount: 1234.5,
  donorCount: 12,
  goalCents: 1_500_000,
  currentCents: 123_450,
  currency: 'USD',
};

let sent: SentRequest[];
beforeEach(() => {
  sent = answerRequests(({ method, path }) => {
    if (path === '/api/fundraising/progress') return json(200, PROGRESS);
    if (method === 'POST' && path === '/api/donation-intent')
      return json(201, { id: '00000000-0000-4000-8000-000000000001' });
    if (path === '/api/events') return new Response(null, { status: 204 });
    return undefined;
  });
});

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

const summary = () => screen.getByText(/You're donating:|Select or enter an amount/);
const paypal = seededContent.paymentMethods.find((m) => m.name === 'PayPal')!;
const paypalButton = () => screen.getByRole('button', { name: /^PayPal/ });

describe('the donate form', () => {
  it('shows the amount picked from the quick amounts', async () => {
    const user = userEvent.setup();
    renderPage(<DonatePage />, { path: '/donate' });
    expect(summary().textContent).toBe('Select or enter an amount to continue.');

    await user.click(screen.getByRole('radio', { name: '$50' }));

    expect(summary().textContent).toBe("You're donating: $50.00");
    expect((screen.getByRole('radio', { name: '$50' }) as HTMLInputElement).checked).toBe(true);
  });

  it('lets a custom amount replace the quick amount', async () => {
    const user = userEvent.setup();
    renderPage(<DonatePage />, { path: '/donate' });
    await user.click(screen.getByRole('radio', { name: '$50' }));

    await user.type(screen.getByLabelText('Custom amount (USD)'), '12.5');

    expect(summary().textContent).toBe("You're donating: $12.50");
    expect((screen.getByRole('radio', { name: '$50' }) as HTMLInputElement).checked).toBe(false);
  });

  it('says beside the amount, not in an alert, why a payment method cannot be used before an amount is chosen', async () => {
    const user = userEvent.setup();
    const alert = vi.fn();
    vi.stubGlobal('alert', alert);
    const open = vi.spyOn(window, 'open').mockImplementation(() => null);
    renderPage(<DonatePage />, { path: '/donate' });

    await user.click(paypalButton());

    expect(document.getElementById('amount-error')!.textContent).toBe(
      'Please select or enter a donation amount first.',
    );
    expect(document.activeElement).toBe(screen.getByLabelText('Custom amount (USD)'));
    expect(alert).not.toHaveBeenCalled();
    expect(open).not.toHaveBeenCalled();
    expect(sent.some((r) => r.path === '/api/donation-intent')).toBe(false);
  });

  it('records the intent and opens the payment method with the amount', async () => {
    const user = userEvent.setup();
    const open = vi.spyOn(window, 'open').mockImplementation(() => null);
    renderPage(<DonatePage />, { path: '/donate' });
    await user.click(screen.getByRole('radio', { name: '$100' }));

    await user.click(paypalButton());

    expect(open).toHaveBeenCalledWith(`${paypal.link}/100`, '_blank', 'noopener,noreferrer');
    const intent = sent.find((r) => r.path === '/api/donation-intent');
    expect(intent?.body).toMatchObject({ amount: 100, paymentMethod: 'PayPal', message: null });
    await waitFor(() => expect(screen.getByText('Intent Saved')).toBeTruthy());
  });
});

describe('the donate page on a live site (hiddenGivingOptions)', () => {
  it('offers only the ways to give whose details are real, and says so when none are', async () => {
    const venmo = {
      ...seededContent.paymentMethods.find((m) => m.name === 'Venmo')!,
      link: 'https://venmo.com/u/Maya-Harrow',
      description: 'Send to @Maya-Harrow',
    };
    const withRealVenmo = {
      ...seededContent,
      paymentMethods: seededContent.paymentMethods.map((m) => (m.name === 'Venmo' ? venmo : m)),
    };
    renderPage(<DonatePage />, {
      path: '/donate',
      site: { content: withRealVenmo, hiddenGivingOptions: hiddenGivingOptions(withRealVenmo) },
    });
    expect(
      screen
        .getAllByRole('button', { name: /^(Email Us|Buy Me a Coffee|PayPal|Venmo|CashApp)/ })
        .map((b) => b.textContent),
    ).toEqual(['VenmoSend to @Maya-Harrow']);
    expect(screen.queryByRole('link', { name: /Email for Direct Transfer/ })).toBeNull();
    expect(screen.queryByRole('link', { name: /GoFundMe/ })).toBeNull();
    cleanup();

    renderPage(<DonatePage />, { path: '/donate', site: { hiddenGivingOptions: hiddenGivingOptions(seededContent) } });
    expect(screen.queryAllByRole('button', { name: /^(Email Us|Buy Me a Coffee|PayPal|Venmo|CashApp)/ })).toEqual([]);
    expect(screen.getByText('Ways to give will be listed here soon. Please check back.')).toBeTruthy();
  });

  it('offers every method, examples too, on a development site', () => {
    renderPage(<DonatePage />, { path: '/donate' });
    expect(screen.getAllByRole('button', { name: /^(Email Us|Buy Me a Coffee|PayPal|Venmo|CashApp)/ })).toHaveLength(5);
    expect(screen.getByRole('link', { name: /Email for Direct Transfer/ })).toBeTruthy();
  });
});
