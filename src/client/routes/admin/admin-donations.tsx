/**
 * /admin-donations (Donation Management): for admins of level manager or above. The password gate is a
 * server-verified re-entry of the admin's own password (POST /api/admin/elevate opens a 15-minute window on
 * the session); the browser only shows the gate when the server answers 403, never checks a password itself.
 */
import { useEffect, useRef, useState, type ReactNode } from 'react';
import { useLocation } from 'wouter';
import { useForm } from 'react-hook-form';
import type { z } from 'zod';
import { zodResolver } from '@hookform/resolvers/zod';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Lock } from 'lucide-react';
import { ADMIN_LIST_PAGE_SIZE } from '#shared/constants.ts';
import { formatCents } from '#shared/money.ts';
import { ElevateSchema, RecordDonationSchema, type RecordDonationInput } from '#shared/schemas/admin-donations.ts';
import { apiRequest, errorMessage } from '#client/lib/api.ts';
import { apiErrorInfo } from '#client/lib/api-error.ts';
import { useProgress } from '#client/hooks/use-progress.ts';
import { Button } from '#client/components/ui/button.tsx';
import { Pager } from '#client/components/ui/pager.tsx';
import { ListLoadError, ListLoading } from '#client/components/ui/list-status.tsx';
import { Card, CardTitle } from '#client/components/ui/card.tsx';
import { PasswordField } from '#client/components/ui/field.tsx';
import { toast } from '#client/components/ui/toast.ts';
import { PageStatus } from '../account/account-layout.tsx';
import { AdminOnly } from './admin-access.tsx';
import {
  DONATIONS_KEY,
  fetchAdminPage,
  forgetPanelData,
  formatWhen,
  INTENTS_KEY,
  isGateClosed,
  PROGRESS_KEY,
  recordedMethodFor,
  resetPanelData,
  type AdminPage,
  type DonationItem,
  type IntentItem,
} from './donations-data.ts';
import { EMPTY_DONATION, RecordDonationCard, type RecordDonationOutput } from './record-donation-form.tsx';
import { RefundControl, remainingCents } from './refund-donation.tsx';

const RETURN_TO = '/admin-donations';
const ACCESS_DENIED_PREFIX = 'Access Denied: ';

/** An h1 that takes focus when shown, for views that replace what the admin was working in. */
function PageHeading({ focus, children }: { focus: boolean; children: ReactNode }) {
  const ref = useRef<HTMLHeadingElement>(null);
  useEffect(() => {
    if (focus) ref.current?.focus();
  }, [focus]);
  return (
    <h1 ref={ref} tabIndex={-1} className="text-3xl font-bold tracking-tight text-ink outline-none">
      {children}
    </h1>
  );
}

// ---------------------------------------------------------------------------------------------
// The gate

type ElevateIn = z.input<typeof ElevateSchema>;
type ElevateOut = z.output<typeof ElevateSchema>;

function Gate({ focusHeading, onUnlocked }: { focusHeading: boolean; onUnlocked: () => void }) {
  const form = useForm<ElevateIn, unknown, ElevateOut>({
    resolver: zodResolver(ElevateSchema),
    defaultValues: { password: '' },
  });
  const elevate = useMutation({
    mutationFn: (input: ElevateOut) => apiRequest<{ elevatedUntil: string }>('POST', '/api/admin/elevate', input),
    onSuccess: () => {
      toast({ title: 'Access Granted', description: 'The donations panel stays open for 15 minutes.' });
      onUnlocked();
    },
    onError: (err) => {
      const info = apiErrorInfo(err);
      if (info.status === 403) {
        const message = info.message ?? 'Incorrect password.';
        const description = message.startsWith(ACCESS_DENIED_PREFIX)
          ? message.slice(ACCESS_DENIED_PREFIX.length)
          : message;
        toast({ title: 'Access Denied', description, variant: 'destructive' });
      } else {
        toast({
          title: 'Could Not Unlock',
          description: errorMessage(err, 'Please try again.'),
          variant: 'destructive',
        });
      }
      form.setValue('password', '');
      form.setFocus('password');
    },
  });
  return (
    <div className="mx-auto max-w-md px-4 py-12 sm:py-16">
      <div className="text-center">
        <Lock aria-hidden="true" className="mx-auto mb-3 h-10 w-10 text-brand-700" />
        <PageHeading focus={focusHeading}>Admin Access</PageHeading>
        <p className="mt-3 text-slate-700">
          Re-enter your account password to open the donations panel. It stays open for 15 minutes.
        </p>
      </div>
      <Card className="mt-8">
        <form noValidate className="space-y-4" onSubmit={form.handleSubmit((input) => elevate.mutate(input))}>
          <PasswordField
            label="Password"
            autoComplete="current-password"
            error={form.formState.errors.password?.message}
            {...form.register('password')}
          />
          <Button type="submit" className="w-full" disabled={elevate.isPending}>
            {elevate.isPending ? 'Unlocking...' : 'Unlock'}
          </Button>
        </form>
      </Card>
    </div>
  );
}

