/** The donations panel's calls: recorded donations and open intents (behind the password gate), recording and refunding. */
import type { QueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import type { MoneyListQuery, RecordDonationSchema } from '#shared/schemas/admin-donations.ts';
import type { RefundDonationSchema } from '#shared/schemas/spending.ts';
import * as admin from '#shared/contract/admin.ts';
import { call, keyOf, urlOf } from '#client/lib/api.ts';

/** Every page's key starts with these, so one invalidation reaches every page. */
export const INTENTS_KEY = keyOf(admin.intents).slice(0, 2);
export const donationsKey = (query: MoneyListQuery) => keyOf(admin.donations, { query });
export const intentsKey = (query: MoneyListQuery) => keyOf(admin.intents, { query });

/** The whole lists as spreadsheet files (links the admin downloads). */
export const DONATIONS_CSV = urlOf(admin.donationsCsv);
export const INTENTS_CSV = urlOf(admin.intentsCsv);

/** One page of the recorded donations, newest first, each with what was refunded from it; of one campaign if given. */
export const listDonations = (query: MoneyListQuery) => call(admin.donations, { query });

/** One page of the open intents, newest first; of one campaign (its id or slug) if given. */
export const listIntents = (query: MoneyListQuery) => call(admin.intents, { query });

/** Records a gift received outside the site (and marks the intent it fulfils, if any). */
export const recordDonation = (input: z.input<typeof RecordDonationSchema>) =>
  call(admin.recordDonation, { body: input });

/** Removes an open intent. */
export const deleteIntent = (id: string) => call(admin.deleteIntent, { params: { id } });

/** Sends money back to a donor: all or part of what remains of the donation. */
export const refundDonation = (id: string, input: z.input<typeof RefundDonationSchema>) =>
  call(admin.refundDonation, { params: { id }, body: input });

const isPanelQuery = (key: readonly unknown[]) => key[1] === admin.donations.path || key[1] === admin.intents.path;

/** Forgets the panel's lists (on locking), so nothing of them stays in memory behind the gate. */
export function forgetPanelData(queryClient: QueryClient): void {
  queryClient.removeQueries({ predicate: (q) => isPanelQuery(q.queryKey) });
}

/** Clears the lists' state (including a refusal) so they load afresh once unlocked. */
export function resetPanelData(queryClient: QueryClient): Promise<void> {
  return queryClient.resetQueries({ predicate: (q) => isPanelQuery(q.queryKey) });
}

/** Takes a donor's message off the public pages, or puts it back (moderators and above). */
export const setDonationMessageHidden = (id: string, hidden: boolean) =>
  call(admin.setDonationMessageHidden, { params: { id }, body: { hidden } });
