/**
 * /care/:planId: a patient's care plan as a helper reads it (decision 021): the dates she asked help for, a place
 * to take on each, and the helper's own claims to give back before her cutoff. Her address and phone show while
 * the reader has help to give that is not done; her dietary needs while it is a meal. The reader's calendar feed
 * holds every date she took, on any plan. Times are on the patient's clock.
 */
import { useMutation } from '@tanstack/react-query';
import { Link, useParams } from 'wouter';
import { CARE_CATEGORY_LABELS } from '#shared/care-plan.ts';
import type { CareSlot, HelperCarePlan } from '#shared/schemas/care-plan.ts';
import { carePlanQuery, claimCareSlot, unclaimCareSlot } from '#client/api/care-plans.ts';
import { usePageQuery } from '#client/lib/page-query.ts';
import { Button, buttonClass } from '#client/components/ui/button.tsx';
import { Card, CardTitle } from '#client/components/ui/card.tsx';
import { ListLoadError } from '#client/components/ui/list-status.tsx';
import { toast } from '#client/components/ui/toast.ts';
import { CopyLinkButton } from '#client/components/copy-link-button.tsx';
import { MessageLink, MessagePage, PageFrame } from '#client/components/page-layout.tsx';
import { PageStatus } from '#client/components/page-status.tsx';
import { linkClass } from '#client/components/ui/text-classes.ts';
import { SlotDays } from './care-days.tsx';
import { toastRefusal } from './care-refusal.ts';
import { dayHeading, placesOpen, slotTime, zoneName } from './care-words.ts';

function HelperSlot({ plan, slot }: { plan: HelperCarePlan; slot: CareSlot }) {
  const claim = useMutation({
    mutationFn: () => claimCareSlot({ planId: plan.id, requestId: slot.requestId, day: slot.day }),
    onSuccess: () =>
      toast({ title: 'Thank you!', description: 'It is yours: we mailed you the details and a calendar entry.' }),
    onError: toastRefusal('Not taken'),
  });
  const giveBack = useMutation({
    mutationFn: () => unclaimCareSlot(slot.myClaim!.id),
    onSuccess: () => toast({ title: 'Given back', description: 'The date is open for someone else.' }),
    onError: toastRefusal('Not given back'),
  });
  const what = `${slot.title}, ${dayHeading(slot.day)}, ${slotTime(slot)}`;
  return (
    <div data-testid="helper-slot">
      <p className="font-medium break-words text-ink">
        {slot.title} <span className="text-sm font-normal text-slate-600">· {CARE_CATEGORY_LABELS[slot.category]}</span>
      </p>
      <p className="text-sm text-slate-700">{slotTime(slot)}</p>
      {slot.place === 'pickup' && <p className="text-sm break-words text-slate-700">Pickup: {slot.pickupPlace}</p>}
      {slot.notes && <p className="mt-1 text-sm break-words whitespace-pre-line text-slate-700">{slot.notes}</p>}
      <div className="mt-2 flex flex-wrap items-center gap-3">
        {slot.myClaim ? (
          <>
            <p className="text-sm font-medium text-emerald-800">
              {slot.myClaim.done ? 'Done: thank you!' : 'You are helping'}
            </p>
            {slot.myClaim.canUnclaim ? (
              <Button
                variant="secondary"
                aria-label={`Give it back: ${what}`}
                disabled={giveBack.isPending}
                onClick={() => giveBack.mutate()}
              >
                {giveBack.isPending ? 'Giving back…' : 'Give it back'}
              </Button>
            ) : (
              !slot.myClaim.done && (
                <p className="text-sm text-slate-700">Too close to give back: if you cannot come, tell her.</p>
              )
            )}
          </>
        ) : plan.yours ? null : slot.paused ? (
          <p className="text-sm text-slate-700">No meals this week, she asked.</p>
        ) : slot.open > 0 ? (
          <>
            <span className="text-sm font-medium text-amber-800">{placesOpen(slot.open)}</span>
            <Button aria-label={`I’ll help: ${what}`} disabled={claim.isPending} onClick={() => claim.mutate()}>
              {claim.isPending ? 'Taking it…' : 'I’ll help'}
            </Button>
          </>
        ) : (
          <p className="text-sm font-medium text-slate-700">Covered</p>
        )}
      </div>
    </div>
  );
}

