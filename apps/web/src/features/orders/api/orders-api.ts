import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { encodePassword } from '@shopdesk/shared/auth/schemas';
import type { OrderDetail, OrderListAnswer, OrderView, PurchaseAnswer, RefundView } from '@shopdesk/shared/orders/schemas';
import { http } from '../../../lib/http.ts';
import { walletKeys } from '../../wallet/api/wallet-api.ts';
import { pendingCountKey } from './pending-count.ts';

/** Query keys of orders; every key starts with 'orders', like the sidebar's pending count. */
export const orderKeys = {
  all: ['orders'] as const,
  list: (q: object) => [...orderKeys.all, 'list', q] as const,
  detail: (orderId: string) => [...orderKeys.all, 'detail', orderId] as const,
  refunds: (q: object) => [...orderKeys.all, 'refunds', q] as const,
  balance: () => [...orderKeys.all, 'accountBalance'] as const,
};

export interface OrderListQuery {
  page: number;
  pageSize: number;
  tab: string;
  orderNos?: string[];
  from?: string;
  to?: string;
  tzOffset: number;
}

export function useOrders(q: OrderListQuery, refetchInterval?: number) {
  return useQuery({
    queryKey: orderKeys.list(q),
    queryFn: ({ signal }) => http.post<OrderListAnswer>('/order/getOrderList', q, { signal, silent: true }),
    placeholderData: keepPreviousData,
    refetchInterval,
  });
}

export function useOrderDetail(orderId: string | null) {
  return useQuery({
    queryKey: orderKeys.detail(orderId ?? ''),
    queryFn: ({ signal }) => http.get<OrderDetail>('/order/getOrderDetail', { orderId: orderId ?? '' }, { signal, silent: true }),
    enabled: Boolean(orderId),
  });
}

export interface AccountBalance {
  availableCents: number;
  frozenCents: number;
  balanceCents: number;
}

export function useAccountBalance(enabled = true) {
  return useQuery({
    queryKey: orderKeys.balance(),
    queryFn: ({ signal }) => http.get<AccountBalance>('/order/getAccountBalance', undefined, { signal, silent: true }),
    enabled,
    staleTime: 0,
  });
}

export interface RefundListQuery {
  page: number;
  pageSize: number;
  refundStatus: string;
}

export function useRefunds(q: RefundListQuery) {
  return useQuery({
    queryKey: orderKeys.refunds(q),
    queryFn: ({ signal }) => http.post<{ list: RefundView[]; total: number; page: number; pageSize: number }>('/order/refundList', q, { signal, silent: true }),
    placeholderData: keepPreviousData,
  });
}

/** After money moved: orders (list, detail, the pending badge), the balance and the wallet. */
function useInvalidateAfterMoney() {
  const queryClient = useQueryClient();
  return () =>
    Promise.all([
      queryClient.invalidateQueries({ queryKey: orderKeys.all }),
      queryClient.invalidateQueries({ queryKey: pendingCountKey }),
      queryClient.invalidateQueries({ queryKey: walletKeys.all }),
      queryClient.invalidateQueries({ queryKey: ['catalog'] }),
    ]);
}

export interface PurchaseInput {
  orderIds: string[];
  /** The plain 6-digit fund password; it travels base64-encoded (SPEC §5). */
  fundPassword: string;
  idempotencyKey: string;
}

export function usePurchase() {
  const invalidate = useInvalidateAfterMoney();
  return useMutation({
    mutationFn: (input: PurchaseInput) =>
      http.post<PurchaseAnswer>(
        '/order/purchaseOrder',
        { orderIds: input.orderIds, fundPassword: encodePassword(input.fundPassword) },
        { headers: { 'Idempotency-Key': input.idempotencyKey }, silent: true },
      ),
    onSettled: invalidate,
  });
}

export interface RefundDecisionInput {
  orderNo: string;
  approve: boolean;
  rejectReason?: string;
  idempotencyKey: string;
}

export function useRefundDecision() {
  const invalidate = useInvalidateAfterMoney();
  return useMutation({
    mutationFn: ({ idempotencyKey, ...body }: RefundDecisionInput) =>
      http.post<OrderView>('/order/refundDecision', body, { headers: { 'Idempotency-Key': idempotencyKey }, silent: true }),
    onSettled: invalidate,
  });
}
