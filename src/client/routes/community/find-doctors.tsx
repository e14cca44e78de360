/**
 * /find-doctors: verified doctors, filtered by specialty, area of expertise, consultation type and free text,
 * ten a page. The filters and page live in the address (?specialty=&expertise=&consultation=&q=&page=), so
 * back and forward, reloads and shared links show the same list.
 */
import { useEffect, useRef, useState, type FormEvent } from 'react';
import { Link, useLocation, useSearch } from 'wouter';
import { AREAS_OF_EXPERTISE, CONSULTATION_TYPES, DOCTOR_SEARCH_MAX, DOCTOR_SPECIALTIES } from '#shared/community.ts';
import type { PublicDoctor } from '#shared/schemas/doctors.ts';
import { doctorsQuery } from '#client/api/doctors.ts';
import { usePageQuery } from '#client/lib/page-query.ts';
import { Button } from '#client/components/ui/button.tsx';
import { SelectField, TextField } from '#client/components/ui/field.tsx';
import { PagedList } from '#client/components/ui/paged-list.tsx';
import { PageFrame } from '#client/components/page-layout.tsx';
import { TagList } from '#client/components/tag-list.tsx';
import { excerpt } from '#shared/story-text.ts';
import { DoctorAvatar, VerifiedBadge, yearsText } from './doctor-parts.tsx';
import { directoryPlace, directoryQuery, NO_FILTERS, type Filters } from './doctor-directory.ts';

/** The list's place, read from the address, and the address of another place. */
function useDirectoryPlace() {
  const href = (next: Filters, nextPage = 1) => {
    const query = new URLSearchParams();
    for (const [key, value] of Object.entries(next)) if (value) query.set(key, value);
    if (nextPage > 1) query.set('page', String(nextPage));
    const text = query.toString();
    return text ? `/find-doctors?${text}` : '/find-doctors';
  };
  return { ...directoryPlace(useSearch()), href };
}

const isFiltered = (f: Filters) => Boolean(f.specialty || f.expertise || f.consultation || f.q);

/** The filter form; it starts from the address each time the address changes (the page gives it a key). */
function FilterForm({ current, onApply }: { current: Filters; onApply: (filters: Filters) => void }) {
  const [draft, setDraft] = useState(current);
  const set = (key: keyof Filters) => (e: { target: { value: string } }) =>
    setDraft((d) => ({ ...d, [key]: e.target.value }));
  const submit = (event: FormEvent) => {
    event.preventDefault();
    onApply({ ...draft, q: draft.q.trim() });
  };
  return (
    <form
      role="search"
      aria-label="Doctors"
      onSubmit={submit}
      className="mt-8 rounded-2xl border border-brand-100 bg-white p-6 shadow-sm"
    >
      <div className="grid gap-4 sm:grid-cols-2">
        <SelectField label="Specialty" value={draft.specialty} onChange={set('specialty')}>
          <option value="">All specialties</option>
          {DOCTOR_SPECIALTIES.map((s) => (
            <option key={s} value={s}>
              {s}
            </option>
          ))}
        </SelectField>
        <SelectField label="Area of expertise" value={draft.expertise} onChange={set('expertise')}>
          <option value="">Any area</option>
          {AREAS_OF_EXPERTISE.map((a) => (
            <option key={a} value={a}>
              {a}
            </option>
          ))}
        </SelectField>
        <SelectField label="Consultation type" value={draft.consultation} onChange={set('consultation')}>
          <option value="">Any type</option>
          {CONSULTATION_TYPES.map((c) => (
            <option key={c} value={c}>
              {c}
            </option>
          ))}
        </SelectField>
        <TextField
          label="Search"
          hint="A name, or words from a doctor's bio"
          type="search"
          maxLength={DOCTOR_SEARCH_MAX}
          value={draft.q}
          onChange={set('q')}
        />
      </div>
      <div className="mt-4 flex flex-wrap gap-2">
        <Button type="submit">Search</Button>
        {isFiltered(current) && (
          <Button variant="ghost" onClick={() => onApply(NO_FILTERS)}>
            Clear filters
          </Button>
        )}
      </div>
    </form>
  );
}

