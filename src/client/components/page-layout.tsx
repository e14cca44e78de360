/**
 * The frames pages are built in: a page with its one h1 (PageFrame), a short page that says one thing and
 * offers a way on (MessagePage), and a long-form text page (StaticPage with its Sections). The one line a page
 * shows while it waits is PageStatus (page-status.tsx).
 */
import type { ReactNode } from 'react';
import { Link } from 'wouter';
import { buttonClass } from './ui/button.tsx';
import { pageTitleClass } from './ui/text-classes.ts';

const WIDTHS = { '3xl': 'max-w-3xl', '4xl': 'max-w-4xl', '5xl': 'max-w-5xl' } as const;

/** The page's width and its one h1, with an optional intro and actions beside the title. */
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
  width?: keyof typeof WIDTHS;
  children: ReactNode;
}) {
  return (
    <div className={`mx-auto ${WIDTHS[width]} px-4 py-10 sm:py-14`}>
      <div className="flex flex-wrap items-end justify-between gap-4">
        <div>
          <h1 className={pageTitleClass}>{title}</h1>
          {intro && <p className="mt-2 text-slate-700">{intro}</p>}
        </div>
        {actions}
      </div>
      {children}
    </div>
  );
}

/** A short page that says one thing (not found, no access, sign in first), with links onward. */
export function MessagePage({
  title,
  eyebrow,
  children,
  actions,
}: {
  title: string;
  /** A line above the title, e.g. "Error 404". */
  eyebrow?: string;
  children: ReactNode;
  actions: ReactNode;
}) {
  return (
    <div className="mx-auto max-w-xl px-4 py-16 text-center sm:py-20">
      {eyebrow && <p className="mb-2 text-sm font-semibold text-brand-800">{eyebrow}</p>}
      <h1 className={pageTitleClass}>{title}</h1>
      <p className="mt-4 text-slate-700">{children}</p>
      <div className="mt-8 flex flex-wrap justify-center gap-3">{actions}</div>
    </div>
  );
}

/** A large link button for a MessagePage's actions. */
export function MessageLink({
  href,
  variant = 'primary',
  children,
}: {
  href: string;
  variant?: 'primary' | 'secondary';
  children: ReactNode;
}) {
  return (
    <Link href={href} className={buttonClass(variant, 'lg')}>
      {children}
    </Link>
  );
}

/** For signed-out visitors on a page that needs an account. */
export function SignInPrompt({ title, text, returnTo }: { title: string; text: string; returnTo: string }) {
  return (
    <MessagePage
      title={title}
      actions={
        <>
          <MessageLink href={`/login?returnTo=${encodeURIComponent(returnTo)}`}>Sign in</MessageLink>
          <MessageLink href="/get-started" variant="secondary">
            Create an account
          </MessageLink>
        </>
      }
    >
      {text}
    </MessagePage>
  );
}

/** Layout for the long-form static pages (legal, how it works). */
export function StaticPage({
  title,
  intro,
  effectiveDate,
  children,
}: {
  title: string;
  intro?: ReactNode;
  /** Shown under the title, e.g. "Effective January 1, 2025". */
  effectiveDate?: string;
  children: ReactNode;
}) {
  return (
    <article className="mx-auto max-w-3xl px-4 py-10 sm:py-14">
      <header className="mb-8">
        <h1 className={`${pageTitleClass} sm:text-4xl`}>{title}</h1>
        {effectiveDate && <p className="mt-2 text-sm text-slate-600">{effectiveDate}</p>}
        {intro && <div className="mt-4 text-lg leading-relaxed text-slate-700">{intro}</div>}
      </header>
      <div className="space-y-8">{children}</div>
    </article>
  );
}

/** One titled section of a StaticPage. */
export function Section({ title, children }: { title: string; children: ReactNode }) {
  return (
    <section className="space-y-3">
      <h2 className="text-xl font-semibold text-ink">{title}</h2>
      <div className="space-y-3 leading-relaxed text-slate-700 [&_a]:text-brand-700 [&_a]:underline [&_li]:ml-5 [&_ul]:list-disc [&_ul]:space-y-1">
        {children}
      </div>
    </section>
  );
}
