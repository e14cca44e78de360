// @vitest-environment happy-dom
/** The donate form as a donor uses it: amounts, the summary line, and what a payment method does. */
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { act, cleanup, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { answerRequests, json, renderPage, seededContent, type SentRequest } from '#client/lib/test-page.tsx';
import { COPIED_INDICATOR_MS } from '#shared/constants.ts';
import { hiddenGivingOptions } from '#shared/placeholders.ts';
import { rememberedReference } from '#client/lib/gift-reference.ts';
import DonatePage from './donate-page.tsx';
import { REFERENCE_WAIT_MS } from './gift-sent.tsx';

const PROGRESS = {
  goalAmount: 15000,
  currentAmount: 1234.5,
  donorCount: 12,
  goalCents: 1_500_000,
  currentCents: 123_450,
  currency: 'USD',
};

const CREATED = { id: '00000000-0000-4000-8000-000000000001', reference: 'HC-7KQ3' };

let sent: SentRequest[];
/** How the intent is answered: by default at once, with its reference. */
let answerIntent: () => Response | Promise<Response>;
beforeEach(() => {
  answerIntent = () => json(201, CREATED);
  sent = answerRequests(({ method, path }) => {
    if (path === '/api/fundraising/progress') return json(200, PROGRESS);
    if (method === 'POST' && path === '/api/donation-intent') return answerIntent();
    if (path === '/api/events') return new Response(null, { status: 204 });
    return undefined;
  });
});

afterEach(() => {
  cleanup();
  vi.useRealTimers();
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
  localStorage.clear();
  Reflect.deleteProperty(navigator, 'clipboard');
});

const summary = () => screen.getByText(/You're donating:|Select or enter an amount/);
const paypal = seededContent.paymentMethods.find((m) => m.name === 'PayPal')!;
const paypalButton = () => screen.getByRole('button', { name: /^PayPal/ });
const venmo = seededContent.paymentMethods.find((m) => m.name === 'Venmo')!;
const coffee = seededContent.paymentMethods.find((m) => m.name === 'Buy Me a Coffee')!;

/** The tab window.open('', '_blank') gives: blank, with its opener, sent on with location.replace. */
function blankTab() {
  const tab = { opener: window as Window | null, closed: false, location: { replace: vi.fn((_url: string) => {}) } };
  const open = vi.spyOn(window, 'open').mockImplementation(() => tab as unknown as Window);
  return { tab, open };
}

/** The line that asks her to add the reference to her payment, as one reads it. */
const referenceLine = () =>
  screen.queryByText((_, el) => el?.tagName === 'P' && /^Add HC-7KQ3 to the payment/.test(el.textContent ?? ''));

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

  it('records the intent and, when the browser refuses a blank tab, opens the payment method with the amount at once', async () => {
    const user = userEvent.setup();
    const open = vi.spyOn(window, 'open').mockImplementation(() => null);
    renderPage(<DonatePage />, { path: '/donate' });
    await user.click(screen.getByRole('radio', { name: '$100' }));

    await user.click(paypalButton());

    expect(open.mock.calls).toEqual([
      ['', '_blank'],
      [`${paypal.link}/100`, '_blank', 'noopener,noreferrer'],
    ]);
    const intent = sent.find((r) => r.path === '/api/donation-intent');
    expect(intent?.body).toMatchObject({ amount: 100, paymentMethod: 'PayPal', message: null });
    await waitFor(() => expect(screen.getByText('Intent Saved')).toBeTruthy());
  });
});

