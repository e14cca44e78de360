/** /stories: approved, listed stories (not those shared only by link), newest first, ten a page, filtered by a condition tag kept in the URL (?tag=&page=). */
import { useEffect, useRef, type ReactNode } from 'react';
import { Link, useLocation, useSearch } from 'wouter';
import { HeartHandshake, MessageCircleHeart } from 'lucide-react';
import { STORY_TAGS, type StoryTag } from '#shared/community.ts';
import type { PublicStorySummary } from '#shared/schemas/stories.ts';
import { contentNoteWords } from '#shared/story-audience.ts';
import { publicStoriesQuery } from '#client/api/stories.ts';
import { usePageQuery } from '#client/lib/page-query.ts';
import { useCurrentUser } from '#client/hooks/use-current-user.ts';
import { buttonClass } from '#client/components/ui/button.tsx';
import { ListLoadError, ListLoading } from '#client/components/ui/list-status.tsx';
import { Pager } from '#client/components/ui/pager.tsx';
import { PageFrame } from '#client/components/page-layout.tsx';
import { StorySummary } from './story-parts.tsx';
import { storiesListPlace } from './story-model.ts';
import { useReadAsMember } from './read-as-member.ts';

/** The list's place, read from the address: an unknown tag or page falls back to all stories, page 1. */
function useListPlace() {
  const place = storiesListPlace(useSearch());
  const href = (tag: StoryTag | null, page = 1) => {
    const query = new URLSearchParams();
    if (tag) query.set('tag', tag);
    if (page > 1) query.set('page', String(page));
    const text = query.toString();
    return text ? `/stories?${text}` : '/stories';
  };
  return { ...place, href };
}

function TagFilter({ current, href }: { current: StoryTag | null; href: (tag: StoryTag | null) => string }) {
  const pill = (active: boolean) =>
    `inline-block rounded-full border px-3 py-1 text-sm font-medium ${active ? 'border-brand-700 bg-brand-700 text-white' : 'border-brand-200 bg-white text-brand-900 hover:bg-brand-50'}`;
  const options: (StoryTag | null)[] = [null, ...STORY_TAGS];
  return (
    <nav aria-label="Filter stories by condition" className="mt-8">
      <ul className="flex flex-wrap gap-2">
        {options.map((tag) => (
          <li key={tag ?? 'all'}>
            <Link
              href={href(tag)}
              className={pill(tag === current)}
              aria-current={tag === current ? 'page' : undefined}
            >
              {tag ?? 'All stories'}
            </Link>
          </li>
        ))}
      </ul>
    </nav>
  );
}

function StoryCard({ story }: { story: PublicStorySummary }) {
  return (
    <StorySummary story={story} testId="story-card">
      {story.contentNotes.length > 0 && (
        <p className="mt-3 text-sm font-semibold text-amber-950">
          Content note: {contentNoteWords(story.contentNotes)}
        </p>
      )}
      <p className="mt-3 flex items-center gap-1.5 text-sm text-slate-700">
        <MessageCircleHeart aria-hidden="true" className="h-4 w-4 text-brand-700" />
        {story.supportCount === 1 ? '1 word of support' : `${story.supportCount} words of support`}
      </p>
    </StorySummary>
  );
}

export default function StoriesListPage() {
  const { tag, page, href } = useListPlace();
  const [, navigate] = useLocation();
  const { user } = useCurrentUser();
  const heading = useRef<HTMLHeadingElement>(null);
  const listQuery = publicStoriesQuery({ tag, page });
  const list = usePageQuery(listQuery, { keepPrevious: true });
  // The server's page lists as an outsider reads it: a member's own list leaves out the topics she muted.
  useReadAsMember([listQuery.queryKey], true);

  // Paging moves the reader back to the list's start.
  const firstRender = useRef(true);
  useEffect(() => {
    if (firstRender.current) {
      firstRender.current = false;
      return;
    }
    heading.current?.focus();
  }, [page]);

  let body: ReactNode;
  if (list.data) {
    body = list.data.items.length ? (
      <ul
        aria-label={tag ? `Stories tagged ${tag}` : 'Stories'}
        className="mt-4 space-y-4"
        aria-busy={list.isPlaceholderData || undefined}
      >
        {list.data.items.map((s) => (
          <li key={s.id}>
            <StoryCard story={s} />
          </li>
        ))}
      </ul>
    ) : (
      <p className="mt-4 text-slate-700">
        {tag ? (
          <>
            No stories tagged {tag} yet.{' '}
            <Link href={href(null)} className="font-semibold text-brand-800 underline">
              Show all stories
            </Link>
          </>
        ) : (
          'No stories have been published yet. Be the first to share yours.'
        )}
      </p>
    );
  } else if (list.error) {
    body = <ListLoadError what="stories" error={list.error} onRetry={() => void list.refetch()} />;
  } else {
    body = <ListLoading what="stories" />;
  }

  return (
    <PageFrame
      title="Stories"
      intro="Women in our community share their journeys with endometriosis and other conditions. Every story is read by a moderator before it appears here."
      actions={
        <Link href={user ? '/my-stories/new' : '/my-stories'} className={buttonClass('primary', 'lg')}>
          <HeartHandshake aria-hidden="true" className="h-5 w-5" />
          Share your story
        </Link>
      }
    >
      <TagFilter current={tag} href={href} />
      <section aria-labelledby="stories-list-title" className="mt-8">
        <h2 id="stories-list-title" ref={heading} tabIndex={-1} className="text-xl font-semibold text-ink outline-none">
          {tag ? `Stories tagged ${tag}` : 'Newest stories'}
          {list.data && <span className="ml-2 text-base font-normal text-slate-600">({list.data.total})</span>}
        </h2>
        {body}
        {list.data && (
          <Pager
            label="Story pages"
            page={page}
            total={list.data.total}
            pageSize={list.data.pageSize}
            onPage={(next) => navigate(href(tag, next))}
          />
        )}
      </section>
    </PageFrame>
  );
}
