/** The donations panel once unlocked: progress, the record form, and the lists of donations and intents. */
import { useState } from 'react';
import { Link, useLocation } from 'wouter';
import { useForm, type Path } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import {
  RecordDonationSchema,
  type AdminDonationListItem,
  type AdminIntent,
  type RecordDonationInput,
  type MoneyListPage,
  type ShownCampaign,
} from '#shared/schemas/admin-donations.ts';
import { campaignFor } from '#shared/fundraiser-words.ts';
import { ApiError, errorMessage } from '#client/lib/api.ts';
import { formatCents } from '#client/lib/format.ts';
import { useFieldErrors } from '#client/hooks/use-field-errors.ts';
import { useProgress } from '#client/hooks/use-progress.ts';
import { DONATIONS_CSV, deleteIntent, INTENTS_CSV, INTENTS_KEY, recordDonation } from '#client/api/admin-donations.ts';
import { isStepUpRequired } from '#client/api/admin-step-up.ts';
import { Button } from '#client/components/ui/button.tsx';
import { Card, CardTitle } from '#client/components/ui/card.tsx';
import { linkClass } from '#client/components/ui/text-classes.ts';
import { campaignProgressQuery } from '#client/api/public-fundraisers.ts';
import { usePageQuery } from '#client/lib/page-query.ts';
import { toast } from '#client/components/ui/toast.ts';
import type { ListQuery } from './list-body.tsx';
import { DonationRow, IntentRow, ListCard } from './donations-lists.tsx';
import {
  EMPTY_DONATION,
  RecordDonationCard,
  recordedMethodFor,
  type RecordDonationOutput,
} from './record-donation-form.tsx';
import { PageHeading } from './page-heading.tsx';

/** The record form's fields a server refusal may name (the intent is handled apart: it may be gone). */
const RECORD_FIELDS: readonly Path<RecordDonationInput>[] = [
  'amount',
  'currency',
  'usdAmount',
  'paymentMethod',
  'donorName',
  'isAnonymous',
  'message',
  'externalReference',
];

interface ProgressFigures {
  loaded: boolean;
  currentCents: number;
  goalCents: number;
  donorCount: number;
}

