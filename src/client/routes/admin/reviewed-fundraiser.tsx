/**
 * One fundraiser application in the managers' review: opened on demand, it shows everything the patient wrote
 * exactly as written (plain text), her cost groups, payee and private documents, the history, and while it waits
 * for review the three decisions: approve, ask for changes or refuse with a message she reads.
 */
import { useId, useRef, useState } from 'react';
import { useForm, useWatch } from 'react-hook-form';
import type { z } from 'zod';
import { zodResolver } from '@hookform/resolvers/zod';
import { useMutation, useQuery } from '@tanstack/react-query';
import {
  REVIEW_MESSAGE_MAX,
  ReviewMessageSchema,
  type FundraiserQueueItem,
  type ReviewedFundraiser,
} from '#shared/schemas/fundraisers.ts';
import { FUNDRAISER_EVENT_WORDS, historyWords } from '#shared/history-words.ts';
import { errorMessage } from '#client/lib/api.ts';
import { formatCents, formatDay, formatWhen } from '#client/lib/format.ts';
import { useFieldErrors } from '#client/hooks/use-field-errors.ts';
import { decideFundraiser, reviewedFundraiserQuery, type FundraiserDecision } from '#client/api/admin-fundraisers.ts';
import { Button, SubmitRow } from '#client/components/ui/button.tsx';
import { TextAreaField } from '#client/components/ui/field.tsx';
import { ListLoadError, ListLoading } from '#client/components/ui/list-status.tsx';
import { toast } from '#client/components/ui/toast.ts';
import { ApplicationSummary } from '#client/components/fundraiser-application.tsx';
import { ProposedPlan } from './proposed-plan.tsx';

type MessageIn = z.input<typeof ReviewMessageSchema>;
type MessageOut = z.output<typeof ReviewMessageSchema>;
const MESSAGE_FIELDS = ['message'] as const;

const DONE: Record<FundraiserDecision, string> = {
  approve: 'Fundraiser approved: it is live',
  'request-changes': 'Sent back for changes',
  reject: 'Fundraiser not approved',
  'money-change/approve': 'Money change approved: the page shows the new goal',
  'money-change/refuse': 'Money change refused',
  close: 'Fundraiser closed',
};

/** The decisions that carry a message she reads: what the form asks and what its button says. */
type MessageDecision = 'request-changes' | 'reject' | 'money-change/refuse' | 'close';
const MESSAGE_FORMS: Record<MessageDecision, { label: string; verb: string; destructive: boolean }> = {
  'request-changes': { label: 'What should she change?', verb: 'Send back for changes', destructive: false },
  reject: { label: 'Why is it not approved?', verb: 'Refuse fundraiser', destructive: true },
  'money-change/refuse': { label: 'Why is the money change refused?', verb: 'Refuse money change', destructive: true },
  close: { label: 'Why is it closed?', verb: 'Close fundraiser', destructive: true },
};

/** What a decision names besides her message: the application's version, or the money change, the manager read. */
function readVersion(fundraiser: ReviewedFundraiser, decision: FundraiserDecision) {
  if (decision === 'approve' || decision === 'request-changes' || decision === 'reject')
    return { version: fundraiser.version };
  if (decision === 'money-change/approve' || decision === 'money-change/refuse')
    return { revisionId: fundraiser.revision!.id };
  return {};
}

function useDecision(fundraiser: ReviewedFundraiser, onDone?: () => void) {
  return useMutation({
    mutationFn: ({ decision, message }: { decision: FundraiserDecision; message?: string }) =>
      decideFundraiser(fundraiser.id, decision, {
        ...readVersion(fundraiser, decision),
        ...(message === undefined ? {} : { message }),
      }),
    onSuccess: async (_answer, { decision }) => {
      toast({ title: DONE[decision], description: 'The patient has been told by email.' });
      onDone?.();
    },
    onError: async (err) => {
      toast({
        title: 'Decision not saved',
        description: errorMessage(err, 'Please try again.'),
        variant: 'destructive',
      });
    },
  });
}

/** Ask for changes or refuse: the message the patient reads, then the decision. */
function MessageForm({
  fundraiser,
  decision,
  onClose,
}: {
  fundraiser: ReviewedFundraiser;
  decision: MessageDecision;
  onClose: (done: boolean) => void;
}) {
  const rule = MESSAGE_FORMS[decision];
  const form = useForm<MessageIn, unknown, MessageOut>({
    resolver: zodResolver(ReviewMessageSchema),
    defaultValues: { message: '' },
  });
  const showFieldErrors = useFieldErrors(form.setError, MESSAGE_FIELDS);
  const message = useWatch({ control: form.control, name: 'message' }) ?? '';
  const decide = useDecision(fundraiser, () => onClose(true));
  const verb = rule.verb;
  return (
    <form
      noValidate
      aria-label={`${verb}: ${fundraiser.title ?? 'untitled'}`}
      className="mt-3 space-y-3 rounded-xl border border-slate-200 bg-slate-50 p-4"
      onSubmit={form.handleSubmit(({ message }) =>
        decide.mutate({ decision, message }, { onError: (err) => void showFieldErrors(err) }),
      )}
    >
      <TextAreaField
        label={rule.label}
        hint="She reads this in the email we send her and on her fundraiser page."
        rows={4}
        counter={{ length: message.length, max: REVIEW_MESSAGE_MAX }}
        autoFocus
        error={form.formState.errors.message?.message}
        {...form.register('message')}
      />
      <SubmitRow
        pending={decide.isPending}
        pendingLabel="Saving…"
        variant={rule.destructive ? 'destructive' : 'primary'}
        onCancel={() => onClose(false)}
        cancelVariant="secondary"
        className="flex flex-wrap gap-2"
      >
        {verb}
      </SubmitRow>
    </form>
  );
}

