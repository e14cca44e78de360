/** The admin dashboard's read: queue sizes for everyone, money figures for managers and above. */
import * as admin from '#shared/contract/admin.ts';
import { call, keyOf } from '#client/lib/api.ts';

/** Asked for again after any decision that changes a queue. */
export const DASHBOARD_KEY = keyOf(admin.dashboard);

export const getDashboard = () => call(admin.dashboard);
