/** Small pieces the story pages share: a status badge, a story's tags, a sign-in prompt, a page frame. */
import type { ReactNode } from 'react';
import { Link } from 'wouter';
import { buttonClass } from '#client/components/ui/button.tsx';
import { excerpt, formatDate, type BadgeTone } from './story-model.ts';

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

export function TagList({ tags, label = 'Tags' }: { tags: readonly string[]; label?: string }) {
  if (tags.length === 0) return null;
  return (
    <ul aria-label={label} className="flex flex-wrap gap-2">
      {tags.map((tag) => (
        <li
          key={tag}
          className="rounded-full border border-brand-200 bg-brand-50 px-2.5 py-0.5 text-xs font-medium text-brand-900"
        >
          {tag}
        </li>
      ))}
    </ul>
  );
}

/** The page's width and its one h1. */
export function PageFrame({
  title,
  intro,
  actions,
  width = '4xl',
  children,
}: {
  title: string;
  intro?: ReactNode;
  actions?: ReactNode;
  width?: '3xl' | '4xl';
  children: ReactNode;
}) {
  return (
    <div className={`mx-auto ${width === '3xl' ? 'max-w-3xl' : 'max-w-4xl'} px-4 py-10 sm:py-14`}>
      <div className="flex flex-wrap items-end justify-between gap-4">
        <div>
          <h1 className="text-3xl font-bold tracking-tight text-ink">{title}</h1>
          {intro && <p className="mt-2 text-slate-700">{intro}</p>}
        </div>
        {actions}
      </div>
      {children}
    </div>
  );
}

/** For signed-out visitors on a page that needs an account. */
export function SignInPrompt({ title, text, returnTo }: { title: string; text: string; returnTo: string }) {
  return (
    <div className="mx-auto max-w-xl px-4 py-16 text-center sm:py-20">
      <h1 className="text-3xl font-bold tracking-tight text-ink">{title}</h1>
      <p className="mt-4 text-slate-700">{text}</p>
      <div className="mt-8 flex flex-wrap justify-center gap-3">
        <Link href={`/login?returnTo=${encodeURIComponent(returnTo)}`} className={buttonClass('primary', 'lg')}>
          Sign in
        </Link>
        <Link href="/get-started" className={buttonClass('secondary', 'lg')}>
          Create an account
        </Link>
      </div>
    </div>
  );
}

/** A story in a list: its title linking to the page, author and date, tags, an excerpt, and a footer line. */
export function StorySummary({
  story,
  text,
  headingClass = 'text-xl',
  testId,
  children,
}: {
  story: { id: string; title: string; authorName: string; publishedAt: string; tags: readonly string[] };
  text: string;
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
      <p className="mt-3 text-slate-800">{excerpt(text)}</p>
      {children}
    </article>
  );
}
