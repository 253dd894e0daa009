import { keepPreviousData, useInfiniteQuery, useQuery } from '@tanstack/react-query';
import type { ActivityListAnswer } from '@shopdesk/shared/activity-log/schemas';
import type { DashboardSectionName, DashboardSections, DashboardView, DashboardWindow, ShopHealthHistoryAnswer, ShopHealthSummary } from '@shopdesk/shared/dashboard/schemas';
import { http } from '../../../lib/http.ts';
import { nextPageOf, SCROLL_PAGE_SIZE } from '../../wallet/api/wallet-api.ts';
import { tzOffsetMinutes } from '../../../lib/time-zone.ts';
import { dashboardKeys, healthHistoryGet, healthSummaryGet, viewGet, type ActivityFilters } from './dashboard-keys.ts';
import { useDashboardWindow } from './use-dashboard-window.ts';

export type { ActivityFilters };

const silent = (signal: AbortSignal) => ({ signal, silent: true });

/** A section of the view that could not be computed (the server answered null for it): its card shows its error. */
class SectionFailed extends Error {
  constructor(readonly section: DashboardSectionName) {
    super(`dashboard section ${section} failed`);
  }
}

/** One section of the answer; a failed one throws, so its card alone is in error. */
export function sectionOf<K extends DashboardSectionName>(view: DashboardView, name: K): NonNullable<DashboardSections[K]> {
  const section = view.sections[name];
  if (section == null) throw new SectionFailed(name);
  return section as NonNullable<DashboardSections[K]>;
}

/**
 * One dashboard section: its part of the window's view (GET /api/dashboard/view, asked once for
 * every card: the cards share the query and each selects its section, so an answer re-renders only
 * the cards whose figures changed, and a failed section is that card's error state).
 */
function useSection<K extends DashboardSectionName>(name: K, window?: DashboardWindow) {
  // The sections without a window are part of the view of the window the page shows (the URL's).
  const [shown] = useDashboardWindow();
  const get = viewGet(window ?? shown);
  return useQuery({
    queryKey: get.queryKey,
    queryFn: ({ signal }) => http.get<DashboardView>(get.path, get.query, silent(signal)),
    select: (view: DashboardView) => sectionOf(view, name),
    placeholderData: keepPreviousData,
    staleTime: 30_000,
  });
}

export const useDashboardOverview = () => useSection('overview');
export const useDashboardToday = () => useSection('today');
export const useDashboardTraffic = (window: DashboardWindow) => useSection('traffic', window);
export const useDashboardOrderStats = (window: DashboardWindow) => useSection('orderStats', window);
export const useDashboardProducts = () => useSection('products');
export const useDashboardRankings = (window: DashboardWindow) => useSection('rankings', window);
export const useRecentActivity = () => useSection('recentActivity');
export const useDashboardTodo = () => useSection('todo');

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
