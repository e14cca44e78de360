/**
 * /care-plan: a patient's care plan for the weeks after surgery (issue 39, decision 021), phone first. At the top
 * what is covered and open in the next 7 days (with the "no meals this week" switch and each helper's "done"),
 * then asking for help, her requests, her link, her circle and her settings. Patients only (the server says so).
 */
import { useMutation, useQuery } from '@tanstack/react-query';
import { CARE_CATEGORY_LABELS, CARE_GLANCE_DAYS, CARE_REPEAT_LABELS } from '#shared/care-plan.ts';
import type { CareRequestView, CareSlot, MyCarePlan } from '#shared/schemas/care-plan.ts';
import { cancelCareRequest, markCareClaimDone, myCarePlanQuery, saveCarePlan } from '#client/api/care-plans.ts';
import { Button } from '#client/components/ui/button.tsx';
import { Card, CardTitle } from '#client/components/ui/card.tsx';
import { ConfirmTwice } from '#client/components/ui/confirm-twice.tsx';
import { ListLoadError } from '#client/components/ui/list-status.tsx';
import { toast } from '#client/components/ui/toast.ts';
import { MessageLink, MessagePage, PageFrame } from '#client/components/page-layout.tsx';
import { PageStatus } from '#client/components/page-status.tsx';
import { usePageUser } from '#client/page-access.tsx';
import { SlotDays } from './care-days.tsx';
import { CircleCard, ShareCard } from './care-plan-reach.tsx';
import { toastRefusal } from './care-refusal.ts';
import { CareRequestForm } from './care-request-form.tsx';
import { CareSettingsForm, settingsOf } from './care-settings-form.tsx';
import { addDays, dayHeading, placesOpen, slotTime, todayIn, zoneName } from './care-words.ts';

type Plan = NonNullable<MyCarePlan['plan']>;

