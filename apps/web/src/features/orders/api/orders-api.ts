import { keepPreviousData, useInfiniteQuery, useQuery } from '@tanstack/react-query';
import { encodePassword } from '@shopdesk/shared/auth/password-encoding';
import type { Paged } from '@shopdesk/shared/envelope';
import type { OrderDetail, OrderListAnswer, OrderView, PurchaseAnswer, RefundDecisionBody, RefundView } from '@shopdesk/shared/orders/schemas';
import type { AccountBalance } from '@shopdesk/shared/wallet/schemas';
import { http } from '../../../lib/http.ts';
import { tzOffsetMinutes } from '../../../lib/time-zone.ts';
import { nextPageOf, SCROLL_PAGE_SIZE } from '../../wallet/api/wallet-api.ts';

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
  orderIds?: string[];
  /** Any part of the order id, product, buyer, receiver name or phone. */
  keyword?: string;
  from?: string;
  to?: string;
  tzOffset: number;
}

export function useOrders(q: OrderListQuery, enabled = true) {
  return useQuery({
    queryKey: orderKeys.list(q),
    queryFn: ({ signal }) => http.post<OrderListAnswer>('/order/getOrderList', q, { signal, silent: true, offlineRead: true }),
    placeholderData: keepPreviousData,
    enabled,
  });
}

/** The phone's orders list of one status tab (and search), a page at a time as the seller scrolls. */
export function useInfiniteOrders(filters: Pick<OrderListQuery, 'tab' | 'orderIds' | 'keyword'>, enabled = true) {
  return useInfiniteQuery({
    queryKey: orderKeys.list({ ...filters, mobile: true }),
    queryFn: ({ pageParam, signal }) =>
      http.post<OrderListAnswer>('/order/getOrderList', { ...filters, page: pageParam, pageSize: SCROLL_PAGE_SIZE, tzOffset: tzOffsetMinutes() }, { signal, silent: true, offlineRead: true }),
    initialPageParam: 1,
    getNextPageParam: nextPageOf,
    enabled,
  });
}

export function useOrderDetail(orderId: string | null) {
  return useQuery({
    queryKey: orderKeys.detail(orderId ?? ''),
    queryFn: ({ signal }) => http.get<OrderDetail>('/order/getOrderDetail', { orderId: orderId ?? '' }, { signal, silent: true }),
    enabled: Boolean(orderId),
  });
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
    queryFn: ({ signal }) => http.post<Paged<RefundView>>('/order/refundList', q, { signal, silent: true, offlineRead: true }),
    placeholderData: keepPreviousData,
  });
}

export interface PurchaseBody {
  orderIds: string[];
  /** The plain 6-digit fund password; it travels base64-encoded (SPEC §5). */
  fundPassword: string;
}

/** POST /api/order/purchaseOrder; refusals (wrong fund password, short balance) are shown by the caller. */
export function purchaseOrders(body: PurchaseBody, idempotencyKey: string): Promise<PurchaseAnswer> {
  return http.post<PurchaseAnswer>(
    '/order/purchaseOrder',
    { orderIds: body.orderIds, fundPassword: encodePassword(body.fundPassword) },
    { idempotencyKey, silent: true },
  );
}

export interface RefundDecision {
  orderId: string;
  approve: boolean;
  rejectReason?: string;
}

/** POST /api/order/refundDecision: approve, or reject with a reason. */
export function decideRefund(decision: RefundDecision, idempotencyKey: string): Promise<OrderView> {
  const body: RefundDecisionBody = decision;
  return http.post<OrderView>('/order/refundDecision', body, { idempotencyKey, silent: true });
}
