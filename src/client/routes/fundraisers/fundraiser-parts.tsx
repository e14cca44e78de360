/**
 * What a fundraiser's pages share: the loader for the fundraiser at the address and the way back. A module of its
 * own, so the donate and transparency pages load none of the fundraiser page's sections.
 */
import { lazy, type ReactNode } from 'react';
import { Link, useParams } from 'wouter';
import { ArrowLeft } from 'lucide-react';
import type { PublicFundraiser } from '#shared/schemas/public-fundraisers.ts';
import { publicFundraiserQuery } from '#client/api/public-fundraisers.ts';
import { usePageQuery } from '#client/lib/page-query.ts';
import { PageStatus } from '#client/components/page-status.tsx';
import { belowFold } from '#client/components/below-fold.tsx';

/** Back to the list, or (from its donate page) to the fundraiser. */
export function BackLink({ href = '/fundraisers', label = 'All fundraisers' }: { href?: string; label?: string }) {
  return (
    <Link
      href={href}
      className="inline-flex items-center gap-1 rounded text-sm font-semibold text-brand-800 underline underline-offset-2 hover:text-brand-900"
    >
      <ArrowLeft aria-hidden="true" className="h-4 w-4" />
      {label}
    </Link>
  );
}

// Rarely shown, so their code loads only when one is. The server renders a missing fundraiser's page: belowFold has
// it load that part's code first. A load error is only ever shown in the browser.
const loadStates = () => import('./fundraiser-states.tsx');
const NotFound = belowFold(() => loadStates().then((m) => ({ default: m.FundraiserNotFound })), '');
const LoadError = lazy(() => loadStates().then((m) => ({ default: m.FundraiserLoadError })));

/** The fundraiser at this page's address, once FundraiserLoader has it. */
export function useShownFundraiser(): PublicFundraiser | undefined {
  const { slug = '' } = useParams<{ slug: string }>();
  return usePageQuery(publicFundraiserQuery(slug)).data ?? undefined;
}

/** The live or closed fundraiser at this page's address, rendered by `render`; else not found, a load error or loading. */
export function FundraiserLoader({ render }: { render: (fundraiser: PublicFundraiser) => ReactNode }) {
  const { slug = '' } = useParams<{ slug: string }>();
  const fundraiser = usePageQuery(publicFundraiserQuery(slug));
  if (fundraiser.data) return render(fundraiser.data);
  if (fundraiser.data === null) return <NotFound />;
  if (fundraiser.error) return <LoadError error={fundraiser.error} onRetry={() => void fundraiser.refetch()} />;
  return <PageStatus>Loading the fundraiser…</PageStatus>;
}
