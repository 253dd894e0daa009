import { keepPreviousData, useInfiniteQuery, useQuery } from '@tanstack/react-query';
import type { ActivityEntry, ActivityListAnswer } from '@shopdesk/shared/activity-log/schemas';
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
import { nextPageOf, SCROLL_PAGE_SIZE } from '../../wallet/api/wallet-api.ts';
import { tzOffsetMinutes } from '../../../lib/time-zone.ts';
import { dashboardKeys, healthHistoryGet, healthSummaryGet, sectionGet, type ActivityFilters, type DashboardSection } from './dashboard-keys.ts';

export type { ActivityFilters };

const silent = (signal: AbortSignal) => ({ signal, silent: true });

/** One dashboard section: GET /api/dashboard/<name>, its own loading and error state. */
function useSection<T>(name: DashboardSection, params: Record<string, number> = {}) {
  const get = sectionGet(name, params);
  return useQuery({
    queryKey: get.queryKey,
    queryFn: ({ signal }) => http.get<T>(get.path, get.query, silent(signal)),
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
  const get = healthSummaryGet();
  return useQuery({
    queryKey: get.queryKey,
    queryFn: ({ signal }) => http.get<ShopHealthSummary>(get.path, undefined, silent(signal)),
    staleTime: 30_000,
  });
}

export function useShopHealthHistory(page: number, pageSize: number) {
  const get = healthHistoryGet(page, pageSize);
  return useQuery({
    queryKey: get.queryKey,
    queryFn: ({ signal }) => http.get<ShopHealthHistoryAnswer>(get.path, get.query, silent(signal)),
    placeholderData: keepPreviousData,
  });
}


export function useActivityLog(filters: ActivityFilters, enabled = true) {
  return useQuery({
    queryKey: dashboardKeys.activity(filters),
    queryFn: ({ signal }) => http.post<ActivityListAnswer>('/activityLog/list', { ...filters, tzOffset: tzOffsetMinutes() }, { ...silent(signal), offlineRead: true }),
    placeholderData: keepPreviousData,
    enabled,
  });
}

/** The phone's activity log: the same list, page after page as the member scrolls. */
export function useInfiniteActivityLog(filters: Omit<ActivityFilters, 'page' | 'pageSize'>, enabled = true) {
  return useInfiniteQuery({
    queryKey: dashboardKeys.activityFeed(filters),
    queryFn: ({ pageParam, signal }) =>
      http.post<ActivityListAnswer>('/activityLog/list', { ...filters, page: pageParam, pageSize: SCROLL_PAGE_SIZE, tzOffset: tzOffsetMinutes() }, { ...silent(signal), offlineRead: true }),
    initialPageParam: 1,
    getNextPageParam: nextPageOf,
    enabled,
  });
}
