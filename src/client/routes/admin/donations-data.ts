/** Admin lists' paged reads (page size and total from the server), used by every admin list; the donations panel's items and query keys. */
import type { QueryClient } from '@tanstack/react-query';
import type { DonatePaymentMethod, RecordedPaymentMethod } from '#shared/constants.ts';
import { apiErrorInfo } from '#client/lib/api-error.ts';

/** GET /api/admin/donations item (the server's presentDonation). */
export interface DonationItem {
  id: string;
  amount: number;
  amountCents: number;
  currency: string;
  usdCents: number;
  paymentMethod: string;
  donorName: string | null;
  isAnonymous: boolean;
  message: string | null;
  externalReference: string | null;
  intentId: string | null;
  createdAt: string;
  /** USD cents refunded so far (absent from servers older than refunds). */
  refundedCents?: number;
}

/** GET /api/admin/donation-intents item (the server's presentIntent). */
export interface IntentItem {
  id: string;
  amount: number;
  amountCents: number;
  paymentMethod: string;
  message: string | null;
  status: string;
  createdAt: string;
}

export interface AdminPage<T> {
  items: T[];
  /** All items across pages (the X-Total-Count header). */
  total: number;
}

export const DONATIONS_KEY = ['/api/admin/donations'] as const;
export const INTENTS_KEY = ['/api/admin/donation-intents'] as const;
export const PROGRESS_KEY = ['/api/fundraising/progress'] as const;

/** One server page of an admin list (with any filters, e.g. `{ status }` or `{ q }`); errors read like apiRequest's ("<status>: <body>"). */
export async function fetchAdminPage<T>(
  path: string,
  page: number,
  filters: Record<string, string> = {},
): Promise<AdminPage<T>> {
  const query = new URLSearchParams({ ...filters, page: String(page) });
  const res = await fetch(`${path}?${query.toString()}`, {
    credentials: 'include',
    headers: { accept: 'application/json' },
  });
  if (!res.ok) throw new Error(`${res.status}: ${(await res.text()) || res.statusText}`);
  const items = (await res.json()) as T[];
  const total = Number(res.headers.get('x-total-count'));
  return { items, total: Number.isFinite(total) ? total : items.length };
}

/** True for a 403: the password gate is closed (never opened, dropped, or its window ended). */
export const isGateClosed = (error: unknown): boolean => apiErrorInfo(error).status === 403;

const isPanelQuery = (key: readonly unknown[]) => key[0] === DONATIONS_KEY[0] || key[0] === INTENTS_KEY[0];

/** Forgets the panel's lists (on locking), so nothing of them stays in memory behind the gate. */
export function forgetPanelData(queryClient: QueryClient): void {
  queryClient.removeQueries({ predicate: (q) => isPanelQuery(q.queryKey) });
}

/** Clears the lists' state (including a 403) so they load afresh once unlocked. */
export function resetPanelData(queryClient: QueryClient): Promise<void> {
  return queryClient.resetQueries({ predicate: (q) => isPanelQuery(q.queryKey) });
}

/** The recorded method closest to the donate page's method an intent names, where there is one. */
const INTENT_METHOD_TO_RECORDED: Record<DonatePaymentMethod, RecordedPaymentMethod> = {
  PayPal: 'PayPal',
  Venmo: 'Venmo',
  CashApp: 'CashApp',
  'Buy Me a Coffee': 'Buy Me Coffee',
  'Email Us': 'Direct Transfer',
};

export function recordedMethodFor(intentMethod: string): RecordedPaymentMethod | undefined {
  return Object.hasOwn(INTENT_METHOD_TO_RECORDED, intentMethod)
    ? INTENT_METHOD_TO_RECORDED[intentMethod as DonatePaymentMethod]
    : undefined;
}

const dateTime = new Intl.DateTimeFormat(undefined, { dateStyle: 'medium', timeStyle: 'short' });
export const formatWhen = (iso: string) => dateTime.format(new Date(iso));
