/**
 * /admin-stories (Story Management, moderator and above): the review queue oldest first with its age and
 * an overdue mark, published, not approved and hidden stories, each decision with the author told, each
 * story's history, and the reported words of support.
 */
import { useId, useRef, useState, type ReactNode } from 'react';
import { Link } from 'wouter';
import { useForm } from 'react-hook-form';
import type { z } from 'zod';
import { zodResolver } from '@hookform/resolvers/zod';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { ADMIN_LIST_PAGE_SIZE } from '#shared/constants.ts';
import {
  ModerationReasonSchema,
  STORY_REVIEW_OVERDUE_HOURS,
  type StoryImage,
  type StoryStatus,
} from '#shared/schemas/stories.ts';
import { apiRequest, errorMessage } from '#client/lib/api.ts';
import { apiErrorInfo } from '#client/lib/api-error.ts';
import { Button } from '#client/components/ui/button.tsx';
import { Card } from '#client/components/ui/card.tsx';
import { TextAreaField } from '#client/components/ui/field.tsx';
import { ListLoadError, ListLoading } from '#client/components/ui/list-status.tsx';
import { Pager } from '#client/components/ui/pager.tsx';
import { toast } from '#client/components/ui/toast.ts';
import { formatDateTime, hoursSince, waitingText } from '../community/story-model.ts';
import { Badge, TagList } from '../community/story-parts.tsx';
import { AdminOnly } from './admin-access.tsx';
import { fetchAdminPage } from './donations-data.ts';

/** GET /api/admin/stories item. */
export interface ModeratedStory {
  id: string;
  title: string;
  body: string;
  tags: string[];
  images: StoryImage[];
  authorName: string;
  authorEmail: string;
  status: StoryStatus;
  submittedAt: string | null;
  publishedAt: string | null;
  hiddenAt: string | null;
  hiddenReason?: string | null;
  reviewReason: string | null;
  hasPublishedVersion: boolean;
  publishConsent?: boolean;
}

/** GET /api/admin/stories/:id/history item. */
interface HistoryEntry {
  action: string;
  reason: string | null;
  actorName: string;
  createdAt: string;
}

/** GET /api/admin/support-reports item. */
interface SupportReport {
  id: string;
  reason: string;
  createdAt: string;
  reporterName: string;
  reply: { id: string; body: string; authorName: string; hidden: boolean };
  storyId: string;
  storyTitle: string;
}

type Tab = 'pending' | 'approved' | 'rejected' | 'hidden';
type Decision = 'approve' | 'reject' | 'hide' | 'restore';
type ReasonIn = z.input<typeof ModerationReasonSchema>;
type ReasonOut = z.output<typeof ModerationReasonSchema>;

const STORIES_PATH = '/api/admin/stories';
const REPORTS_PATH = '/api/admin/support-reports';
const DASHBOARD_KEY = ['/api/admin/dashboard'] as const;

const TABS: { tab: Tab; label: string; heading: string; empty: string; order: string }[] = [
  {
    tab: 'pending',
    label: 'Pending',
    heading: 'Waiting for review',
    empty: 'No stories are waiting for review.',
    order: 'Oldest first.',
  },
  {
    tab: 'approved',
    label: 'Published',
    heading: 'Published stories',
    empty: 'No stories have been approved yet.',
    order: 'Newest first.',
  },
  {
    tab: 'rejected',
    label: 'Not approved',
    heading: 'Stories not approved',
    empty: 'No stories were turned down.',
    order: 'Most recently decided first.',
  },
  {
    tab: 'hidden',
    label: 'Hidden',
    heading: 'Hidden stories',
    empty: 'No stories are hidden.',
    order: 'Most recently hidden first.',
  },
];

const DONE: Record<Decision, string> = {
  approve: 'Story approved',
  reject: 'Story not approved',
  hide: 'Story hidden',
  restore: 'Story restored',
};

const HISTORY_ACTIONS: Record<string, string> = {
  created: 'Written',
  edited: 'Edited',
  edited_after_approval: 'Edited after approval',
  submitted: 'Submitted for review',
  approved: 'Approved',
  rejected: 'Not approved',
  hidden: 'Hidden',
  restored: 'Restored',
  archived: 'Archived by the author',
  consented: 'Publishing allowed by the author',
  unpublished: 'Unpublished by the author',
};

