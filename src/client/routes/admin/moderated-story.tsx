/**
 * One story in the moderation queue: its text exactly as written, its images, the reason given, the decisions
 * open to a moderator (approve, reject or hide with a reason the author reads, restore) and its history.
 */
import { useId, useRef, useState, type ReactNode } from 'react';
import { useForm, useWatch } from 'react-hook-form';
import type { z } from 'zod';
import { zodResolver } from '@hookform/resolvers/zod';
import { useMutation, useQuery } from '@tanstack/react-query';
import {
  MODERATION_REASON_MAX,
  ModerationReasonSchema,
  STORY_REVIEW_OVERDUE_HOURS,
  type ModeratedStory,
} from '#shared/schemas/stories.ts';
import { historyWords, STORY_EVENT_WORDS } from '#shared/history-words.ts';
import { errorMessage } from '#client/lib/api.ts';
import { formatWhen } from '#client/lib/format.ts';
import { useFieldErrors } from '#client/hooks/use-field-errors.ts';
import { decideStory, storyHistory, storyHistoryKey, type ModerationDecision } from '#client/api/admin-stories.ts';
import { Button, SubmitRow } from '#client/components/ui/button.tsx';
import { TextAreaField } from '#client/components/ui/field.tsx';
import { ListLoadError, ListLoading } from '#client/components/ui/list-status.tsx';
import { toast } from '#client/components/ui/toast.ts';
import { hoursSince, waitingText } from '../community/story-model.ts';
import { TagList } from '#client/components/tag-list.tsx';
import { Badge } from '../community/story-parts.tsx';
import { ReviewedImages } from '#client/components/reviewed-images.tsx';

type ReasonIn = z.input<typeof ModerationReasonSchema>;
type ReasonOut = z.output<typeof ModerationReasonSchema>;

const REASON_FIELDS = ['reason'] as const;

const DONE: Record<ModerationDecision, string> = {
  approve: 'Story approved',
  reject: 'Story not approved',
  hide: 'Story hidden',
  restore: 'Story restored',
};

