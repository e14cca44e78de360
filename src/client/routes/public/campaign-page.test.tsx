// @vitest-environment happy-dom
/** The campaign page's Share button: it copies the page's address and reads "Copied!" for two seconds. */
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { act, cleanup, fireEvent, screen } from '@testing-library/react';
import { COPIED_INDICATOR_MS } from '#shared/constants.ts';
import { answerRequests, renderPage } from '#client/lib/test-page.tsx';
import CampaignPage from './campaign-page.tsx';

const writeText = vi.fn(async (_text: string) => {});

beforeEach(() => {
  // The page's live figures are not what this test is about: every request is answered 404.
  answerRequests(() => undefined);
  Object.defineProperty(navigator, 'clipboard', { value: { writeText }, configurable: true });
});

afterEach(() => {
  cleanup();
  vi.useRealTimers();
  vi.unstubAllGlobals();
  writeText.mockClear();
});

describe('the Share button', () => {
  it('copies the address, reads "Copied!" for two seconds, then "Share" again', async () => {
    renderPage(<CampaignPage />);
    const share = screen.getByRole('button', { name: 'Share' });
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });

    await act(async () => {
      fireEvent.click(share);
    });

    expect(writeText).toHaveBeenCalledWith(window.location.href);
    expect(share.textContent).toBe('Copied!');
    expect(screen.getByText('Link copied!')).toBeTruthy();
    act(() => vi.advanceTimersByTime(COPIED_INDICATOR_MS - 1));
    expect(share.textContent).toBe('Copied!');
    act(() => vi.advanceTimersByTime(1));
    expect(share.textContent).toBe('Share');
  });
});
