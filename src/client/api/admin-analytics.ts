/** The analytics report of a range of whole UTC days, and its spreadsheet file. */
import * as admin from '#shared/contract/admin.ts';
import { call, keyOf, urlOf } from '#client/lib/api.ts';

export interface DayRange {
  from: string;
  to: string;
  /** One patient's fundraiser by its address: its pages and its money only; the whole site when absent. */
  fundraiser?: string | undefined;
}

export const analyticsKey = (r: DayRange) => keyOf(admin.analytics, { query: { ...r } });

export const getAnalytics = (r: DayRange) => call(admin.analytics, { query: { ...r } });

/** The same figures as a CSV file (a link the admin downloads). */
export const analyticsCsvPath = (r: DayRange) => urlOf(admin.analyticsCsv, { query: { ...r } });
