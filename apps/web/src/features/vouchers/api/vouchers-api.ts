import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type {
  PromotionSettings,
  VoucherBody,
  VoucherListAnswer,
  VoucherMargin,
  VoucherSaveAnswer,
  VoucherStatus,
  VoucherView,
} from '@shopdesk/shared/marketing/vouchers';
import type { PromotionResultWindow } from '@shopdesk/shared/marketing/promotion-results';
import { http } from '../../../lib/http.ts';
import type { PromotionResultsSource } from '../../../lib/use-promotion-results.ts';

/** The one query-key factory of the seller's vouchers; every change invalidates them all. */
export const voucherKeys = {
  all: ['vouchers'] as const,
  list: (status: VoucherStatus, endingSoon = false) => [...voucherKeys.all, 'list', status, endingSoon] as const,
  results: (id: number, days: PromotionResultWindow) => [...voucherKeys.all, 'results', id, days] as const,
  settings: () => [...voucherKeys.all, 'settings'] as const,
};

/** A shop has few vouchers at a time: one page of the largest size per status. */
const LIST_PAGE = { page: 1, pageSize: 100 };

/** `endingSoon`: only the running vouchers ending within 24 hours (the dashboard's to-do link); `enabled` false asks nothing yet. */
export function useVoucherList(status: VoucherStatus, endingSoon = false, enabled = true) {
  return useQuery({
    queryKey: voucherKeys.list(status, endingSoon),
    queryFn: ({ signal }) => http.get<VoucherListAnswer>('/marketing/vouchers', { status, ending: endingSoon ? 'soon' : undefined, ...LIST_PAGE }, { signal, silent: true }),
    placeholderData: keepPreviousData,
    staleTime: 0,
    enabled,
  });
}

/** Where a voucher's results are (GET …/results and …/results.csv) and how they are cached. */
export const voucherResultsSource: PromotionResultsSource = { kind: 'voucher', path: (id) => `/marketing/vouchers/${id}`, queryKey: voucherKeys.results };

export function usePromotionSettings() {
  return useQuery({
    queryKey: voucherKeys.settings(),
    queryFn: ({ signal }) => http.get<PromotionSettings>('/marketing/promotionSettings', undefined, { signal, silent: true }),
  });
}

/** Refusals are shown by the screen (at their field, or above the form). */
export const voucherCalls = {
  preview: (body: VoucherBody) => http.post<VoucherMargin>('/marketing/vouchers/preview', body, { silent: true }),
  create: (body: VoucherBody) => http.post<VoucherSaveAnswer>('/marketing/vouchers/create', body, { silent: true }),
  update: (id: number, body: VoucherBody) => http.post<VoucherSaveAnswer>(`/marketing/vouchers/${id}/update`, body, { silent: true }),
  end: (id: number) => http.post<VoucherView>(`/marketing/vouchers/${id}/end`, {}, { silent: true }),
  saveSettings: (body: PromotionSettings) => http.post<PromotionSettings>('/marketing/promotionSettings', body, { silent: true }),
};

export function useInvalidateVouchers() {
  const client = useQueryClient();
  return () => client.invalidateQueries({ queryKey: voucherKeys.all });
}

export function useSavePromotionSettings() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: voucherCalls.saveSettings,
    onSuccess: (answer) => client.setQueryData(voucherKeys.settings(), answer),
  });
}