/** The progress card: the figures, "…" while they load, or a note when they could not be read. */
function ProgressSummary({ progress, failed = false }: { progress: ProgressFigures; failed?: boolean }) {
  const figure = (value: string) => (progress.loaded ? value : '…');
  return (
    <Card aria-labelledby="progress-title" aria-busy={!progress.loaded && !failed}>
      <CardTitle id="progress-title">Current Progress</CardTitle>
      {failed ? (
        <p className="mt-4 text-slate-700">This campaign&rsquo;s progress could not be loaded.</p>
      ) : (
        <dl className="mt-4 grid grid-cols-2 gap-4 sm:grid-cols-3">
          {(
            [
              ['Raised', figure(formatCents(progress.currentCents))],
              ['Goal', figure(formatCents(progress.goalCents))],
              // The progress's donorCount counts recorded gifts (the spec's contract), not people: said so.
              ['Gifts', figure(String(progress.donorCount))],
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
      )}
    </Card>
  );
}

/** The main appeal's progress, polled as its pages poll it. */
function AppealProgress() {
  return <ProgressSummary progress={useProgress()} />;
}

/** One campaign's progress (`?campaign=`), when the lists are narrowed to it. */
function CampaignProgress({ campaign }: { campaign: string }) {
  const { data, isError } = usePageQuery(campaignProgressQuery(campaign));
  const progress = {
    loaded: Boolean(data),
    currentCents: data?.currentCents ?? 0,
    goalCents: data?.goalCents ?? 0,
    donorCount: data?.donorCount ?? 0,
  };
  // null: no such campaign.
  return <ProgressSummary progress={progress} failed={isError || data === null} />;
}

/** Which campaign's gifts and intents the lists show, with the way back to every campaign's. */
function ShownCampaignNote({ shown }: { shown: ShownCampaign | null }) {
  return (
    <p
      role="status"
      className="mt-4 rounded-xl border border-brand-100 bg-brand-50 p-3 text-slate-800"
      data-testid="shown-campaign"
    >
      {shown ? `Showing only the gifts and intents of ${campaignFor(shown)}.` : 'Loading the campaign’s lists…'}{' '}
      <Link href="/admin-donations" className={linkClass}>
        Show every campaign
      </Link>
    </p>
  );
}

/** A panel list's query: its pages say which campaign they were narrowed to. */
type MoneyList<T> = ListQuery<T> & { data: MoneyListPage<T> | undefined };

export function Panel({
  focusHeading,
  campaign,
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
  /** The one campaign (id or slug) the lists show, if any. */
  campaign?: string;
  donations: MoneyList<AdminDonationListItem>;
  intents: MoneyList<AdminIntent>;
  donationsPage: number;
  intentsPage: number;
  setDonationsPage: (page: number) => void;
  setIntentsPage: (page: number) => void;
  /** Drop the elevation on the server and show the gate (Logout). */
  onLock: () => Promise<void>;
  /** Drop the elevation on the server, before leaving the page (Back to Home). */
  onLeave: () => Promise<void>;
  /** The server said the gate is closed (the window ended): show the gate. */
  onGateClosed: () => void;
}) {
  const queryClient = useQueryClient();
  /** The campaign the lists are narrowed to, as the server named it (null: every campaign, or not read yet). */
  const shown = donations.data?.campaign ?? intents.data?.campaign ?? null;
  const [, navigate] = useLocation();
  const [recordingIntent, setRecordingIntent] = useState<AdminIntent | null>(null);
  const [leaving, setLeaving] = useState(false);
  const form = useForm<RecordDonationInput, unknown, RecordDonationOutput>({
    resolver: zodResolver(RecordDonationSchema),
    defaultValues: EMPTY_DONATION,
  });
  const showFieldErrors = useFieldErrors(form.setError, RECORD_FIELDS);

  const clearForm = () => {
    form.reset();
    setRecordingIntent(null);
  };

  const add = useMutation({
    mutationFn: recordDonation,
    onSuccess: async () => {
      toast({ title: 'Donation Added', description: 'External donation has been recorded successfully.' });
      clearForm();
      setDonationsPage(1);
    },
    onError: (err) => {
      if (isStepUpRequired(err)) return onGateClosed();
      if (err instanceof ApiError && err.field === 'intentId') {
        // The intent was recorded or removed meanwhile: the form stays, without the link to it.
        form.setValue('intentId', undefined);
        setRecordingIntent(null);
        void queryClient.invalidateQueries({ queryKey: INTENTS_KEY });
      } else {
        showFieldErrors(err);
      }
      toast({
        title: 'Donation Not Added',
        description: errorMessage(err, 'Failed to add donation'),
        variant: 'destructive',
      });
    },
  });

  const removeIntent = useMutation({
    mutationFn: (intent: AdminIntent) => deleteIntent(intent.id),
    onSuccess: async (_answer, intent) => {
      toast({ title: 'Intent Removed', description: 'The donation intent has been deleted.' });
      if (recordingIntent?.id === intent.id) clearForm();
      if (intents.data?.items.length === 1 && intentsPage > 1) setIntentsPage(intentsPage - 1);
    },
    onError: (err) => {
      if (isStepUpRequired(err)) return onGateClosed();
      toast({
        title: 'Intent Not Removed',
        description: errorMessage(err, 'Failed to delete intent'),
        variant: 'destructive',
      });
      if (err instanceof ApiError && err.status === 404) void queryClient.invalidateQueries({ queryKey: INTENTS_KEY });
    },
  });

  const recordIntent = (intent: AdminIntent) => {
    // Empty every input first, then fill in what the intent says; the cleared form stays the default.
    form.reset();
    form.reset(
      {
        ...EMPTY_DONATION,
        amount: intent.amount,
        paymentMethod: recordedMethodFor(intent.paymentMethod),
        message: intent.message ?? '',
        donorName: intent.donorName ?? '',
        donorEmail: intent.donorEmail ?? '',
        showPublicly: intent.showPublicly,
        intentId: intent.id,
      },
      { keepDefaultValues: true },
    );
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
        <PageHeading focus={focusHeading} focusWhenChanged={campaign}>
          Donation Management
        </PageHeading>
        <div className="flex gap-2">
          <Button variant="secondary" onClick={() => void backToHome()} disabled={leaving}>
            Back to Home
          </Button>
          <Button variant="secondary" onClick={() => void onLock()} disabled={leaving}>
            Logout
          </Button>
        </div>
      </div>
      {campaign && <ShownCampaignNote shown={shown} />}
      <div className="mt-8 grid gap-6 lg:grid-cols-2">
        <div className="space-y-6">
          {campaign ? <CampaignProgress campaign={campaign} /> : <AppealProgress />}
          <RecordDonationCard
            form={form}
            recordingIntent={recordingIntent}
            shownCampaign={shown}
            onCancelIntent={clearForm}
            // Narrowed to one campaign, a gift recorded here is that campaign's.
            onSubmit={(input) =>
              add.mutate({
                ...input,
                donorName: input.isAnonymous ? null : input.donorName,
                ...(shown ? { campaignId: shown.id } : {}),
              })
            }
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
            csvPath={DONATIONS_CSV}
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
            csvPath={INTENTS_CSV}
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