describe('the tab a payment method opens, and the gift reference', () => {
  it('opens a blank tab without its opener in the click, then sends it to Venmo with the reference as the note', async () => {
    const user = userEvent.setup();
    const { tab, open } = blankTab();
    renderPage(<DonatePage />, { path: '/donate' });
    await user.click(screen.getByRole('radio', { name: '$25' }));

    await user.click(screen.getByRole('button', { name: /^Venmo/ }));

    expect(open.mock.calls).toEqual([['', '_blank']]);
    expect(tab.opener).toBeNull();
    await waitFor(() => expect(tab.location.replace).toHaveBeenCalled());
    expect(tab.location.replace.mock.calls).toEqual([[`${venmo.link}?txn=pay&amount=25&note=HC-7KQ3`]]);
  });

  it('shows under a method that cannot take the amount both the amount and the reference to note, and remembers it for /thank-you', async () => {
    const user = userEvent.setup();
    blankTab();
    renderPage(<DonatePage />, { path: '/donate' });
    await user.click(screen.getByRole('radio', { name: '$50' }));

    await user.click(screen.getByRole('button', { name: /^Buy Me a Coffee/ }));

    expect(screen.getByText('Send $50.00 to Healing Circle')).toBeTruthy();
    await waitFor(() =>
      expect(referenceLine()?.textContent).toBe("Add HC-7KQ3 to the payment's note so we can thank you"),
    );
    // The reference itself is one piece of text, which one tap selects whole.
    expect(screen.getByText('HC-7KQ3').className).toContain('select-all');
    expect(rememberedReference()).toBe('HC-7KQ3');
    expect(screen.getByText(`${coffee.name} opened in a new tab.`, { exact: false })).toBeTruthy();
  });

  it('sends the tab to the plain link and shows no reference when the intent fails', async () => {
    const user = userEvent.setup();
    answerIntent = () => json(500, { message: 'Something went wrong on our side.', code: 'INTERNAL' });
    const { tab } = blankTab();
    renderPage(<DonatePage />, { path: '/donate' });
    await user.click(screen.getByRole('radio', { name: '$100' }));

    await user.click(paypalButton());

    await waitFor(() => expect(tab.location.replace).toHaveBeenCalled());
    expect(tab.location.replace.mock.calls).toEqual([[`${paypal.link}/100`]]);
    await screen.findByText('Could not save your donation details');
    expect(referenceLine()).toBeNull();
    expect(rememberedReference()).toBeNull();
  });

  it(`sends the tab to the plain link ${REFERENCE_WAIT_MS} ms after the choice when the intent has not answered, and not again when it does`, async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    const user = userEvent.setup({ advanceTimers: vi.advanceTimersByTime });
    let answer!: (response: Response) => void;
    answerIntent = () => new Promise((resolve) => (answer = resolve));
    const { tab } = blankTab();
    renderPage(<DonatePage />, { path: '/donate' });
    await user.click(screen.getByRole('radio', { name: '$25' }));
    await user.click(screen.getByRole('button', { name: /^Venmo/ }));
    await waitFor(() => expect(sent.some((r) => r.path === '/api/donation-intent')).toBe(true));
    expect(tab.location.replace).not.toHaveBeenCalled();

    await act(() => vi.advanceTimersByTimeAsync(REFERENCE_WAIT_MS));

    expect(tab.location.replace.mock.calls).toEqual([[`${venmo.link}?txn=pay&amount=25`]]);
    await act(async () => answer(json(201, CREATED)));
    await waitFor(() => expect(referenceLine()).not.toBeNull());
    expect(tab.location.replace).toHaveBeenCalledTimes(1);
  });

  it('opens the mail in the click as before, and once the reference comes offers it again with the reference in its body', async () => {
    const user = userEvent.setup();
    const assign = vi.spyOn(window.location, 'assign').mockImplementation(() => {});
    const open = vi.spyOn(window, 'open');
    const mail = seededContent.paymentMethods.find((m) => m.name === 'Email Us')!;
    renderPage(<DonatePage />, { path: '/donate' });
    await user.click(screen.getByRole('radio', { name: '$25' }));

    await user.click(screen.getByRole('button', { name: /^Email Us/ }));

    expect(assign.mock.calls).toEqual([[`${mail.link}&body=I%20would%20like%20to%20give%20%2425.`]]);
    expect(open).not.toHaveBeenCalled();
    const again = await screen.findByRole('link', { name: 'Write the email again with HC-7KQ3 in it' });
    expect(again.getAttribute('href')).toBe(
      `${mail.link}&body=I%20would%20like%20to%20give%20%2425.%20My%20gift's%20reference%20is%20HC-7KQ3.`,
    );
  });

  it('copies the reference, reads "Copied" for two seconds in a live region, then "Copy reference" again', async () => {
    const user = userEvent.setup();
    // After user-event's setup, which puts a clipboard of its own in place.
    const writeText = vi.fn(async (_text: string) => {});
    Object.defineProperty(navigator, 'clipboard', { value: { writeText }, configurable: true });
    blankTab();
    renderPage(<DonatePage />, { path: '/donate' });
    await user.click(screen.getByRole('radio', { name: '$50' }));
    await user.click(paypalButton());
    const copy = await screen.findByRole('button', { name: 'Copy reference' });
    expect(copy.getAttribute('aria-live')).toBe('polite');
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });

    await act(async () => copy.click());

    expect(writeText).toHaveBeenCalledWith('HC-7KQ3');
    expect(copy.textContent).toBe('Copied');
    act(() => vi.advanceTimersByTime(COPIED_INDICATOR_MS - 1));
    expect(copy.textContent).toBe('Copied');
    act(() => vi.advanceTimersByTime(1));
    expect(copy.textContent).toBe('Copy reference');
  });

  it('offers no copy button without a clipboard: the reference stays as text to select', async () => {
    const user = userEvent.setup();
    Object.defineProperty(navigator, 'clipboard', { value: undefined, configurable: true });
    blankTab();
    renderPage(<DonatePage />, { path: '/donate' });
    await user.click(screen.getByRole('radio', { name: '$50' }));
    await user.click(paypalButton());

    await waitFor(() => expect(referenceLine()).not.toBeNull());
    expect(screen.queryByRole('button', { name: 'Copy reference' })).toBeNull();
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
