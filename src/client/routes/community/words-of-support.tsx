/**
 * Words of support under a public story, shown as plain text: the list (with the "Verified doctor" badge),
 * the form for signed-in visitors, Report for anyone signed in, Hide and Thank for the story's author,
 * Hide and Restore for moderators. The server checks every action again.
 */
import { useId, useRef, useState } from 'react';
import { Link } from 'wouter';
import { useForm } from 'react-hook-form';
import type { z } from 'zod';
import { zodResolver } from '@hookform/resolvers/zod';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { BadgeCheck, Flag, Heart, MessageCircleHeart } from 'lucide-react';
import { adminLevelAtLeast } from '#shared/auth/roles.ts';
import type { CurrentUser } from '#shared/schemas/auth.ts';
import {
  ReportReplySchema,
  SUPPORT_REPLY_MAX,
  SupportReplySchema,
  type SupportReply,
} from '#shared/schemas/stories.ts';
import { errorMessage } from '#client/lib/api.ts';
import { formatDate } from '#client/lib/format.ts';
import {
  actOnSupport,
  listMyStories,
  listSupport,
  MY_STORIES_KEY,
  postSupport,
  publicStoryKey,
  reportSupport,
  supportKey,
  type SupportAction,
} from '#client/api/stories.ts';
import { useFieldErrors } from '#client/hooks/use-field-errors.ts';
import { useCurrentUser } from '#client/hooks/use-current-user.ts';
import { Button, SubmitRow } from '#client/components/ui/button.tsx';
import { TextAreaField } from '#client/components/ui/field.tsx';
import { ListLoadError, ListLoading } from '#client/components/ui/list-status.tsx';
import { toast } from '#client/components/ui/toast.ts';
import { linkClass } from '../account/account-layout.tsx';
import { Badge } from './story-parts.tsx';

type SupportIn = z.input<typeof SupportReplySchema>;
type SupportOut = z.output<typeof SupportReplySchema>;
type ReportIn = z.input<typeof ReportReplySchema>;
type ReportOut = z.output<typeof ReportReplySchema>;

interface Abilities {
  signedIn: boolean;
  /** The story is the viewer's own: they may hide replies and say thank you. */
  isAuthor: boolean;
  isModerator: boolean;
}

/** What this viewer may do here; only a patient can be the story's author, so only they look up their own stories. */
function useAbilities(storyId: string, user: CurrentUser | null): Abilities {
  const own = useQuery({
    queryKey: MY_STORIES_KEY,
    queryFn: listMyStories,
    enabled: user?.role === 'patient',
    staleTime: 60_000,
  });
  return {
    signedIn: user !== null,
    isAuthor: own.data?.some((s) => s.id === storyId) ?? false,
    isModerator: user?.role === 'admin' && adminLevelAtLeast(user.adminLevel, 'moderator'),
  };
}

const REPORT_FIELDS = ['reason'] as const;
const SUPPORT_FIELDS = ['body'] as const;
const DONE: Record<SupportAction, string> = {
  hide: 'Reply hidden',
  restore: 'Reply restored',
  thank: 'Thank you sent',
};

function ReportForm({ reply, onClose }: { reply: SupportReply; onClose: (sent: boolean) => void }) {
  const form = useForm<ReportIn, unknown, ReportOut>({
    resolver: zodResolver(ReportReplySchema),
    defaultValues: { reason: '' },
  });
  const showFieldErrors = useFieldErrors(form.setError, REPORT_FIELDS);
  const report = useMutation({
    mutationFn: (input: ReportOut) => reportSupport(reply.id, input),
    onSuccess: () => {
      toast({ title: 'Report sent', description: 'Thank you. A moderator will look at this reply.' });
      onClose(true);
    },
    onError: (err) => {
      showFieldErrors(err);
      toast({ title: 'Report not sent', description: errorMessage(err, 'Please try again.'), variant: 'destructive' });
    },
  });
  return (
    <form
      noValidate
      aria-label={`Report the reply by ${reply.authorName}`}
      className="mt-3 space-y-3 rounded-xl border border-slate-200 bg-slate-50 p-3"
      onSubmit={form.handleSubmit((input) => report.mutate(input))}
    >
      <TextAreaField
        label="What is wrong with this reply?"
        rows={3}
        maxLength={500}
        autoFocus
        error={form.formState.errors.reason?.message}
        {...form.register('reason')}
      />
      <SubmitRow
        pending={report.isPending}
        pendingLabel="Sending…"
        onCancel={() => onClose(false)}
        cancelVariant="secondary"
        className="flex flex-wrap gap-2"
      >
        Send report
      </SubmitRow>
    </form>
  );
}