function useDecision(story: ModeratedStory, onDone?: () => void) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ decision, reason }: { decision: Decision; reason?: string }) =>
      apiRequest(
        'POST',
        `${STORIES_PATH}/${encodeURIComponent(story.id)}/${decision}`,
        reason === undefined ? undefined : { reason },
      ),
    onSuccess: async (_answer, { decision }) => {
      toast({
        title: DONE[decision],
        description: decision === 'restore' ? `“${story.title}” is public again.` : 'The author has been told.',
      });
      onDone?.();
      await Promise.all([
        queryClient.invalidateQueries({ queryKey: [STORIES_PATH] }),
        queryClient.invalidateQueries({ queryKey: DASHBOARD_KEY }),
      ]);
    },
    onError: (err) =>
      toast({
        title: 'Decision not saved',
        description: errorMessage(err, 'Please try again.'),
        variant: 'destructive',
      }),
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
            onError: (err) => {
              if (apiErrorInfo(err).field === 'reason')
                form.setError('reason', { message: errorMessage(err, 'Check the reason') }, { shouldFocus: true });
            },
          },
        ),
      )}
    >
      <TextAreaField
        label={decision === 'reject' ? 'Why is it not approved?' : 'Why is it hidden?'}
        hint="The author reads this in their notifications and on My Stories."
        rows={3}
        maxLength={500}
        autoFocus
        error={form.formState.errors.reason?.message}
        {...form.register('reason')}
      />
      <div className="flex flex-wrap gap-2">
        <Button type="submit" variant="destructive" disabled={decide.isPending}>
          {decide.isPending ? 'Saving…' : verb}
        </Button>
        <Button variant="secondary" onClick={() => onClose(false)}>
          Cancel
        </Button>
      </div>
    </form>
  );
}

