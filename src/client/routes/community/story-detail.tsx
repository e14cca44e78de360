/**
 * /stories/:id: one public story (its Markdown subset, rendered safely by the server), a link to give, Share at the
 * top and the share set below it, and words of support. A members-only story shows an outsider its preview and a
 * sign-in prompt; a story with content notes shows the note first, the story (and its images, blurred until tapped)
 * once the reader opens it: a <details>, so the server-rendered page works without JavaScript too.
 */
import { lazy } from 'react';
import { Link, useParams } from 'wouter';
import { ArrowLeft, Heart, Stethoscope } from 'lucide-react';
import type { PublicStory } from '#shared/schemas/stories.ts';
import { formatDate } from '#client/lib/format.ts';
import { publicStoryQuery, supportKey } from '#client/api/stories.ts';
import { usePageQuery } from '#client/lib/page-query.ts';
import { useCampaign } from '#client/lib/campaign-context.tsx';
import { usePageTitle } from '#client/lib/page-title.ts';
import { buttonClass } from '#client/components/ui/button.tsx';
import { PageStatus } from '#client/components/page-status.tsx';
import { belowFold, rarelyShown } from '#client/components/below-fold.tsx';
import { CopyLinkButton } from '#client/components/copy-link-button.tsx';
import { TagList } from '#client/components/tag-list.tsx';
import { StoryBody } from './story-parts.tsx';
import { StoryImages } from './story-images.tsx';
import { useReadAsMember } from './read-as-member.ts';
import { WordsOfSupport } from './words-of-support.tsx';

// Rarely shown, so their code loads only when one is. The server renders a missing story's page: belowFold has it
// load that part's code first. A load error is only ever shown in the browser.
const loadStates = () => import('./story-states.tsx');
const NotFound = belowFold(() => loadStates().then((m) => ({ default: m.StoryNotFound })), '');
const LoadError = lazy(() => loadStates().then((m) => ({ default: m.StoryLoadError })));

// The share set: below the story, loaded as the reader comes near it.
const StoryShare = belowFold(() => import('./story-share.tsx'), 'mt-10');

function BackLink() {
  return (
    <Link
      href="/stories"
      className="inline-flex items-center gap-1 rounded text-sm font-semibold text-brand-800 underline underline-offset-2 hover:text-brand-900"
    >
      <ArrowLeft aria-hidden="true" className="h-4 w-4" />
      All stories
    </Link>
  );
}

function GiveLink({ href }: { href: string }) {
  const className = buttonClass('primary', 'lg');
  const content = (
    <>
      <Heart aria-hidden="true" className="h-5 w-5" />
      Give to the fundraiser
    </>
  );
  // A site path navigates in the app; anything else is an ordinary link.
  return href.startsWith('/') && !href.startsWith('//') ? (
    <Link href={href} className={className}>
      {content}
    </Link>
  ) : (
    <a href={href} className={className} rel="noopener noreferrer">
      {content}
    </a>
  );
}

// A story behind its content note, or a members-only story's preview: shown for few stories, so its own chunk.
const ShieldedStory = rarelyShown(() => import('./story-shields.tsx'));

function Story({ story }: { story: PublicStory }) {
  const { product } = useCampaign();
  usePageTitle(`${story.title} | ${product.name}`);
  return (
    <div className="mx-auto max-w-3xl px-4 py-10 sm:py-14">
      <div className="flex items-center justify-between gap-4">
        <BackLink />
        <CopyLinkButton label="Share" shareSheet />
      </div>
      <article aria-labelledby="story-title" className="mt-6">
        <header>
          <h1 id="story-title" className="text-3xl leading-tight font-bold tracking-tight text-ink sm:text-4xl">
            {story.title}
          </h1>
          <p className="mt-3 text-slate-700">
            By {story.authorName} · <time dateTime={story.publishedAt}>{formatDate(story.publishedAt)}</time>
          </p>
          <div className="mt-3">
            <TagList tags={story.tags} />
          </div>
          {story.wantsProfessionalInput && (
            <p className="mt-3 inline-flex items-center gap-2 text-sm text-slate-700">
              <Stethoscope aria-hidden="true" className="h-4 w-4 text-brand-700" />
              The author welcomes input from verified doctors.
            </p>
          )}
        </header>
        {story.preview || story.contentNotes.length > 0 ? (
          <ShieldedStory story={story} />
        ) : (
          <>
            <StoryImages images={story.images} />
            <div className="mt-8">
              <StoryBody html={story.bodyHtml} />
            </div>
          </>
        )}
        {story.donateLink && (
          <aside
            aria-label="Support the fundraiser"
            className="mt-10 rounded-2xl border border-brand-100 bg-brand-50 p-6"
          >
            <p className="text-slate-800">This story is part of a fundraiser. Every gift helps.</p>
            <div className="mt-4">
              <GiveLink href={story.donateLink} />
            </div>
          </aside>
        )}
      </article>
      <StoryShare />
      {!story.preview && <WordsOfSupport storyId={story.id} storyTitle={story.title} />}
    </div>
  );
}

export default function StoryDetailPage() {
  const { id = '' } = useParams<{ id: string }>();
  const query = publicStoryQuery(id);
  const story = usePageQuery(query);
  // The server's page shows a members-only story's preview: a signed-in member's browser reads it whole.
  useReadAsMember([query.queryKey, supportKey(id)], story.data?.preview === true);
  if (story.data) return <Story story={story.data} />;
  if (story.data === null) return <NotFound />;
  if (story.error) return <LoadError error={story.error} onRetry={() => void story.refetch()} />;
  return <PageStatus>Loading the story…</PageStatus>;
}
