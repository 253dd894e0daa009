import type { ActivityAction } from '@shopdesk/shared/activity-log/schemas';
import { DASHBOARD } from '@shopdesk/shared/constants';
import type { DashboardWindow } from '@shopdesk/shared/dashboard/schemas';
import { tzOffsetMinutes } from '../../../lib/time-zone.ts';

export interface ActivityFilters {
  page: number;
  pageSize: number;
  action?: ActivityAction;
  userId?: number;
  from?: string;
  to?: string;
}

/** Query keys of the dashboard, shop health and activity log; a window's figure sections are one query (`view`). */
export const dashboardKeys = {
  all: ['dashboard'] as const,
  view: (window: DashboardWindow) => [...dashboardKeys.all, 'view', { window }] as const,
  section: (name: string, params: object = {}) => [...dashboardKeys.all, name, params] as const,
  healthHistory: (page: number, pageSize: number) => [...dashboardKeys.all, 'healthHistory', { page, pageSize }] as const,
  activity: (filters: ActivityFilters) => [...dashboardKeys.all, 'activity', filters] as const,
  activityFeed: (filters: Omit<ActivityFilters, 'page' | 'pageSize'>) => [...dashboardKeys.all, 'activityFeed', filters] as const,
};

/** A window's dashboard view (every figure section, in the seller's time zone): its query key and GET; the cards' hooks and the start's batch ask the same. */
export function viewGet(window: DashboardWindow) {
  return { queryKey: dashboardKeys.view(window), path: '/dashboard/view' as const, query: { window, tzOffset: tzOffsetMinutes() } };
}

/** GET /api/shopHealth/summary's query key and path. */
export const healthSummaryGet = () => ({ queryKey: dashboardKeys.section('healthSummary'), path: '/shopHealth/summary' as const });

/** GET /api/shopHealth/history's query key, path and page. */
export const healthHistoryGet = (page: number, pageSize: number) => ({ queryKey: dashboardKeys.healthHistory(page, pageSize), path: '/shopHealth/history' as const, query: { page, pageSize } });

/** The 7/30-day window of a dashboard URL (`?window=30`); 7 when it is missing or another number. */
export function dashboardWindowOf(search: URLSearchParams): DashboardWindow {
  const raw = Number(search.get('window'));
  return (DASHBOARD.WINDOWS as readonly number[]).includes(raw) ? (raw as DashboardWindow) : DASHBOARD.DEFAULT_WINDOW;
}
