/**
 * The main appeal's progress card, polled. A module apart from the card's figures, which a patient's fundraiser shows
 * with its own: her pages load none of the main appeal's polling.
 */
import { useCampaign } from '#client/lib/campaign-context.tsx';
import { useProgressFigures } from '#client/hooks/use-progress.ts';
import { ProgressFigures } from './progress-figures.tsx';

export function ProgressCard({ headingLevel = 2 }: { headingLevel?: 2 | 3 }) {
  const { goalNote } = useCampaign();
  // Before the first answer, the campaign's own goal (the same figure the server will send).
  return <ProgressFigures progress={useProgressFigures()} note={goalNote} headingLevel={headingLevel} />;
}
