/**
 * A live fundraiser's money change on /my-fundraiser: she proposes new cost groups (so a new goal), payee or
 * documents with the application's own fields; a manager reviews it while her page keeps the approved figures.
 */
import { useRef, useState } from 'react';
import { useForm, type Resolver } from 'react-hook-form';
import type { z } from 'zod';
import { zodResolver } from '@hookform/resolvers/zod';
import { useMutation } from '@tanstack/react-query';
import type { Fundraiser } from '#shared/schemas/fundraisers.ts';
import { FundraiserMoneyChangeSchema } from '#shared/schemas/live-fundraisers.ts';
import { errorMessage } from '#client/lib/api.ts';
import { formatCents, formatWhen } from '#client/lib/format.ts';
import { proposeMoneyChange, withdrawMoneyChange } from '#client/api/my-fundraiser.ts';
import { useFieldErrors } from '#client/hooks/use-field-errors.ts';
import { Button, SubmitRow } from '#client/components/ui/button.tsx';
import { FormAlert } from '#client/components/ui/field.tsx';
import { toast } from '#client/components/ui/toast.ts';
import type { DocumentEntry } from '#client/components/documents-field.tsx';
import {
  APPLICATION_FIELDS,
  CostGroupFields,
  defaults,
  documentEntries,
  PayeeFields,
  PlanDocumentsField,
  type DraftIn,
} from './my-fundraiser-form.tsx';
import { useSaveAnswer } from './my-fundraiser-answer.ts';

/** The form checks the groups and payee; the documents are uploaded beside it and sent with them. */
const FormSchema = FundraiserMoneyChangeSchema.omit({ documentIds: true });
type FormOut = z.output<typeof FormSchema>;

const resolver: Resolver<DraftIn, unknown, FormOut> = (values, context, options) =>
  zodResolver(FormSchema)({ costGroups: values.costGroups, payee: values.payee } as never, context, options as never);

/** The plan the form starts from: the proposal waiting for review, else the approved one. */
function startingPlan(fundraiser: Fundraiser): Fundraiser {
  const pending = fundraiser.revision?.status === 'pending' ? fundraiser.revision : null;
  return pending ? { ...fundraiser, ...pending, id: fundraiser.id, status: fundraiser.status } : fundraiser;
}

function MoneyChangeForm({ fundraiser, onClose }: { fundraiser: Fundraiser; onClose: () => void }) {
  const saveAnswer = useSaveAnswer();
  const plan = startingPlan(fundraiser);
  const [formError, setFormError] = useState<string | null>(null);
  const [documents, setDocuments] = useState<DocumentEntry[]>(() => documentEntries(plan));
  const form = useForm<DraftIn, unknown, FormOut>({ resolver, defaultValues: defaults(plan) });
  // Every field by its own path (payee.route, costGroups.1.amount): a refusal lands beside its input, not in a toast.
  const showFieldErrors = useFieldErrors(form.setError, APPLICATION_FIELDS);
  const propose = useMutation({
    mutationFn: (input: FormOut) =>
      proposeMoneyChange({
        ...input,
        documentIds: documents.flatMap((d) => (d.state === 'done' && d.doc ? [d.doc.id] : [])),
      }),
    onSuccess: (answer) => {
      saveAnswer(answer);
      toast({ title: 'Sent for review', description: 'Your page keeps its current goal until a manager approves.' });
      onClose();
    },
    onError: (err) => {
      const rest = showFieldErrors(err, 'Please try again.');
      if (rest !== null) setFormError(rest);
      toast({ title: 'Change not sent', description: errorMessage(err, 'Please try again.'), variant: 'destructive' });
    },
  });
  const uploading = documents.some((d) => d.state === 'uploading');
  return (
    <form noValidate className="space-y-6" onSubmit={form.handleSubmit((input) => propose.mutate(input))}>
      {formError && <FormAlert>{formError}</FormAlert>}
      <CostGroupFields form={form} />
      <PayeeFields form={form} />
      <PlanDocumentsField
        id="money-change-documents"
        documents={documents}
        setDocuments={setDocuments}
        onChange={() => form.clearErrors('documentIds')}
        error={form.formState.errors.documentIds?.message}
      />
      <SubmitRow
        pending={propose.isPending || uploading}
        pendingLabel={uploading ? 'Uploading…' : 'Sending…'}
        onCancel={onClose}
        cancelVariant="secondary"
      >
        Send for review
      </SubmitRow>
    </form>
  );
}

/** Where her latest money change stands: waiting (with a way to take it back), or refused with the reason. */
function RevisionNotice({ fundraiser }: { fundraiser: Fundraiser }) {
  const saveAnswer = useSaveAnswer();
  const withdraw = useMutation({
    mutationFn: withdrawMoneyChange,
    onSuccess: (answer) => {
      saveAnswer(answer);
      toast({ title: 'Money change withdrawn', description: 'Your fundraiser keeps its approved plan.' });
    },
    onError: (err) =>
      toast({ title: 'Not withdrawn', description: errorMessage(err, 'Please try again.'), variant: 'destructive' }),
  });
  const revision = fundraiser.revision;
  if (revision?.status === 'pending')
    return (
      <div role="status" className="rounded-xl border border-sky-200 bg-sky-50 px-4 py-3 text-sm text-sky-950">
        <p>
          <span className="font-semibold">Waiting for review:</span> a new goal of {formatCents(revision.goalCents)}{' '}
          (paid to {revision.payee.name}), sent{' '}
          <time dateTime={revision.proposedAt}>{formatWhen(revision.proposedAt)}</time>. Until a manager approves it,
          your page shows the goal of {formatCents(fundraiser.goalCents)}.
        </p>
        <Button variant="secondary" className="mt-3" disabled={withdraw.isPending} onClick={() => withdraw.mutate()}>
          Withdraw the change
        </Button>
      </div>
    );
  if (revision?.status === 'refused')
    return (
      <div role="status" className="rounded-xl border border-amber-200 bg-amber-50 px-4 py-3 text-sm text-amber-950">
        <span className="font-semibold">Your last money change was not approved. </span>
        <span className="whitespace-pre-wrap">{revision.reviewMessage}</span>
      </div>
    );
  return null;
}

export function MoneyChange({ fundraiser }: { fundraiser: Fundraiser }) {
  const [editing, setEditing] = useState(false);
  const opener = useRef<HTMLButtonElement>(null);
  const pending = fundraiser.revision?.status === 'pending';
  return (
    <section aria-labelledby="money-change-title" className="space-y-4 border-t border-slate-200 pt-6">
      <h2 id="money-change-title" className="text-xl font-semibold text-ink">
        Goal, payee and documents
      </h2>
      <p className="text-sm text-slate-700">
        A new goal, payee or treatment plan is reviewed by a manager before donors see it. Your fundraiser stays live
        with its current figures meanwhile.
      </p>
      <RevisionNotice fundraiser={fundraiser} />
      {editing ? (
        <MoneyChangeForm
          fundraiser={fundraiser}
          onClose={() => {
            setEditing(false);
            setTimeout(() => opener.current?.focus());
          }}
        />
      ) : (
        <Button ref={opener} variant="secondary" onClick={() => setEditing(true)}>
          {pending ? 'Change the proposal' : 'Propose a money change'}
        </Button>
      )}
    </section>
  );
}
