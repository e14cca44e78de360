/** A fundraiser's progress, on its page and its donate page (not its transparency page, which shows the ledger). */
import type { PublicFundraiser } from '#shared/schemas/public-fundraisers.ts';
import { campaignProgressQuery } from '#client/api/public-fundraisers.ts';
import { usePageQuery } from '#client/lib/page-query.ts';
import { shownPercentOf } from '#shared/money.ts';
import { ProgressFigures } from '#client/components/progress-figures.tsx';

/** Its own figures, from the same read the server rendered with; its goal until that read arrives. */
export function useFundraiserFigures(fundraiser: PublicFundraiser) {
  const { data } = usePageQuery(campaignProgressQuery(fundraiser.slug));
  const goalCents = data?.goalCents ?? fundraiser.goalCents;
  const currentCents = data?.currentCents ?? 0;
  return {
    goalCents,
    currentCents,
    donorCount: data?.donorCount ?? 0,
    loaded: !!data,
    shownPercent: shownPercentOf(currentCents, goalCents),
  };
}

export function Progress({ fundraiser }: { fundraiser: PublicFundraiser }) {
  const progress = useFundraiserFigures(fundraiser);
  const gifts = progress.donorCount;
  return (
    <ProgressFigures
      title="Fundraiser progress"
      progress={progress}
      note={progress.loaded ? `${gifts} gift${gifts === 1 ? '' : 's'} recorded` : undefined}
    />
  );
}
