/**
 * A story shown to few readers in another way than plainly: behind its content note (the note first, the story and
 * its blurred images once she opens them: <details>, so the server-rendered page works without JavaScript), or a
 * members-only story's preview with an invitation to sign in. Its own chunk (rarelyShown): most stories need neither.
 */
import { Link } from 'wouter';
import { LockKeyhole, ShieldAlert } from 'lucide-react';
import type { PublicStory } from '#shared/schemas/stories.ts';
import { contentNoteWords } from '#shared/story-audience.ts';
import { buttonClass } from '#client/components/ui/button.tsx';
import { linkClass } from '#client/components/ui/text-classes.ts';
import { StoryBody } from './story-parts.tsx';
import { StoryImages } from './story-images.tsx';

/** The story's images and text behind its content note: the note first, the story once she opens it. */
function BehindNote({ story }: { story: PublicStory }) {
  const content = (
    <>
      <StoryImages
        images={story.images}
        imageClass="[filter:blur(24px)] group-open:[filter:none]"
        each={(img, image) => (
          // Under a content note each image stays blurred until tapped (a <details>: no script needed). The only
          // unnamed group on the page: the note around it is group/note, so opening the note leaves the images blurred.
          <details key={image.uploadId} className="group" data-testid="blurred-image">
            <summary className="cursor-pointer list-none rounded-2xl [&::-webkit-details-marker]:hidden">
              {img}
              <span className="mt-1 block text-sm font-semibold text-brand-800 underline group-open:hidden">
                Tap to show this image
              </span>
            </summary>
          </details>
        )}
      />
      <div className="mt-8">
        <StoryBody html={story.bodyHtml} />
      </div>
    </>
  );
  return (
    <div className="mt-6">
      <div role="note" aria-label="Content note" className="rounded-2xl border border-amber-200 bg-amber-50 p-5">
        <p className="flex items-center gap-2 font-semibold text-amber-950">
          <ShieldAlert aria-hidden="true" className="h-5 w-5" />
          Content note: {contentNoteWords(story.contentNotes)}
        </p>
        <p className="mt-1 text-slate-800">This story speaks of these topics. Read it when it feels right for you.</p>
      </div>
      <details className="group/note mt-4" data-testid="story-behind-note">
        <summary
          className={`${buttonClass('secondary', 'md')} cursor-pointer list-none [&::-webkit-details-marker]:hidden`}
        >
          <span className="group-open/note:hidden">Show story</span>
          <span className="hidden group-open/note:inline">Hide story</span>
        </summary>
        {content}
      </details>
    </div>
  );
}

/** A members-only story as an outsider reads it: its first lines, and an invitation to sign in. */
function MembersOnly({ story }: { story: PublicStory }) {
  const returnTo = encodeURIComponent(`/stories/${story.id}`);
  return (
    <>
      <p className="mt-8 text-lg leading-relaxed text-slate-800" data-testid="story-preview">
        {story.excerpt}
      </p>
      <aside
        aria-labelledby="members-only-title"
        className="mt-8 rounded-2xl border border-brand-100 bg-brand-50 p-6"
        data-testid="members-only"
      >
        <h2 id="members-only-title" className="flex items-center gap-2 text-lg font-semibold text-ink">
          <LockKeyhole aria-hidden="true" className="h-5 w-5 text-brand-700" />
          Shared with members of the community
        </h2>
        <p className="mt-2 text-slate-800">
          Its author shares this story with members only.{' '}
          <Link href={`/login?returnTo=${returnTo}`} className={linkClass}>
            Sign in
          </Link>{' '}
          or{' '}
          <Link href="/register" className={linkClass}>
            join the community
          </Link>{' '}
          to read it whole.
        </p>
      </aside>
    </>
  );
}

export default function ShieldedStory({ story }: { story: PublicStory }) {
  return story.preview ? <MembersOnly story={story} /> : <BehindNote story={story} />;
}
