/**
 * The medical review on /my-fundraiser: she searches the directory for a verified doctor and asks her to review the
 * plan, which shares her application and documents with that doctor (the copy says so before she confirms); she
 * reads the doctor's answer, and cancels the request or takes the access back at any time.
 */
import { useState, type FormEvent, type ReactNode } from 'react';
import { Link } from 'wouter';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { DOCTOR_SEARCH_MAX } from '#shared/community.ts';
import type { PublicDoctor } from '#shared/schemas/doctors.ts';
import type { MyMedicalReview } from '#shared/schemas/medical-reviews.ts';
import {
  myMedicalReviewQuery,
  MY_MEDICAL_REVIEW_KEY,
  requestMedicalReview,
  revokeMedicalReview,
  doctorSearchQuery,
} from '#client/api/medical-reviews.ts';
import { errorMessage } from '#client/lib/api.ts';
import { healthConsentsQuery } from '#client/api/health-data-consents.ts';
import { formatWhen } from '#client/lib/format.ts';
import { Button } from '#client/components/ui/button.tsx';
import { TextField } from '#client/components/ui/field.tsx';
import { ListLoadError, ListLoading } from '#client/components/ui/list-status.tsx';
import { toast } from '#client/components/ui/toast.ts';

const doctorLink = (d: { id: string }) => `/doctors/${encodeURIComponent(d.id)}`;

/** Where the latest request stands, in her words. */
function Outcome({ review }: { review: MyMedicalReview }) {
  const { doctor } = review;
  const name = (
    <Link href={doctorLink(doctor)} className="font-semibold underline">
      {doctor.name}
    </Link>
  );
  const lines: Record<MyMedicalReview['status'], ReactNode> = {
    requested: (
      <>
        You asked {name} ({doctor.specialty}) to review your plan on{' '}
        <time dateTime={review.requestedAt}>{formatWhen(review.requestedAt)}</time>. {doctor.name} can open your
        application and documents until you take the access back.
      </>
    ),
    attested: (
      <>
        Medically reviewed by {name}, {doctor.specialty}. Your fundraiser shows this once it is live. {doctor.name} can
        still open your documents until you take the access back.
      </>
    ),
    declined: <>{name} declined to review your plan. You can ask another doctor.</>,
    withdrawn: (
      <>The review by {name} was withdrawn because your plan changed. You can ask a doctor to review the new plan.</>
    ),
    revoked: <>You took back the access of {name}. You can ask a doctor at any time.</>,
  };
  return (
    <div role="status" className="rounded-xl border border-sky-200 bg-sky-50 px-4 py-3 text-sm text-sky-950">
      <p>{lines[review.status]}</p>
      {review.status === 'withdrawn' && review.endedReason && (
        <p className="mt-2">
          <span className="font-semibold">What changed: </span>
          {review.endedReason}
        </p>
      )}
      {review.note && (
        <p className="mt-2">
          <span className="font-semibold">{doctor.name} wrote: </span>
          <span className="whitespace-pre-wrap">{review.note}</span>
        </p>
      )}
    </div>
  );
}

