/**
 * The managers' Payments page (issue 36): each processor's state, the reconciliation inbox and its decisions,
 * statement previews and imports (uploaded with progress), and the column mappings for custom statements.
 */
import type { z } from 'zod';
import type { CallOutput } from '#shared/contract/endpoint.ts';
import type {
  ColumnMappingSchema,
  ColumnMapping,
  JoinPaymentsSchema,
  NotGiftSchema,
  PaymentSource,
  RecordPaymentInput,
  SplitPaymentSchema,
  StatementFormatKind,
} from '#shared/schemas/payments.ts';
import * as payments from '#shared/contract/payments.ts';
import { ApiError, call, changed, fileForm, keyOf, queryOf, urlOf } from '#client/lib/api.ts';
import { apiUpload } from '#client/lib/upload.ts';

/** GET /api/admin/payments: the processors, the inbox counted by age, the recent imports. */
export const overviewQuery = () => queryOf(payments.overview);

/** GET /api/admin/payments/inbox: one page of unmatched and waiting payments, oldest first. */
export const inboxQuery = (page: number) => queryOf(payments.inbox, { query: { page } });

/** The chooser's search for `q` ('': the main appeal and the first by name); read again with the inbox. */
export const giftCampaignsQuery = (q: string) => ({
  ...queryOf(payments.giftCampaigns, { query: { q } }),
  staleTime: 30_000,
});

/** Records one inbox payment as a gift, to an intent or a campaign (step-up). */
export const recordPayment = (id: string, input: RecordPaymentInput) =>
  call(payments.record, { params: { id }, body: input });

/** Several inbox payments become one gift (step-up). */
export const joinPayments = (input: z.input<typeof JoinPaymentsSchema>) => call(payments.join, { body: input });

/** One inbox payment becomes several gifts whose amounts add up to it (step-up). */
export const splitPayment = (id: string, input: z.input<typeof SplitPaymentSchema>) =>
  call(payments.split, { params: { id }, body: input });

/** Takes a payment out of the inbox as no gift, with the reason. */
export const markNotGift = (id: string, input: z.input<typeof NotGiftSchema>) =>
  call(payments.notGift, { params: { id }, body: input });

/** The saved column mapping of a source's custom statements; null when none is saved yet (404). */
export async function getMapping(source: PaymentSource): Promise<ColumnMapping | null> {
  try {
    return await call(payments.mapping, { params: { source } });
  } catch (err) {
    if (err instanceof ApiError && err.status === 404) return null;
    throw err;
  }
}

/** A source's saved mapping (null: none yet), as useQuery reads it. */
export const mappingQuery = (source: PaymentSource) => ({
  queryKey: keyOf(payments.mapping, { params: { source } }),
  queryFn: () => getMapping(source),
});

/** Saves a source's column mapping. */
export const saveMapping = (source: PaymentSource, input: z.input<typeof ColumnMappingSchema>) =>
  call(payments.saveMapping, { params: { source }, body: input });

/** Whose statement, read how. */
export interface StatementChoice {
  source: PaymentSource;
  format: StatementFormatKind;
  dayFirst: boolean;
}

const statementQuery = ({ source, format, dayFirst }: StatementChoice) => ({
  source,
  format,
  dayFirst: dayFirst ? ('true' as const) : undefined,
});

/** What importing the statement would do; nothing is written. */
export function previewStatement(choice: StatementChoice, file: File, onProgress?: (sent: number) => void) {
  const body = fileForm('statement', file);
  const url = urlOf(payments.previewStatement, { query: statementQuery(choice), body });
  return apiUpload<CallOutput<typeof payments.previewStatement>>(url, body, onProgress);
}

/** Imports the statement: known rows are skipped, matched ones recorded, the rest go to the inbox (step-up). */
export async function importStatement(choice: StatementChoice, file: File, onProgress?: (sent: number) => void) {
  const body = fileForm('statement', file);
  const url = urlOf(payments.importStatement, { query: statementQuery(choice), body });
  const outcome = await apiUpload<CallOutput<typeof payments.importStatement>>(url, body, onProgress);
  // Sent without `call`, so said here: the payments and the gifts it recorded are read again.
  changed(payments.importStatement);
  return outcome;
}
