/** /my-stories: the signed-in patient's stories, where each stands, the moderator's reason, and what they can do next. */
import { useId, useRef, useState } from 'react';
import { Link } from 'wouter';
import { useMutation, useQuery } from '@tanstack/react-query';
import { Archive, Eye, EyeOff, PenLine, Send } from 'lucide-react';
import { STORY_REVIEW_OVERDUE_HOURS, type OwnStory } from '#shared/schemas/stories.ts';
import { HEALTH_ANSWERS_PRIVACY } from '#shared/health-answers.ts';
import type { StoryWriting } from '#shared/schemas/auth.ts';
import { errorMessage } from '#client/lib/api.ts';
import { formatDate } from '#client/lib/format.ts';
import { archiveStory, listMyStories, MY_STORIES_KEY, setPublishConsent, submitStory } from '#client/api/stories.ts';
import { Button, buttonClass } from '#client/components/ui/button.tsx';
import { Card } from '#client/components/ui/card.tsx';
import { ListLoadError, ListLoading } from '#client/components/ui/list-status.tsx';
import { toast } from '#client/components/ui/toast.ts';
import { PageFrame } from '#client/components/page-layout.tsx';
import { linkClass } from '#client/components/ui/text-classes.ts';
import { usePageUser } from '#client/page-access.tsx';
import { isLive, storyBadge } from './story-model.ts';
import { TagList } from '#client/components/tag-list.tsx';
import { Badge } from './story-parts.tsx';
import { StoryAudiencePicker } from './story-audience-picker.tsx';

type Action = 'submit' | 'archive' | 'publish' | 'unpublish';

const DONE: Record<Action, string> = {
  submit: 'Submitted for review',
  archive: 'Story archived',
  publish: 'Publishing allowed',
  unpublish: 'Story unpublished',
};

function runAction(story: OwnStory, action: Action): Promise<OwnStory> {
  switch (action) {
    case 'submit':
      return submitStory(story.id);
    case 'archive':
      return archiveStory(story.id);
    case 'publish':
    case 'unpublish':
      return setPublishConsent(story.id, action === 'publish');
  }
}

/** What the Publish / Unpublish button will do, said next to it. */
function consentHint(story: OwnStory): string {
  if (story.publishConsent) {
    return story.publishedAt !== null
      ? 'Unpublishing hides it from the stories page at once. You can publish it again any time.'
      : 'You allowed this story to be public once approved. Unpublish to keep it private, even after approval.';
  }
  return story.publishedAt !== null
    ? 'Publishing shows the approved version on the stories page at once.'
    : 'Only you can see it, even after approval, unless you publish it.';
}

function StoryItem({ story }: { story: OwnStory }) {
  const titleId = useId();
  const hintId = useId();
  const [confirmArchive, setConfirmArchive] = useState(false);
  const archiveButton = useRef<HTMLButtonElement>(null);
  const badge = storyBadge(story, STORY_REVIEW_OVERDUE_HOURS);
  const act = useMutation({
    mutationFn: (action: Action) => runAction(story, action),
    // The list is read again: the endpoint's `changes`.
    onSuccess: (_answer, action) => {
      toast({
        title: DONE[action],
        description: action === 'unpublish' ? 'It is no longer shown publicly.' : undefined,
      });
      setConfirmArchive(false);
    },
    onError: (err) =>
      toast({
        title: 'That did not work',
        description: errorMessage(err, 'Please try again.'),
        variant: 'destructive',
      }),
  });
  const busy = act.isPending;
  const reason = story.hiddenReason ?? (story.status === 'rejected' ? story.reviewReason : null);
  const archived = story.status === 'archived';

  return (
    <article aria-labelledby={titleId} className="py-5" data-testid="my-story">
      <div className="flex flex-wrap items-center gap-x-3 gap-y-1">
        <h2 id={titleId} className="text-lg font-semibold text-ink">
          {story.title}
        </h2>
        <Badge tone={badge.tone} testId="story-status">
          {badge.label}
        </Badge>
      </div>
      <p className="mt-1 text-sm text-slate-700">{badge.note}</p>
      {reason && (
        <p className="mt-2 rounded-xl border border-red-200 bg-red-50 px-3 py-2 text-sm text-red-900">
          <span className="font-semibold">Moderator&apos;s reason: </span>
          <span className="whitespace-pre-wrap">{reason}</span>
        </p>
      )}
      <p className="mt-2 text-xs text-slate-600">
        Last changed {formatDate(story.updatedAt)}
        {story.publishedAt && ` · first approved ${formatDate(story.publishedAt)}`}
      </p>
      <div className="mt-2">
        <TagList tags={story.tags} />
      </div>

      {!archived && (
        <div className="mt-4 flex flex-wrap items-center gap-2">
          {story.abilities.edit && (
            <Link href={`/my-stories/${encodeURIComponent(story.id)}/edit`} className={buttonClass('secondary')}>
              <PenLine aria-hidden="true" className="h-4 w-4" />
              Edit<span className="sr-only"> “{story.title}”</span>
            </Link>
          )}
          {story.abilities.submit && (
            <Button onClick={() => act.mutate('submit')} disabled={busy}>
              <Send aria-hidden="true" className="h-4 w-4" />
              Submit for review
            </Button>
          )}
          <Button
            variant="secondary"
            aria-describedby={hintId}
            onClick={() => act.mutate(story.publishConsent ? 'unpublish' : 'publish')}
            disabled={busy}
          >
            {story.publishConsent ? (
              <EyeOff aria-hidden="true" className="h-4 w-4" />
            ) : (
              <Eye aria-hidden="true" className="h-4 w-4" />
            )}
            {story.publishConsent ? 'Unpublish' : 'Publish'}
          </Button>
          {isLive(story) && (
            <Link href={`/stories/${encodeURIComponent(story.id)}`} className={`${linkClass} rounded px-1 text-sm`}>
              View public page<span className="sr-only"> of “{story.title}”</span>
            </Link>
          )}
          {!confirmArchive && (
            <Button ref={archiveButton} variant="ghost" onClick={() => setConfirmArchive(true)} disabled={busy}>
              <Archive aria-hidden="true" className="h-4 w-4" />
              Archive…
            </Button>
          )}
        </div>
      )}
      {!archived && (
        <p id={hintId} className="mt-2 text-xs text-slate-600">
          {consentHint(story)}
        </p>
      )}
      {!archived && <StoryAudiencePicker story={story} />}
      {confirmArchive && (
        <div
          role="group"
          aria-label={`Archive “${story.title}”`}
          className="mt-3 rounded-xl border border-amber-200 bg-amber-50 p-3 text-sm text-amber-950"
        >
          <p>Archiving takes the story off the site for good and it can no longer be edited. Archive it?</p>
          <div className="mt-2 flex flex-wrap gap-2">
            {/* Focus moves here from the button that opened the question. */}
            <Button variant="destructive" autoFocus onClick={() => act.mutate('archive')} disabled={busy}>
              Archive story
            </Button>
            <Button
              variant="secondary"
              onClick={() => {
                setConfirmArchive(false);
                setTimeout(() => archiveButton.current?.focus());
              }}
            >
              Keep it
            </Button>
          </div>
        </div>
      )}
    </article>
  );
}