function HomeCard({ plan }: { plan: HelperCarePlan }) {
  // Her own home is on her own page.
  if (plan.yours || (!plan.home && !plan.mealNeeds)) return null;
  return (
    <Card aria-labelledby="home-title">
      <CardTitle id="home-title">For your visit</CardTitle>
      <p className="mt-1 text-sm text-slate-700">
        Shown to you while you have help to give that is not done. Please keep it to yourself.
      </p>
      <dl className="mt-3 space-y-3">
        {plan.home && (
          <>
            <div>
              <dt className="text-sm font-medium text-slate-700">Her address</dt>
              <dd className="whitespace-pre-line text-ink" data-testid="care-address">
                {plan.home.address || 'She has not written it yet.'}
              </dd>
            </div>
            {plan.home.phone && (
              <div>
                <dt className="text-sm font-medium text-slate-700">Her phone</dt>
                <dd>
                  <a href={`tel:${plan.home.phone}`} className="font-medium text-brand-800 underline">
                    {plan.home.phone}
                  </a>
                </dd>
              </div>
            )}
          </>
        )}
        {plan.mealNeeds && (
          <>
            <div>
              <dt className="text-sm font-medium text-slate-700">Dietary needs</dt>
              <dd className="whitespace-pre-line text-ink">{plan.mealNeeds.dietaryNeeds || 'None given.'}</dd>
            </div>
            <div>
              <dt className="text-sm font-medium text-slate-700">Allergies</dt>
              <dd className="whitespace-pre-line text-ink">{plan.mealNeeds.allergies || 'None given.'}</dd>
            </div>
          </>
        )}
      </dl>
    </Card>
  );
}

/** Her personal feed: the .ics to add now, and the address a calendar app follows to keep it current. */
function CalendarCard({ plan }: { plan: HelperCarePlan }) {
  if (!plan.slots.some((s) => s.myClaim && !s.myClaim.done)) return null;
  const feed = `${window.location.origin}${plan.calendarFeedPath}`;
  return (
    <Card aria-labelledby="calendar-title">
      <CardTitle id="calendar-title">Your calendar</CardTitle>
      <p className="mt-1 text-sm text-slate-700">
        Every date you took, on any plan. Add it once, or have your calendar app follow the link to keep it up to date.
        The link is yours alone.
      </p>
      <div className="mt-3 flex flex-wrap gap-3">
        <a href={plan.calendarFeedPath} download="care-dates.ics" className={buttonClass('primary')}>
          Add to my calendar
        </a>
        <CopyLinkButton
          label="Copy calendar link"
          link={feed}
          copiedDescription="Paste it in your calendar app as a subscription."
        />
      </div>
    </Card>
  );
}

function Plan({ plan }: { plan: HelperCarePlan }) {
  return (
    <PageFrame
      title={`Help ${plan.patientName}`}
      intro={`Times are on ${plan.patientName}’s clock (${zoneName(plan.timeZone)}).`}
      width="3xl"
    >
      <div className="mt-8 space-y-6">
        {plan.yours && (
          <p className="rounded-xl bg-brand-50 p-3 text-slate-800">
            This is your plan as your helpers see it. You keep it on{' '}
            <Link href="/care-plan" className={linkClass}>
              My Care Plan
            </Link>
            .
          </p>
        )}
        <HomeCard plan={plan} />
        <CalendarCard plan={plan} />
        <Card aria-labelledby="dates-title">
          <CardTitle id="dates-title">Dates she asked help for</CardTitle>
          <div className="mt-4">
            {plan.slots.length === 0 ? (
              <p className="text-slate-700">Nothing is planned for the coming weeks yet.</p>
            ) : (
              <SlotDays slots={plan.slots}>{(slot) => <HelperSlot plan={plan} slot={slot} />}</SlotDays>
            )}
          </div>
        </Card>
      </div>
    </PageFrame>
  );
}

/** For signed-in people (the page table asks others to sign in); a plan not shown to her reads as not found. */
export default function HelperCarePlanPage() {
  const { planId = '' } = useParams<{ planId: string }>();
  const plan = usePageQuery(carePlanQuery(planId));
  if (plan.data) return <Plan plan={plan.data} />;
  if (plan.data === null)
    return (
      <MessagePage title="Care plan not found" actions={<MessageLink href="/">Back to the appeal</MessageLink>}>
        This plan is not shared with you. Ask her for her link, open it and join her circle.
      </MessagePage>
    );
  if (plan.error)
    return (
      <PageFrame title="Care plan" width="3xl">
        <ListLoadError what="care plan" error={plan.error} onRetry={() => void plan.refetch()} />
      </PageFrame>
    );
  return <PageStatus>Loading the care plan…</PageStatus>;
}
