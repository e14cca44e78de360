/**
 * /fundraisers: patients' live fundraisers, ten a page, newest, nearest to their goal or soonest needed first,
 * searched by title. Order, search and page live in the address (?sort=&q=&page=), so back and forward, reloads
 * and shared links show the same list; the server renders it (decision 008).
 */
import { useEffect, useRef, useState, type FormEvent } from 'react';
import { Link, useLocation, useSearch } from 'wouter';
import { FUNDRAISER_SORTS, FUNDRAISER_TITLE_MAX, type FundraiserSort } from '#shared/fundraiser-words.ts';
import type { PublicFundraiserSummary, PublicFundraisersQuery } from '#shared/schemas/public-fundraisers.ts';
import { publicFundraisersQuery } from '#client/api/public-fundraisers.ts';
import { usePageQuery } from '#client/lib/page-query.ts';
import { formatDay, formatWholeDollars } from '#client/lib/format.ts';
import { shownPercentOf } from '#shared/money.ts';
import { Button } from '#client/components/ui/button.tsx';
import { SelectField, TextField } from '#client/components/ui/field.tsx';
import { PagedList } from '#client/components/ui/paged-list.tsx';
import { PageFrame } from '#client/components/page-layout.tsx';
import { fundraisersHref, fundraisersPlace, SORT_LABELS } from './fundraisers-place.ts';

/** Order and search; it starts from the address each time the address changes (the page gives it a key). */
function ListControls({
  current,
  onApply,
}: {
  current: PublicFundraisersQuery;
  onApply: (place: PublicFundraisersQuery) => void;
}) {
  const [sort, setSort] = useState<FundraiserSort>(current.sort);
  const [q, setQ] = useState(current.q ?? '');
  const submit = (event: FormEvent) => {
    event.preventDefault();
    onApply({ sort, q: q.trim() || undefined, page: 1 });
  };
  return (
    <form
      role="search"
      aria-label="Fundraisers"
      onSubmit={submit}
      className="mt-8 rounded-2xl border border-brand-100 bg-white p-6 shadow-sm"
    >
      <div className="grid gap-4 sm:grid-cols-2">
        <TextField
          label="Search"
          hint="Words from a fundraiser's title"
          type="search"
          maxLength={FUNDRAISER_TITLE_MAX}
          value={q}
          onChange={(e) => setQ(e.target.value)}
        />
        <SelectField label="Sort by" value={sort} onChange={(e) => setSort(e.target.value as FundraiserSort)}>
          {FUNDRAISER_SORTS.map((s) => (
            <option key={s} value={s}>
              {SORT_LABELS[s]}
            </option>
          ))}
        </SelectField>
      </div>
      <div className="mt-4 flex flex-wrap gap-2">
        <Button type="submit">Show fundraisers</Button>
        {current.q && (
          <Button variant="ghost" onClick={() => onApply({ sort: current.sort, page: 1 })}>
            Clear search
          </Button>
        )}
      </div>
    </form>
  );
}

/** A slim bar of how much of the goal is raised (the detail page has the full card). */
export function ProgressBar({
  raisedCents,
  goalCents,
  label,
}: {
  raisedCents: number;
  goalCents: number;
  label: string;
}) {
  const percent = shownPercentOf(raisedCents, goalCents);
  return (
    <div
      role="progressbar"
      aria-label={label}
      aria-valuemin={0}
      aria-valuemax={100}
      aria-valuenow={percent}
      className="h-2.5 w-full overflow-hidden rounded-full bg-brand-100"
    >
      <div className="h-full rounded-full bg-brand-600" style={{ width: `${percent}%` }} />
    </div>
  );
}

