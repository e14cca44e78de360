/**
 * An inbox decision as the rows send it: its toast and the inbox read again once done, or why not (a 409: the row
 * changed since she read it, and is read again). A row's money moves share one password prompt.
 */
import { useMutation } from '@tanstack/react-query';
import { PAYMENT_SOURCE_NAMES, type PaymentItem, type RecordPaymentInput } from '#shared/schemas/payments.ts';
import { errorMessage } from '#client/lib/api.ts';
import { isStale } from '#client/lib/stale.ts';
import { formatCents } from '#client/lib/format.ts';
import { markNotGift, recordPayment, splitPayment } from '#client/api/payments.ts';
import { toast } from '#client/components/ui/toast.ts';
import { useStepUpRetry } from './payments-step-up.tsx';

/** A payment as the inbox names it: its amount and who sent it (or its reference, or its source). */
export const paymentName = (p: PaymentItem) =>
  `${formatCents(p.amount.cents, p.amount.currency)} from ${p.payerName ?? p.reference ?? PAYMENT_SOURCE_NAMES[p.source]}`;

/** A decision's toast and refresh: done, or why not (a 409: the row changed and is read again). */
export function useDecision<V>(
  title: string,
  act: (input: V) => Promise<unknown>,
  ask: (err: unknown, again: () => void) => boolean,
) {
  const mutation = useMutation({
    mutationFn: act,
    // The payments and the gifts a decision records, or a refusal as stale, are read again from its endpoint's
    // `changes` (lib/api.ts call).
    onSuccess: () => toast({ title }),
    onError: (err, input) => {
      if (ask(err, () => mutation.mutate(input))) return;
      if (isStale(err)) {
        toast({
          title: 'Changed Since You Read It',
          description: 'Someone decided on this payment meanwhile: the inbox shows it as it is now.',
          variant: 'destructive',
        });
        return;
      }
      toast({ title: 'Not Saved', description: errorMessage(err, 'Please try again.'), variant: 'destructive' });
    },
  });
  return mutation;
}

/** One row's decisions: record, split (both behind the password prompt) and not a gift; `pending` while any is sent. */
export function useRowDecisions(payment: PaymentItem) {
  const { ask, prompt } = useStepUpRetry('record this payment');
  const record = useDecision('Payment Recorded', (input: RecordPaymentInput) => recordPayment(payment.id, input), ask);
  const split = useDecision(
    'Payment Split and Recorded',
    (parts: { campaignId: string; amount: number }[]) => splitPayment(payment.id, { version: payment.version, parts }),
    ask,
  );
  const notGift = useDecision(
    'Marked as Not a Gift',
    (reason: string) => markNotGift(payment.id, { version: payment.version, reason }),
    () => false,
  );
  return { record, split, notGift, prompt, pending: record.isPending || split.isPending || notGift.isPending };
}
