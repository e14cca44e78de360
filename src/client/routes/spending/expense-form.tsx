/**
 * /my-expenses/new: the campaign owner asks for money against an invoice (SubmitExpenseSchema, the same
 * contract the server parses). Documents upload as they are chosen; the server's refusals land at their field.
 */
import { useEffect, useState } from 'react';
import { Link, useLocation } from 'wouter';
import { useForm, useWatch, type DefaultValues } from 'react-hook-form';
import type { z } from 'zod';
import { zodResolver } from '@hookform/resolvers/zod';
import { useMutation } from '@tanstack/react-query';
import { EXPENSE_DOCUMENT_MAX_BYTES, EXPENSE_DOCUMENTS_MAX, PAYEE_CATEGORIES } from '#shared/constants.ts';
import { EXPENSE_DESCRIPTION_MAX, SubmitExpenseSchema } from '#shared/schemas/spending.ts';
import { ApiError, errorMessage } from '#client/lib/api.ts';
import { emptyAsMissing, emptyAsNoChoice, missingMessage } from '#client/lib/form-values.ts';
import { submitExpense, uploadExpenseDocument } from '#client/api/spending.ts';
import { Button, buttonClass } from '#client/components/ui/button.tsx';
import { Card } from '#client/components/ui/card.tsx';
import {
  AmountField,
  CurrencyField,
  FormAlert,
  SelectField,
  TextAreaField,
  TextField,
} from '#client/components/ui/field.tsx';
import { toast } from '#client/components/ui/toast.ts';
import { PageFrame } from '#client/components/page-layout.tsx';
import { PageStatus } from '#client/components/page-status.tsx';
import { DocumentsField, type DocumentEntry } from '#client/components/documents-field.tsx';
import { notOwnerRefusal, NotTheOwner, useCampaignExpenses } from './my-expenses.tsx';
import { today } from './spending-model.ts';
import { useExpenseCampaign } from './expense-campaign.ts';
import { useFormDraft } from '#client/hooks/use-form-draft.ts';
import { DraftNotice } from '#client/components/draft-notice.tsx';

type ExpenseIn = z.input<typeof SubmitExpenseSchema>;
type ExpenseOut = z.output<typeof SubmitExpenseSchema>;

const FIELDS = [
  'costGroup',
  'payee',
  'payeeCategory',
  'amount',
  'currency',
  'usdAmount',
  'description',
  'incurredOn',
  'documentIds',
] as const;
type FieldName = (typeof FIELDS)[number];
/** The form field a server error names ("documentIds.0" is the documents field). */
const fieldOf = (name: string | null): FieldName | null => {
  const head = name?.split('.')[0];
  return FIELDS.includes(head as FieldName) ? (head as FieldName) : null;
};

const DOCUMENTS_INPUT_ID = 'expense-documents';

/** The blank form: the choices and the amount have no value yet, so their inputs start empty. */
const EMPTY: DefaultValues<ExpenseIn> = {
  payee: '',
  currency: 'USD',
  usdAmount: undefined,
  description: '',
  incurredOn: '',
  documentIds: [],
};

