/**
 * /care/open/:token: what is open in a patient's care plan, for whoever has her link (issue 39, decision 021): the
 * kind of help, the day and the time, in her time zone; never her address, notes or helpers (the API sends none).
 * Rendered on the server as a signed-out reader sees it, so the HTML asks her to sign in; once the browser knows a
 * member is signed in, she joins the circle here and goes on to the plan to choose a date.
 */
import { useState } from 'react';
import { Link, useLocation, useParams } from 'wouter';
import { CARE_CATEGORY_LABELS } from '#shared/care-plan.ts';
import type { OpenCareSlots } from '#shared/schemas/care-plan.ts';
import { joinCarePlan, openCareSlotsQuery } from '#client/api/care-plans.ts';
import { errorMessage } from '#client/lib/api.ts';
import { usePageQuery } from '#client/lib/page-query.ts';
import { useCurrentUser } from '#client/hooks/use-current-user.ts';
import { Button, buttonClass } from '#client/components/ui/button.tsx';
import { ListLoadError } from '#client/components/ui/list-status.tsx';
import { MessageLink, MessagePage, PageFrame } from '#client/components/page-layout.tsx';
import { PageStatus } from '#client/components/page-status.tsx';
import { pageTitleClass } from '#client/components/ui/text-classes.ts';
import { careOpenSlotsTitle, dayHeading, placesOpen, slotsByDay, slotTime, zoneName } from './care-words.ts';

type Slot = OpenCareSlots['slots'][number];

const boxClass = 'rounded-2xl border border-brand-100 bg-white p-4';

/** Signed out (also in the HTML and while hydrating): a link to sign in and come back. Signed in: join, then choose. */
function Offer({ token }: { token: string }) {
  const { user } = useCurrentUser();
  const [, navigate] = useLocation();
  const [joining, setJoining] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const here = `/care/open/${encodeURIComponent(token)}`;
  const join = () => {
    setJoining(true);
    setError(null);
    joinCarePlan(token).then(
      ({ planId }) => navigate(`/care/${planId}`),
      (err: unknown) => {
        setJoining(false);
        setError(errorMessage(err, 'You could not join her circle just now. Please try again.'));
      },
    );
  };
  return (
    <div className={`mt-6 ${boxClass}`}>
      <p className="text-slate-700">
        Once you join her circle, you choose a date on her plan. Her address and the details go only to whoever takes a
        date.
      </p>
      {user ? (
        <Button size="lg" className="mt-4 w-full" disabled={joining} onClick={join}>
          {joining ? 'Joining her circle…' : 'Join her circle and choose a date'}
        </Button>
      ) : (
        <>
          <Link
            href={`/login?returnTo=${encodeURIComponent(here)}`}
            className={buttonClass('primary', 'lg', 'mt-4 w-full')}
          >
            Sign in to help
          </Link>
          <Link
            href={`/get-started?returnTo=${encodeURIComponent(here)}`}
            className={buttonClass('secondary', 'lg', 'mt-3 w-full')}
          >
            New here? Create an account
          </Link>
        </>
      )}
      {error && (
        <p role="alert" className="mt-3 text-sm text-red-900">
          {error}
        </p>
      )}
    </div>
  );
}

function OpenDates({ slots }: { slots: Slot[] }) {
  return (
    <ul className="mt-6 space-y-4" aria-label="Open dates">
      {slotsByDay(slots).map(([day, onDay]) => (
        <li key={day} className={boxClass}>
          <h2 className="text-xl font-semibold text-ink">{dayHeading(day)}</h2>
          <ul className="mt-2 divide-y divide-brand-100">
            {onDay.map((slot, i) => (
              <li key={i} className="flex flex-wrap items-baseline justify-between gap-x-4 py-3">
                <span className="font-semibold text-ink">{CARE_CATEGORY_LABELS[slot.category]}</span>
                <span className="text-slate-700">
                  {slotTime(slot)} · {placesOpen(slot.open)}
                </span>
              </li>
            ))}
          </ul>
        </li>
      ))}
    </ul>
  );
}

function OpenSlots({ open, token }: { open: OpenCareSlots; token: string }) {
  return (
    <div className="mx-auto max-w-3xl px-4 py-10 sm:py-14">
      <h1 className={pageTitleClass}>{careOpenSlotsTitle(open.patientName)}</h1>
      <p className="mt-2 text-slate-700">
        {open.patientName} is recovering from surgery and has asked for help on these dates. Times are in her time zone,{' '}
        {zoneName(open.timeZone)}.
      </p>
      <Offer token={token} />
      {open.slots.length > 0 ? (
        <OpenDates slots={open.slots} />
      ) : (
        <p className="mt-6 text-slate-700" data-testid="care-open-none">
          Every date she asked for has someone for now. Join her circle to see her plan as new dates come.
        </p>
      )}
    </div>
  );
}

export default function CareOpenSlotsPage() {
  const { token = '' } = useParams<{ token: string }>();
  const open = usePageQuery(openCareSlotsQuery(token));
  if (open.data) return <OpenSlots open={open.data} token={token} />;
  if (open.data === null)
    return (
      <MessagePage title="Link not in use" actions={<MessageLink href="/">Home</MessageLink>}>
        This link is not in use any more. Ask the person who shared it for a new one.
      </MessagePage>
    );
  if (open.error)
    return (
      <PageFrame title="Help in the weeks after surgery" width="3xl">
        <ListLoadError what="open dates" error={open.error} onRetry={() => void open.refetch()} />
      </PageFrame>
    );
  return <PageStatus>Loading the open dates…</PageStatus>;
}
