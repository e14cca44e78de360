/**
 * /my-fundraiser: a patient's own fundraiser. She writes the application and saves it as a draft, submits it, reads
 * the managers' answer, withdraws it before it goes live, and once approved finds its public page here, reads its
 * figures and gifts and thanks her donors (my-fundraiser-gifts.tsx), posts updates, edits the story, proposes money
 * changes and closes it (my-fundraiser-live.tsx).
 */
import { useState } from 'react';
import { Link } from 'wouter';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { FundraiserOpening } from '#shared/schemas/auth.ts';
import type { Fundraiser, FundraiserStatus } from '#shared/schemas/fundraisers.ts';
import type { LiveFundraiserExtras } from '#shared/schemas/live-fundraisers.ts';
import { errorMessage } from '#client/lib/api.ts';
import { formatWhen } from '#client/lib/format.ts';
import { getMyFundraiser, MY_FUNDRAISER_KEY, withdrawMyFundraiser } from '#client/api/my-fundraiser.ts';
import { Button, buttonClass } from '#client/components/ui/button.tsx';
import { ConfirmTwice } from '#client/components/ui/confirm-twice.tsx';
import { Card } from '#client/components/ui/card.tsx';
import { ListLoadError, ListLoading } from '#client/components/ui/list-status.tsx';
import { toast } from '#client/components/ui/toast.ts';
import { PageFrame } from '#client/components/page-layout.tsx';
import { ApplicationSummary } from '#client/components/fundraiser-application.tsx';
import { usePageUser } from '#client/page-access.tsx';
import { FundraiserForm } from './my-fundraiser-form.tsx';
import { LiveFundraiser } from './my-fundraiser-live.tsx';
import { FundraiserGifts } from './my-fundraiser-gifts.tsx';
import { MedicalReviewSection } from './medical-review-section.tsx';

const STATUS_TEXT: Record<FundraiserStatus, { title: string; text: string; tone: 'info' | 'warn' | 'done' }> = {
  draft: {
    title: 'Draft',
    text: 'Only you can see it. Save as often as you like, then submit it for review.',
    tone: 'info',
  },
  in_review: {
    title: 'Waiting for review',
    text: 'A manager is reviewing your application. We will email you when they decide.',
    tone: 'info',
  },
  changes_requested: {
    title: 'Changes requested',
    text: 'A manager asked for changes before it can go live. Edit it below and submit it again.',
    tone: 'warn',
  },
  live: { title: 'Live', text: 'Your fundraiser is approved and donors can give to it.', tone: 'done' },
  rejected: { title: 'Not approved', text: 'This application was not approved.', tone: 'warn' },
  closed: { title: 'Closed', text: 'This fundraiser is closed. Its page and ledger stay readable.', tone: 'info' },
};

const TONES = {
  info: 'border-sky-200 bg-sky-50 text-sky-950',
  warn: 'border-amber-200 bg-amber-50 text-amber-950',
  done: 'border-emerald-200 bg-emerald-50 text-emerald-950',
} as const;

function StatusNotice({ fundraiser }: { fundraiser: Fundraiser }) {
  const status = STATUS_TEXT[fundraiser.status];
  return (
    <div role="status" className={`rounded-xl border px-4 py-3 text-sm ${TONES[status.tone]}`}>
      <p>
        <span className="font-semibold">Status: {status.title}.</span> {status.text}
        {fundraiser.submittedAt && (
          <>
            {' '}
            Submitted <time dateTime={fundraiser.submittedAt}>{formatWhen(fundraiser.submittedAt)}</time>.
          </>
        )}
      </p>
      {fundraiser.reviewMessage && (
        <p className="mt-2">
          <span className="font-semibold">The manager wrote: </span>
          <span className="whitespace-pre-wrap">{fundraiser.reviewMessage}</span>
        </p>
      )}
      {fundraiser.slug && (
        <p className="mt-2">
          <Link href={`/fundraisers/${encodeURIComponent(fundraiser.slug)}`} className="font-semibold underline">
            Open your fundraiser&apos;s public page
          </Link>
          {' · '}
          <Link
            href={`/my-expenses?campaign=${encodeURIComponent(fundraiser.slug)}`}
            className="font-semibold underline"
          >
            Its expenses: ask for money against an invoice
          </Link>
        </p>
      )}
    </div>
  );
}

