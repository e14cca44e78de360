/**
 * The inbox's campaign chooser (record, split, join): a combobox that searches every campaign taking gifts by name
 * (GET /api/admin/payments/campaigns: the main appeal first, then the live fundraisers), since there may be
 * thousands. Typing searches; Down and Up move through the matches, Enter or a click chooses one, Escape (or
 * leaving the box) puts back the campaign chosen before. Nothing is chosen by typing alone.
 */
import { useEffect, useId, useState, type KeyboardEvent } from 'react';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { GIFT_CAMPAIGN_SEARCH_MAX, GIFT_CAMPAIGNS_SHOWN, type GiftCampaign } from '#shared/schemas/payments.ts';
import { giftCampaignsQuery } from '#client/api/payments.ts';
import { TextField } from '#client/components/ui/field.tsx';

/** A campaign a payment may be recorded to without an intent. */
export type CampaignChoice = Pick<GiftCampaign, 'id' | 'name'> & { mainAppeal?: boolean };

/** How the chooser names a campaign: the main appeal says it is one. */
export const campaignLabel = (c: CampaignChoice) => (c.mainAppeal ? `The main appeal (${c.name})` : c.name);

/** The main appeal, from the chooser's first search (one request for the whole page): where each chooser starts. */
export function useMainAppeal(): CampaignChoice | undefined {
  const { data } = useQuery(giftCampaignsQuery(''));
  return data?.items.find((c) => c.mainAppeal);
}

/** A search is sent once she stops typing this long. */
const SEARCH_DELAY_MS = 200;

function useSettled(value: string): string {
  const [settled, setSettled] = useState(value);
  useEffect(() => {
    const timer = setTimeout(() => setSettled(value), SEARCH_DELAY_MS);
    return () => clearTimeout(timer);
  }, [value]);
  return settled;
}

/** What the open list says under its matches. */
function listMessage(found: { isError: boolean; data?: { items: unknown[]; more: boolean } | undefined }, q: string) {
  if (found.isError) return 'The campaigns could not be loaded: type again to retry.';
  if (!found.data) return 'Looking for campaigns…';
  const n = found.data.items.length;
  if (n === 0) return q ? `No campaign that takes gifts is called “${q}”.` : 'No campaign takes gifts.';
  if (found.data.more) return `The first ${GIFT_CAMPAIGNS_SHOWN} are shown: type more of the name.`;
  return n === 1 ? '1 campaign.' : `${n} campaigns.`;
}

export function CampaignChooser({
  label,
  value,
  onChange,
  className = '',
}: {
  label: string;
  /** The chosen campaign; undefined while the main appeal, which choosers start from, is being read. */
  value: CampaignChoice | undefined;
  onChange: (campaign: CampaignChoice) => void;
  className?: string;
}) {
  const id = useId();
  const listId = `${id}-list`;
  const optionId = (i: number) => `${id}-option-${i}`;
  // What she typed; null: the box shows the chosen campaign.
  const [text, setText] = useState<string | null>(null);
  const [open, setOpen] = useState(false);
  const [active, setActive] = useState(-1);
  const settled = useSettled((text ?? '').trim());
  // Opened without typing: the first ones, the main appeal at the top.
  const q = text === null ? '' : settled;
  const found = useQuery({ ...giftCampaignsQuery(q), enabled: open, placeholderData: keepPreviousData });
  const items = open ? (found.data?.items ?? []) : [];
  const current = active < items.length ? active : -1;
  const activeId = current >= 0 ? optionId(current) : undefined;

  useEffect(() => {
    if (activeId) document.getElementById(activeId)?.scrollIntoView?.({ block: 'nearest' });
  }, [activeId]);

  const close = () => {
    setOpen(false);
    setActive(-1);
    setText(null);
  };
  const choose = (campaign: CampaignChoice) => {
    onChange(campaign);
    close();
  };
  const onKeyDown = (e: KeyboardEvent<HTMLInputElement>) => {
    if (e.key === 'ArrowDown') {
      e.preventDefault();
      if (!open) setOpen(true);
      setActive(open ? Math.min(current + 1, items.length - 1) : 0);
    } else if (e.key === 'ArrowUp') {
      e.preventDefault();
      if (open) setActive(Math.max(current - 1, 0));
    } else if (e.key === 'Enter') {
      // Enter chooses the highlighted match, and never sends a form around the chooser.
      if (open) e.preventDefault();
      const campaign = items[current];
      if (open && campaign) choose(campaign);
    } else if (e.key === 'Escape' && (open || text !== null)) {
      e.preventDefault();
      close();
    }
  };

  return (
    <div className={`relative ${className}`}>
      <TextField
        label={label}
        type="text"
        role="combobox"
        aria-autocomplete="list"
        aria-expanded={open}
        aria-controls={listId}
        aria-activedescendant={activeId}
        autoComplete="off"
        spellCheck={false}
        maxLength={GIFT_CAMPAIGN_SEARCH_MAX}
        placeholder="Type a campaign’s name"
        value={text ?? (value ? campaignLabel(value) : '')}
        onChange={(e) => {
          setText(e.target.value);
          setOpen(true);
          setActive(-1);
        }}
        onFocus={(e) => e.target.select()}
        onClick={() => setOpen(true)}
        onBlur={close}
        onKeyDown={onKeyDown}
      />
      <div
        hidden={!open}
        className="absolute top-full right-0 left-0 z-20 mt-1 rounded-xl border border-slate-300 bg-white shadow-lg"
      >
        <ul
          id={listId}
          role="listbox"
          aria-label={label}
          hidden={items.length === 0}
          className="max-h-64 overflow-y-auto py-1"
        >
          {items.map((c, i) => (
            <li
              key={c.id}
              id={optionId(i)}
              role="option"
              aria-selected={i === current}
              className={`cursor-pointer px-3 py-2 text-sm [overflow-wrap:anywhere] ${i === current ? 'bg-brand-100 text-ink' : 'text-slate-900 hover:bg-slate-100'}`}
              // Chosen on the click: the box keeps the focus, so leaving it does not close the list first.
              onMouseDown={(e) => e.preventDefault()}
              onClick={() => choose(c)}
            >
              {campaignLabel(c)}
            </li>
          ))}
        </ul>
        <p aria-live="polite" className="px-3 py-2 text-sm text-slate-600">
          {open ? listMessage(found, q) : ''}
        </p>
      </div>
    </div>
  );
}
