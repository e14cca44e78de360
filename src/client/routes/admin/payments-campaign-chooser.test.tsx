// @vitest-environment happy-dom
/** The inbox's campaign chooser by keyboard: she types part of a name, moves to a match and chooses it with Enter. */
import { useState } from 'react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { QueryClientProvider } from '@tanstack/react-query';
import type { GiftCampaign } from '#shared/schemas/payments.ts';
import { createQueryClient } from '#client/lib/query-client.ts';
import { CampaignChooser, type CampaignChoice } from './payments-campaign-chooser.tsx';

const CAMPAIGNS: GiftCampaign[] = [
  { id: '00000000-0000-4000-8000-000000000001', name: 'Maya’s fund', mainAppeal: true },
  { id: '00000000-0000-4000-8000-000000000002', name: 'Surgery for Noor', mainAppeal: false },
  { id: '00000000-0000-4000-8000-000000000003', name: 'Treatment for Nora', mainAppeal: false },
];

// The server's search, in the process: names containing q, the main appeal first.
beforeEach(() => {
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string) => {
      const q = new URL(url, 'http://localhost').searchParams.get('q')?.toLowerCase() ?? '';
      const items = CAMPAIGNS.filter((c) => c.name.toLowerCase().includes(q));
      return new Response(JSON.stringify({ items, more: false }), { headers: { 'content-type': 'application/json' } });
    }),
  );
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

function Chooser({ onChange }: { onChange: (c: CampaignChoice) => void }) {
  const [value, setValue] = useState<CampaignChoice | undefined>(CAMPAIGNS[0]);
  return (
    <QueryClientProvider client={createQueryClient()}>
      <CampaignChooser
        label="Record it to a campaign"
        value={value}
        onChange={(c) => {
          setValue(c);
          onChange(c);
        }}
      />
    </QueryClientProvider>
  );
}

describe('the campaign chooser', () => {
  it('searches as she types, and Down then Enter chooses the match', async () => {
    const onChange = vi.fn();
    render(<Chooser onChange={onChange} />);
    const box = screen.getByRole('combobox', { name: 'Record it to a campaign' }) as HTMLInputElement;
    expect(box.value).toBe('The main appeal (Maya’s fund)');
    expect(box.getAttribute('aria-expanded')).toBe('false');

    fireEvent.change(box, { target: { value: 'no' } });
    expect(box.getAttribute('aria-expanded')).toBe('true');
    // Once she stops typing, the search narrows the list.
    await waitFor(() =>
      expect(screen.queryAllByRole('option').map((o) => o.textContent)).toEqual([
        'Surgery for Noor',
        'Treatment for Nora',
      ]),
    );

    fireEvent.keyDown(box, { key: 'ArrowDown' });
    fireEvent.keyDown(box, { key: 'ArrowDown' });
    const nora = screen.getByRole('option', { name: 'Treatment for Nora' });
    expect(nora.getAttribute('aria-selected')).toBe('true');
    expect(box.getAttribute('aria-activedescendant')).toBe(nora.id);
    fireEvent.keyDown(box, { key: 'Enter' });
    expect(onChange).toHaveBeenCalledWith(CAMPAIGNS[2]);
    expect(box.value).toBe('Treatment for Nora');
    expect(box.getAttribute('aria-expanded')).toBe('false');
  });

  it('puts back the chosen campaign on Escape, choosing nothing by typing alone', async () => {
    const onChange = vi.fn();
    render(<Chooser onChange={onChange} />);
    const box = screen.getByRole('combobox', { name: 'Record it to a campaign' }) as HTMLInputElement;
    fireEvent.change(box, { target: { value: 'noor' } });
    await waitFor(() =>
      expect(screen.queryAllByRole('option').map((o) => o.textContent)).toEqual(['Surgery for Noor']),
    );
    fireEvent.keyDown(box, { key: 'Enter' });
    expect(onChange).not.toHaveBeenCalled();
    fireEvent.keyDown(box, { key: 'Escape' });
    expect(box.value).toBe('The main appeal (Maya’s fund)');
    expect(screen.queryByRole('option')).toBeNull();
  });
});
