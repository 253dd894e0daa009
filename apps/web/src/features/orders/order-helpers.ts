import { ORDERS } from '@shopdesk/shared/constants';
import { orderIdsField, type OrderView } from '@shopdesk/shared/orders/schemas';
import { isRefundWaiting, REFUND_STATUSES, type OrderTab } from '@shopdesk/shared/orders/lifecycle';
import { parseChoice, parseDateRange, parsePage, parseText, type PageState } from '../../lib/list-params.ts';
import { tzOffsetMinutes } from '../../lib/time-zone.ts';

/**
 * The status tabs of the orders pages in display order: every one of the API's `tab` filters
 * (ORDER_TABS of packages/shared/src/orders/lifecycle.ts, which says what each shows), so each
 * figure of the dashboard's order statistics (ORDER_STAT_TABS) links to a tab that shows its orders.
 */
export const ORDER_PAGE_TABS = ['all', 'unpaid', 'to_purchase', 'pending_shipment', 'in_transit', 'signed', 'cancelled', 'refunds'] as const satisfies readonly OrderTab[];
export type OrderPageTab = (typeof ORDER_PAGE_TABS)[number];

export interface OrdersSearch extends PageState {
  tab: OrderPageTab;
  /** What the seller typed in the search box (URL `q`, the phone's `keyword`; `ids` is the older name). */
  q?: string;
  from?: string;
  to?: string;
}

export function parseOrdersSearch(search: URLSearchParams): OrdersSearch {
  return {
    ...parsePage(search),
    tab: parseChoice(search.get('tab'), ORDER_PAGE_TABS) ?? 'all',
    q: parseText(search.get('q') ?? search.get('ids') ?? search.get('keyword'), 4000),
    ...parseDateRange(search),
  };
}

/** Order ids typed "a, b c" (several at once) as the server reads them. */
export function parseOrderIds(text: string | undefined): string[] {
  if (!text) return [];
  const parsed = orderIdsField.safeParse(text);
  return parsed.success ? parsed.data : [];
}

/** Text listing several order ids: separated by commas or semicolons (any script's). */
const ID_LIST = /[,;，、]/;

/**
 * The search box as the API reads it: several ids separated by commas ("A1, B2") look those
 * orders up exactly; anything else is a keyword matched against any part of the order id,
 * product, buyer, receiver name and phone.
 */
export function orderSearchOf(text: string | undefined): { orderIds?: string[]; keyword?: string } {
  const trimmed = text?.trim();
  if (!trimmed) return {};
  if (ID_LIST.test(trimmed)) {
    const ids = parseOrderIds(trimmed);
    return ids.length ? { orderIds: ids } : {};
  }
  return { keyword: trimmed.slice(0, ORDERS.SEARCH_TEXT_MAX) };
}

/** The list filters of the API (and the CSV export) for a URL state. */
export function orderFiltersOf(s: OrdersSearch) {
  return { tab: s.tab, ...orderSearchOf(s.q), from: s.from, to: s.to, tzOffset: tzOffsetMinutes() };
}

/** Seconds left until a deadline (never negative). */
export function secondsLeft(deadlineIso: string, now = Date.now()): number {
  return Math.max(0, Math.ceil((Date.parse(deadlineIso) - now) / 1000));
}

/** "05:03:09" under a day, "1d 02:00:00" above; 0 is "00:00:00". */
export function formatCountdown(totalSeconds: number): string {
  const s = Math.max(0, Math.floor(totalSeconds));
  const days = Math.floor(s / 86_400);
  const hh = String(Math.floor((s % 86_400) / 3600)).padStart(2, '0');
  const mm = String(Math.floor((s % 3600) / 60)).padStart(2, '0');
  const ss = String(s % 60).padStart(2, '0');
  return `${days > 0 ? `${days}d ` : ''}${hh}:${mm}:${ss}`;
}

/** What the seller can do with an order now, on every device: purchase its stock, decide its refund request. */
export function orderActionsOf(o: Pick<OrderView, 'awaitingPurchase' | 'paymentStatus' | 'purchaseStatus' | 'shippingStatus' | 'refundStatus'>): { purchase: boolean; refund: boolean } {
  return { purchase: o.awaitingPurchase, refund: isRefundWaiting(o) };
}

/** Orders of a selection the seller can still purchase, at most one batch of them. */
export function purchasable<T extends Pick<OrderView, 'awaitingPurchase'>>(orders: readonly T[]): T[] {
  return orders.filter((o) => o.awaitingPurchase).slice(0, ORDERS.PURCHASE_BATCH_MAX);
}

export function sumPurchase(orders: readonly Pick<OrderView, 'purchaseAmountCents'>[]): number {
  return orders.reduce((sum, o) => sum + o.purchaseAmountCents, 0);
}

export const REFUND_FILTERS = ['all', ...REFUND_STATUSES] as const;
export type RefundFilter = (typeof REFUND_FILTERS)[number];

export interface RefundsSearch extends PageState {
  status: RefundFilter;
}

export function parseRefundsSearch(search: URLSearchParams): RefundsSearch {
  return { ...parsePage(search), status: parseChoice(search.get('status'), REFUND_FILTERS) ?? 'refunding' };
}

