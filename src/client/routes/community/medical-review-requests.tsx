/**
 * The doctor's medical review requests on her dashboard: each patient's request, the application while she is
 * granted it (story, costs, payee's name, documents), and her decision: attest, ticking the conflict-of-interest
 * declaration, or decline, each with a note for the patient.
 */
import { useState, type ReactNode } from 'react';
import { useForm, useWatch } from 'react-hook-form';
import type { z } from 'zod';
import { zodResolver } from '@hookform/resolvers/zod';
import { keepPreviousData, useMutation, useQuery } from '@tanstack/react-query';
import {
  MEDICAL_REVIEW_NOTE_MAX,
  MedicalAttestationFormSchema,
  MedicalDeclineFormSchema,
  NO_CONFLICT_DECLARATION,
  type DoctorMedicalReviewItem,
  type MedicalReviewApplication,
} from '#shared/schemas/medical-reviews.ts';
import {
  attestMedicalReview,
  declineMedicalReview,
  doctorMedicalReviewsQuery,
  medicalReviewApplicationQuery,
} from '#client/api/medical-reviews.ts';
import { formatDate } from '#client/lib/format.ts';
import { useFieldErrors } from '#client/hooks/use-field-errors.ts';
import { Button, SubmitButton } from '#client/components/ui/button.tsx';
import { CheckboxField, FormAlert, TextAreaField } from '#client/components/ui/field.tsx';
import { ListLoadError, ListLoading } from '#client/components/ui/list-status.tsx';
import { PagedList } from '#client/components/ui/paged-list.tsx';
import { toast } from '#client/components/ui/toast.ts';
import { DocumentLinks, PlannedCosts, TreatmentPlanned } from '#client/components/fundraiser-application.tsx';
import { Badge } from './story-parts.tsx';
import type { BadgeTone } from './story-model.ts';

const STATUS: Record<DoctorMedicalReviewItem['status'], { label: string; tone: BadgeTone }> = {
  requested: { label: 'Waiting for you', tone: 'warning' },
  attested: { label: 'You attested', tone: 'success' },
  declined: { label: 'You declined', tone: 'neutral' },
  withdrawn: { label: 'Withdrawn: the plan changed', tone: 'neutral' },
  revoked: { label: 'The patient took back access', tone: 'neutral' },
};

type Decision = 'attest' | 'decline';
/** Her form's values: a decline has no declaration box. */
interface DecisionForm {
  note: string;
  noConflict?: boolean;
}
/** What either schema answers: an attestation carries the ticked declaration, a decline only the note. */
type DecisionOut = z.output<typeof MedicalAttestationFormSchema> | z.output<typeof MedicalDeclineFormSchema>;

/** Attest (with the declaration) or decline, each with a note. */
function DecideForm({
  item,
  planVersion,
  decision,
  onDone,
}: {
  item: DoctorMedicalReviewItem;
  /** The version of the plan she read: the decision names it. */
  planVersion: number;
  decision: Decision;
  onDone: () => void;
}) {
  const attest = decision === 'attest';
  // The declaration box starts unticked, a value the attestation schema refuses until she ticks it.
  const schema: z.ZodType<DecisionOut, DecisionForm> = attest ? MedicalAttestationFormSchema : MedicalDeclineFormSchema;
  const form = useForm<DecisionForm, unknown, DecisionOut>({
    resolver: zodResolver(schema),
    // A decline sends only the note (its schema refuses any other field).
    defaultValues: attest ? { note: '', noConflict: false } : { note: '' },
  });
  const note = useWatch({ control: form.control, name: 'note' }) ?? '';
  const [alert, setAlert] = useState<string | null>(null);
  const show = useFieldErrors(form.setError, ['note', 'noConflict']);
  const decide = useMutation({
    mutationFn: (input: DecisionOut) =>
      'noConflict' in input
        ? attestMedicalReview(item.id, { ...input, planVersion })
        : declineMedicalReview(item.id, { note: input.note, planVersion }),
    onSuccess: () => {
      toast({ title: attest ? 'Plan attested' : 'Request declined', description: 'The patient is told.' });
      onDone();
    },
    onError: (err) => {
      setAlert(show(err, 'Please try again.'));
    },
  });
  const id = `${decision}-${item.id}`;
  return (
    <form
      id={id}
      noValidate
      aria-label={attest ? 'Attest the plan' : 'Decline the request'}
      className="mt-4 space-y-3 rounded-xl border border-slate-200 p-4"
      onSubmit={form.handleSubmit((input) => decide.mutate(input))}
    >
      {alert && <FormAlert>{alert}</FormAlert>}
      <TextAreaField
        label={attest ? 'Your note for the patient' : 'Why you decline (the patient reads this)'}
        hint="Private: only the patient reads it. The public sees only your name and specialty."
        rows={4}
        counter={{ length: note.length, max: MEDICAL_REVIEW_NOTE_MAX }}
        error={form.formState.errors.note?.message}
        {...form.register('note')}
      />
      {attest && (
        <CheckboxField
          label={NO_CONFLICT_DECLARATION}
          error={form.formState.errors.noConflict?.message}
          {...form.register('noConflict')}
        />
      )}
      <div className="flex flex-wrap gap-2">
        <SubmitButton pending={decide.isPending} pendingLabel="Sending…" variant={attest ? 'primary' : 'destructive'}>
          {attest ? 'Attest the plan' : 'Decline'}
        </SubmitButton>
        <Button variant="ghost" onClick={onDone}>
          Cancel
        </Button>
      </div>
    </form>
  );
}

