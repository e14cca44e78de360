/** The analytics report of a range of whole UTC days, and its spreadsheet file. */
import type { AnalyticsReport } from '#shared/schemas/analytics.ts';
import { apiGet, withQuery } from '#client/lib/api.ts';

const ANALYTICS_PATH = '/api/admin/analytics';

export interface DayRange {
  from: string;
  to: string;
  /** One patient's fundraiser by its address: its pages and its money only; the whole site when absent. */
  fundraiser?: string | undefined;
}

export const analyticsKey = (r: DayRange) => [ANALYTICS_PATH, r.from, r.to, r.fundraiser ?? ''] as const;

export const getAnalytics = (r: DayRange) => apiGet<AnalyticsReport>(withQuery(ANALYTICS_PATH, { ...r }));

/** The same figures as a CSV file (a link the admin downloads). */
export const analyticsCsvPath = (r: DayRange) => withQuery(`${ANALYTICS_PATH}.csv`, { ...r });