function StoriesList() {
  const stories = useQuery({ queryKey: MY_STORIES_KEY, queryFn: listMyStories, staleTime: 0 });
  if (stories.error)
    return <ListLoadError what="stories" error={stories.error} onRetry={() => void stories.refetch()} />;
  if (!stories.data) return <ListLoading what="stories" />;
  if (stories.data.length === 0) {
    return (
      <div className="py-6 text-center">
        <p className="text-slate-700">
          You have not written a story yet. Your story can give someone the courage to seek help.
        </p>
        <Link href="/my-stories/new" className={buttonClass('primary', 'md', 'mt-4')}>
          Write your first story
        </Link>
      </div>
    );
  }
  return (
    <ul aria-label="Your stories" className="divide-y divide-brand-100">
      {stories.data.map((s) => (
        <li key={s.id}>
          <StoryItem story={s} />
        </li>
      ))}
    </ul>
  );
}

/** Stories are patients' own: other roles are told so, kindly, and where they can take part. */
function NotAPatient({ writing }: { writing: Exclude<StoryWriting, 'allowed'> }) {
  const needsRole = writing === 'choose-role';
  return (
    <Card className="mt-8">
      <h2 className="text-xl font-semibold text-ink">
        {needsRole ? 'Finish setting up your profile' : 'Stories are written by patients'}
      </h2>
      <p className="mt-2 text-slate-700">
        {needsRole
          ? 'Stories are shared by patients. Choose your role and finish setting up your profile to write one.'
          : 'Your account is not a patient account, so you cannot write a story here. You can read the community’s stories and leave words of support on them.'}
      </p>
      <div className="mt-4 flex flex-wrap gap-3">
        {needsRole ? (
          <Link href="/onboarding" className={buttonClass('primary')}>
            Set up your profile
          </Link>
        ) : null}
        <Link href="/stories" className={buttonClass(needsRole ? 'secondary' : 'primary')}>
          Read stories
        </Link>
      </div>
    </Card>
  );
}

export default function MyStoriesPage() {
  const user = usePageUser();
  const writing = user.abilities.writeStories;
  const patient = writing === 'allowed';
  return (
    <PageFrame
      title="My Stories"
      intro={`Write your story, send it for review, and choose whether it is shown publicly. ${HEALTH_ANSWERS_PRIVACY}`}
      actions={
        patient ? (
          <Link href="/my-stories/new" className={buttonClass('primary', 'lg')}>
            <PenLine aria-hidden="true" className="h-5 w-5" />
            Write a story
          </Link>
        ) : null
      }
    >
      {patient ? (
        <>
          <Card className="mt-8">
            <StoriesList />
          </Card>
          {/* Onboarding sends a patient here first; her fundraiser is the step after, one link away. */}
          <p className="mt-6 text-slate-700">
            Raising money for your treatment?{' '}
            <Link href="/my-fundraiser" className={linkClass}>
              Open your fundraiser
            </Link>
            : a manager reviews it, and every dollar shows on its public ledger.
          </p>
        </>
      ) : (
        <NotAPatient writing={writing} />
      )}
    </PageFrame>
  );
}