function Application({ application }: { application: MedicalReviewApplication }) {
  const f = application.fundraiser;
  return (
    <div className="mt-4 space-y-4 text-sm text-slate-800">
      <div
        className="max-h-80 overflow-y-auto rounded-xl border border-slate-200 bg-slate-50 p-4"
        tabIndex={0}
        role="region"
        aria-label={`Story of “${f.title}”`}
      >
        <p className="break-words whitespace-pre-wrap">{f.story}</p>
      </div>
      <PlannedCosts goalCents={f.goalCents} groups={f.costGroups} />
      <TreatmentPlanned neededBy={f.neededBy} />
      {f.payeeName && (
        <p>
          <span className="font-semibold">Paid to:</span> {f.payeeName}
        </p>
      )}
      <div>
        <h4 className="font-semibold text-ink">Her documents (shared with you only)</h4>
        <DocumentLinks documents={f.documents} />
      </div>
    </div>
  );
}

function RequestItem({ item }: { item: DoctorMedicalReviewItem }) {
  const [open, setOpen] = useState(false);
  const [deciding, setDeciding] = useState<Decision | null>(null);
  const application = useQuery({
    ...medicalReviewApplicationQuery(item.id),
    enabled: open && item.granted,
    gcTime: 0,
  });
  const status = STATUS[item.status];
  let body: ReactNode = null;
  if (open && item.granted) {
    if (application.data) body = <Application application={application.data} />;
    else if (application.error)
      body = <ListLoadError what="application" error={application.error} onRetry={() => void application.refetch()} />;
    else body = <ListLoading what="application" />;
  }
  return (
    <article
      aria-labelledby={`review-${item.id}`}
      className="rounded-2xl border border-brand-100 bg-white p-5 shadow-sm"
    >
      <div className="flex flex-wrap items-center justify-between gap-2">
        <h3 id={`review-${item.id}`} className="text-lg font-semibold break-words text-ink">
          {item.fundraiserTitle}
        </h3>
        <Badge tone={status.tone}>{status.label}</Badge>
      </div>
      <p className="mt-1 text-sm text-slate-600">
        {item.patientName} asked on <time dateTime={item.requestedAt}>{formatDate(item.requestedAt)}</time>
      </p>
      {item.granted && (
        <Button variant="secondary" className="mt-3" aria-expanded={open} onClick={() => setOpen((o) => !o)}>
          {open ? 'Hide the application' : 'Open the application'}
        </Button>
      )}
      {body}
      {item.status === 'requested' && open && application.data && !deciding && (
        <div className="mt-4 flex flex-wrap gap-2">
          <Button onClick={() => setDeciding('attest')}>Attest…</Button>
          <Button variant="secondary" onClick={() => setDeciding('decline')}>
            Decline…
          </Button>
        </div>
      )}
      {deciding && application.data && (
        <DecideForm
          item={item}
          planVersion={application.data.fundraiser.planVersion}
          decision={deciding}
          onDone={() => setDeciding(null)}
        />
      )}
    </article>
  );
}

/** Her requests, newest first (shown to verified doctors only: the server refuses others). */
export function MedicalReviewRequests() {
  const [page, setPage] = useState(1);
  const requests = useQuery({
    ...doctorMedicalReviewsQuery(page),
    placeholderData: keepPreviousData,
    gcTime: 0,
  });
  return (
    <section aria-labelledby="medical-reviews-title" className="mt-10">
      <h2 id="medical-reviews-title" className="text-xl font-semibold text-ink">
        Medical review requests
      </h2>
      <p className="mt-1 text-sm text-slate-700">
        Patients who ask you to review their fundraiser&apos;s plan share their documents with you until they take the
        access back.
      </p>
      <PagedList
        query={requests}
        what="review requests"
        errorFirst
        label="Medical review requests"
        itemKey={(item) => item.id}
        renderItem={(item) => <RequestItem item={item} />}
        emptyWhen="list"
        empty={
          <p className="mt-2 text-slate-700">
            No patient has asked you yet. When one does, her request appears here and you are notified.
          </p>
        }
        pagerLabel="Pages of review requests"
        onPage={setPage}
      />
    </section>
  );
}
