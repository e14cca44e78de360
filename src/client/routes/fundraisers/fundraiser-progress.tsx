/** A fundraiser's progress, on its page and its donate page (not its transparency page, which shows the ledger). */
import type { PublicFundraiser } from '#shared/schemas/public-fundraisers.ts';
import { campaignProgressQuery } from '#client/api/public-fundraisers.ts';
import { usePageQuery } from '#client/lib/page-query.ts';
import { shownPercentOf } from '#shared/money.ts';
import { ProgressFigures } from '#client/components/progress-figures.tsx';

/** Its own figures, from the same reads the server rendered with. */
export function Progress({ fundraiser }: { fundraiser: PublicFundraiser }) {
  const { data } = usePageQuery(campaignProgressQuery(fundraiser.slug));
  const goalCents = data?.goalCents ?? fundraiser.goalCents;
  const currentCents = data?.currentCents ?? 0;
  return (
    <ProgressFigures
      title="Fundraiser progress"
      progress={{
        goalCents,
        currentCents,
        donorCount: data?.donorCount ?? 0,
        loaded: Boolean(data),
        shownPercent: shownPercentOf(currentCents, goalCents),
      }}
      note={data ? (data.donorCount === 1 ? '1 gift recorded' : `${data.donorCount} gifts recorded`) : undefined}
    />
  );
}