function ReplyItem({ reply, storyId, can }: { reply: SupportReply; storyId: string; can: Abilities }) {
  const queryClient = useQueryClient();
  const nameId = useId();
  const [reporting, setReporting] = useState(false);
  const reportButton = useRef<HTMLButtonElement>(null);
  const act = useMutation({
    mutationFn: (action: SupportAction) => actOnSupport(reply.id, action),
    onSuccess: async (_answer, action) => {
      toast({ title: DONE[action] });
      await Promise.all([
        queryClient.invalidateQueries({ queryKey: supportKey(storyId) }),
        queryClient.invalidateQueries({ queryKey: publicStoryKey(storyId), exact: true }),
      ]);
    },
    onError: (err) =>
      toast({
        title: 'That did not work',
        description: errorMessage(err, 'Please try again.'),
        variant: 'destructive',
      }),
  });
  const canHide = !reply.hidden && (can.isAuthor || can.isModerator);
  const canRestore = reply.hidden && can.isModerator;
  const canThank = can.isAuthor && !reply.thanked && !reply.hidden && !reply.mine;
  const canReport = can.signedIn && !reply.mine && !reply.hidden;

  return (
    <article
      aria-labelledby={nameId}
      className={`py-4 ${reply.hidden ? 'opacity-90' : ''}`}
      data-testid="support-reply"
    >
      <div className="flex flex-wrap items-center gap-x-3 gap-y-1">
        <h3 id={nameId} className="font-semibold text-ink">
          {reply.authorName}
        </h3>
        {reply.verifiedDoctorSpecialty !== null && (
          <span
            className="inline-flex items-center gap-1 rounded-full bg-emerald-100 px-2.5 py-0.5 text-xs font-semibold text-emerald-900"
            data-testid="doctor-badge"
          >
            <BadgeCheck aria-hidden="true" className="h-3.5 w-3.5" />
            Verified doctor · {reply.verifiedDoctorSpecialty}
          </span>
        )}
        {reply.hidden && <Badge tone="neutral">Hidden</Badge>}
        <span className="text-sm text-slate-600">
          <time dateTime={reply.createdAt}>{formatDate(reply.createdAt)}</time>
        </span>
      </div>
      {/* Plain text: what someone typed is shown as typed, never as markup. */}
      <p className="mt-2 break-words whitespace-pre-wrap text-slate-800">{reply.body}</p>
      {reply.thanked && (
        <p className="mt-2 inline-flex items-center gap-1 text-sm text-brand-800">
          <Heart aria-hidden="true" className="h-4 w-4 fill-current" />
          The author said thank you
        </p>
      )}
      {reply.hidden && (
        <p className="mt-1 text-sm text-slate-600">
          Hidden from the public: only the story&apos;s author and moderators see it.
        </p>
      )}
      {(canHide || canRestore || canThank || canReport) && !reporting && (
        <div className="mt-2 flex flex-wrap gap-2">
          {canThank && (
            <Button
              variant="secondary"
              onClick={() => act.mutate('thank')}
              disabled={act.isPending}
              aria-label={`Thank ${reply.authorName}`}
            >
              <Heart aria-hidden="true" className="h-4 w-4" />
              Thank
            </Button>
          )}
          {canHide && (
            <Button
              variant="ghost"
              onClick={() => act.mutate('hide')}
              disabled={act.isPending}
              aria-label={`Hide the reply by ${reply.authorName}`}
            >
              Hide
            </Button>
          )}
          {canRestore && (
            <Button
              variant="ghost"
              onClick={() => act.mutate('restore')}
              disabled={act.isPending}
              aria-label={`Restore the reply by ${reply.authorName}`}
            >
              Restore
            </Button>
          )}
          {canReport && (
            <Button
              ref={reportButton}
              variant="ghost"
              onClick={() => setReporting(true)}
              aria-label={`Report the reply by ${reply.authorName}`}
            >
              <Flag aria-hidden="true" className="h-4 w-4" />
              Report
            </Button>
          )}
        </div>
      )}
      {reporting && (
        <ReportForm
          reply={reply}
          onClose={(sent) => {
            setReporting(false);
            if (!sent) setTimeout(() => reportButton.current?.focus());
          }}
        />
      )}
    </article>
  );
}

