// @vitest-environment happy-dom
/** The Payments page's parts: a processor's card on and off, and a split that shows its sum as she types. */
import { afterEach, describe, expect, it } from 'vitest';
import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { QueryClientProvider } from '@tanstack/react-query';
import type { PaymentItem, ProcessorState } from '#shared/schemas/payments.ts';
import { createQueryClient } from '#client/lib/query-client.ts';
import { ProcessorsSection } from './payments-processors.tsx';
import { InboxRow } from './payments-inbox-row.tsx';

afterEach(cleanup);

const processor = (over: Partial<ProcessorState>): ProcessorState => ({
  processor: 'stripe',
  enabled: true,
  webhookUrl: 'https://healing.example/api/webhooks/stripe',
  events: ['checkout.session.completed', 'charge.refunded'],
  lastEventAt: '2026-11-25T12:00:00Z',
  lastEventType: 'checkout.session.completed',
  lastFailureAt: '2026-11-26T12:00:00Z',
  lastFailure: 'The signature did not match',
  failuresSinceEvent: 3,
  ...over,
});

describe('a processor card', () => {
  it('when on, shows the last event, the failures since with the last reason, the address and the events', () => {
    render(<ProcessorsSection processors={[processor({})]} />);
    const card = screen.getByTestId('processor-stripe');
    expect(card.textContent).toContain('On');
    expect(card.textContent).toMatch(/Last event .*: checkout\.session\.completed/);
    expect(card.textContent).toMatch(/3 failed deliveries since then; the last .*: The signature did not match/);
    expect(card.textContent).toContain('https://healing.example/api/webhooks/stripe');
    expect(card.textContent).toContain('charge.refunded');
    expect(screen.getByRole('button', { name: 'Copy Stripe’s webhook address' })).toBeTruthy();
  });

  it('when off, says only which variable turns it on', () => {
    render(<ProcessorsSection processors={[processor({ processor: 'kofi', enabled: false })]} />);
    const card = screen.getByTestId('processor-kofi');
    expect(card.textContent).toContain('Off');
    expect(card.textContent).toContain('Set KOFI_VERIFICATION_TOKEN to turn it on; see docs/payments.md');
    expect(card.textContent).not.toContain('webhooks');
  });
});

const payment: PaymentItem = {
  id: '00000000-0000-4000-8000-000000000001',
  source: 'venmo',
  kind: 'payment',
  amount: { cents: 4000, currency: 'USD' },
  feeCents: null,
  occurredAt: '2026-11-25T12:00:00Z',
  receivedAt: '2026-11-25T12:00:00Z',
  reference: null,
  payerName: 'Ann',
  payerEmail: null,
  note: 'for Maya and the appeal',
  state: 'unmatched',
  problem: 'No gift reference',
  campaign: null,
  version: 1,
  candidates: [],
};

describe('splitting an inbox payment', () => {
  it('shows the sum as she types and allows the split only when the parts add up', () => {
    render(
      <QueryClientProvider client={createQueryClient()}>
        <InboxRow
          payment={payment}
          mainAppeal={{ id: '00000000-0000-4000-8000-000000000002', name: 'The appeal', mainAppeal: true }}
          selected={false}
          onSelect={() => undefined}
        />
      </QueryClientProvider>,
    );
    fireEvent.click(screen.getByRole('button', { name: 'Split $40.00 from Ann' }));
    const submit = screen.getByRole('button', { name: 'Split and record' }) as HTMLButtonElement;
    fireEvent.change(screen.getByLabelText('Amount of part 1 (USD)'), { target: { value: '25' } });
    expect(screen.getByRole('status').textContent).toBe('$25.00 of $40.00: $15.00 left');
    expect(submit.disabled).toBe(true);
    fireEvent.change(screen.getByLabelText('Amount of part 2 (USD)'), { target: { value: '15' } });
    expect(screen.getByRole('status').textContent).toBe('$40.00 of $40.00: adds up');
    expect(submit.disabled).toBe(false);
  });
});