function useDecision(story: ModeratedStory, onDone?: () => void) {
  return useMutation({
    mutationFn: ({ decision, reason }: { decision: ModerationDecision; reason?: string }) =>
      decideStory(story.id, decision, { version: story.version, ...(reason === undefined ? {} : { reason }) }),
    onSuccess: async (_answer, { decision }) => {
      toast({
        title: DONE[decision],
        description: decision === 'restore' ? `“${story.title}” is public again.` : 'The author has been told.',
      });
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

/** Reject or hide: the reason the author will read, then the decision. */
function ReasonForm({
  story,
  decision,
  onClose,
}: {
  story: ModeratedStory;
  decision: 'reject' | 'hide';
  onClose: (done: boolean) => void;
}) {
  const form = useForm<ReasonIn, unknown, ReasonOut>({
    resolver: zodResolver(ModerationReasonSchema),
    defaultValues: { reason: '' },
  });
  const showFieldErrors = useFieldErrors(form.setError, REASON_FIELDS);
  const reason = useWatch({ control: form.control, name: 'reason' }) ?? '';
  const decide = useDecision(story, () => onClose(true));
  const verb = decision === 'reject' ? 'Reject story' : 'Hide story';
  return (
    <form
      noValidate
      aria-label={`${verb}: ${story.title}`}
      className="mt-3 space-y-3 rounded-xl border border-slate-200 bg-slate-50 p-4"
      onSubmit={form.handleSubmit(({ reason }) =>
        decide.mutate(
          { decision, reason },
          {
            onError: (err) => void showFieldErrors(err),
          },
        ),
      )}
    >
      <TextAreaField
        label={decision === 'reject' ? 'Why is it not approved?' : 'Why is it hidden?'}
        hint="The author reads this in their notifications and on My Stories."
        rows={3}
        counter={{ length: reason.length, max: MODERATION_REASON_MAX }}
        autoFocus
        error={form.formState.errors.reason?.message}
        {...form.register('reason')}
      />
      <SubmitRow
        pending={decide.isPending}
        pendingLabel="Saving…"
        variant="destructive"
        onCancel={() => onClose(false)}
        cancelVariant="secondary"
        className="flex flex-wrap gap-2"
      >
        {verb}
      </SubmitRow>
    </form>
  );
}

function History({ storyId }: { storyId: string }) {
  const [open, setOpen] = useState(false);
  const history = useQuery({
    queryKey: storyHistoryKey(storyId),
    queryFn: () => storyHistory(storyId),
    enabled: open,
    staleTime: 0,
  });
  let body: ReactNode = null;
  if (open) {
    if (history.data) {
      body = history.data.length ? (
        <ol className="mt-2 space-y-1 text-sm text-slate-800">
          {history.data.map((h, i) => (
            <li key={`${h.createdAt}-${i}`}>
              <time dateTime={h.createdAt} className="text-slate-600">
                {formatWhen(h.createdAt)}
              </time>{' '}
              · {historyWords(STORY_EVENT_WORDS, h.action)} by {h.actorName}
              {h.reason && <span className="whitespace-pre-wrap">: “{h.reason}”</span>}
            </li>
          ))}
        </ol>
      ) : (
        <p className="mt-2 text-sm text-slate-600">Nothing recorded yet.</p>
      );
    } else if (history.error) {
      body = <ListLoadError what="history" error={history.error} onRetry={() => void history.refetch()} />;
    } else {
      body = <ListLoading what="history" />;
    }
  }
  return (
    <details className="mt-3" onToggle={(e) => setOpen(e.currentTarget.open)}>
      <summary className="cursor-pointer rounded text-sm font-semibold text-brand-800">History</summary>
      {body}
    </details>
  );
}

export function StoryItem({ story }: { story: ModeratedStory }) {
  const titleId = useId();
  const [asking, setAsking] = useState<'reject' | 'hide' | null>(null);
  const actions = useRef<HTMLDivElement>(null);
  const decide = useDecision(story);
  const pending = story.status === 'pending';
  const hidden = story.hiddenAt !== null;
  const waited = pending && story.submittedAt ? hoursSince(story.submittedAt) : null;
  const overdue = waited !== null && waited >= STORY_REVIEW_OVERDUE_HOURS;
  const reason = story.hiddenReason ?? story.reviewReason;
  const busy = decide.isPending;

  return (
    <article aria-labelledby={titleId} className="py-5 text-sm text-slate-800" data-testid="moderated-story">
      <div className="flex flex-wrap items-center gap-x-3 gap-y-1">
        <h3 id={titleId} className="text-lg font-semibold text-ink">
          {story.title}
        </h3>
        {overdue && (
          <Badge tone="danger" testId="overdue">
            Overdue
          </Badge>
        )}
        {pending && story.hasPublishedVersion && <Badge tone="info">Edit of a published story</Badge>}
        {!pending && story.status !== 'rejected' && story.publishConsent === false && (
          <Badge tone="neutral">Author keeps it private</Badge>
        )}
      </div>
      <p className="mt-1">
        By {story.authorName} ·{' '}
        <a href={`mailto:${story.authorEmail}`} className="rounded break-all text-brand-800 underline">
          {story.authorEmail}
        </a>
      </p>
      <p className="mt-1 text-slate-600">
        {pending && story.submittedAt && (
          <>
            Submitted <time dateTime={story.submittedAt}>{formatWhen(story.submittedAt)}</time> ·{' '}
            <span data-testid="waiting">{waitingText(story.submittedAt)}</span>
          </>
        )}
        {!pending && story.publishedAt && (
          <>
            Approved <time dateTime={story.publishedAt}>{formatWhen(story.publishedAt)}</time>
          </>
        )}
        {hidden && story.hiddenAt && (
          <>
            {' '}
            · hidden <time dateTime={story.hiddenAt}>{formatWhen(story.hiddenAt)}</time>
          </>
        )}
      </p>
      {pending && story.hasPublishedVersion && (
        <p className="mt-1 text-slate-700">The approved version stays public until you decide on this edit.</p>
      )}
      {reason && (story.status === 'rejected' || hidden) && (
        <p className="mt-2 rounded-xl border border-red-200 bg-red-50 px-3 py-2 text-red-900">
          <span className="font-semibold">Reason given: </span>
          <span className="whitespace-pre-wrap">{reason}</span>
        </p>
      )}
      <div className="mt-2">
        <TagList tags={story.tags} />
      </div>
      {/* The author's text exactly as written: plain, so nothing in it is interpreted. */}
      <div
        className="mt-3 max-h-96 overflow-y-auto rounded-xl border border-slate-200 bg-slate-50 p-4"
        tabIndex={0}
        role="region"
        aria-label={`Text of “${story.title}”`}
      >
        <p className="break-words whitespace-pre-wrap text-slate-900">{story.body}</p>
        <ReviewedImages label="Images in this story" images={story.images} testId="moderated-images" />
      </div>
      {asking === null ? (
        <div ref={actions} className="mt-3 flex flex-wrap gap-2">
          {story.abilities.approve && (
            <Button onClick={() => decide.mutate({ decision: 'approve' })} disabled={busy}>
              Approve
            </Button>
          )}
          {story.abilities.reject && (
            <Button variant="secondary" onClick={() => setAsking('reject')} disabled={busy}>
              Reject…
            </Button>
          )}
          {story.abilities.hide && (
            <Button variant="secondary" onClick={() => setAsking('hide')} disabled={busy}>
              Hide…
            </Button>
          )}
          {story.abilities.restore && (
            <Button onClick={() => decide.mutate({ decision: 'restore' })} disabled={busy}>
              Restore
            </Button>
          )}
        </div>
      ) : (
        <ReasonForm
          story={story}
          decision={asking}
          onClose={(done) => {
            setAsking(null);
            if (!done) setTimeout(() => actions.current?.querySelector('button')?.focus());
          }}
        />
      )}
      <History storyId={story.id} />
    </article>
  );
}
