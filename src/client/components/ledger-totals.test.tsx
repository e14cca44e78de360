// @vitest-environment happy-dom
/** The ledger's figures: processor fees on their own line, taken away from what was raised, and beside each gift. */
import { afterEach, describe, expect, it } from 'vitest';
import { cleanup, render, screen, within } from '@testing-library/react';
import type { Ledger } from '#shared/schemas/spending.ts';
import { Donations } from './ledger-lists.tsx';
import { LedgerTotals } from './ledger-totals.tsx';

afterEach(cleanup);

const ledger: Ledger = {
  campaignId: 'c1',
  currency: 'USD',
  totals: { raisedCents: 10_000, feesCents: 224, heldCents: 7_776, releasedCents: 2_000, refundedCents: 0 },
  groups: [],
  releases: [],
  donations: [
    { donorName: 'Rosa Donor', amountCents: 5_000, feeCents: 224, date: '2026-11-02' },
    { donorName: null, amountCents: 5_000, feeCents: 0, date: '2026-11-01' },
  ],
  donationCount: 2,
};

/** The figure a term of the totals list names, as read. */
const figure = (term: string) => screen.getByText(term, { selector: 'dt' }).nextElementSibling?.textContent;

describe('the ledger at a glance', () => {
  it('says raised, the processors’ fees as a deduction with why, released, refunded and held, in that order', () => {
    render(<LedgerTotals ledger={ledger} failed={false} />);
    expect(screen.getAllByRole('term').map((t) => t.textContent)).toEqual([
      'Raised',
      'Processor fees',
      'Released',
      'Refunded',
      'Held now',
    ]);
    expect(figure('Raised')).toBe('$100.00');
    expect(figure('Processor fees')).toBe('\u2212$2.24');
    expect(figure('Held now')).toBe('$77.76');
    expect(screen.getByText('Taken by the payment processors before the money reached us')).toBeTruthy();
  });

  it('shows no fees as $0.00, not as a deduction', () => {
    render(<LedgerTotals ledger={{ ...ledger, totals: { ...ledger.totals, feesCents: 0 } }} failed={false} />);
    expect(figure('Processor fees')).toBe('$0.00');
  });

  it('says each figure is loading, or not available, before the ledger arrives', () => {
    const { rerender } = render(<LedgerTotals ledger={undefined} failed={false} />);
    expect(screen.getByText('Loading processor fees')).toBeTruthy();
    rerender(<LedgerTotals ledger={undefined} failed />);
    expect(screen.getByText('processor fees: not available')).toBeTruthy();
  });
});

describe('the donations list', () => {
  it('shows the processor’s fee under a gift it was taken from, and nothing under one without', () => {
    render(<Donations ledger={ledger} />);
    const [rosa, anonymous] = within(screen.getByRole('list', { name: 'Donations, newest first' })).getAllByRole(
      'listitem',
    );
    expect(rosa!.textContent).toContain('Processor fee \u2212$2.24');
    expect(anonymous!.textContent).not.toContain('Processor fee');
  });
});