function History({ storyId }: { storyId: string }) {
  const [open, setOpen] = useState(false);
  const history = useQuery({
    queryKey: [STORIES_PATH, storyId, 'history'],
    queryFn: () => apiRequest<HistoryEntry[]>('GET', `${STORIES_PATH}/${encodeURIComponent(storyId)}/history`),
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
                {formatDateTime(h.createdAt)}
              </time>{' '}
              · {HISTORY_ACTIONS[h.action] ?? h.action} by {h.actorName}
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

function StoryItem({ story }: { story: ModeratedStory }) {
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
        <a href={`mailto:${story.authorEmail}`} className="rounded text-brand-800 underline">
          {story.authorEmail}
        </a>
      </p>
      <p className="mt-1 text-slate-600">
        {pending && story.submittedAt && (
          <>
            Submitted <time dateTime={story.submittedAt}>{formatDateTime(story.submittedAt)}</time> ·{' '}
            <span data-testid="waiting">{waitingText(story.submittedAt)}</span>
          </>
        )}
        {!pending && story.publishedAt && (
          <>
            Approved <time dateTime={story.publishedAt}>{formatDateTime(story.publishedAt)}</time>
          </>
        )}
        {hidden && story.hiddenAt && (
          <>
            {' '}
            · hidden <time dateTime={story.hiddenAt}>{formatDateTime(story.hiddenAt)}</time>
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
        {story.images.length > 0 && (
          <ul aria-label="Images in this story" className="mt-3 grid grid-cols-2 gap-3" data-testid="moderated-images">
            {story.images.map((image) => (
              <li key={image.uploadId}>
                <img
                  src={`/api/uploads/${encodeURIComponent(image.uploadId)}`}
                  alt={image.alt}
                  width={240}
                  height={180}
                  loading="lazy"
                  className="aspect-[4/3] w-full rounded-lg border border-slate-200 object-contain"
                />
                <p className="mt-1 text-xs text-slate-700">Alt text: {image.alt}</p>
              </li>
            ))}
          </ul>
        )}
      </div>
      {asking === null ? (
        <div ref={actions} className="mt-3 flex flex-wrap gap-2">
          {pending && (
            <>
              <Button onClick={() => decide.mutate({ decision: 'approve' })} disabled={busy}>
                Approve
              </Button>
              <Button variant="secondary" onClick={() => setAsking('reject')} disabled={busy}>
                Reject…
              </Button>
            </>
          )}
          {story.hasPublishedVersion && !hidden && (
            <Button variant="secondary" onClick={() => setAsking('hide')} disabled={busy}>
              Hide…
            </Button>
          )}
          {hidden && (
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

function StoriesPanel() {
  const [tab, setTab] = useState<Tab>('pending');
  const [page, setPage] = useState(1);
  const current = TABS.find((t) => t.tab === tab)!;
  const list = useQuery({
    queryKey: [STORIES_PATH, tab, page],
    queryFn: () => fetchAdminPage<ModeratedStory>(STORIES_PATH, page, { status: tab }),
    placeholderData: keepPreviousData,
    gcTime: 0,
  });
  let body: ReactNode;
  if (list.data) {
    body = list.data.items.length ? (
      <ul aria-label={current.heading} className="mt-2 divide-y divide-slate-200">
        {list.data.items.map((s) => (
          <li key={s.id}>
            <StoryItem story={s} />
          </li>
        ))}
      </ul>
    ) : (
      <p className="mt-4 text-slate-600">{current.empty}</p>
    );
  } else if (list.error) {
    body = <ListLoadError what="stories" error={list.error} onRetry={() => void list.refetch()} />;
  } else {
    body = <ListLoading what="stories" />;
  }
  return (
    <>
      <div role="group" aria-label="Show stories" className="mt-6 flex flex-wrap gap-2">
        {TABS.map((t) => (
          <Button
            key={t.tab}
            variant={tab === t.tab ? 'primary' : 'secondary'}
            aria-pressed={tab === t.tab}
            onClick={() => {
              setTab(t.tab);
              setPage(1);
            }}
          >
            {t.label}
          </Button>
        ))}
      </div>
      <Card className="mt-4" aria-labelledby="stories-title">
        <h2 id="stories-title" className="text-xl font-semibold text-ink">
          {current.heading}
        </h2>
        {list.data && (
          <p className="mt-1 text-sm text-slate-600">
            {list.data.total} in all, {ADMIN_LIST_PAGE_SIZE} a page. {current.order}
            {tab === 'pending' && ` Stories waiting more than ${STORY_REVIEW_OVERDUE_HOURS} hours are marked overdue.`}
          </p>
        )}
        {body}
        {list.data && <Pager label="Story pages" page={page} total={list.data.total} onPage={setPage} />}
      </Card>
    </>
  );
}

function ReportItem({ report }: { report: SupportReport }) {
  const queryClient = useQueryClient();
  const titleId = useId();
  const resolve = useMutation({
    mutationFn: (resolution: 'hidden' | 'kept') =>
      apiRequest('POST', `${REPORTS_PATH}/${encodeURIComponent(report.id)}/resolve`, { resolution }),
    onSuccess: async (_answer, resolution) => {
      toast({
        title: resolution === 'hidden' ? 'Reply hidden' : 'Reply kept',
        description: 'Whoever reported it has been told.',
      });
      await queryClient.invalidateQueries({ queryKey: [REPORTS_PATH] });
    },
    onError: (err) =>
      toast({
        title: 'Report not resolved',
        description: errorMessage(err, 'Please try again.'),
        variant: 'destructive',
      }),
  });
  return (
    <article aria-labelledby={titleId} className="py-4 text-sm text-slate-800" data-testid="support-report">
      <h3 id={titleId} className="font-semibold text-ink">
        Reply by {report.reply.authorName} on{' '}
        <Link href={`/stories/${encodeURIComponent(report.storyId)}`} className="rounded text-brand-800 underline">
          {report.storyTitle || 'a story'}
        </Link>
        {report.reply.hidden && <span className="ml-2 font-normal text-slate-600">(already hidden)</span>}
      </h3>
      <p className="mt-2 rounded-xl border border-slate-200 bg-slate-50 p-3 break-words whitespace-pre-wrap">
        {report.reply.body}
      </p>
      <p className="mt-2">
        Reported by {report.reporterName} on <time dateTime={report.createdAt}>{formatDateTime(report.createdAt)}</time>
        : <span className="whitespace-pre-wrap">“{report.reason}”</span>
      </p>
      <div className="mt-3 flex flex-wrap gap-2">
        <Button variant="destructive" onClick={() => resolve.mutate('hidden')} disabled={resolve.isPending}>
          Hide reply
        </Button>
        <Button variant="secondary" onClick={() => resolve.mutate('kept')} disabled={resolve.isPending}>
          Keep
        </Button>
      </div>
    </article>
  );
}

function ReportsPanel() {
  const [page, setPage] = useState(1);
  const list = useQuery({
    queryKey: [REPORTS_PATH, page],
    queryFn: () => fetchAdminPage<SupportReport>(REPORTS_PATH, page),
    placeholderData: keepPreviousData,
    gcTime: 0,
  });
  let body: ReactNode;
  if (list.data) {
    body = list.data.items.length ? (
      <ul aria-label="Reported replies" className="mt-2 divide-y divide-slate-200">
        {list.data.items.map((r) => (
          <li key={r.id}>
            <ReportItem report={r} />
          </li>
        ))}
      </ul>
    ) : (
      <p className="mt-4 text-slate-600">No open reports.</p>
    );
  } else if (list.error) {
    body = <ListLoadError what="reports" error={list.error} onRetry={() => void list.refetch()} />;
  } else {
    body = <ListLoading what="reports" />;
  }
  return (
    <Card className="mt-10" aria-labelledby="reports-title">
      <h2 id="reports-title" className="text-xl font-semibold text-ink">
        Reported replies
      </h2>
      <p className="mt-1 text-sm text-slate-600">
        Words of support that someone reported, oldest first. Hide the reply or keep it; the reporter is told either
        way.
      </p>
      {body}
      {list.data && <Pager label="Report pages" page={page} total={list.data.total} onPage={setPage} />}
    </Card>
  );
}

export default function AdminStoriesPage() {
  return (
    <AdminOnly minimum="moderator" returnTo="/admin-stories">
      {() => (
        <div className="mx-auto max-w-4xl px-4 py-10">
          <h1 className="text-3xl font-bold tracking-tight text-ink">Story Management</h1>
          <p className="mt-2 text-slate-700">
            Review stories before they are public, and look after the words of support under them. Every decision tells
            the author.
          </p>
          <StoriesPanel />
          <ReportsPanel />
        </div>
      )}
    </AdminOnly>
  );
}
