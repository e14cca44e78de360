/** Payments as managers see them: the inbox's rows with their candidates, the processors' state. */
import {
  PROCESSOR_EVENTS,
  type GiftCampaign,
  SIGNING_PROCESSORS,
  type PaymentItem,
  type PaymentSource,
  type ProcessorState,
} from '#shared/schemas/payments.ts';
import type { CandidateRow, GiftCampaignRow, InboxRow } from '../db/queries/payments.ts';
import type { processorDeliveries } from '../db/schema/index.ts';

const iso = (at: Date | null) => (at ? at.toISOString() : null);

function presentCandidate({ intent, campaignName }: CandidateRow) {
  return {
    intentId: intent.id,
    reference: intent.reference,
    amountCents: intent.amountCents,
    paymentMethod: intent.paymentMethod,
    createdAt: intent.createdAt.toISOString(),
    donorName: intent.donorName,
    campaign: { id: intent.campaignId, name: campaignName },
  };
}

export function presentInboxPayment(row: InboxRow): PaymentItem {
  return {
    id: row.id,
    source: row.source as PaymentSource,
    kind: row.kind,
    amount: { cents: row.amountCents, currency: row.currency },
    feeCents: row.feeCents,
    occurredAt: row.occurredAt.toISOString(),
    receivedAt: row.receivedAt.toISOString(),
    reference: row.reference,
    payerName: row.payerName,
    payerEmail: row.payerEmail,
    note: row.note,
    state: row.state,
    problem: row.problem,
    campaign: row.campaignId && row.campaignName ? { id: row.campaignId, name: row.campaignName } : null,
    version: row.version,
    candidates: row.candidates.map(presentCandidate),
  };
}

/** A campaign the inbox's chooser offers: its id, the name managers know it by, and whether it is the main appeal. */
export const presentGiftCampaign = (row: GiftCampaignRow): GiftCampaign => ({
  id: row.id,
  name: row.name,
  mainAppeal: row.mainAppeal,
});

/** Every signing processor, on or not, with the address to paste into its dashboard and its last word. */
export function presentProcessors(
  rows: readonly (typeof processorDeliveries.$inferSelect)[],
  enabled: (processor: string) => boolean,
  publicUrl: string,
): ProcessorState[] {
  return SIGNING_PROCESSORS.map((processor) => {
    const row = rows.find((r) => r.processor === processor);
    return {
      processor,
      enabled: enabled(processor),
      webhookUrl: `${publicUrl}/api/webhooks/${processor}`,
      events: PROCESSOR_EVENTS[processor],
      lastEventAt: iso(row?.lastEventAt ?? null),
      lastEventType: row?.lastEventType ?? null,
      lastFailureAt: iso(row?.lastFailureAt ?? null),
      lastFailure: row?.lastFailure ?? null,
      failuresSinceEvent: row?.failuresSinceEvent ?? 0,
    };
  });
}
