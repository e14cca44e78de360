/**
 * /admin-doctors (Doctor Verification): managers and above check the license details of doctors and verify
 * or reject them (with a reason the doctor reads). Pending profiles come oldest first. A decided profile can be
 * decided again (verify after a rejection, or withdraw a verification). The server checks every call.
 */
import { useRef, useState } from 'react';
import type { z } from 'zod';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  RejectDoctorFormSchema,
  VERIFICATION_REASON_MAX,
  type DoctorVerificationItem,
  type VerificationStatus,
} from '#shared/schemas/doctors.ts';
import { ApiError, errorMessage } from '#client/lib/api.ts';
import { formatWhen } from '#client/lib/format.ts';
import { DASHBOARD_KEY } from '#client/api/admin-dashboard.ts';
import {
  doctorVerificationsKey,
  listDoctorVerifications,
  rejectDoctor,
  verifyDoctor,
  type DoctorDecision,
} from '#client/api/admin-doctors.ts';
import { Button } from '#client/components/ui/button.tsx';
import { Card } from '#client/components/ui/card.tsx';
import { ReasonToggle } from '#client/components/ui/reason-toggle.tsx';
import { toast } from '#client/components/ui/toast.ts';
import { CELL, WideTable } from '#client/components/ui/wide-table.tsx';
import { ChoiceButtons } from './choice-buttons.tsx';
import { ListBody, ListPager, pageOf } from './list-body.tsx';

const QUEUE_TITLE_ID = 'queue-title';

const TABS: { status: VerificationStatus; label: string; heading: string; empty: string; caption: string }[] = [
  {
    status: 'pending',
    label: 'Pending',
    heading: 'Waiting for verification',
    empty: 'No doctors are waiting for verification.',
    caption: 'oldest first',
  },
  {
    status: 'verified',
    label: 'Verified',
    heading: 'Verified doctors',
    empty: 'No doctors are verified yet.',
    caption: 'latest decisions first',
  },
  {
    status: 'rejected',
    label: 'Rejected',
    heading: 'Not verified',
    empty: 'No doctors have been rejected.',
    caption: 'latest decisions first',
  },
];

const fullName = (d: DoctorVerificationItem) => `Dr. ${d.firstName} ${d.lastName}`.trim();
/** A decision's shared ending: a toast, and the queue and the dashboard figure asked for again. */
function useDecision<TInput>(
  run: (input: TInput) => Promise<DoctorDecision>,
  done: string,
  failed: string,
  after?: () => void,
) {
  const queryClient = useQueryClient();
  // Where the focus was when the decision was made: on the decided row's button.
  const focusAtDecision = useRef<Element | null>(null);
  // After a decision, or one refused as stale, the queue and the dashboard are read again by the endpoint's
  // `changes`; a decision on a doctor who is gone (404) changes nothing, so there both are asked for here.
  const queue = doctorVerificationsKey('pending', 1).slice(0, 2);
  const refresh = () =>
    Promise.all([
      queryClient.invalidateQueries({ queryKey: queue }),
      queryClient.invalidateQueries({ queryKey: DASHBOARD_KEY }),
    ]);
  // Waits for the queue's read again that the decision started (not a second one).
  const settled = () =>
    Promise.all([queryClient.refetchQueries({ queryKey: queue, type: 'active' }, { cancelRefetch: false })]);
  return useMutation({
    mutationFn: run,
    onMutate: () => {
      focusAtDecision.current = document.activeElement;
    },
    onSuccess: async (answer) => {
      toast({ title: done, ...(answer.changed ? {} : { description: 'It already stood so; nothing changed.' }) });
      after?.();
      await settled();
      // The decided row has left this tab, and the focus with it: keyboard users go back to the list's heading.
      // Not when they have moved on while the list was asked for again (to the next doctor, say).
      const focused = document.activeElement;
      if (!focused || focused === document.body || focused === focusAtDecision.current)
        document.getElementById(QUEUE_TITLE_ID)?.focus();
    },
    onError: (err) => {
      toast({ title: failed, description: errorMessage(err, 'Please try again.'), variant: 'destructive' });
      if (err instanceof ApiError && err.status === 404) void refresh();
    },
  });
}

type RejectOut = z.output<typeof RejectDoctorFormSchema>;

/** Reject (after a reason, asked for in a small form under the button). */
function RejectControl({ doctor, label }: { doctor: DoctorVerificationItem; label: string }) {
  const name = fullName(doctor);
  const reject = useDecision(
    (input: RejectOut) => rejectDoctor(doctor.id, { ...input, version: doctor.version }),
    'Doctor not verified',
    'Rejection not saved',
  );
  return (
    <ReasonToggle
      label={label}
      accessibleName={`${label} ${name}`}
      formId={`reject-${doctor.id}`}
      reasonLabel={`Reason for not verifying ${name}`}
      hint="The doctor reads this."
      rows={3}
      max={VERIFICATION_REASON_MAX}
      schema={RejectDoctorFormSchema}
      submitLabel="Confirm rejection"
      pendingLabel="Saving…"
      pending={reject.isPending}
      onSubmit={(input, done) => reject.mutate(input, { onSuccess: done })}
    />
  );
}

