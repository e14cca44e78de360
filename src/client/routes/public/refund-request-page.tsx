/** /refund-request: a donor asks for their money back (RefundRequestFormSchema, with the invisible ALTCHA check like /contact). */
import { useEffect, useRef, useState } from 'react';
import { Link, useSearch } from 'wouter';
import { useForm, useWatch, type DefaultValues } from 'react-hook-form';
import type { z } from 'zod';
import { zodResolver } from '@hookform/resolvers/zod';
import { useMutation } from '@tanstack/react-query';
import { CheckCircle2 } from 'lucide-react';
import { RECORDED_PAYMENT_METHODS, SPENDING_WINDOWS_BUSINESS_DAYS } from '#shared/constants.ts';
import { transparencyPath } from '#shared/routes.ts';
import { REFUND_REQUEST_REASON_MAX, RefundRequestFormSchema } from '#shared/schemas/spending.ts';
import { useHumanCheck } from '#client/lib/altcha.ts';
import { errorMessage } from '#client/lib/api.ts';
import { bindFields } from '#client/lib/bind-field.ts';
import { emptyAsMissing, emptyAsNoChoice, missingMessage } from '#client/lib/form-values.ts';
import { createRefundRequest } from '#client/api/refund-requests.ts';
import { publicFundraiserQuery } from '#client/api/public-fundraisers.ts';
import { usePageQuery } from '#client/lib/page-query.ts';
import { useFieldErrors } from '#client/hooks/use-field-errors.ts';
import { useCampaign } from '#client/lib/campaign-context.tsx';
import { Button, buttonClass } from '#client/components/ui/button.tsx';
import { Card } from '#client/components/ui/card.tsx';
import {
  AmountField,
  CurrencyField,
  EmailField,
  FormAlert,
  SelectField,
  TextAreaField,
  TextField,
} from '#client/components/ui/field.tsx';
import { toast } from '#client/components/ui/toast.ts';
import { pageTitleClass } from '#client/components/ui/text-classes.ts';
import { today } from '../spending/spending-model.ts';

type RequestIn = z.input<typeof RefundRequestFormSchema>;
type RequestOut = z.output<typeof RefundRequestFormSchema>;

const DISPUTES_DAYS = SPENDING_WINDOWS_BUSINESS_DAYS.disputes.to;
const FIELDS = ['name', 'email', 'amount', 'currency', 'paymentMethod', 'donatedOn', 'reference', 'reason'] as const;

// The amount and the payment method start empty: no value until the donor gives one.
const EMPTY: DefaultValues<RequestIn> = {
  name: '',
  email: '',
  currency: 'USD',
  donatedOn: '',
  reference: '',
  reason: '',
};

/** The campaign she names (`?campaign=<slug>`, from a fundraiser's transparency page): its title, or the main appeal. */
function useGaveTo() {
  const c = useCampaign();
  const slug = new URLSearchParams(useSearch()).get('campaign') || undefined;
  const fundraiser = usePageQuery(publicFundraiserQuery(slug ?? ''), { enabled: slug !== undefined });
  return {
    slug,
    name: slug ? (fundraiser.data?.title ?? '…') : c.name,
    transparencyPath: transparencyPath(slug),
  };
}

function Received({ email }: { email: string }) {
  const { transparencyPath } = useGaveTo();
  const heading = useRef<HTMLHeadingElement>(null);
  useEffect(() => {
    heading.current?.focus();
  }, []);
  return (
    <div className="text-center" data-testid="refund-request-received">
      <CheckCircle2 aria-hidden="true" className="mx-auto h-12 w-12 text-emerald-700" />
      <h2 ref={heading} tabIndex={-1} className="mt-3 text-2xl font-semibold text-ink outline-none">
        Request received
      </h2>
      <p className="mt-3 text-slate-700">
        Thank you. We review every refund request within the disputes window of up to {DISPUTES_DAYS} business days, and
        write to you at <strong className="break-all">{email}</strong> with the outcome.
      </p>
      <p className="mt-2 text-slate-700">
        Money not yet released against a verified expense is returned through the platform you gave with wherever
        possible.
      </p>
      <Link href={transparencyPath} className={buttonClass('secondary', 'md', 'mt-6')}>
        Back to the transparency page
      </Link>
    </div>
  );
}

