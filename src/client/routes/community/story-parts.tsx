/** Small pieces the story pages share: a status badge, a story in a list, and a story's text. */
import type { ReactNode } from 'react';
import { Link } from 'wouter';
import { formatDate } from '#client/lib/format.ts';
import { TagList } from '#client/components/tag-list.tsx';
import type { BadgeTone } from './story-model.ts';

const TONES: Record<BadgeTone, string> = {
  neutral: 'bg-slate-100 text-slate-800',
  info: 'bg-sky-100 text-sky-900',
  success: 'bg-emerald-100 text-emerald-900',
  warning: 'bg-amber-100 text-amber-950',
  danger: 'bg-red-100 text-red-900',
};

export function Badge({ tone, children, testId }: { tone: BadgeTone; children: ReactNode; testId?: string }) {
  return (
    <span
      className={`inline-flex items-center rounded-full px-2.5 py-0.5 text-xs font-semibold ${TONES[tone]}`}
      data-testid={testId}
    >
      {children}
    </span>
  );
}

/** A story in a list: its title linking to the page, author and date, tags, an excerpt, and a footer line. */
export function StorySummary({
  story,
  headingClass = 'text-xl',
  testId,
  children,
}: {
  story: {
    id: string;
    title: string;
    excerpt: string;
    authorName: string;
    publishedAt: string;
    tags: readonly string[];
  };
  headingClass?: string;
  testId: string;
  children: ReactNode;
}) {
  const titleId = `story-${story.id}-title`;
  return (
    <article
      aria-labelledby={titleId}
      className="rounded-2xl border border-brand-100 bg-white p-6 shadow-sm"
      data-testid={testId}
    >
      <h3 id={titleId} className={`${headingClass} font-semibold text-ink`}>
        <Link
          href={`/stories/${encodeURIComponent(story.id)}`}
          className="rounded underline-offset-2 hover:text-brand-800 hover:underline"
        >
          {story.title}
        </Link>
      </h3>
      <p className="mt-1 text-sm text-slate-700">
        By {story.authorName} · <time dateTime={story.publishedAt}>{formatDate(story.publishedAt)}</time>
      </p>
      <div className="mt-3">
        <TagList tags={story.tags} />
      </div>
      <p className="mt-3 text-slate-800">{story.excerpt}</p>
      {children}
    </article>
  );
}

const PROSE =
  'space-y-4 text-lg leading-relaxed text-slate-800 [&_blockquote]:border-l-4 [&_blockquote]:border-brand-200 [&_blockquote]:pl-4 [&_blockquote]:text-slate-700 [&_ol]:list-decimal [&_ol]:space-y-1 [&_ol]:pl-6 [&_strong]:font-semibold [&_ul]:list-disc [&_ul]:space-y-1 [&_ul]:pl-6';

/** The story's text as the server rendered it from its Markdown (src/server/services/story-html.ts): safe HTML. */
export function StoryBody({ html, testId = 'story-body' }: { html: string; testId?: string }) {
  return <div className={PROSE} data-testid={testId} dangerouslySetInnerHTML={{ __html: html }} />;
}