function ExpenseForm() {
  const { groups, slug, query } = useExpenseCampaign();
  const [, navigate] = useLocation();
  const [documents, setDocuments] = useState<DocumentEntry[]>([]);
  const [formError, setFormError] = useState<string | null>(null);
  const form = useForm<ExpenseIn, unknown, ExpenseOut>({
    resolver: zodResolver(SubmitExpenseSchema),
    defaultValues: EMPTY,
  });
  // The documents are left out of the kept draft: an upload nothing uses is deleted within a day.
  const draft = useFormDraft(form, `expense:${slug}`, ['documentIds']);
  const currency = useWatch({ control: form.control, name: 'currency' });
  const description = useWatch({ control: form.control, name: 'description' }) ?? '';
  const uploading = documents.some((d) => d.state === 'uploading');

  // The form sends the ids of the files that finished uploading.
  useEffect(() => {
    const ids = documents.flatMap((e) => (e.state === 'done' && e.doc ? [e.doc.id] : []));
    form.setValue('documentIds', ids, { shouldValidate: form.formState.isSubmitted });
  }, [documents, form]);

  const submit = useMutation({
    mutationFn: (input: ExpenseOut) => submitExpense(slug, input),
    onSuccess: async () => {
      draft.clear();
      toast({
        title: 'Expense submitted',
        description: 'An admin will review it and its documents, usually within 3-5 business days.',
      });
      navigate(`/my-expenses${query}`);
    },
    onError: (err) => {
      const message = errorMessage(err, 'Please try again.');
      const field = fieldOf(err instanceof ApiError ? err.field : null);
      if (field === 'documentIds') {
        form.setError('documentIds', { message });
        document.getElementById(DOCUMENTS_INPUT_ID)?.focus();
        setFormError(null);
      } else if (field) {
        form.setError(field, { message }, { shouldFocus: true });
        setFormError(null);
      } else {
        setFormError(message);
      }
      toast({ title: 'Expense not submitted', description: message, variant: 'destructive' });
    },
  });

  const onValid = (input: ExpenseOut) => {
    if (uploading) {
      setFormError('Wait for the documents to finish uploading, then submit again.');
      return;
    }
    setFormError(null);
    submit.mutate(input);
  };

  const errors = form.formState.errors;
  const documentsError = errors.documentIds?.message ?? errors.documentIds?.root?.message;

  return (
    <form
      noValidate
      className="space-y-5"
      onSubmit={form.handleSubmit(onValid, (invalid) => {
        // Only the documents field has no input react-hook-form can focus.
        if (Object.keys(invalid).length === 1 && invalid.documentIds)
          document.getElementById(DOCUMENTS_INPUT_ID)?.focus();
      })}
    >
      <DraftNotice draft={draft} />
      {formError && <FormAlert>{formError}</FormAlert>}
      <SelectField
        label="What it is for"
        hint="The cost group on the campaign page this expense belongs to."
        error={errors.costGroup?.message}
        {...form.register('costGroup', { setValueAs: emptyAsNoChoice })}
      >
        <option value="">Choose a cost group</option>
        {groups.map((g) => (
          <option key={g.key} value={g.key}>
            {g.label}
          </option>
        ))}
      </SelectField>
      <div className="grid gap-5 sm:grid-cols-2">
        <TextField
          label="Payee"
          hint="Who is to be paid: the hospital, clinic, pharmacy…"
          autoComplete="off"
          maxLength={200}
          error={errors.payee?.message}
          {...form.register('payee')}
        />
        <SelectField
          label="Kind of payee"
          hint="The public ledger shows this, not the payee's name."
          error={errors.payeeCategory?.message}
          {...form.register('payeeCategory', { setValueAs: emptyAsNoChoice })}
        >
          <option value="">Choose a kind</option>
          {PAYEE_CATEGORIES.map((c) => (
            <option key={c} value={c}>
              {c}
            </option>
          ))}
        </SelectField>
        <AmountField
          label="Amount"
          error={missingMessage(errors.amount?.message, 'Enter the amount')}
          {...form.register('amount', { setValueAs: emptyAsMissing })}
        />
        <CurrencyField error={errors.currency?.message} {...form.register('currency')} />
        {currency !== undefined && currency !== 'USD' && (
          <AmountField
            label="USD equivalent"
            hint="What the amount comes to in US dollars; the ledger is kept in USD."
            error={missingMessage(errors.usdAmount?.message, 'Enter the USD equivalent')}
            {...form.register('usdAmount', { setValueAs: emptyAsMissing, shouldUnregister: true })}
          />
        )}
        <TextField
          label="Date of the expense"
          type="date"
          max={today()}
          error={errors.incurredOn?.message}
          {...form.register('incurredOn')}
        />
      </div>
      <TextAreaField
        label="What it paid for"
        hint="Private: only the admins who approve it and you read this. The transparency page shows the cost group, the kind of payee, and a short description an admin writes for it."
        rows={4}
        counter={{ length: description.length, max: EXPENSE_DESCRIPTION_MAX }}
        error={errors.description?.message}
        {...form.register('description')}
      />
      <DocumentsField
        id={DOCUMENTS_INPUT_ID}
        legend="Invoices, receipts or proof of payment"
        hint="Only you and the site's managers can open them; they are never public."
        max={EXPENSE_DOCUMENTS_MAX}
        maxBytes={EXPENSE_DOCUMENT_MAX_BYTES}
        upload={uploadExpenseDocument}
        entries={documents}
        onChange={setDocuments}
        error={documentsError}
      />
      <div className="flex flex-wrap gap-3">
        <Button type="submit" disabled={submit.isPending}>
          {submit.isPending ? 'Submitting…' : 'Submit expense'}
        </Button>
        <Link href={`/my-expenses${query}`} className={buttonClass('ghost')}>
          Cancel
        </Link>
      </div>
    </form>
  );
}

/** Asks the server first whether this account may submit (the list answers 403 otherwise), before a long form. */
function OwnerOnly() {
  const access = useCampaignExpenses(undefined, 1);
  const refusal = notOwnerRefusal(access.error);
  if (access.isPending) return <PageStatus>Loading…</PageStatus>;
  return (
    <PageFrame
      title="Submit an Expense"
      intro="Ask for a cost of the surgery or recovery to be paid. Attach the invoice or receipt; an admin checks both before any money moves."
      width="3xl"
    >
      {refusal ? (
        <NotTheOwner message={refusal.serverMessage} />
      ) : (
        <Card className="mt-8">
          <ExpenseForm />
        </Card>
      )}
    </PageFrame>
  );
}

/** For signed-in people (the page table asks others to sign in). */
export default function ExpenseFormPage() {
  return <OwnerOnly />;
}
