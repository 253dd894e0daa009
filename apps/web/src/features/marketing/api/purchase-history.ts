import { keepPreviousData, useInfiniteQuery, useQuery } from '@tanstack/react-query';
import type { PurchaseHistoryAnswer, PurchaseHistoryFilters } from '@shopdesk/shared/marketing/packages-schemas';
import { http } from '../../../lib/http.ts';
import { tzOffsetMinutes } from '../../../lib/time-zone.ts';
import { nextPageOf, SCROLL_PAGE_SIZE } from '../../wallet/api/wallet-api.ts';
import { packageKeys } from './packages-keys.ts';

export type { PurchaseHistoryFilters };

/** POST /api/marketing/purchaseHistory: one page of package purchases, newest first. */
export function fetchPurchaseHistory(q: PurchaseHistoryFilters, signal?: AbortSignal): Promise<PurchaseHistoryAnswer> {
  return http.post<PurchaseHistoryAnswer>('/marketing/purchaseHistory', { ...q, tzOffset: tzOffsetMinutes() }, { signal, silent: true });
}

export function usePurchaseHistory(q: PurchaseHistoryFilters, enabled = true) {
  return useQuery({
    queryKey: packageKeys.history(q),
    queryFn: ({ signal }) => fetchPurchaseHistory(q, signal),
    placeholderData: keepPreviousData,
    enabled,
  });
}

/** The phone's purchase records, a page at a time as the seller scrolls. */
export function useInfinitePurchaseHistory(q: Omit<PurchaseHistoryFilters, 'page' | 'pageSize'>, enabled = true) {
  return useInfiniteQuery({
    enabled,
    queryKey: packageKeys.infiniteHistory(q),
    queryFn: ({ pageParam, signal }) => fetchPurchaseHistory({ ...q, page: pageParam, pageSize: SCROLL_PAGE_SIZE }, signal),
    initialPageParam: 1,
    getNextPageParam: nextPageOf,
  });
}

/** The CSV export of the same filters (GET, with the session header; see ExportButton). */
export const PURCHASE_HISTORY_EXPORT_PATH = '/marketing/purchaseHistory/export';