/** One date as she sees it: who comes and what is still open; for a date that has come, "done" for each helper. */
function PlanSlot({ slot, thanking = false }: { slot: CareSlot; thanking?: boolean }) {
  const done = useMutation({
    mutationFn: markCareClaimDone,
    onSuccess: () => toast({ title: 'Marked done', description: 'We sent your thanks.' }),
    onError: toastRefusal('Not marked done'),
  });
  return (
    <div data-testid="plan-slot">
      <p className="font-medium break-words text-ink">
        {slot.title} <span className="text-sm font-normal text-slate-600">· {CARE_CATEGORY_LABELS[slot.category]}</span>
      </p>
      <p className="text-sm text-slate-700">{slotTime(slot)}</p>
      {slot.paused ? (
        <p className="mt-1 text-sm font-medium text-slate-700">Paused: no meals this week</p>
      ) : (
        <p className={`mt-1 text-sm font-medium ${slot.open > 0 ? 'text-amber-800' : 'text-emerald-800'}`}>
          {slot.open > 0 ? placesOpen(slot.open) : 'Covered'}
        </p>
      )}
      {slot.helpers.length > 0 && (
        <ul className="mt-2 space-y-2">
          {slot.helpers.map((helper) => (
            <li key={helper.claimId} className="flex flex-wrap items-center justify-between gap-2 text-sm">
              <span className="text-slate-800">{helper.name}</span>
              {helper.done ? (
                <span className="font-medium text-emerald-800">Done, thanked</span>
              ) : !thanking ? null : (
                <Button
                  variant="secondary"
                  aria-label={`Mark done: ${helper.name}, ${slot.title}, ${dayHeading(slot.day)}`}
                  aria-disabled={done.isPending}
                  onClick={() => done.isPending || done.mutate(helper.claimId)}
                >
                  Mark done
                </Button>
              )}
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}

/** "No meals this week": meals before a week from today are paused, so nobody claims one. */
function MealsSwitch({ plan, today }: { plan: Plan; today: string }) {
  const paused = plan.noMealsUntil !== null && plan.noMealsUntil > today;
  const save = useMutation({
    mutationFn: () =>
      saveCarePlan({ ...settingsOf(plan), noMealsUntil: paused ? null : addDays(today, CARE_GLANCE_DAYS) }),
    onSuccess: () =>
      toast({
        title: paused ? 'Meals welcome again' : 'No meals this week',
        description: paused ? 'Helpers can offer meals again.' : 'Nobody can claim a meal this week.',
      }),
    onError: toastRefusal('Not saved'),
  });
  return (
    <div className="mt-4 flex items-start justify-between gap-4 rounded-xl bg-brand-50 p-3">
      <div>
        <p id="meals-switch-label" className="font-medium text-ink">
          No meals this week
        </p>
        <p id="meals-switch-hint" className="text-sm text-slate-700">
          {paused
            ? `Meals are paused until ${dayHeading(plan.noMealsUntil!)}.`
            : 'Pause meals for the next 7 days when the freezer is full.'}
        </p>
      </div>
      <button
        type="button"
        role="switch"
        aria-checked={paused}
        aria-labelledby="meals-switch-label"
        aria-describedby="meals-switch-hint"
        aria-disabled={save.isPending}
        onClick={() => save.isPending || save.mutate()}
        className={`relative h-8 w-14 shrink-0 rounded-full transition-colors ${paused ? 'bg-brand-700' : 'bg-slate-400'}`}
      >
        <span
          aria-hidden="true"
          className={`absolute top-1 left-1 h-6 w-6 rounded-full bg-white transition-transform ${paused ? 'translate-x-6' : ''}`}
        />
      </button>
    </div>
  );
}

function Glance({ plan, today }: { plan: Plan; today: string }) {
  const weekEnd = addDays(today, CARE_GLANCE_DAYS - 1);
  const week = plan.slots.filter((s) => s.day <= weekEnd);
  const later = plan.slots.filter((s) => s.day > weekEnd);
  return (
    <Card aria-labelledby="glance-title">
      <CardTitle id="glance-title">The next 7 days</CardTitle>
      <p className="mt-2 flex flex-wrap gap-x-6 gap-y-1 text-slate-800" data-testid="care-glance">
        <span>
          <strong className="text-2xl text-emerald-800">{plan.glance.covered}</strong> covered
        </span>
        <span>
          <strong className="text-2xl text-amber-800">{plan.glance.open}</strong> open
        </span>
      </p>
      <MealsSwitch plan={plan} today={today} />
      <div className="mt-5">
        {week.length === 0 ? (
          <p className="text-slate-700">Nothing asked for in the next 7 days yet.</p>
        ) : (
          <SlotDays slots={week}>{(slot) => <PlanSlot slot={slot} />}</SlotDays>
        )}
      </div>
      {later.length > 0 && (
        <details className="mt-5">
          <summary className="cursor-pointer font-medium text-brand-800">Later dates ({later.length})</summary>
          <div className="mt-3">
            <SlotDays slots={later}>{(slot) => <PlanSlot slot={slot} />}</SlotDays>
          </div>
        </details>
      )}
    </Card>
  );
}

/** "Once, Thursday, March 4" or "Every week from Thursday, March 4 until Thursday, April 1". */
function whenWords(request: CareRequestView): string {
  const from = dayHeading(request.startsOn);
  if (request.repeat === 'once' || !request.repeatUntil) return `${from}, ${slotTime(request)}`;
  return `${CARE_REPEAT_LABELS[request.repeat]} from ${from} until ${dayHeading(request.repeatUntil)}, ${slotTime(request)}`;
}

function RequestRow({ request }: { request: CareRequestView }) {
  const cancel = useMutation({
    mutationFn: () => cancelCareRequest(request.id),
    onSuccess: () => toast({ title: 'Request cancelled', description: 'Helpers who had a date are told.' }),
    onError: toastRefusal('Not cancelled'),
  });
  return (
    <li className="py-3" data-testid="care-request">
      <p className="font-medium break-words text-ink">
        {request.title}{' '}
        <span className="text-sm font-normal text-slate-600">· {CARE_CATEGORY_LABELS[request.category]}</span>
      </p>
      <p className="text-sm text-slate-700">{whenWords(request)}</p>
      <p className="text-sm text-slate-700">
        {request.helpersNeeded === 1 ? '1 helper' : `${request.helpersNeeded} helpers`} ·{' '}
        {request.place === 'home' ? 'At your home' : request.pickupPlace}
      </p>
      <div className="mt-2">
        <ConfirmTwice
          label="Cancel request…"
          labelFor={`Cancel request: ${request.title}`}
          groupLabel={`Cancel ${request.title}`}
          warning="Its dates leave your plan, and helpers who claimed one get a mail saying so."
          confirmLabel="Cancel the request"
          pendingLabel="Cancelling…"
          keepLabel="Keep it"
          pending={cancel.isPending}
          onConfirm={() => cancel.mutate()}
        />
      </div>
    </li>
  );
}

/** Dates that have come, with help she has not marked done: marking it thanks the helper by mail. */
function ToThank({ plan }: { plan: Plan }) {
  if (plan.toThank.length === 0) return null;
  return (
    <Card aria-labelledby="thank-title">
      <CardTitle id="thank-title">Help to thank</CardTitle>
      <p className="mt-1 text-sm text-slate-700">
        Mark each done once they have helped: we send them your thanks, and your address is no longer shown to them.
      </p>
      <div className="mt-4">
        <SlotDays slots={plan.toThank}>{(slot) => <PlanSlot slot={slot} thanking />}</SlotDays>
      </div>
    </Card>
  );
}

function KeptPlan({ plan }: { plan: Plan }) {
  const today = todayIn(plan.timeZone);
  return (
    <div className="mt-8 space-y-6">
      <p className="text-sm text-slate-700">Times are on your clock ({zoneName(plan.timeZone)}).</p>
      <ToThank plan={plan} />
      <Glance plan={plan} today={today} />
      <Card aria-labelledby="ask-title">
        <CardTitle id="ask-title">Ask for help</CardTitle>
        <div className="mt-4">
          <CareRequestForm today={today} />
        </div>
      </Card>
      {plan.requests.length > 0 && (
        <Card aria-labelledby="requests-title">
          <CardTitle id="requests-title">Your requests</CardTitle>
          <ul className="mt-2 divide-y divide-brand-100">
            {plan.requests.map((request) => (
              <RequestRow key={request.id} request={request} />
            ))}
          </ul>
        </Card>
      )}
      <ShareCard plan={plan} />
      <CircleCard plan={plan} />
      <Card aria-labelledby="settings-title">
        <CardTitle id="settings-title">Settings</CardTitle>
        <div className="mt-4">
          <CareSettingsForm plan={plan} />
        </div>
      </Card>
    </div>
  );
}

const INTRO =
  'Ask for the help you need in the weeks after surgery, such as rides, meals, a walk for the dog or company. The people you let in choose a date.';

function PatientsPlan() {
  const query = useQuery(myCarePlanQuery());
  if (query.isPending) return <PageStatus>Loading your care plan…</PageStatus>;
  return (
    <PageFrame title="My Care Plan" intro={INTRO} width="3xl">
      {query.isError ? (
        <div className="mt-8">
          <ListLoadError what="care plan" error={query.error} onRetry={() => void query.refetch()} />
        </div>
      ) : query.data.plan ? (
        <KeptPlan plan={query.data.plan} />
      ) : (
        <Card className="mt-8" aria-labelledby="start-title">
          <CardTitle id="start-title">Start your plan</CardTitle>
          <p className="mt-1 text-sm text-slate-700">
            First say where you are and who may see your plan; you can change any of it later.
          </p>
          <div className="mt-4">
            <CareSettingsForm plan={null} />
          </div>
        </Card>
      )}
    </PageFrame>
  );
}

/** For signed-in people (the page table asks others to sign in); a care plan is a patient's. */
export default function MyCarePlanPage() {
  const user = usePageUser();
  if (!user.abilities.carePlan)
    return (
      <MessagePage title="Care plans are for patients" actions={<MessageLink href="/">Back to the appeal</MessageLink>}>
        A patient keeps her care plan here. If someone sent you her link, open it to see how you can help.
      </MessagePage>
    );
  return <PatientsPlan />;
}
