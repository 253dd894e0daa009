import { keepPreviousData, useQuery } from '@tanstack/react-query';
import type { ActivityAction, ActivityEntry, ActivityListAnswer } from '@shopdesk/shared/activity-log/schemas';
import type {
  DashboardOrderStats,
  DashboardOverview,
  DashboardProducts,
  DashboardRankings,
  DashboardToday,
  DashboardTodo,
  DashboardTraffic,
  DashboardWindow,
  ShopHealthHistoryAnswer,
  ShopHealthSummary,
} from '@shopdesk/shared/dashboard/schemas';
import { http } from '../../../lib/http.ts';
import { tzOffsetMinutes } from '../../../lib/time-zone.ts';

/** Query keys of the dashboard, shop health and activity log; every section is its own query. */
export const dashboardKeys = {
  all: ['dashboard'] as const,
  section: (name: string, params: object = {}) => [...dashboardKeys.all, name, params] as const,
  healthHistory: (page: number, pageSize: number) => [...dashboardKeys.all, 'healthHistory', { page, pageSize }] as const,
  activity: (filters: ActivityFilters) => [...dashboardKeys.all, 'activity', filters] as const,
};

const silent = (signal: AbortSignal) => ({ signal, silent: true });

/** One dashboard section: GET /api/dashboard/<name>, its own loading and error state. */
function useSection<T>(name: string, params: Record<string, number> = {}) {
  return useQuery({
    queryKey: dashboardKeys.section(name, params),
    queryFn: ({ signal }) => http.get<T>(`/dashboard/${name}`, { ...params, tzOffset: tzOffsetMinutes() }, silent(signal)),
    placeholderData: keepPreviousData,
    staleTime: 30_000,
  });
}

export const useDashboardOverview = () => useSection<DashboardOverview>('overview');
export const useDashboardToday = () => useSection<DashboardToday>('today');
export const useDashboardTraffic = (window: DashboardWindow) => useSection<DashboardTraffic>('traffic', { window });
export const useDashboardOrderStats = (window: DashboardWindow) => useSection<DashboardOrderStats>('orderStats', { window });
export const useDashboardProducts = () => useSection<DashboardProducts>('products');
export const useDashboardRankings = (window: DashboardWindow) => useSection<DashboardRankings>('rankings', { window });
export const useRecentActivity = () => useSection<ActivityEntry[]>('recentActivity');
export const useDashboardTodo = () => useSection<DashboardTodo>('todo');

export function useShopHealthSummary() {
  return useQuery({
    queryKey: dashboardKeys.section('healthSummary'),
    queryFn: ({ signal }) => http.get<ShopHealthSummary>('/shopHealth/summary', undefined, silent(signal)),
    staleTime: 30_000,
  });
}

export function useShopHealthHistory(page: number, pageSize: number) {
  return useQuery({
    queryKey: dashboardKeys.healthHistory(page, pageSize),
    queryFn: ({ signal }) => http.get<ShopHealthHistoryAnswer>('/shopHealth/history', { page, pageSize }, silent(signal)),
    placeholderData: keepPreviousData,
  });
}

export interface ActivityFilters {
  page: number;
  pageSize: number;
  action?: ActivityAction;
  userId?: number;
  from?: string;
  to?: string;
}

export function useActivityLog(filters: ActivityFilters) {
  return useQuery({
    queryKey: dashboardKeys.activity(filters),
    queryFn: ({ signal }) => http.post<ActivityListAnswer>('/activityLog/list', { ...filters, tzOffset: tzOffsetMinutes() }, silent(signal)),
    placeholderData: keepPreviousData,
  });
}