function DoctorCard({ doctor }: { doctor: PublicDoctor }) {
  const titleId = `doctor-${doctor.id}-name`;
  return (
    <article
      aria-labelledby={titleId}
      className="flex gap-4 rounded-2xl border border-brand-100 bg-white p-6 shadow-sm"
      data-testid="doctor-card"
    >
      <DoctorAvatar doctor={doctor} />
      <div className="min-w-0 flex-1">
        <div className="flex flex-wrap items-center gap-x-3 gap-y-1">
          <h3 id={titleId} className="text-xl font-semibold text-ink">
            <Link
              href={`/doctors/${encodeURIComponent(doctor.id)}`}
              className="rounded underline-offset-2 hover:text-brand-800 hover:underline"
            >
              {doctor.name}
            </Link>
          </h3>
          <VerifiedBadge />
        </div>
        <p className="mt-1 text-sm text-slate-700">
          {doctor.specialty} · {yearsText(doctor.yearsExperience)}
          {doctor.hospitalAffiliation ? ` · ${doctor.hospitalAffiliation}` : ''} · Licensed in {doctor.licenseState}
        </p>
        <p className="mt-3 text-slate-800">{excerpt(doctor.bio, 200)}</p>
        <div className="mt-3 space-y-2">
          <TagList tags={doctor.areasOfExpertise} label={`Areas of expertise of ${doctor.name}`} />
          <p className="text-sm text-slate-700">
            <span className="font-medium">Offers:</span> {doctor.consultationTypes.join(', ')}
          </p>
        </div>
      </div>
    </article>
  );
}

export default function FindDoctorsPage() {
  const { filters, page, href } = useDirectoryPlace();
  const [, navigate] = useLocation();
  const heading = useRef<HTMLHeadingElement>(null);
  const list = usePageQuery(doctorsQuery(directoryQuery(filters, page)), { keepPrevious: true });

  // A new search or page moves the reader to the results (not on the first visit).
  const placeKey = `${JSON.stringify(filters)} ${page}`;
  const firstPlace = useRef(placeKey);
  useEffect(() => {
    if (placeKey !== firstPlace.current) heading.current?.focus();
  }, [placeKey]);

  const total = list.data?.total;
  return (
    <PageFrame
      title="Find Doctors"
      intro="Medical professionals who support our community. Every doctor listed here has had their license checked by our team. Their replies are support and information, not a diagnosis."
    >
      <FilterForm key={placeKey} current={filters} onApply={(next) => navigate(href(next))} />
      <section aria-labelledby="doctors-title" className="mt-8">
        <h2 id="doctors-title" ref={heading} tabIndex={-1} className="text-xl font-semibold text-ink outline-none">
          {isFiltered(filters) ? 'Matching doctors' : 'All verified doctors'}
        </h2>
        <p role="status" className="mt-1 text-sm text-slate-600" data-testid="doctors-count">
          {total === undefined ? '' : total === 1 ? '1 doctor' : `${total} doctors`}
        </p>
        <PagedList
          query={list}
          what="doctors"
          label="Doctors found"
          busy={list.isPlaceholderData}
          itemKey={(d) => d.id}
          renderItem={(d) => <DoctorCard doctor={d} />}
          empty={
            <p className="mt-4 text-slate-700" data-testid="no-doctors">
              {isFiltered(filters) ? (
                <>
                  No verified doctors match these filters.{' '}
                  <Link href={href(NO_FILTERS)} className="font-semibold text-brand-800 underline">
                    Show all doctors
                  </Link>
                </>
              ) : (
                'No verified doctors have joined yet. Please check back soon.'
              )}
            </p>
          }
          pagerLabel="Doctor pages"
          currentPage={page}
          onPage={(next) => navigate(href(filters, next))}
        />
      </section>
    </PageFrame>
  );
}