// ---------------------------------------------------------------------------------------------
// The panel's parts

function ProgressSummary() {
  const progress = useProgress();
  const figure = (value: string) => (progress.loaded ? value : '…');
  return (
    <Card aria-labelledby="progress-title" aria-busy={!progress.loaded}>
      <CardTitle id="progress-title">Current Progress</CardTitle>
      <dl className="mt-4 grid grid-cols-3 gap-4">
        {(
          [
            ['Raised', figure(formatCents(progress.currentCents))],
            ['Goal', figure(formatCents(progress.goalCents))],
            ['Donors', figure(String(progress.donorCount))],
          ] as const
        ).map(([label, value]) => (
          <div key={label}>
            <dt className="text-sm text-slate-600">{label}</dt>
            <dd
              className="text-xl font-bold text-brand-800 sm:text-2xl"
              data-testid={`progress-${label.toLowerCase()}`}
            >
              {value}
            </dd>
          </div>
        ))}
      </dl>
    </Card>
  );
}

interface ListState<T> {
  data: AdminPage<T> | undefined;
  isPending: boolean;
  error: unknown;
  refetch: () => unknown;
}

/** A list card: loading, error (with retry), empty, or the items; the pager below. */
function ListCard<T extends { id: string }>({
  id,
  title,
  noun,
  list,
  page,
  onPage,
  empty,
  renderItem,
  csvPath,
}: {
  id: string;
  title: string;
  /** The whole list as a spreadsheet file. */
  csvPath: string;
  noun: string;
  list: ListState<T>;
  page: number;
  onPage: (page: number) => void;
  empty: string;
  renderItem: (item: T) => ReactNode;
}) {
  let body: ReactNode;
  if (list.data) {
    body = list.data.items.length ? (
      <ul className="mt-2 divide-y divide-slate-200" data-testid={`${id}-list`}>
        {list.data.items.map((item) => (
          <li key={item.id} className="py-3">
            {renderItem(item)}
          </li>
        ))}
      </ul>
    ) : (
      <p className="mt-4 text-slate-600">{empty}</p>
    );
  } else if (list.error && !isGateClosed(list.error)) {
    body = <ListLoadError what={noun} error={list.error} onRetry={() => void list.refetch()} />;
  } else {
    body = <ListLoading what={noun} />;
  }
  return (
    <Card aria-labelledby={`${id}-title`}>
      <div className="flex flex-wrap items-baseline justify-between gap-2">
        <CardTitle id={`${id}-title`}>{title}</CardTitle>
        <a href={csvPath} download className="rounded text-sm font-semibold text-brand-800 underline">
          Download all {noun} (CSV)
        </a>
      </div>
      {list.data && (
        <p className="mt-1 text-sm text-slate-600">
          {list.data.total} in all, newest first, {ADMIN_LIST_PAGE_SIZE} a page.
        </p>
      )}
      {body}
      {list.data && <Pager label={`${title} pages`} page={page} total={list.data.total} onPage={onPage} />}
    </Card>
  );
}

