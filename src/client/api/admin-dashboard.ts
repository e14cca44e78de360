/** The admin dashboard's read: queue sizes for everyone, money figures for managers and above. */
import type { DashboardFigures } from '#shared/schemas/admin-dashboard.ts';
import { apiGet } from '#client/lib/api.ts';

const DASHBOARD_PATH = '/api/admin/dashboard';
/** Asked for again after any decision that changes a queue. */
export const DASHBOARD_KEY = [DASHBOARD_PATH] as const;

export const getDashboard = () => apiGet<DashboardFigures>(DASHBOARD_PATH);
