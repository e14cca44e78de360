/**
 * /admin-stories (Story Management, moderator and above): the review queue oldest first with its age and
 * an overdue mark, published, not approved and hidden stories, each decision with the author told, each
 * story's history, and the reported words of support.
 */
import { useState } from 'react';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { STORY_REVIEW_OVERDUE_HOURS } from '#shared/schemas/stories.ts';
import { listModeratedStories, moderatedStoriesKey, type ModerationTab } from '#client/api/admin-stories.ts';
import { Card } from '#client/components/ui/card.tsx';
import { ChoiceButtons } from './choice-buttons.tsx';
import { ListBody, ListPager } from './list-body.tsx';
import { StoryItem } from './moderated-story.tsx';
import { ReportsPanel } from './support-reports.tsx';

const TABS: { tab: ModerationTab; label: string; heading: string; empty: string; order: string }[] = [
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

function StoriesPanel() {
  const [tab, setTab] = useState<ModerationTab>('pending');
  const [page, setPage] = useState(1);
  const current = TABS.find((t) => t.tab === tab)!;
  const list = useQuery({
    queryKey: moderatedStoriesKey(tab, page),
    queryFn: () => listModeratedStories(tab, page),
    placeholderData: keepPreviousData,
    gcTime: 0,
  });
  return (
    <>
      <ChoiceButtons
        label="Show stories"
        value={tab}
        choices={TABS.map((t) => ({ value: t.tab, label: t.label }))}
        onChange={(next) => {
          setTab(next);
          setPage(1);
        }}
      />
      <Card className="mt-4" aria-labelledby="stories-title">
        <h2 id="stories-title" className="text-xl font-semibold text-ink">
          {current.heading}
        </h2>
        {list.data && (
          <p className="mt-1 text-sm text-slate-600">
            {list.data.total} in all, {list.data.pageSize} a page. {current.order}
            {tab === 'pending' && ` Stories waiting more than ${STORY_REVIEW_OVERDUE_HOURS} hours are marked overdue.`}
          </p>
        )}
        <ListBody list={list} what="stories" empty={current.empty}>
          {(data) => (
            <ul aria-label={current.heading} className="mt-2 divide-y divide-slate-200">
              {data.items.map((s) => (
                <li key={s.id}>
                  <StoryItem story={s} />
                </li>
              ))}
            </ul>
          )}
        </ListBody>
        <ListPager list={list} label="Story pages" page={page} onPage={setPage} />
      </Card>
    </>
  );
}

export default function AdminStoriesPage() {
  return (
    <div className="mx-auto max-w-4xl px-4 py-10">
      <h1 className="text-3xl font-bold tracking-tight text-ink">Story Management</h1>
      <p className="mt-2 text-slate-700">
        Review stories before they are public, and look after the words of support under them. Every decision tells the
        author.
      </p>
      <StoriesPanel />
      <ReportsPanel />
    </div>
  );
}
