/** Layout for the long-form static pages (legal, how it works). */
import type { ReactNode } from 'react';

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
        <h1 className="text-3xl font-bold tracking-tight text-ink sm:text-4xl">{title}</h1>
        {effectiveDate && <p className="mt-2 text-sm text-slate-600">{effectiveDate}</p>}
        {intro && <div className="mt-4 text-lg leading-relaxed text-slate-700">{intro}</div>}
      </header>
      <div className="space-y-8">{children}</div>
    </article>
  );
}

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