/** The directory's search, then a confirmation that says what asking shares. */
function AskADoctor() {
  const queryClient = useQueryClient();
  const [q, setQ] = useState('');
  const [searched, setSearched] = useState<string | null>(null);
  const [chosen, setChosen] = useState<PublicDoctor | null>(null);
  const results = useQuery({
    ...doctorSearchQuery(searched ?? ''),
    enabled: searched !== null,
  });
  const ask = useMutation({
    mutationFn: requestMedicalReview,
    onSuccess: (answer) => {
      queryClient.setQueryData(MY_MEDICAL_REVIEW_KEY, answer);
      toast({ title: 'Request sent', description: 'The doctor is told, and can now open your documents.' });
    },
    onError: (err) =>
      toast({ title: 'Not sent', description: errorMessage(err, 'Please try again.'), variant: 'destructive' }),
  });
  const search = (event: FormEvent) => {
    event.preventDefault();
    setChosen(null);
    setSearched(q.trim());
  };
  return (
    <div className="space-y-4">
      <form role="search" aria-label="Verified doctors" onSubmit={search} className="flex flex-wrap items-end gap-2">
        <div className="min-w-0 flex-1">
          <TextField
            label="Search verified doctors by name or expertise"
            value={q}
            maxLength={DOCTOR_SEARCH_MAX}
            onChange={(e) => setQ(e.target.value)}
          />
        </div>
        <Button type="submit" variant="secondary" className="h-11">
          Search
        </Button>
      </form>
      {results.error && <ListLoadError what="doctors" error={results.error} onRetry={() => void results.refetch()} />}
      {searched !== null && !results.data && !results.error && <ListLoading what="doctors" />}
      {results.data && (
        <ul aria-label="Doctors found" className="divide-y divide-slate-200">
          {results.data.items.length === 0 && (
            <li className="py-2 text-sm text-slate-700">No verified doctor found.</li>
          )}
          {results.data.items.map((d) => (
            <li key={d.id} className="flex flex-wrap items-center justify-between gap-2 py-2">
              <span className="text-sm">
                <Link href={doctorLink(d)} className="font-semibold text-brand-800 underline">
                  {d.name}
                </Link>
                , {d.specialty}
              </span>
              <Button variant="secondary" aria-label={`Ask ${d.name}`} onClick={() => setChosen(d)}>
                Ask
              </Button>
            </li>
          ))}
        </ul>
      )}
      {chosen && (
        <div
          role="group"
          aria-label={`Ask ${chosen.name}`}
          className="rounded-xl border border-amber-200 bg-amber-50 p-4"
        >
          <p className="text-sm text-amber-950">
            <span className="font-semibold">{chosen.name} will be able to open your documents</span> and read your
            application (title, story, costs and who is paid) until you take the access back. Nothing of it becomes
            public; if {chosen.name} attests your plan, your fundraiser shows her name and specialty.
          </p>
          <div className="mt-3 flex flex-wrap gap-2">
            <Button autoFocus disabled={ask.isPending} onClick={() => ask.mutate(chosen.id)}>
              {ask.isPending ? 'Sending…' : `Ask ${chosen.name} and share my documents`}
            </Button>
            <Button variant="ghost" onClick={() => setChosen(null)}>
              Cancel
            </Button>
          </div>
        </div>
      )}
    </div>
  );
}

function TakeBack({ review }: { review: MyMedicalReview }) {
  const queryClient = useQueryClient();
  const revoke = useMutation({
    mutationFn: revokeMedicalReview,
    onSuccess: (answer) => {
      queryClient.setQueryData(MY_MEDICAL_REVIEW_KEY, answer);
      toast({ title: 'Access taken back', description: `${review.doctor.name} can no longer open your documents.` });
    },
    onError: (err) =>
      toast({ title: 'Not done', description: errorMessage(err, 'Please try again.'), variant: 'destructive' }),
  });
  return (
    <Button variant="secondary" disabled={revoke.isPending} onClick={() => revoke.mutate()}>
      {review.status === 'requested' ? 'Cancel the request and take back access' : 'Take back access'}
    </Button>
  );
}

/**
 * `canAsk` is false once the fundraiser is refused or closed: she may no longer ask, but still takes back the
 * access she gave.
 */
/** Asking shares her application with a doctor: without her consent to share (decision 017) she is told where to give it. */
function ShareConsentNeeded() {
  return (
    <p className="rounded-xl border border-amber-200 bg-amber-50 px-4 py-3 text-sm text-amber-950">
      Asking a doctor shares your application and documents with her, so it needs your consent to sharing your health
      data. You can give it under &ldquo;Health data consent&rdquo; in{' '}
      <Link href="/profile" className="underline">
        Account Settings
      </Link>
      .
    </p>
  );
}

export function MedicalReviewSection({ canAsk }: { canAsk: boolean }) {
  const mine = useQuery({ ...myMedicalReviewQuery(), staleTime: 0 });
  const consents = useQuery(healthConsentsQuery());
  const sharing = consents.data ? consents.data.current.share !== null : true;
  const review = mine.data?.review ?? null;
  const open = review?.status === 'requested' || review?.status === 'attested';
  if (!canAsk && !open) return null;
  return (
    <section aria-labelledby="medical-review-title" className="space-y-4 border-t border-slate-200 pt-6">
      <div>
        <h2 id="medical-review-title" className="text-xl font-semibold text-ink">
          Medical review (optional)
        </h2>
        <p className="mt-1 text-sm text-slate-700">
          Ask a verified doctor of the community to review your plan. If she attests it, your fundraiser shows
          &ldquo;Medically reviewed&rdquo; with her name; her note stays between you.
        </p>
      </div>
      {mine.error && <ListLoadError what="medical review" error={mine.error} onRetry={() => void mine.refetch()} />}
      {!mine.data && !mine.error && <ListLoading what="medical review" />}
      {review && <Outcome review={review} />}
      {mine.data && (open ? <TakeBack review={review!} /> : sharing ? <AskADoctor /> : <ShareConsentNeeded />)}
    </section>
  );
}
