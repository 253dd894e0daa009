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
import { http } from '../../../lib/http.ts';

/** The one query-key factory of the seller's vouchers; every change invalidates them all. */
export const voucherKeys = {
  all: ['vouchers'] as const,
  list: (status: VoucherStatus) => [...voucherKeys.all, 'list', status] as const,
  settings: () => [...voucherKeys.all, 'settings'] as const,
};

/** A shop has few vouchers at a time: one page of the largest size per status. */
const LIST_PAGE = { page: 1, pageSize: 100 };

export function useVoucherList(status: VoucherStatus) {
  return useQuery({
    queryKey: voucherKeys.list(status),
    queryFn: ({ signal }) => http.get<VoucherListAnswer>('/marketing/vouchers', { status, ...LIST_PAGE }, { signal, silent: true }),
    placeholderData: keepPreviousData,
    staleTime: 0,
  });
}

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
