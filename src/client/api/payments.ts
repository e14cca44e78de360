/**
 * The managers' Payments page (issue 36): each processor's state, the reconciliation inbox and its decisions,
 * statement previews and imports (uploaded with progress), and the column mappings for custom statements.
 */
import type { QueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import type {
  ColumnMappingSchema,
  GiftCampaigns,
  ImportOutcome,
  JoinPaymentsSchema,
  NotGiftSchema,
  PaymentInboxPage,
  PaymentSource,
  PaymentsOverview,
  RecordPaymentInput,
  SplitPaymentSchema,
  StatementFormatKind,
  StatementPreview,
  ColumnMapping,
} from '#shared/schemas/payments.ts';
import { ApiError, apiGet, apiRequest, fileForm, withQuery } from '#client/lib/api.ts';
import { apiUpload } from '#client/lib/upload.ts';

const PATH = '/api/admin/payments';
const paymentPath = (id: string) => `${PATH}/${encodeURIComponent(id)}`;

/** Query keys start with the path they read, so one invalidation reaches the overview and every inbox page. */
export const PAYMENTS_KEY = [PATH] as const;
export const INBOX_KEY = [PATH, 'inbox'] as const;
export const mappingKey = (source: PaymentSource) => [PATH, 'mappings', source] as const;

/** GET /api/admin/payments: the processors, the inbox counted by age, the recent imports. */
export const getPaymentsOverview = () => apiGet<PaymentsOverview>(PATH);

/** GET /api/admin/payments/inbox: one page of unmatched and waiting payments, oldest first. */
export const listInbox = (page: number) => apiGet<PaymentInboxPage>(withQuery(`${PATH}/inbox`, { page }));

/** GET /api/admin/payments/campaigns: the campaigns that take gifts whose names contain `q`, the main appeal first. */
export const listGiftCampaigns = (q: string) => apiGet<GiftCampaigns>(withQuery(`${PATH}/campaigns`, { q }));
/** The chooser's search for `q` ('': the main appeal and the first by name); read again with the inbox. */
export const giftCampaignsQuery = (q: string) => ({
  queryKey: [PATH, 'campaigns', q] as const,
  queryFn: () => listGiftCampaigns(q),
  staleTime: 30_000,
});

/** Records one inbox payment as a gift, to an intent or a campaign (step-up). */
export const recordPayment = (id: string, input: RecordPaymentInput) =>
  apiRequest<{ donationId: string }>('POST', `${paymentPath(id)}/record`, input);

/** Several inbox payments become one gift (step-up). */
export const joinPayments = (input: z.input<typeof JoinPaymentsSchema>) =>
  apiRequest<{ donationId: string }>('POST', `${PATH}/join`, input);

/** One inbox payment becomes several gifts whose amounts add up to it (step-up). */
export const splitPayment = (id: string, input: z.input<typeof SplitPaymentSchema>) =>
  apiRequest<{ donationIds: string[] }>('POST', `${paymentPath(id)}/split`, input);

/** Takes a payment out of the inbox as no gift, with the reason. */
export const markNotGift = (id: string, input: z.input<typeof NotGiftSchema>) =>
  apiRequest<void>('POST', `${paymentPath(id)}/not-gift`, input);

/** The saved column mapping of a source's custom statements; null when none is saved yet (404). */
export async function getMapping(source: PaymentSource): Promise<ColumnMapping | null> {
  try {
    return await apiGet<ColumnMapping>(`${PATH}/mappings/${encodeURIComponent(source)}`);
  } catch (err) {
    if (err instanceof ApiError && err.status === 404) return null;
    throw err;
  }
}

/** Saves a source's column mapping. */
export const saveMapping = (source: PaymentSource, input: z.input<typeof ColumnMappingSchema>) =>
  apiRequest<void>('PUT', `${PATH}/mappings/${encodeURIComponent(source)}`, input);

/** Whose statement, read how. */
export interface StatementChoice {
  source: PaymentSource;
  format: StatementFormatKind;
  dayFirst: boolean;
}

const statementQuery = ({ source, format, dayFirst }: StatementChoice) => ({
  source,
  format,
  dayFirst: dayFirst ? 'true' : undefined,
});

/** What importing the statement would do; nothing is written. */
export const previewStatement = (choice: StatementChoice, file: File, onProgress?: (sent: number) => void) =>
  apiUpload<StatementPreview>(
    withQuery(`${PATH}/statements/preview`, statementQuery(choice)),
    fileForm('statement', file),
    onProgress,
  );

/** Imports the statement: known rows are skipped, matched ones recorded, the rest go to the inbox (step-up). */
export const importStatement = (choice: StatementChoice, file: File, onProgress?: (sent: number) => void) =>
  apiUpload<ImportOutcome>(
    withQuery(`${PATH}/statements`, statementQuery(choice)),
    fileForm('statement', file),
    onProgress,
  );

/** After a decision or an import: the overview's counts and every inbox page are read again. */
export const refreshPayments = (queryClient: QueryClient) => queryClient.invalidateQueries({ queryKey: PAYMENTS_KEY });