function DonationRow({
  donation,
  onGateClosed,
}: {
  donation: DonationItem;
  onGateClosed: (message: string | null) => void;
}) {
  const refunded = donation.refundedCents ?? 0;
  return (
    <div className="text-sm text-slate-800">
      <p className="flex flex-wrap items-baseline justify-between gap-x-3">
        <span className="text-base font-semibold text-ink">
          {formatCents(donation.amountCents, donation.currency)}
          {donation.currency !== 'USD' && (
            <span className="font-normal text-slate-600"> ({formatCents(donation.usdCents)})</span>
          )}
        </span>
        <span>{donation.paymentMethod}</span>
      </p>
      <p>{donation.isAnonymous ? 'Anonymous' : (donation.donorName ?? 'No name given')}</p>
      {donation.message && <p className="text-slate-700 italic">“{donation.message}”</p>}
      <p className="text-slate-600">
        <time dateTime={donation.createdAt}>{formatWhen(donation.createdAt)}</time>
        {donation.externalReference && <> · Ref. {donation.externalReference}</>}
      </p>
      {refunded > 0 && (
        <p className="font-medium text-red-800" data-testid="donation-refunded">
          Refunded {formatCents(refunded)}
          {remainingCents(donation) <= 0 ? ' (in full)' : `; ${formatCents(remainingCents(donation))} remains`}
        </p>
      )}
      <RefundControl donation={donation} onGateClosed={onGateClosed} />
    </div>
  );
}

function IntentRow({
  intent,
  onRecord,
  onDelete,
  deleting,
}: {
  intent: IntentItem;
  onRecord: () => void;
  onDelete: () => void;
  deleting: boolean;
}) {
  const what = `${formatCents(intent.amountCents)} ${intent.paymentMethod} intent`;
  return (
    <div className="flex flex-wrap items-start justify-between gap-3 text-sm text-slate-800">
      <div>
        <p>
          <span className="text-base font-semibold text-ink">{formatCents(intent.amountCents)}</span> via{' '}
          {intent.paymentMethod}
        </p>
        {intent.message && <p className="text-slate-700 italic">“{intent.message}”</p>}
        <p className="text-slate-600">
          <time dateTime={intent.createdAt}>{formatWhen(intent.createdAt)}</time>
        </p>
      </div>
      <div className="flex gap-2">
        <Button variant="secondary" aria-label={`Record ${what}`} onClick={onRecord}>
          Record
        </Button>
        <Button variant="destructive" aria-label={`Delete ${what}`} onClick={onDelete} disabled={deleting}>
          Delete
        </Button>
      </div>
    </div>
  );
}

// ---------------------------------------------------------------------------------------------
// The panel

