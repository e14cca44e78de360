/** The donations panel's calls: recorded donations and open intents (behind the password gate), recording and refunding. */
import type { QueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import type {
  AdminDonation,
  AdminDonationListItem,
  AdminIntent,
  MoneyListPage,
  MoneyListQuery,
  RecordDonationSchema,
} from '#shared/schemas/admin-donations.ts';
import type { DonationRefund, RefundDonationSchema } from '#shared/schemas/spending.ts';
import { apiGet, apiRequest, withQuery } from '#client/lib/api.ts';

const DONATIONS_PATH = '/api/admin/donations';
const INTENTS_PATH = '/api/admin/donation-intents';

/** Query keys start with the path they read, so one invalidation reaches every page. */
export const DONATIONS_KEY = [DONATIONS_PATH] as const;
export const INTENTS_KEY = [INTENTS_PATH] as const;

/** The whole lists as spreadsheet files (links the admin downloads). */
export const DONATIONS_CSV = `${DONATIONS_PATH}.csv`;
export const INTENTS_CSV = `${INTENTS_PATH}.csv`;

/** One page of the recorded donations, newest first, each with what was refunded from it; of one campaign if given. */
export const listDonations = (query: MoneyListQuery) =>
  apiGet<MoneyListPage<AdminDonationListItem>>(withQuery(DONATIONS_PATH, query));

/** One page of the open intents, newest first; of one campaign (its id or slug) if given. */
export const listIntents = (query: MoneyListQuery) =>
  apiGet<MoneyListPage<AdminIntent>>(withQuery(INTENTS_PATH, query));

/** Records a gift received outside the site (and marks the intent it fulfils, if any). */
export const recordDonation = (input: z.input<typeof RecordDonationSchema>) =>
  apiRequest<AdminDonation>('POST', '/api/admin/add-donation', input);

/** Removes an open intent. */
export const deleteIntent = (id: string) => apiRequest<void>('DELETE', `${INTENTS_PATH}/${encodeURIComponent(id)}`);

/** Sends money back to a donor: all or part of what remains of the donation. */
export const refundDonation = (id: string, input: z.input<typeof RefundDonationSchema>) =>
  apiRequest<DonationRefund>('POST', `${DONATIONS_PATH}/${encodeURIComponent(id)}/refund`, input);

const isPanelQuery = (key: readonly unknown[]) => key[0] === DONATIONS_PATH || key[0] === INTENTS_PATH;

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
  apiRequest<{ messageHidden: boolean }>('PUT', `${DONATIONS_PATH}/${encodeURIComponent(id)}/message-hidden`, {
    hidden,
  });
