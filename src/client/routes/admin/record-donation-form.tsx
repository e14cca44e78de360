/** 'Record External Donation': the form, bound to the shared RecordDonationSchema (the server parses the same). */
import { useWatch, type DefaultValues, type FieldErrors, type UseFormReturn } from 'react-hook-form';
import type { z } from 'zod';
import { RECORDED_PAYMENT_METHODS, type DonatePaymentMethod, type RecordedPaymentMethod } from '#shared/constants.ts';
import {
  MISSING_INFORMATION_MESSAGE,
  MISSING_INFORMATION_TITLE,
  type AdminIntent,
  type RecordDonationInput,
  type RecordDonationSchema,
  type ShownCampaign,
} from '#shared/schemas/admin-donations.ts';
import { formatCents, formatWhen } from '#client/lib/format.ts';
import { emptyAsMissing, emptyAsNoChoice, missingMessage } from '#client/lib/form-values.ts';
import { campaignFor } from '#shared/fundraiser-words.ts';
import { Button } from '#client/components/ui/button.tsx';
import { Card, CardTitle } from '#client/components/ui/card.tsx';
import {
  AmountField,
  CheckboxField,
  CurrencyField,
  SelectField,
  TextAreaField,
  TextField,
} from '#client/components/ui/field.tsx';
import { toast } from '#client/components/ui/toast.ts';

export type RecordDonationOutput = z.output<typeof RecordDonationSchema>;
export type RecordDonationForm = UseFormReturn<RecordDonationInput, unknown, RecordDonationOutput>;

/**
 * The cleared form. Amount and method have no value: their inputs start empty, and the schema reads them as
 * missing. Clear with `form.reset()` (no values), which also empties the inputs themselves: react-hook-form's
 * reset leaves an input as it was for a value that is undefined.
 */
export const EMPTY_DONATION: DefaultValues<RecordDonationInput> = {
  currency: 'USD',
  usdAmount: undefined,
  donorName: '',
  isAnonymous: false,
  donorEmail: '',
  showPublicly: false,
  message: '',
  externalReference: '',
  intentId: undefined,
};

/** The recorded method closest to the donate page's method an intent names, where there is one. */
const INTENT_METHOD_TO_RECORDED: Record<DonatePaymentMethod, RecordedPaymentMethod> = {
  PayPal: 'PayPal',
  Venmo: 'Venmo',
  CashApp: 'CashApp',
  'Buy Me a Coffee': 'Buy Me a Coffee',
  'Email Us': 'Direct Transfer',
};

export function recordedMethodFor(intentMethod: string): RecordedPaymentMethod | undefined {
  return Object.hasOwn(INTENT_METHOD_TO_RECORDED, intentMethod)
    ? INTENT_METHOD_TO_RECORDED[intentMethod as DonatePaymentMethod]
    : undefined;
}

