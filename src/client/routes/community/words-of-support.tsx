/**
 * Words of support under a public story, shown as plain text: the list (with the "Verified doctor" badge), in the
 * server-rendered HTML for everyone. What a signed-in visitor can do (post, report, hide, thank, restore) loads
 * only for her, from support-actions.tsx.
 */
import { lazy, Suspense, useId, type ReactNode } from 'react';
import { Link } from 'wouter';
import { BadgeCheck, Heart } from 'lucide-react';
import type { SupportReply } from '#shared/schemas/stories.ts';
import { formatDate } from '#client/lib/format.ts';
import { usePageQuery } from '#client/lib/page-query.ts';
import { supportQuery } from '#client/api/stories.ts';
import { useCurrentUser } from '#client/hooks/use-current-user.ts';
import { ListLoadError, ListLoading } from '#client/components/ui/list-status.tsx';
import { linkClass } from '#client/components/ui/text-classes.ts';
import { Badge } from './story-parts.tsx';

const SignedInSupport = lazy(() => import('./support-actions.tsx'));

/** One reply as everyone sees it; `actions` are the signed-in visitor's buttons. */
export function ReplyItem({ reply, actions }: { reply: SupportReply; actions?: ReactNode }) {
  const nameId = useId();
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
      {actions}
    </article>
  );
}

/** The section: its heading with the count, the replies (with `actions` under each), and `footer` below them. */
export function SupportSection({
  storyId,
  actions,
  footer,
}: {
  storyId: string;
  actions?: (reply: SupportReply) => ReactNode;
  footer: ReactNode;
}) {
  const replies = usePageQuery(supportQuery(storyId));
  const shown = replies.data?.filter((r) => !r.hidden).length;

  let list;
  if (replies.data) {
    list = replies.data.length ? (
      <ul aria-label="Words of support" className="mt-2 divide-y divide-brand-100">
        {replies.data.map((r) => (
          <li key={r.id}>
            <ReplyItem reply={r} actions={actions?.(r)} />
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
      {footer}
    </section>
  );
}

export function WordsOfSupport({ storyId, storyTitle }: { storyId: string; storyTitle: string }) {
  const { user } = useCurrentUser();
  if (!user)
    return (
      <SupportSection
        storyId={storyId}
        footer={
          <p className="mt-6 text-slate-700">
            <Link href={`/login?returnTo=${encodeURIComponent(`/stories/${storyId}`)}`} className={linkClass}>
              Sign in
            </Link>{' '}
            to leave words of support.
          </p>
        }
      />
    );
  return (
    <Suspense fallback={<SupportSection storyId={storyId} footer={null} />}>
      <SignedInSupport storyId={storyId} storyTitle={storyTitle} user={user} />
    </Suspense>
  );
}
