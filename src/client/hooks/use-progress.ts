import { useQuery } from '@tanstack/react-query';
import { DEFAULT_CURRENT_DOLLARS, DEFAULT_GOAL_DOLLARS, PROGRESS_POLL_MS } from '#shared/constants.ts';
import { shownPercentOf } from '#shared/money.ts';
import { getProgress, PROGRESS_KEY } from '#client/api/campaign.ts';
import { useCampaign } from '#client/lib/campaign-context.tsx';

/** Progress in cents as the pages show it, with the spec's defaults until the first answer. */
export interface ProgressView {
  goalCents: number;
  currentCents: number;
  donorCount: number;
  /** False until the first answer arrives. */
  loaded: boolean;
}

/** Fundraising progress, polled every 30 s; falls back to the spec's defaults (goal 15000, current 0). */
export function useProgress(): ProgressView {
  const { data } = useQuery({ queryKey: PROGRESS_KEY, queryFn: getProgress, refetchInterval: PROGRESS_POLL_MS });
  return {
    goalCents: data?.goalCents ?? DEFAULT_GOAL_DOLLARS * 100,
    currentCents: data?.currentCents ?? DEFAULT_CURRENT_DOLLARS * 100,
    donorCount: data?.donorCount ?? 0,
    loaded: data !== undefined,
  };
}

/** Progress as the cards show it: the campaign's own goal until the first answer, and the whole percent (0-100). */
export function useProgressFigures(): ProgressView & { shownPercent: number } {
  const { goal } = useCampaign();
  const progress = useProgress();
  const goalCents = progress.loaded ? progress.goalCents : goal.cents;
  return { ...progress, goalCents, shownPercent: shownPercentOf(progress.currentCents, goalCents) };
}
