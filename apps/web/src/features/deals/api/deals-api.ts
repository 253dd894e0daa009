import { keepPreviousData, useQuery, useQueryClient } from '@tanstack/react-query';
import type { DealBody, DealListAnswer, DealSaveAnswer, DealStatus, DealView } from '@shopdesk/shared/marketing/deals';
import type { PromotionResultWindow } from '@shopdesk/shared/marketing/promotion-results';
import type { VoucherMargin } from '@shopdesk/shared/marketing/vouchers';
import { http } from '../../../lib/http.ts';
import type { PromotionResultsSource } from '../../../lib/use-promotion-results.ts';

/** The one query-key factory of the seller's flash deals; every change invalidates them all. */
export const dealKeys = {
  all: ['deals'] as const,
  list: (status: DealStatus) => [...dealKeys.all, 'list', status] as const,
  results: (id: number, days: PromotionResultWindow) => [...dealKeys.all, 'results', id, days] as const,
};

/** Where a deal's results are (GET …/results and …/results.csv) and how they are cached. */
export const dealResultsSource: PromotionResultsSource = { kind: 'deal', path: (id) => `/marketing/deals/${id}`, queryKey: dealKeys.results };

/** A shop runs few deals at a time: one page of the largest size per status. */
const LIST_PAGE = { page: 1, pageSize: 100 };

export function useDealList(status: DealStatus) {
  return useQuery({
    queryKey: dealKeys.list(status),
    queryFn: ({ signal }) => http.get<DealListAnswer>('/marketing/deals', { status, ...LIST_PAGE }, { signal, silent: true }),
    placeholderData: keepPreviousData,
    staleTime: 0,
  });
}

/** Refusals are shown by the screen (at their field, or above the form). */
export const dealCalls = {
  preview: (body: DealBody) => http.post<VoucherMargin>('/marketing/deals/preview', body, { silent: true }),
  create: (body: DealBody) => http.post<DealSaveAnswer>('/marketing/deals/create', body, { silent: true }),
  update: (id: number, body: DealBody) => http.post<DealSaveAnswer>(`/marketing/deals/${id}/update`, body, { silent: true }),
  end: (id: number) => http.post<DealView>(`/marketing/deals/${id}/end`, {}, { silent: true }),
};

export function useInvalidateDeals() {
  const client = useQueryClient();
  return () => client.invalidateQueries({ queryKey: dealKeys.all });
}