function SupportForm({ storyId, storyTitle }: { storyId: string; storyTitle: string }) {
  const queryClient = useQueryClient();
  const form = useForm<SupportIn, unknown, SupportOut>({
    resolver: zodResolver(SupportReplySchema),
    defaultValues: { body: '' },
  });
  const showFieldErrors = useFieldErrors(form.setError, SUPPORT_FIELDS);
  const post = useMutation({
    mutationFn: (input: SupportOut) => postSupport(storyId, input),
    onSuccess: async () => {
      toast({ title: 'Words of support posted', description: 'Thank you for your kindness.' });
      form.reset({ body: '' });
      await Promise.all([
        queryClient.invalidateQueries({ queryKey: supportKey(storyId) }),
        queryClient.invalidateQueries({ queryKey: publicStoryKey(storyId), exact: true }),
      ]);
    },
    onError: (err) => {
      showFieldErrors(err);
      toast({ title: 'Not posted', description: errorMessage(err, 'Please try again.'), variant: 'destructive' });
    },
  });
  return (
    <form
      noValidate
      aria-label="Leave words of support"
      className="mt-6 space-y-3"
      onSubmit={form.handleSubmit((input) => post.mutate(input))}
    >
      <TextAreaField
        label="Your words of support"
        hint={`Shown under “${storyTitle}” with your first name and initial, as plain text. Up to ${SUPPORT_REPLY_MAX.toLocaleString('en-US')} characters.`}
        rows={4}
        maxLength={SUPPORT_REPLY_MAX}
        error={form.formState.errors.body?.message}
        {...form.register('body')}
      />
      <Button type="submit" disabled={post.isPending}>
        <MessageCircleHeart aria-hidden="true" className="h-4 w-4" />
        {post.isPending ? 'Posting…' : 'Post words of support'}
      </Button>
    </form>
  );
}

export function WordsOfSupport({ storyId, storyTitle }: { storyId: string; storyTitle: string }) {
  const { user } = useCurrentUser();
  const can = useAbilities(storyId, user);
  const replies = useQuery({ queryKey: supportKey(storyId), queryFn: () => listSupport(storyId), staleTime: 0 });
  const shown = replies.data?.filter((r) => !r.hidden).length;

  let list;
  if (replies.data) {
    list = replies.data.length ? (
      <ul aria-label="Words of support" className="mt-2 divide-y divide-brand-100">
        {replies.data.map((r) => (
          <li key={r.id}>
            <ReplyItem reply={r} storyId={storyId} can={can} />
          </li>
        ))}
      </ul>
    ) : (
      <p className="mt-3 text-slate-700">No words of support yet. Be the first to send some.</p>
    );
  } else if (replies.error) {
    list = <ListLoadError what="words of support" error={replies.error} onRetry={() => void replies.refetch()} />;
  } else {
    list = <ListLoading what="words of support" />;
  }

  return (
    <section
      aria-labelledby="support-title"
      className="mt-12 rounded-2xl border border-brand-100 bg-white p-6 shadow-sm"
    >
      <h2 id="support-title" className="text-2xl font-bold text-ink">
        Words of support
        {shown !== undefined && <span className="ml-2 text-lg font-normal text-slate-600">({shown})</span>}
      </h2>
      {list}
      {user ? (
        <SupportForm storyId={storyId} storyTitle={storyTitle} />
      ) : (
        <p className="mt-6 text-slate-700">
          <Link href={`/login?returnTo=${encodeURIComponent(`/stories/${storyId}`)}`} className={linkClass}>
            Sign in
          </Link>{' '}
          to leave words of support.
        </p>
      )}
    </section>
  );
}
