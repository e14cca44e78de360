/**
 * /thank-you: whether the donor's gift is counted yet, found by its reference (`?ref=HC-7KQ3`, else the one this
 * browser remembered when she chose a payment method), asked again every few seconds until it is counted or refunded.
 *
 * Stripe sends donors here: a Payment Link's after-payment setting ("Don't show confirmation page", redirect to
 * your website) is `<PUBLIC_URL>/thank-you`. Payment Links cannot carry the reference back, so the page reads the
 * one remembered on the donate page.
 *
 * Prerendered like the other public pages, but the reference is known only in the browser: the HTML, and the first
 * render in the browser that must match it, say only "Checking your gift…".
 */
import { useSyncExternalStore, type ReactNode } from 'react';
import { Link, useSearch } from 'wouter';
import { useQuery } from '@tanstack/react-query';
import { isReference } from '#shared/payment-reference.ts';
import type { GiftStatus } from '#shared/schemas/donation.ts';
import { giftStatus, giftStatusKey } from '#client/api/donations.ts';
import { ApiError } from '#client/lib/api.ts';
import { rememberedReference } from '#client/lib/gift-reference.ts';
import { isNotFound } from '#client/lib/page-query.ts';
import { PageFrame } from '#client/components/page-layout.tsx';
import { Card } from '#client/components/ui/card.tsx';
import { linkClass } from '#client/components/ui/text-classes.ts';

/** The first wait before asking again, each next one half as long again, up to the last. */
export const STATUS_POLL_MS = { first: 3000, growth: 1.5, max: 30_000 };

/** How long to wait before asking again after `answers` answers (the first wait after the first answer). */
export const nextPollMs = (answers: number) =>
  Math.min(STATUS_POLL_MS.first * STATUS_POLL_MS.growth ** Math.max(0, answers - 1), STATUS_POLL_MS.max);

/**
 * The reference in the address's `search` (`?ref=`, in either case), else the one remembered here; null for none, or
 * for one that is not a reference (the page never repeats what an address says unless it is one of ours).
 */
export function referenceToCheck(search: string): string | null {
  const reference = new URLSearchParams(search).get('ref')?.trim().toUpperCase() || rememberedReference();
  return reference && isReference(reference) ? reference : null;
}

const unchanging = () => () => undefined;

/** The reference to check; undefined while the page hydrates (the prerendered HTML knows none). */
function useReference(): string | null | undefined {
  const search = useSearch();
  return useSyncExternalStore(
    unchanging,
    () => referenceToCheck(search),
    () => undefined,
  );
}

/** The gift's status; null when the server knows no gift of that reference. */
function useGiftStatus(reference: string | null | undefined) {
  return useQuery<GiftStatus | null>({
    queryKey: giftStatusKey(reference),
    queryFn: () =>
      giftStatus(reference!).catch((err: unknown) => {
        if (err instanceof ApiError && isNotFound(err.status)) return null;
        throw err;
      }),
    enabled: !!reference,
    staleTime: 0,
    // Until it is counted or refunded, or there is no such gift: asking less often the longer it takes.
    refetchInterval: ({ state }) =>
      state.data === null || state.data?.status === 'counted' || state.data?.status === 'refunded'
        ? false
        : nextPollMs(state.dataUpdateCount + state.errorUpdateCount),
  });
}

export default function ThankYouPage() {
  const reference = useReference();
  const status = useGiftStatus(reference);
  const data = status.data;
  const gift = reference && `your gift (${reference})`;

  let said: ReactNode;
  if (reference === undefined || (reference && status.isPending)) said = <p>{`Checking ${gift || 'your gift'}…`}</p>;
  else if (!reference || data === null)
    said = (
      <>
        <p>
          {reference
            ? `We could not find a gift with the reference ${reference}. Please check it against the one the donate page showed you.`
            : 'This page shows whether a gift is counted, but it has no gift reference to look up on this device.'}
        </p>
        <p>If you gave, thank you! Your gift is counted as soon as word of your payment reaches us.</p>
        <p>
          <Link href="/donate" className={linkClass}>
            Go to the donate page
          </Link>
        </p>
      </>
    );
  else if (!data) said = <p>We could not check {gift} just now. This page tries again by itself.</p>;
  else if (data.status === 'counted')
    said = (
      <>
        <p>
          Thank you! Your gift ({reference}) is counted in {data.campaign.name}’s progress.
        </p>
        <CampaignLink campaign={data.campaign} />
      </>
    );
  else if (data.status === 'refunded')
    said = (
      <>
        <p>
          Your gift ({reference}) was refunded, so it is not counted in {data.campaign.name}’s progress.
        </p>
        <p>
          Questions about it?{' '}
          <Link href="/contact" className={linkClass}>
            Write to us
          </Link>
        </p>
      </>
    );
  else said = <p>We haven’t received word of {gift} yet. This page updates by itself.</p>;

  return (
    <PageFrame title="Thank You" width="3xl">
      <Card className="mt-6">
        {/* One region whose words change: each new state is read out as it comes. */}
        <div role="status" className="space-y-4 text-lg text-slate-800">
          {said}
        </div>
      </Card>
    </PageFrame>
  );
}

/** The way to the campaign's page, when the answer names one of this site's pages. */
function CampaignLink({ campaign }: { campaign: GiftStatus['campaign'] }) {
  if (!/^\/(?!\/)/.test(campaign.path)) return null;
  return (
    <p>
      <Link href={campaign.path} className={linkClass}>
        See {campaign.name}’s progress
      </Link>
    </p>
  );
}
