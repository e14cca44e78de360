/** Under a cost group of "Where Your Donation Goes": what has been paid for it so far, from the public ledger. */
import type { CostGroupKey } from '#shared/constants.ts';
import { formatCents } from '#client/lib/format.ts';
import { useLedger } from '#client/hooks/use-ledger.ts';

export function ReleasedSoFar({ group }: { group: CostGroupKey }) {
  const { data } = useLedger();
  const releasedCents = data?.groups.find((g) => g.key === group)?.releasedCents ?? 0;
  return (
    // One line kept while loading, so the card does not move when the figure arrives.
    <p className="mt-1 text-sm font-medium text-emerald-800" data-testid={`released-${group}`}>
      {data ? `${formatCents(releasedCents)} released so far` : '\u00a0'}
    </p>
  );
}
