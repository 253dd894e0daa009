import { useState } from 'react';
import type { OrderView, RefundView } from '@shopdesk/shared/orders/schemas';
import { DEFAULT_PAGE_SIZE } from '../../../lib/list-params.ts';
import { useSearchState } from '../../../lib/use-search-state.ts';
import { useRefunds } from '../api/orders-api.ts';
import { orderActionsOf, parseRefundsSearch, REFUND_FILTERS, type RefundFilter } from '../order-helpers.ts';

/** Waiting requests first: the list opens on them, and that default stays out of the URL. */
const DEFAULTS = { page: 1, pageSize: DEFAULT_PAGE_SIZE, status: 'refunding' };

/** Whether the request still waits for the seller's decision. */
const waiting = (r: RefundView) => orderActionsOf(r).refund;

/**
 * The refund requests (SPEC §2 /products/refunds; on the phone they are the orders list's `refunds`
 * tab, `useOrdersScreen`): the status filter and the page in the URL, the page of requests, and the
 * request being decided, the order whose detail is open and the order being purchased from it.
 */
export function useRefundsScreen() {
  const [state, update] = useSearchState(parseRefundsSearch, DEFAULTS);
  const refunds = useRefunds({ page: state.page, pageSize: state.pageSize, refundStatus: state.status });
  const [deciding, setDeciding] = useState<RefundView | null>(null);
  const [detailId, setDetailId] = useState<string | null>(null);
  const [purchasing, setPurchasing] = useState<OrderView[] | null>(null);
  return {
    state,
    filters: REFUND_FILTERS,
    setStatus: (status: RefundFilter) => update({ status }),
    setPage: (page: number, pageSize: number) => update({ page, pageSize }),
    refunds,
    waiting,
    deciding,
    decide: setDeciding as (r: RefundView) => void,
    closeDecision: () => setDeciding(null),
    detailId,
    openDetail: setDetailId as (orderId: string) => void,
    closeDetail: () => setDetailId(null),
    purchasing,
    purchase: (o: OrderView) => setPurchasing([o]),
    closePurchase: () => setPurchasing(null),
  };
}