function Application({ fundraiser }: { fundraiser: ReviewedFundraiser }) {
  const [asking, setAsking] = useState<MessageDecision | null>(null);
  const { review, decideMoneyChange, close } = fundraiser.abilities;
  const pendingChange = decideMoneyChange && fundraiser.revision?.status === 'pending';
  const actions = useRef<HTMLDivElement>(null);
  const decide = useDecision(fundraiser);
  const historyId = useId();
  return (
    <div className="mt-3 space-y-4">
      <p>
        By {fundraiser.owner.name} ·{' '}
        <a href={`mailto:${fundraiser.owner.email}`} className="rounded break-all text-brand-800 underline">
          {fundraiser.owner.email}
        </a>
      </p>
      <ApplicationSummary fundraiser={fundraiser} Heading="h4" />
      {fundraiser.reviewMessage && (
        <p className="rounded-xl border border-amber-200 bg-amber-50 px-3 py-2 text-amber-950">
          <span className="font-semibold">Last message to her: </span>
          <span className="whitespace-pre-wrap">{fundraiser.reviewMessage}</span>
        </p>
      )}
      {pendingChange && <ProposedPlan fundraiser={fundraiser} revision={fundraiser.revision!} />}
      {(review || close) &&
        (asking === null ? (
          <div ref={actions} className="flex flex-wrap gap-2">
            {review ? (
              <>
                <Button onClick={() => decide.mutate({ decision: 'approve' })} disabled={decide.isPending}>
                  Approve
                </Button>
                <Button variant="secondary" onClick={() => setAsking('request-changes')} disabled={decide.isPending}>
                  Ask for changes…
                </Button>
                <Button variant="secondary" onClick={() => setAsking('reject')} disabled={decide.isPending}>
                  Refuse…
                </Button>
              </>
            ) : (
              <>
                {pendingChange && (
                  <>
                    <Button
                      onClick={() => decide.mutate({ decision: 'money-change/approve' })}
                      disabled={decide.isPending}
                    >
                      Approve money change
                    </Button>
                    <Button
                      variant="secondary"
                      onClick={() => setAsking('money-change/refuse')}
                      disabled={decide.isPending}
                    >
                      Refuse money change…
                    </Button>
                  </>
                )}
                <Button variant="secondary" onClick={() => setAsking('close')} disabled={decide.isPending}>
                  Close fundraiser…
                </Button>
              </>
            )}
          </div>
        ) : (
          <MessageForm
            fundraiser={fundraiser}
            decision={asking}
            onClose={(done) => {
              setAsking(null);
              if (!done) setTimeout(() => actions.current?.querySelector('button')?.focus());
            }}
          />
        ))}
      <div>
        <h4 id={historyId} className="font-semibold text-ink">
          History
        </h4>
        <ol aria-labelledby={historyId} className="mt-1 space-y-1 text-slate-800">
          {fundraiser.history.map((h, i) => (
            <li key={`${h.at}-${i}`}>
              <time dateTime={h.at} className="text-slate-600">
                {formatWhen(h.at)}
              </time>{' '}
              · {historyWords(FUNDRAISER_EVENT_WORDS, h.action)}
              {h.by && ` by ${h.by}`}
              {h.message && <span className="whitespace-pre-wrap">: “{h.message}”</span>}
            </li>
          ))}
        </ol>
      </div>
    </div>
  );
}

/** A row of the queue; the application loads when the manager opens it. */
export function FundraiserItem({ item }: { item: FundraiserQueueItem }) {
  const titleId = useId();
  const [open, setOpen] = useState(false);
  const detail = useQuery({
    ...reviewedFundraiserQuery(item.id),
    enabled: open,
    staleTime: 0,
  });
  const title = item.title ?? 'Untitled fundraiser';
  return (
    <article aria-labelledby={titleId} className="py-5 text-sm text-slate-800" data-testid="reviewed-fundraiser">
      <h3 id={titleId} className="text-lg font-semibold text-ink">
        {title}
      </h3>
      {item.revisionPending && (
        <p className="mt-1 inline-block rounded-full bg-sky-100 px-2 py-0.5 text-xs font-semibold text-sky-900">
          Money change waiting for review
        </p>
      )}
      <p className="mt-1 text-slate-600">
        {item.ownerName} · goal {formatCents(item.goalCents)}
        {item.neededBy && (
          <>
            {' '}
            · treatment planned <time dateTime={item.neededBy}>{formatDay(item.neededBy)}</time>
          </>
        )}
        {item.submittedAt && (
          <>
            {' '}
            · submitted <time dateTime={item.submittedAt}>{formatWhen(item.submittedAt)}</time>
          </>
        )}
      </p>
      <details className="mt-2" onToggle={(e) => setOpen(e.currentTarget.open)}>
        <summary className="cursor-pointer rounded font-semibold text-brand-800">Open the application</summary>
        {detail.data ? (
          <Application fundraiser={detail.data} />
        ) : detail.error ? (
          <ListLoadError what="application" error={detail.error} onRetry={() => void detail.refetch()} />
        ) : (
          open && <ListLoading what="application" />
        )}
      </details>
    </article>
  );
}
