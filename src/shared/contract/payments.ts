/**
 * The managers' Payments page (issue 36): each processor's state, the reconciliation inbox and its decisions,
 * statement imports (a preview that writes nothing, then the import) and the column mappings for custom statements.
 * Recording money needs the step-up, as every money move does; reading and marking a row as no gift do not.
 */
import { IdParamsSchema } from '../schemas/common.ts';
import { PageQuerySchema } from '../schemas/paging.ts';
import {
  ColumnMappingSchema,
  GiftCampaignsQuerySchema,
  GiftCampaignsSchema,
  ImportOutcomeSchema,
  JoinPaymentsSchema,
  NotGiftSchema,
  PaymentInboxPageSchema,
  PaymentSourceParamsSchema,
  PaymentsOverviewSchema,
  RecordedGiftSchema,
  RecordPaymentSchema,
  SplitGiftsSchema,
  SplitPaymentSchema,
  StatementPreviewSchema,
  StatementQuerySchema,
} from '../schemas/payments.ts';
import { endpoint } from './endpoint.ts';

const MANAGER = { admin: 'manager' } as const;
const MANAGER_STEP_UP = { admin: 'manager', stepUp: true } as const;
/**
 * What recording a payment as a gift makes stale: the payments themselves, the intent it fulfils, and the gifts'
 * lists and every figure made from them (as admin.ts's recorded gifts).
 */
const GIFTS = [
  'payments',
  'intents',
  'donations',
  'progress',
  'supporters',
  'ledger',
  'dashboard',
  'my-gifts',
] as const;

export const overview = endpoint({
  method: 'GET',
  path: '/api/admin/payments',
  access: MANAGER,
  resource: 'payments',
  responses: { 200: PaymentsOverviewSchema },
});
export const inbox = endpoint({
  method: 'GET',
  path: '/api/admin/payments/inbox',
  access: MANAGER,
  query: PageQuerySchema,
  resource: 'payments',
  responses: { 200: PaymentInboxPageSchema },
});
/** The inbox's campaign chooser: a search by name, since there may be thousands of fundraisers. */
export const giftCampaigns = endpoint({
  method: 'GET',
  path: '/api/admin/payments/campaigns',
  access: MANAGER,
  query: GiftCampaignsQuerySchema,
  resource: 'payments',
  responses: { 200: GiftCampaignsSchema },
});

// The inbox's decisions
export const record = endpoint({
  method: 'POST',
  path: '/api/admin/payments/:id/record',
  access: MANAGER_STEP_UP,
  params: IdParamsSchema,
  body: RecordPaymentSchema,
  changes: GIFTS,
  responses: { 201: RecordedGiftSchema },
});
export const join = endpoint({
  method: 'POST',
  path: '/api/admin/payments/join',
  access: MANAGER_STEP_UP,
  body: JoinPaymentsSchema,
  changes: GIFTS,
  responses: { 201: RecordedGiftSchema },
});
export const split = endpoint({
  method: 'POST',
  path: '/api/admin/payments/:id/split',
  access: MANAGER_STEP_UP,
  params: IdParamsSchema,
  body: SplitPaymentSchema,
  changes: GIFTS,
  responses: { 201: SplitGiftsSchema },
});
export const notGift = endpoint({
  method: 'POST',
  path: '/api/admin/payments/:id/not-gift',
  access: MANAGER,
  params: IdParamsSchema,
  body: NotGiftSchema,
  changes: ['payments'],
  responses: { 204: null },
});

// Column mappings for custom statements
export const mapping = endpoint({
  method: 'GET',
  path: '/api/admin/payments/mappings/:source',
  access: MANAGER,
  params: PaymentSourceParamsSchema,
  resource: 'payments',
  responses: { 200: ColumnMappingSchema },
});
export const saveMapping = endpoint({
  method: 'PUT',
  path: '/api/admin/payments/mappings/:source',
  access: MANAGER,
  params: PaymentSourceParamsSchema,
  body: ColumnMappingSchema,
  changes: ['payments'],
  responses: { 204: null },
});

// Statements: uploaded as multipart/form-data, the file in the field "statement"
export const previewStatement = endpoint({
  method: 'POST',
  path: '/api/admin/payments/statements/preview',
  access: MANAGER,
  query: StatementQuerySchema,
  body: 'multipart',
  responses: { 200: StatementPreviewSchema },
});
export const importStatement = endpoint({
  method: 'POST',
  path: '/api/admin/payments/statements',
  access: MANAGER_STEP_UP,
  query: StatementQuerySchema,
  body: 'multipart',
  changes: GIFTS,
  responses: { 201: ImportOutcomeSchema },
});