/** Withdraw, asked twice: it deletes the application and cannot be undone. */
function WithdrawButton() {
  const queryClient = useQueryClient();
  const withdraw = useMutation({
    mutationFn: withdrawMyFundraiser,
    onSuccess: () => {
      queryClient.setQueryData(MY_FUNDRAISER_KEY, { fundraiser: null, live: null });
      toast({ title: 'Application withdrawn', description: 'It is deleted; you can start a new one at any time.' });
    },
    onError: (err) =>
      toast({ title: 'Not withdrawn', description: errorMessage(err, 'Please try again.'), variant: 'destructive' }),
  });
  return (
    <ConfirmTwice
      label="Withdraw application…"
      groupLabel="Withdraw application"
      warning="Withdrawing deletes this application, its documents and its review history. This cannot be undone."
      confirmLabel="Withdraw and delete"
      pendingLabel="Withdrawing…"
      keepLabel="Keep it"
      pending={withdraw.isPending}
      onConfirm={() => withdraw.mutate()}
    />
  );
}

function Application({ fundraiser, live }: { fundraiser: Fundraiser | null; live: LiveFundraiserExtras | null }) {
  const [startingAgain, setStartingAgain] = useState(false);
  const finished = fundraiser?.status === 'rejected' || fundraiser?.status === 'closed';
  if (fundraiser === null || (finished && startingAgain)) return <FundraiserForm fundraiser={null} />;
  return (
    <div className="space-y-6">
      <StatusNotice fundraiser={fundraiser} />
      {fundraiser.abilities.edit ? (
        // Keyed by id: a form reads its defaults once.
        <FundraiserForm key={fundraiser.id} fundraiser={fundraiser} />
      ) : (
        <div className="space-y-4 text-sm text-slate-800">
          <h2 className="text-xl font-semibold text-ink">{fundraiser.title}</h2>
          <ApplicationSummary fundraiser={fundraiser} Heading="h3" />
        </div>
      )}
      {fundraiser.slug && <FundraiserGifts slug={fundraiser.slug} />}
      <MedicalReviewSection canAsk={!finished} />
      {fundraiser.status === 'live' && live && <LiveFundraiser fundraiser={fundraiser} live={live} />}
      {fundraiser.abilities.withdraw && <WithdrawButton />}
      {finished && <Button onClick={() => setStartingAgain(true)}>Start a new application</Button>}
    </div>
  );
}

type Hindrance = Exclude<FundraiserOpening, 'allowed'>;

/** What stands in her way, as the server names it, and what to do next. */
const HINDRANCES: Record<Hindrance, [title: string, text: string, link: { href: string; label: string }]> = {
  'not-a-patient': [
    'Fundraisers are opened by patients',
    'Your account is not a patient account. You can give to the community’s fundraisers.',
    { href: '/fundraisers', label: 'See fundraisers' },
  ],
  'finish-profile': [
    'Finish setting up your profile',
    'A fundraiser is reviewed before it goes live, so we need to know who you are first.',
    { href: '/onboarding', label: 'Set up your profile' },
  ],
  'confirm-email': [
    'Confirm your email address',
    'Open the link we emailed you, then come back here to start your fundraiser.',
    { href: '/profile', label: 'Your profile' },
  ],
};

function NotEligible({ hindrance }: { hindrance: Hindrance }) {
  const [title, text, link] = HINDRANCES[hindrance];
  return (
    <Card className="mt-8">
      <h2 className="text-xl font-semibold text-ink">{title}</h2>
      <p className="mt-2 text-slate-700">{text}</p>
      <Link href={link.href} className={buttonClass('primary', 'md', 'mt-4')}>
        {link.label}
      </Link>
    </Card>
  );
}

function MyFundraiser() {
  const mine = useQuery({ queryKey: MY_FUNDRAISER_KEY, queryFn: getMyFundraiser, staleTime: 0 });
  if (mine.error) return <ListLoadError what="fundraiser" error={mine.error} onRetry={() => void mine.refetch()} />;
  if (!mine.data) return <ListLoading what="fundraiser" />;
  return <Application fundraiser={mine.data.fundraiser} live={mine.data.live} />;
}

export default function MyFundraiserPage() {
  const user = usePageUser();
  const opening = user.abilities.openFundraiser;
  return (
    <PageFrame
      title="My Fundraiser"
      intro="Raise funds for your treatment with the same public ledger as the community's appeal. A manager reviews every fundraiser before it goes live; your documents are never public."
      width="3xl"
    >
      {opening === 'allowed' ? (
        <Card className="mt-8">
          <MyFundraiser />
        </Card>
      ) : (
        <NotEligible hindrance={opening} />
      )}
    </PageFrame>
  );
}
