import { useCallback, useMemo, useState, type Key } from 'react';
import { useNavigate } from 'react-router';
import { ORDERS } from '@shopdesk/shared/constants';
import type { OrderView } from '@shopdesk/shared/orders/schemas';
import type { ListLayout } from '../../../lib/list-params.ts';
import { useSearchState } from '../../../lib/use-search-state.ts';
import { useInfiniteOrders, useOrders } from '../api/orders-api.ts';
import { ORDER_PAGE_TABS, orderFiltersOf, orderSearchOf, parseOrdersSearch, purchasable, sumPurchase, type OrderPageTab } from '../order-helpers.ts';

/** Tabs of the phone's list where orders waiting for purchase are listed, so a batch can be picked. */
const PICKING_TABS: readonly OrderPageTab[] = ['all', 'to_purchase'];

/** What a toggle of an order in the batch did: picked, unpicked, or refused at the batch's limit. */
export type PickResult = 'picked' | 'unpicked' | 'limit';

/**
 * The orders list (SPEC §2 orders; the phone's refund requests are its `refunds` tab) on both
 * devices: the status tab, the search text, the date range and the page in the URL (the phone
 * names its search `keyword`, the desktop `q`, as the device switch maps them); the list of the
 * layout (the desktop's table asks page by page with the date range, the phone's feed scrolls);
 * the orders picked for a batch purchase (only those waiting for purchase, at most one batch); the
 * order being purchased (one, or the batch), the refund being decided and the order whose detail is
 * open; and the CSV export's filters.
 */
export function useOrdersScreen(layout: ListLayout) {
  const navigate = useNavigate();
  const [state, update] = useSearchState(parseOrdersSearch);
  const filters = useMemo(() => orderFiltersOf(state), [state]);
  const table = useOrders({ ...filters, page: state.page, pageSize: state.pageSize }, layout === 'table');
  // The phone has no date filter: a range in its address (from a desktop link) is not applied unseen.
  const feed = useInfiniteOrders({ tab: state.tab, ...orderSearchOf(state.q) }, layout === 'feed');
  const loaded = useMemo(() => feed.data?.pages.flatMap((p) => p.list) ?? [], [feed.data]);
  /** Picked for a batch purchase; the phone shows the picking bar only while this is not null. */
  const [picked, setPicked] = useState<Map<string, OrderView> | null>(layout === 'table' ? new Map() : null);
  const [purchasing, setPurchasing] = useState<OrderView[] | null>(null);
  const [refunding, setRefunding] = useState<OrderView | null>(null);
  const [detailId, setDetailId] = useState<string | null>(null);
  // Stable: the desktop's table columns are built once and call it.
  const openDetail = useCallback(
    (o: Pick<OrderView, 'orderId'>) => (layout === 'table' ? setDetailId(o.orderId) : void navigate(`/m/order-detail?orderId=${encodeURIComponent(o.orderId)}`)),
    [layout, navigate],
  );

  const textParam = layout === 'table' ? 'q' : 'keyword';
  const replace = layout === 'feed';
  const restartPicking = () => setPicked(layout === 'table' ? new Map() : null);
  /** The orders of the phone's loaded pages that wait for purchase: the ones a batch can take. */
  const awaiting = loaded.filter((o) => o.awaitingPurchase);
  const pickedList = picked ? [...picked.values()] : [];
  const firstBatch = awaiting.slice(0, ORDERS.PURCHASE_BATCH_MAX);

  return {
    state,
    tabs: ORDER_PAGE_TABS,
    /** A search (or, on the desktop, a date range) narrows the list: its empty state says so. */
    filtered: Boolean(state.q || (layout === 'table' && (state.from || state.to))),
    table,
    feed,
    setTab: (tab: OrderPageTab) => {
      restartPicking();
      update({ tab: tab === 'all' ? undefined : tab }, { replace });
    },
    search: (text: string | undefined) => {
      // The desktop keeps its selection across searches and pages, as across the table's pages.
      if (layout === 'feed') setPicked(null);
      update({ q: undefined, ids: undefined, keyword: undefined, [textParam]: text }, { replace });
    },
    setDates: (from: string | undefined, to: string | undefined) => update({ from, to }),
    setPage: (page: number, pageSize: number) => update({ page, pageSize }),
    resetFilters: () => update({ q: undefined, ids: undefined, from: undefined, to: undefined }),
    /** The filters of the CSV export: those of the list, without its page. */
    exportParams: { tab: filters.tab, orderIds: filters.orderIds?.join(','), keyword: filters.keyword, from: filters.from, to: filters.to, tzOffset: filters.tzOffset },

    /** The desktop table's selection (rows waiting for purchase only; kept across its pages). */
    selectedKeys: pickedList.map((o) => o.orderId),
    selectable: (o: OrderView) => o.awaitingPurchase,
    select: (keys: readonly Key[], rows: readonly (OrderView | undefined)[]) =>
      setPicked((current) => {
        const next = new Map<string, OrderView>();
        for (const key of keys) {
          const row = rows.find((r) => r?.orderId === key) ?? current?.get(String(key));
          if (row) next.set(String(key), row);
        }
        return next;
      }),
    /** Opens the purchase of the selection's orders still waiting (one batch); false when there are none. */
    purchaseSelection: (): boolean => {
      const list = purchasable(pickedList);
      if (list.length === 0) return false;
      setPurchasing(list);
      return true;
    },

    /** The phone offers picking a batch on the tabs that list waiting orders, when there are two or more. */
    canPick: PICKING_TABS.includes(state.tab) && awaiting.length > 1,
    picking: picked !== null,
    pickedList,
    pickedTotalCents: sumPurchase(pickedList),
    isPicked: (o: OrderView) => picked?.has(o.orderId) ?? false,
    startPicking: () => setPicked(new Map()),
    stopPicking: () => setPicked(null),
    toggle: (o: OrderView): PickResult => {
      const current = picked ?? new Map<string, OrderView>();
      if (current.has(o.orderId)) {
        const next = new Map(current);
        next.delete(o.orderId);
        setPicked(next);
        return 'unpicked';
      }
      if (current.size >= ORDERS.PURCHASE_BATCH_MAX) return 'limit';
      setPicked(new Map(current).set(o.orderId, o));
      return 'picked';
    },
    allPicked: picked !== null && firstBatch.length > 0 && firstBatch.every((o) => picked.has(o.orderId)),
    pickAll: (on: boolean) => setPicked(on ? new Map(firstBatch.map((o) => [o.orderId, o])) : new Map()),
    batchMax: ORDERS.PURCHASE_BATCH_MAX,

    purchasing,
    /** Opens the purchase of these orders (stable, like `decideRefund` and `openDetail`). */
    purchase: setPurchasing as (orders: OrderView[]) => void,
    /** The purchase closed: a batch is done with, so the selection starts again. */
    closePurchase: () => {
      if (layout === 'table') setPicked(new Map());
      setPurchasing(null);
    },
    /** The phone's sheet went through: a batch is done with, so picking ends. */
    purchased: () => {
      if (purchasing && purchasing.length > 1) setPicked(null);
    },
    refunding,
    decideRefund: setRefunding as (o: OrderView) => void,
    closeRefund: () => setRefunding(null),
    detailId,
    /** The order's detail: the desktop's drawer, the phone's page. */
    openDetail,
    closeDetail: () => setDetailId(null),
  };
}