function Panel({
  focusHeading,
  donations,
  intents,
  donationsPage,
  intentsPage,
  setDonationsPage,
  setIntentsPage,
  onLock,
  onLeave,
  onGateClosed,
}: {
  focusHeading: boolean;
  donations: ListState<DonationItem>;
  intents: ListState<IntentItem>;
  donationsPage: number;
  intentsPage: number;
  setDonationsPage: (page: number) => void;
  setIntentsPage: (page: number) => void;
  /** Drop the elevation on the server and show the gate (Logout). */
  onLock: () => Promise<void>;
  /** Drop the elevation on the server, before leaving the page (Back to Home). */
  onLeave: () => Promise<void>;
  /** The server said the gate is closed (the window ended): show the gate. */
  onGateClosed: (message: string | null) => void;
}) {
  const queryClient = useQueryClient();
  const [, navigate] = useLocation();
  const [recordingIntent, setRecordingIntent] = useState<IntentItem | null>(null);
  const [leaving, setLeaving] = useState(false);
  const form = useForm<RecordDonationInput, unknown, RecordDonationOutput>({
    resolver: zodResolver(RecordDonationSchema),
    defaultValues: EMPTY_DONATION,
  });

  const clearForm = () => {
    form.reset(EMPTY_DONATION);
    setRecordingIntent(null);
  };

  const add = useMutation({
    mutationFn: (input: RecordDonationOutput) => apiRequest<DonationItem>('POST', '/api/admin/add-donation', input),
    onSuccess: async () => {
      toast({ title: 'Donation Added', description: 'External donation has been recorded successfully.' });
      clearForm();
      setDonationsPage(1);
      await Promise.all([
        queryClient.invalidateQueries({ queryKey: DONATIONS_KEY }),
        queryClient.invalidateQueries({ queryKey: INTENTS_KEY }),
        queryClient.invalidateQueries({ queryKey: PROGRESS_KEY }),
      ]);
    },
    onError: (err) => {
      const info = apiErrorInfo(err);
      if (info.status === 403) return onGateClosed(info.message);
      if (info.field === 'intentId') {
        // The intent was recorded or removed meanwhile: the form stays, without the link to it.
        form.setValue('intentId', undefined);
        setRecordingIntent(null);
        void queryClient.invalidateQueries({ queryKey: INTENTS_KEY });
      } else if (info.field && info.field in EMPTY_DONATION && info.message) {
        form.setError(info.field as keyof RecordDonationInput, { message: info.message }, { shouldFocus: true });
      }
      toast({
        title: 'Donation Not Added',
        description: errorMessage(err, 'Failed to add donation'),
        variant: 'destructive',
      });
    },
  });

  const removeIntent = useMutation({
    mutationFn: (intent: IntentItem) =>
      apiRequest('DELETE', `/api/admin/donation-intents/${encodeURIComponent(intent.id)}`),
    onSuccess: async (_answer, intent) => {
      toast({ title: 'Intent Removed', description: 'The donation intent has been deleted.' });
      if (recordingIntent?.id === intent.id) clearForm();
      if (intents.data?.items.length === 1 && intentsPage > 1) setIntentsPage(intentsPage - 1);
      await queryClient.invalidateQueries({ queryKey: INTENTS_KEY });
    },
    onError: (err) => {
      const info = apiErrorInfo(err);
      if (info.status === 403) return onGateClosed(info.message);
      toast({
        title: 'Intent Not Removed',
        description: errorMessage(err, 'Failed to delete intent'),
        variant: 'destructive',
      });
      if (info.status === 404) void queryClient.invalidateQueries({ queryKey: INTENTS_KEY });
    },
  });

  const recordIntent = (intent: IntentItem) => {
    form.reset({
      ...EMPTY_DONATION,
      amount: intent.amount,
      paymentMethod: recordedMethodFor(intent.paymentMethod) as RecordDonationInput['paymentMethod'],
      message: intent.message ?? '',
      intentId: intent.id,
    });
    setRecordingIntent(intent);
    form.setFocus('amount');
  };

  const backToHome = async () => {
    setLeaving(true);
    await onLeave();
    navigate('/');
  };

  return (
    <div className="mx-auto max-w-6xl px-4 py-10">
      <div className="flex flex-wrap items-center justify-between gap-4">
        <PageHeading focus={focusHeading}>Donation Management</PageHeading>
        <div className="flex gap-2">
          <Button variant="secondary" onClick={() => void backToHome()} disabled={leaving}>
            Back to Home
          </Button>
          <Button variant="secondary" onClick={() => void onLock()} disabled={leaving}>
            Logout
          </Button>
        </div>
      </div>
      <div className="mt-8 grid gap-6 lg:grid-cols-2">
        <div className="space-y-6">
          <ProgressSummary />
          <RecordDonationCard
            form={form}
            recordingIntent={recordingIntent}
            onCancelIntent={clearForm}
            onSubmit={(input) => add.mutate({ ...input, donorName: input.isAnonymous ? null : input.donorName })}
            pending={add.isPending}
          />
        </div>
        <div className="space-y-6">
          <ListCard
            id="donations"
            title="Recent Donations"
            noun="donations"
            list={donations}
            page={donationsPage}
            onPage={setDonationsPage}
            empty="No donations recorded yet."
            csvPath="/api/admin/donations.csv"
            renderItem={(d) => <DonationRow donation={d} onGateClosed={onGateClosed} />}
          />
          <ListCard
            id="intents"
            title="Donation Intents"
            noun="intents"
            list={intents}
            page={intentsPage}
            onPage={setIntentsPage}
            empty="No open intents."
            csvPath="/api/admin/donation-intents.csv"
            renderItem={(i) => (
              <IntentRow
                intent={i}
                onRecord={() => recordIntent(i)}
                onDelete={() => removeIntent.mutate(i)}
                deleting={removeIntent.isPending && removeIntent.variables.id === i.id}
              />
            )}
          />
        </div>
      </div>
    </div>
  );
}