export function RecordDonationCard({
  form,
  recordingIntent,
  shownCampaign,
  onCancelIntent,
  onSubmit,
  pending,
}: {
  form: RecordDonationForm;
  /** The intent being recorded (the form was prefilled from it), if any. */
  recordingIntent: AdminIntent | null;
  /** The one campaign the panel shows, which a gift recorded here goes to; null: the intent's, else the main appeal. */
  shownCampaign: ShownCampaign | null;
  onCancelIntent: () => void;
  onSubmit: (input: RecordDonationOutput) => void;
  pending: boolean;
}) {
  const { register, control, formState } = form;
  const errors = formState.errors;
  const currency = useWatch({ control, name: 'currency' });
  const isAnonymous = useWatch({ control, name: 'isAnonymous' });

  const onInvalid = (invalid: FieldErrors<RecordDonationInput>) => {
    if (invalid.amount?.message === MISSING_INFORMATION_MESSAGE || invalid.paymentMethod) {
      toast({ title: MISSING_INFORMATION_TITLE, description: MISSING_INFORMATION_MESSAGE, variant: 'destructive' });
    }
  };

  return (
    <Card aria-labelledby="record-title">
      <CardTitle id="record-title">Record External Donation</CardTitle>
      <p className="mt-1 text-sm text-slate-600">
        For a gift received outside the site (CashApp, Zelle, a check...). It counts toward progress at once.
      </p>
      {shownCampaign && (
        <p className="mt-2 text-sm font-medium text-slate-800" data-testid="record-for">
          It is recorded for {campaignFor(shownCampaign)}.
        </p>
      )}
      {recordingIntent && (
        <div
          role="status"
          className="mt-4 flex flex-wrap items-center justify-between gap-2 rounded-xl border border-brand-200 bg-brand-50 px-4 py-3 text-sm text-slate-800"
        >
          <span>
            Recording the intent of {formatCents(recordingIntent.amountCents)} via {recordingIntent.paymentMethod} from{' '}
            {formatWhen(recordingIntent.createdAt)}, for {campaignFor(recordingIntent)}. It leaves the intent list once
            recorded.
          </span>
          <Button variant="ghost" onClick={onCancelIntent}>
            Cancel
          </Button>
        </div>
      )}
      <form noValidate className="mt-4 grid gap-4 sm:grid-cols-2" onSubmit={form.handleSubmit(onSubmit, onInvalid)}>
        <AmountField
          label="Amount"
          required
          error={missingMessage(errors.amount?.message, 'Enter the amount')}
          {...register('amount', { setValueAs: emptyAsMissing })}
        />
        <CurrencyField error={errors.currency?.message} {...register('currency')} />
        {currency !== undefined && currency !== 'USD' && (
          <AmountField
            label="USD equivalent"
            hint="What the gift came to in US dollars; progress counts this."
            required
            error={errors.usdAmount?.message}
            {...register('usdAmount', { setValueAs: emptyAsMissing, shouldUnregister: true })}
          />
        )}
        <SelectField
          label="Payment method"
          required
          error={missingMessage(errors.paymentMethod?.message, 'Choose a payment method')}
          {...register('paymentMethod', { setValueAs: emptyAsNoChoice })}
        >
          <option value="">Select a payment method</option>
          {RECORDED_PAYMENT_METHODS.map((m) => (
            <option key={m} value={m}>
              {m}
            </option>
          ))}
        </SelectField>
        <div className="space-y-3 sm:col-span-2">
          <TextField
            label="Donor name"
            autoComplete="off"
            disabled={isAnonymous === true}
            error={errors.donorName?.message}
            {...register('donorName')}
          />
          <CheckboxField
            label="Anonymous"
            hint="The donor's name is not kept."
            error={errors.isAnonymous?.message}
            {...register('isAnonymous')}
          />
          <CheckboxField
            label="The donor agreed to show her name and message publicly"
            hint="Only then do they appear under Recent Supporters and on the transparency page."
            disabled={isAnonymous === true}
            error={errors.showPublicly?.message}
            {...register('showPublicly')}
          />
        </div>
        <div className="sm:col-span-2">
          <TextField
            label="Donor email (optional)"
            type="email"
            autoComplete="off"
            hint="The thank-you and receipt go here."
            error={errors.donorEmail?.message}
            {...register('donorEmail')}
          />
        </div>
        <div className="sm:col-span-2">
          <TextAreaField label="Message (optional)" rows={3} error={errors.message?.message} {...register('message')} />
        </div>
        <div className="sm:col-span-2">
          <TextField
            label="External reference (optional)"
            hint="The payment's own id, such as a transaction number; one payment can only be recorded once."
            autoComplete="off"
            error={errors.externalReference?.message}
            {...register('externalReference')}
          />
        </div>
        <div className="sm:col-span-2">
          <Button type="submit" disabled={pending}>
            {pending ? 'Adding...' : 'Add Donation'}
          </Button>
        </div>
      </form>
    </Card>
  );
}