function VerifyButton({ doctor }: { doctor: DoctorVerificationItem }) {
  const verify = useDecision(
    () => verifyDoctor(doctor.id, doctor.version),
    'Doctor verified',
    'Verification not saved',
  );
  return (
    <Button
      aria-label={`Verify ${fullName(doctor)}`}
      onClick={() => verify.mutate(undefined)}
      disabled={verify.isPending}
    >
      {verify.isPending ? 'Verifying…' : 'Verify'}
    </Button>
  );
}

function Actions({ doctor }: { doctor: DoctorVerificationItem }) {
  return (
    <div className="flex flex-wrap items-start gap-2">
      {doctor.status !== 'verified' && <VerifyButton doctor={doctor} />}
      {doctor.status === 'pending' && <RejectControl doctor={doctor} label="Reject" />}
      {doctor.status === 'verified' && <RejectControl doctor={doctor} label="Withdraw verification" />}
    </div>
  );
}

const COLUMNS = ['Doctor', 'License', 'Hospital', 'Submitted', 'Decision', 'Actions'];

function QueueTable({ items, caption }: { items: DoctorVerificationItem[]; caption: string }) {
  return (
    <WideTable label="Doctor verification table" caption={caption} columns={COLUMNS} testId="doctors-table">
      {items.map((d) => (
        <tr key={d.id}>
          <th scope="row" className={`${CELL} min-w-56 font-normal text-slate-700`}>
            <span className="block font-semibold text-ink">{fullName(d)}</span>
            <a href={`mailto:${d.email}`} className="rounded wrap-anywhere text-brand-800 underline">
              {d.email}
            </a>
            <span className="block">{d.specialty}</span>
            {d.accountStatus === 'suspended' && <span className="block text-xs text-red-800">Account suspended</span>}
            <details className="mt-1">
              <summary className="cursor-pointer rounded text-sm text-brand-800 underline">Profile</summary>
              <p className="mt-1 text-sm">{d.yearsExperience} years of experience</p>
              <p className="mt-1 text-sm whitespace-pre-line">{d.bio}</p>
              <p className="mt-1 text-sm">
                <span className="font-medium">Expertise:</span> {d.areasOfExpertise.join(', ')}
              </p>
              <p className="mt-1 text-sm">
                <span className="font-medium">Consultations:</span> {d.consultationTypes.join(', ')}
              </p>
            </details>
          </th>
          <td className={`${CELL} min-w-48`}>
            <span className="block font-mono">{d.licenseNumber}</span>
            <span className="block">{d.licenseState}</span>
            <span className="block text-slate-600">{d.medicalBoard}</span>
          </td>
          <td className={CELL}>{d.hospitalAffiliation ?? '—'}</td>
          <td className={CELL}>
            <time dateTime={d.submittedAt}>{formatWhen(d.submittedAt)}</time>
          </td>
          <td className={`${CELL} min-w-40`}>
            {d.decidedAt ? (
              <>
                <time dateTime={d.decidedAt}>{formatWhen(d.decidedAt)}</time>
                {d.decidedByEmail && <span className="block text-slate-600">by {d.decidedByEmail}</span>}
                {d.note && <span className="block whitespace-pre-line text-slate-700">“{d.note}”</span>}
              </>
            ) : (
              '—'
            )}
          </td>
          <td className={CELL}>
            <Actions doctor={d} />
          </td>
        </tr>
      ))}
    </WideTable>
  );
}

export default function AdminDoctorsPage() {
  const [status, setStatus] = useState<VerificationStatus>('pending');
  const [page, setPage] = useState(1);
  const tab = TABS.find((t) => t.status === status)!;
  const list = useQuery({
    queryKey: doctorVerificationsKey(status, page),
    queryFn: () => listDoctorVerifications(status, page),
    placeholderData: keepPreviousData,
    gcTime: 0,
  });
  const choose = (next: VerificationStatus) => {
    setStatus(next);
    setPage(1);
  };

  return (
    <div className="mx-auto max-w-6xl px-4 py-10">
      <h1 className="text-3xl font-bold tracking-tight text-ink">Doctor Verification</h1>
      <p className="mt-2 text-slate-700">
        Check each doctor&apos;s license with the board that issued it before verifying. Verified doctors appear in Find
        Doctors; the doctor is told of every decision.
      </p>
      <ChoiceButtons
        label="Show doctors"
        value={status}
        choices={TABS.map((t) => ({ value: t.status, label: t.label }))}
        onChange={choose}
      />
      <Card className="mt-4" aria-labelledby={QUEUE_TITLE_ID}>
        <h2 id={QUEUE_TITLE_ID} tabIndex={-1} className="text-xl font-semibold text-ink outline-none">
          {tab.heading}
        </h2>
        <ListBody list={list} what="doctors" empty={tab.empty}>
          {(data) => (
            <QueueTable
              items={data.items}
              caption={`${tab.heading}: ${data.total} in all, ${tab.caption}; ${pageOf(page, data)}.`}
            />
          )}
        </ListBody>
        <ListPager list={list} label="Doctor pages" page={page} onPage={setPage} />
      </Card>
    </div>
  );
}
