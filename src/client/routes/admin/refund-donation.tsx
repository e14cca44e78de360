/**
 * A recorded donation's Refund action on /admin-donations: money sent back to the donor (all or part of what
 * remains), with a reason and optionally the donor's refund request it answers. The server keeps the ledger
 * and refuses more than the donation, or more than is still held.
 */
import { useId, useState } from 'react';
import { useForm, useWatch } from 'react-hook-form';
import type { z } from 'zod';
import { zodResolver } from '@hookform/resolvers/zod';
import { useMutation } from '@tanstack/react-query';
import { centsToDecimal } from '#shared/money.ts';
import type { AdminDonationListItem } from '#shared/schemas/admin-donations.ts';
import { RefundDonationFormSchema, SPENDING_REASON_MAX } from '#shared/schemas/spending.ts';
import { errorMessage } from '#client/lib/api.ts';
import { formatCents } from '#client/lib/format.ts';
import { emptyAsMissing, missingMessage } from '#client/lib/form-values.ts';
import { useFieldErrors } from '#client/hooks/use-field-errors.ts';
import { refundDonation } from '#client/api/admin-donations.ts';
import { isStepUpRequired } from '#client/api/admin-step-up.ts';
import { Button, SubmitRow } from '#client/components/ui/button.tsx';
import { AmountField, FormAlert, TextAreaField, TextField } from '#client/components/ui/field.tsx';
import { toast } from '#client/components/ui/toast.ts';

type RefundIn = z.input<typeof RefundDonationFormSchema>;
type RefundOut = z.output<typeof RefundDonationFormSchema>;

const FIELDS = ['amount', 'reason', 'refundRequestId'] as const;

const toOptionalText = (value: unknown) =>
  typeof value === 'string' && value.trim() !== '' ? value.trim() : undefined;

/** USD cents of the donation not yet refunded. */
export const remainingCents = (d: AdminDonationListItem) => d.usdCents - d.refundedCents;

export function RefundControl({
  donation,
  onGateClosed,
}: {
  donation: AdminDonationListItem;
  onGateClosed: () => void;
}) {
  const formId = useId();
  const [open, setOpen] = useState(false);
  const [problem, setProblem] = useState<string | null>(null);
  const remaining = remainingCents(donation);
  const defaults = (): RefundIn => ({
    amount: Number(centsToDecimal(remaining)),
    reason: '',
    refundRequestId: undefined,
  });
  const form = useForm<RefundIn, unknown, RefundOut>({
    resolver: zodResolver(RefundDonationFormSchema),
    defaultValues: defaults(),
  });
  const showFieldErrors = useFieldErrors(form.setError, FIELDS);
  const reason = useWatch({ control: form.control, name: 'reason' }) ?? '';

  const close = () => {
    setOpen(false);
    setProblem(null);
    form.reset(defaults());
  };

  const refund = useMutation({
    mutationFn: (input: RefundOut) => refundDonation(donation.id, { ...input, version: donation.version }),
    onSuccess: async (answer) => {
      toast({
        title: 'Refund recorded',
        description: `${formatCents(answer.refundedCents)} refunded in all; ${formatCents(answer.remainingCents)} of the donation remains.`,
      });
      close();
    },
    onError: (err) => {
      if (isStepUpRequired(err)) return onGateClosed();
      // Field errors go to their fields; a refusal about no field is said above the form.
      setProblem(showFieldErrors(err, 'Please try again.'));
      toast({
        title: 'Refund not recorded',
        description: errorMessage(err, 'Please try again.'),
        variant: 'destructive',
      });
    },
  });

  if (remaining <= 0) return null;
  const errors = form.formState.errors;
  const label = `Refund ${formatCents(donation.usdCents)} donation${donation.donorName && !donation.isAnonymous ? ` from ${donation.donorName}` : ''}`;
  return (
    <div className="mt-2">
      <Button
        variant="secondary"
        aria-label={label}
        aria-expanded={open}
        aria-controls={open ? formId : undefined}
        onClick={() => (open ? close() : setOpen(true))}
      >
        Refund
      </Button>
      {open && (
        <form
          id={formId}
          noValidate
          className="mt-2 space-y-3 rounded-xl border border-slate-200 p-3"
          onSubmit={form.handleSubmit((input) => refund.mutate(input))}
        >
          {problem && <FormAlert>{problem}</FormAlert>}
          <AmountField
            label="Refund amount (USD)"
            hint={`At most ${formatCents(remaining)}, what remains of this donation.`}
            autoFocus
            error={missingMessage(errors.amount?.message, 'Enter the amount')}
            {...form.register('amount', { setValueAs: emptyAsMissing })}
          />
          <TextAreaField
            label="Reason"
            rows={2}
            counter={{ length: reason.length, max: SPENDING_REASON_MAX }}
            error={errors.reason?.message}
            {...form.register('reason')}
          />
          <TextField
            label="Refund request id (optional)"
            hint="From the donor's request on Expense Approvals; that request is then marked refunded."
            autoComplete="off"
            error={errors.refundRequestId?.message}
            {...form.register('refundRequestId', { setValueAs: toOptionalText })}
          />
          <SubmitRow pending={refund.isPending} pendingLabel="Saving…" variant="destructive" onCancel={close}>
            Record refund
          </SubmitRow>
        </form>
      )}
    </div>
  );
}