// ---------------------------------------------------------------------------------------------
// The page: gate or panel, as the server says

function DonationsArea() {
  const queryClient = useQueryClient();
  /** Locked here (Logout, or a write answered 403): the lists are not asked for until unlocked again. */
  const [locked, setLocked] = useState(false);
  /** Unlocked through the gate during this visit: the panel shows while its lists load, and takes focus. */
  const [unlocked, setUnlocked] = useState(false);
  const [donationsPage, setDonationsPage] = useState(1);
  const [intentsPage, setIntentsPage] = useState(1);

  const donations = useQuery({
    queryKey: [...DONATIONS_KEY, donationsPage],
    queryFn: () => fetchAdminPage<DonationItem>(DONATIONS_KEY[0], donationsPage),
    enabled: !locked,
    placeholderData: keepPreviousData,
    // Nothing of the panel outlives the page: a later visit asks the server (and its gate) again.
    gcTime: 0,
  });
  // Asked for once the donations answered: on a closed gate, one 403 is enough.
  const intents = useQuery({
    queryKey: [...INTENTS_KEY, intentsPage],
    queryFn: () => fetchAdminPage<IntentItem>(INTENTS_KEY[0], intentsPage),
    enabled: !locked && donations.isSuccess,
    placeholderData: keepPreviousData,
    gcTime: 0,
  });

  const gateClosed = locked || isGateClosed(donations.error) || isGateClosed(intents.error);

  const showGate = () => {
    setLocked(true);
    setDonationsPage(1);
    setIntentsPage(1);
    forgetPanelData(queryClient);
  };

  /** DELETE /api/admin/elevate; the window would end by itself within 15 minutes, so a failure is told, not fatal. */
  const dropElevation = async () => {
    try {
      await apiRequest('DELETE', '/api/admin/elevate');
    } catch (err) {
      toast({
        title: 'Could Not Lock the Panel',
        description: `${errorMessage(err, 'Please try again.')} It locks itself within 15 minutes.`,
        variant: 'destructive',
      });
    }
  };

  const lock = async () => {
    await dropElevation();
    showGate();
  };

  const onGateClosed = (message: string | null) => {
    toast({
      title: 'Panel Locked',
      description: message ?? 'Re-enter your password to open the donations panel',
      variant: 'destructive',
    });
    showGate();
  };

  const onUnlocked = () => {
    setUnlocked(true);
    setLocked(false);
    void resetPanelData(queryClient);
  };

  // The gate takes focus when it replaces the panel the admin was in (Logout, or the window ended).
  if (gateClosed) return <Gate focusHeading={locked || unlocked} onUnlocked={onUnlocked} />;
  if (donations.isPending && !unlocked) return <PageStatus>Opening the donations panel…</PageStatus>;
  return (
    <Panel
      focusHeading={unlocked}
      donations={donations}
      intents={intents}
      donationsPage={donationsPage}
      intentsPage={intentsPage}
      setDonationsPage={setDonationsPage}
      setIntentsPage={setIntentsPage}
      onLock={lock}
      onLeave={dropElevation}
      onGateClosed={onGateClosed}
    />
  );
}

export default function AdminDonationsPage() {
  return (
    <AdminOnly minimum="manager" returnTo={RETURN_TO}>
      {() => <DonationsArea />}
    </AdminOnly>
  );
}