function RequestForm({ campaign, onSent }: { campaign: string | undefined; onSent: (email: string) => void }) {
  const form = useForm<RequestIn, unknown, RequestOut>({
    resolver: zodResolver(RefundRequestFormSchema),
    defaultValues: EMPTY,
  });
  const humanCheck = useHumanCheck();
  const showFieldErrors = useFieldErrors(form.setError, FIELDS);
  // The server's refusal that belongs to no field, shown above the form.
  const [problem, setProblem] = useState<string | null>(null);
  const send = useMutation({
    mutationFn: async (input: RequestOut) => createRefundRequest({ ...input, campaign, altcha: await humanCheck() }),
    onMutate: () => setProblem(null),
    onSuccess: (_answer, input) => onSent(input.email),
    onError: (err) => {
      setProblem(showFieldErrors(err, 'Please try again.'));
      toast({ title: 'Request not sent', description: errorMessage(err, 'Please try again.'), variant: 'destructive' });
    },
  });
  const errors = form.formState.errors;
  const { field } = bindFields(form);
  const reason = useWatch({ control: form.control, name: 'reason' }) ?? '';

  return (
    <form noValidate className="space-y-5" onSubmit={form.handleSubmit((input) => send.mutate(input))}>
      {problem && <FormAlert>{problem}</FormAlert>}
      <div className="grid gap-5 sm:grid-cols-2">
        <TextField label="Your name" autoComplete="name" maxLength={200} {...field('name')} />
        <EmailField hint="We write to you here about the request." {...field('email')} />
        <AmountField
          label="Amount you gave"
          error={missingMessage(errors.amount?.message, 'Enter the amount you gave')}
          {...form.register('amount', { setValueAs: emptyAsMissing })}
        />
        <CurrencyField error={errors.currency?.message} {...form.register('currency')} />
        <SelectField label="How you gave" {...field('paymentMethod', { setValueAs: emptyAsNoChoice })}>
          <option value="">Choose how you gave</option>
          {RECORDED_PAYMENT_METHODS.map((m) => (
            <option key={m} value={m}>
              {m}
            </option>
          ))}
        </SelectField>
        <TextField label="Date you gave" type="date" max={today()} {...field('donatedOn')} />
      </div>
      <TextField
        label="Payment reference (optional)"
        hint="The transaction id or note from your receipt, if you have one: it helps us find your gift."
        autoComplete="off"
        maxLength={200}
        {...field('reference')}
      />
      <TextAreaField
        label="Why you are asking"
        rows={5}
        counter={{ length: reason.length, max: REFUND_REQUEST_REASON_MAX }}
        {...field('reason')}
      />
      <Button type="submit" size="lg" disabled={send.isPending}>
        {send.isPending ? 'Sending…' : 'Send refund request'}
      </Button>
    </form>
  );
}

export default function RefundRequestPage() {
  const gaveTo = useGaveTo();
  const [sentTo, setSentTo] = useState<string | null>(null);
  return (
    <div className="mx-auto max-w-3xl px-4 py-10 sm:py-14">
      <h1 className={`${pageTitleClass} sm:text-4xl`}>Ask for a Refund</h1>
      <p className="mt-3 text-lg text-slate-700">
        Gave to &ldquo;{gaveTo.name}&rdquo; and want your money back? Money that has not yet been released against a
        verified expense can be refunded. Tell us about your gift and we answer within {DISPUTES_DAYS} business days.
      </p>
      <p className="mt-2 text-sm text-slate-700">
        See what has been released on the{' '}
        <Link href={gaveTo.transparencyPath} className="font-semibold text-brand-800 underline">
          transparency page
        </Link>
        , and the rules in the{' '}
        <Link href="/donor-agreement" className="font-semibold text-brand-800 underline">
          Donor Agreement
        </Link>
        .
      </p>
      <Card className="mt-8">
        {sentTo ? <Received email={sentTo} /> : <RequestForm campaign={gaveTo.slug} onSent={setSentTo} />}
      </Card>
    </div>
  );
}