function FundraiserCard({ fundraiser: f }: { fundraiser: PublicFundraiserSummary }) {
  const titleId = `fundraiser-${f.slug}-title`;
  return (
    <article
      aria-labelledby={titleId}
      className="overflow-hidden rounded-2xl border border-brand-100 bg-white shadow-sm sm:flex"
      data-testid="fundraiser-card"
    >
      {f.image && (
        <img
          src={f.image.url}
          alt={f.image.alt}
          loading="lazy"
          width={320}
          height={240}
          className="aspect-[4/3] h-auto w-full bg-brand-50 object-cover sm:w-56 sm:shrink-0"
        />
      )}
      <div className="min-w-0 flex-1 p-6">
        <h3 id={titleId} className="text-xl font-semibold break-words text-ink">
          <Link
            href={`/fundraisers/${encodeURIComponent(f.slug)}`}
            className="rounded underline-offset-2 hover:text-brand-800 hover:underline"
          >
            {f.title}
          </Link>
        </h3>
        <p className="mt-1 text-sm text-slate-700">
          Organised by {f.organiserName}
          {f.neededBy && (
            <>
              {' '}
              · Treatment planned <time dateTime={f.neededBy}>{formatDay(f.neededBy)}</time>
            </>
          )}
        </p>
        {f.medicallyReviewedBy && (
          <p className="mt-2 text-sm text-emerald-900" data-testid="fundraiser-reviewed">
            <span aria-hidden="true">✓ </span>
            <span className="font-semibold">Medically reviewed</span> by {f.medicallyReviewedBy}
          </p>
        )}
        <p className="mt-3 break-words text-slate-800">{f.excerpt}</p>
        <div className="mt-4">
          <ProgressBar raisedCents={f.raisedCents} goalCents={f.goalCents} label={`Raised toward ${f.title}`} />
          <p className="mt-2 text-sm text-slate-700" data-testid="fundraiser-figures">
            <span className="font-semibold text-brand-800">{formatWholeDollars(f.raisedCents)}</span> raised of{' '}
            {formatWholeDollars(f.goalCents)} · {f.percent}% ·{' '}
            {f.donationCount === 1 ? '1 gift' : `${f.donationCount} gifts`}
          </p>
        </div>
      </div>
    </article>
  );
}

export default function FundraisersListPage() {
  const place = fundraisersPlace(useSearch());
  const [, navigate] = useLocation();
  const heading = useRef<HTMLHeadingElement>(null);
  const list = usePageQuery(publicFundraisersQuery(place), { keepPrevious: true });

  // A new order, search or page moves the reader to the results (not on the first visit).
  const placeKey = fundraisersHref(place);
  const firstPlace = useRef(placeKey);
  useEffect(() => {
    if (placeKey !== firstPlace.current) heading.current?.focus();
  }, [placeKey]);

  const total = list.data?.total;
  return (
    <PageFrame
      title="Fundraisers"
      intro="Patients of our community raising funds for their treatment. Each fundraiser was reviewed before it went live, and every dollar is released only against verified expenses."
    >
      <ListControls key={placeKey} current={place} onApply={(next) => navigate(fundraisersHref(next))} />
      <section aria-labelledby="fundraisers-title" className="mt-8">
        <h2 id="fundraisers-title" ref={heading} tabIndex={-1} className="text-xl font-semibold text-ink outline-none">
          {place.q ? `Fundraisers matching “${place.q}”` : `${SORT_LABELS[place.sort]} fundraisers`}
        </h2>
        <p role="status" className="mt-1 text-sm text-slate-600" data-testid="fundraisers-count">
          {total === undefined ? '' : total === 1 ? '1 fundraiser' : `${total} fundraisers`}
        </p>
        <PagedList
          query={list}
          what="fundraisers"
          label="Fundraisers found"
          busy={list.isPlaceholderData}
          itemKey={(f) => f.slug}
          renderItem={(f) => <FundraiserCard fundraiser={f} />}
          empty={
            <p className="mt-4 text-slate-700" data-testid="no-fundraisers">
              {place.q ? (
                <>
                  No live fundraiser has these words in its title.{' '}
                  <Link
                    href={fundraisersHref({ sort: place.sort, page: 1 })}
                    className="font-semibold text-brand-800 underline"
                  >
                    Show all fundraisers
                  </Link>
                </>
              ) : (
                'No fundraisers are live just now. Please check back soon.'
              )}
            </p>
          }
          pagerLabel="Fundraiser pages"
          currentPage={place.page}
          onPage={(next) => navigate(fundraisersHref({ ...place, page: next }))}
        />
      </section>
    </PageFrame>
  );
}
