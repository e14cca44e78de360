/**
 * /admin-donations (Donation Management): for admins of level manager or above (the page table lets only them
 * in). The password gate is a server-verified re-entry of the admin's own password (POST /api/admin/elevate
 * opens a 15-minute window on the session); the browser only shows the gate when the server answers 403
 * STEP_UP_REQUIRED, never checks a password itself.
 */
import { useState } from 'react';
import { useSearch } from 'wouter';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Lock } from 'lucide-react';
import { errorMessage } from '#client/lib/api.ts';
import {
  donationsKey,
  forgetPanelData,
  intentsKey,
  listDonations,
  listIntents,
  resetPanelData,
} from '#client/api/admin-donations.ts';
import { dropElevation, isStepUpRequired } from '#client/api/admin-step-up.ts';
import { Card } from '#client/components/ui/card.tsx';
import { toast } from '#client/components/ui/toast.ts';
import { PageStatus } from '#client/components/page-status.tsx';
import { Panel } from './donations-panel.tsx';
import { PageHeading } from './page-heading.tsx';
import { StepUpForm } from './step-up-form.tsx';

/** What the page says when the window closed under the admin (the server's own words are more general). */
const GATE_CLOSED_MESSAGE = 'Re-enter your password to open the donations panel';

function Gate({ focusHeading, onUnlocked }: { focusHeading: boolean; onUnlocked: () => void }) {
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
        <StepUpForm unlockedText="The donations panel stays open for 15 minutes." onUnlocked={onUnlocked} />
      </Card>
    </div>
  );
}

/** The page: the gate or the panel, as the server says. */
export default function AdminDonationsPage() {
  const queryClient = useQueryClient();
  /** Locked here (Logout, or a write answered 403): the lists are not asked for until unlocked again. */
  const [locked, setLocked] = useState(false);
  /** Unlocked through the gate during this visit: the panel shows while its lists load, and takes focus. */
  const [unlocked, setUnlocked] = useState(false);
  /** `?campaign=` (an id or slug): the lists of that campaign alone (a fundraiser's reconciliation). */
  const campaign = new URLSearchParams(useSearch()).get('campaign') || undefined;
  const [pages, setPages] = useState({ campaign, donations: 1, intents: 1 });
  // Another campaign's lists start at their first pages.
  const current = pages.campaign === campaign ? pages : { campaign, donations: 1, intents: 1 };
  const donationsPage = current.donations;
  const intentsPage = current.intents;
  const setDonationsPage = (page: number) => setPages({ ...current, donations: page });
  const setIntentsPage = (page: number) => setPages({ ...current, intents: page });

  // The previous page stays while the next loads, but never another campaign's list under this one's name.
  const sameCampaign = <T,>(previous: T | undefined, query?: { queryKey: readonly unknown[] }) =>
    (query?.queryKey[3] as { campaign?: string } | null)?.campaign === campaign ? previous : undefined;

  const donations = useQuery({
    queryKey: donationsKey({ page: donationsPage, campaign }),
    queryFn: () => listDonations({ page: donationsPage, campaign }),
    enabled: !locked,
    placeholderData: sameCampaign,
    // Nothing of the panel outlives the page: a later visit asks the server (and its gate) again.
    gcTime: 0,
  });
  // Asked for once the donations answered: on a closed gate, one 403 is enough.
  const intents = useQuery({
    queryKey: intentsKey({ page: intentsPage, campaign }),
    queryFn: () => listIntents({ page: intentsPage, campaign }),
    enabled: !locked && donations.isSuccess,
    placeholderData: sameCampaign,
    gcTime: 0,
  });

  const gateClosed = locked || isStepUpRequired(donations.error) || isStepUpRequired(intents.error);

  const showGate = () => {
    setLocked(true);
    setPages({ campaign, donations: 1, intents: 1 });
    forgetPanelData(queryClient);
  };

  /** Closes the window on the server; it would close by itself within 15 minutes, so a failure is told, not fatal. */
  const closeWindow = async () => {
    try {
      await dropElevation();
    } catch (err) {
      toast({
        title: 'Could Not Lock the Panel',
        description: `${errorMessage(err, 'Please try again.')} It locks itself within 15 minutes.`,
        variant: 'destructive',
      });
    }
  };

  const lock = async () => {
    await closeWindow();
    showGate();
  };

  const onGateClosed = () => {
    toast({ title: 'Panel Locked', description: GATE_CLOSED_MESSAGE, variant: 'destructive' });
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
      campaign={campaign}
      donations={donations}
      intents={intents}
      donationsPage={donationsPage}
      intentsPage={intentsPage}
      setDonationsPage={setDonationsPage}
      setIntentsPage={setIntentsPage}
      onLock={lock}
      onLeave={closeWindow}
      onGateClosed={onGateClosed}
    />
  );
}
