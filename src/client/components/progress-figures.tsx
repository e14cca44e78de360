/** 'Surgery Fund Progress': raised, goal, bar, still needed, percent complete, for any campaign's figures. */
import { remainingCents } from '#shared/money.ts';
import type { ProgressView } from '#client/hooks/use-progress.ts';
import { formatWholeDollars } from '#client/lib/format.ts';
import { Card, CardTitle } from './ui/card.tsx';

/** The card for these figures: `shownPercent` is the whole percent (0-100) the bar shows. */
export function ProgressFigures({
  progress,
  title = 'Surgery Fund Progress',
  note,
  headingLevel = 2,
}: {
  progress: ProgressView & { shownPercent: number };
  title?: string;
  note?: string;
  headingLevel?: 2 | 3;
}) {
  const { goalCents, shownPercent } = progress;
  const Heading = headingLevel === 2 ? CardTitle : 'h3';
  return (
    <Card aria-labelledby="progress-title" aria-busy={!progress.loaded}>
      <Heading id="progress-title" className="text-xl font-semibold text-ink">
        {title}
      </Heading>
      <p className="mt-4 flex flex-wrap items-baseline gap-x-2">
        {/* Until the live figure arrives, say so: a prerendered "$0 raised" would not be true. */}
        <span className="text-3xl font-bold text-brand-800" data-testid="amount-raised">
          {progress.loaded ? (
            formatWholeDollars(progress.currentCents)
          ) : (
            <>
              <span aria-hidden="true">…</span>
              <span className="sr-only">Loading the amount raised</span>
            </>
          )}
        </span>
        {/* The same words loading or loaded, so nothing below moves when the figure arrives. */}
        <span className="text-slate-700">raised of {formatWholeDollars(goalCents)} goal</span>
      </p>
      <div
        role="progressbar"
        aria-label="Amount raised toward the goal"
        aria-valuemin={0}
        aria-valuemax={100}
        aria-valuenow={shownPercent}
        className="mt-3 h-3 w-full overflow-hidden rounded-full bg-brand-100"
      >
        <div className="h-full rounded-full bg-brand-600 transition-[width]" style={{ width: `${shownPercent}%` }} />
      </div>
      <dl className="mt-3 grid grid-cols-2 gap-2 text-sm text-slate-700">
        <div>
          <dt className="sr-only">Still needed</dt>
          <dd data-testid="amount-remaining">
            {progress.loaded
              ? `${formatWholeDollars(remainingCents(progress.currentCents, goalCents))} still needed`
              : '\u00a0'}
          </dd>
        </div>
        <div className="text-right">
          <dt className="sr-only">Percent complete</dt>
          <dd data-testid="percent-complete">{progress.loaded ? `${shownPercent}% complete` : '\u00a0'}</dd>
        </div>
      </dl>
      {note && <p className="mt-3 text-sm text-slate-600">{note}</p>}
    </Card>
  );
}
