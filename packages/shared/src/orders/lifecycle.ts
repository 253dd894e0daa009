import type { ErrorKey } from '../errors.ts';

/**
 * The order lifecycle (SPEC §4), the one place its words are spelled: the statuses, which may
 * follow which, the events that move an order, the list tabs of the seller and of the buyer (which
 * statuses each tab means) and the one status label each of them reads. The server's guards,
 * status updates and SQL predicates (apps/server/src/modules/orders/order-lifecycle.ts) and the
 * web app's tabs and labels are derived from these tables; a lint rule (eslint-rules/order-status.js)
 * refuses order-status literals anywhere else.
 *
 * An order has four statuses side by side; the refund one starts as 'none' (NULL in the table).
 */
export const PAYMENT_STATUSES = ['pending', 'paid', 'cancelled', 'completed'] as const;
export const PURCHASE_STATUSES = ['to_purchase', 'purchasing', 'purchased', 'failed'] as const;
export const SHIPPING_STATUSES = ['pending_shipment', 'in_transit', 'signed'] as const;
export const REFUND_STATUSES = ['refunding', 'approved', 'rejected'] as const;
export const REFUND_REASONS = ['dislike', 'logistics', 'quality', 'other'] as const;
export const PAYMENT_METHODS = ['balance', 'usdt', 'card'] as const;

export type PaymentStatus = (typeof PAYMENT_STATUSES)[number];
export type PurchaseStatus = (typeof PURCHASE_STATUSES)[number];
export type ShippingStatus = (typeof SHIPPING_STATUSES)[number];
export type RefundStatus = (typeof REFUND_STATUSES)[number];
export type RefundReason = (typeof REFUND_REASONS)[number];
export type PaymentMethod = (typeof PAYMENT_METHODS)[number];

export const ORDER_STATUS_VALUES = {
  payment: PAYMENT_STATUSES,
  purchase: PURCHASE_STATUSES,
  shipping: SHIPPING_STATUSES,
  refund: ['none', ...REFUND_STATUSES],
} as const;

export type OrderDimension = keyof typeof ORDER_STATUS_VALUES;
export type StatusOf<D extends OrderDimension> = (typeof ORDER_STATUS_VALUES)[D][number];
export type OrderState = { [D in OrderDimension]: StatusOf<D> };
type StatusFlow = { readonly [D in OrderDimension]: { readonly [S in StatusOf<D>]: readonly StatusOf<D>[] } };

/** An order's four status columns as a row holds them (the refund one NULL while none was asked). */
export type StatusRow = { paymentStatus: string; purchaseStatus: string; shippingStatus: string; refundStatus: string | null };

/** Which status may follow which, per dimension. A status with no successor is final. */
export const ORDER_STATUS_FLOW: StatusFlow = {
  payment: {
    pending: ['paid', 'cancelled'],
    paid: ['cancelled', 'completed'],
    cancelled: [],
    completed: [],
  },
  purchase: {
    to_purchase: ['purchasing', 'purchased', 'failed'],
    purchasing: ['purchased', 'failed'],
    failed: ['purchasing', 'purchased'],
    purchased: [],
  },
  shipping: {
    pending_shipment: ['in_transit'],
    in_transit: ['signed'],
    signed: [],
  },
  refund: {
    none: ['refunding'],
    refunding: ['approved', 'rejected'],
    approved: [],
    rejected: [],
  },
};

/**
 * A condition on an order's statuses: for each dimension named, the statuses it may be in (a
 * dimension not named is free). Events start from one, tabs show the orders in one; the server
 * writes each as SQL (orderConditionSql) and the web app tests it in memory (orderMatches).
 */
export type OrderCondition = { readonly [D in OrderDimension]?: readonly StatusOf<D>[] };

/** The refusal for a status outside an event's `from`: one error key, or one per status ('*' for the rest). */
export type Refusal<D extends OrderDimension> = ErrorKey | { readonly [S in StatusOf<D> | '*']?: ErrorKey };

export interface OrderEvent {
  /** The statuses the event may start from, checked in this order; a dimension not listed is free. */
  readonly from: OrderCondition;
  /** The statuses the event sets. */
  readonly to: { readonly [D in OrderDimension]?: StatusOf<D> };
  /** Error keys for refusals, by dimension; ORDER_REFUSALS, then INVALID_STATE otherwise. */
  readonly refused?: { readonly [D in OrderDimension]?: Refusal<D> };
}

/** Refusals that read the same for every event (SPEC §8 error keys). */
export const ORDER_REFUSALS: { readonly [D in OrderDimension]?: { readonly [S in StatusOf<D>]?: ErrorKey } } = {
  payment: { cancelled: 'ORDER_CANCELLED' },
  purchase: { purchased: 'ALREADY_PURCHASED' },
  refund: { refunding: 'REFUND_PENDING' },
};

const NOT_PURCHASED = ['to_purchase', 'purchasing', 'failed'] as const;
const REFUND_NOT_APPROVED = ['none', 'refunding', 'rejected'] as const;
const REFUND_NOT_WAITING = ['none', 'rejected'] as const;
const REFUND_ASKED = REFUND_STATUSES;

/** Everything that happens to an order, the one table every guard and predicate is read from. */
export const ORDER_EVENTS = {
  /** The seller buys the stock (the order "awaits purchase" exactly while this is allowed). */
  purchase: {
    from: { purchase: NOT_PURCHASED, payment: ['paid'], refund: REFUND_NOT_WAITING },
    to: { purchase: 'purchased' },
  },
  /** The buyer cancels before the seller purchased. */
  cancel: {
    from: { purchase: NOT_PURCHASED, payment: ['paid'], refund: REFUND_NOT_WAITING },
    to: { payment: 'cancelled' },
  },
  /** The carrier picks up a purchased order (a refund may be waiting). */
  ship: {
    from: { purchase: ['purchased'], payment: ['paid'], refund: REFUND_NOT_APPROVED, shipping: ['pending_shipment'] },
    to: { shipping: 'in_transit' },
    refused: { purchase: 'INVALID_STATE', payment: 'INVALID_STATE', refund: 'INVALID_STATE' },
  },
  /** The buyer signs: the order settles (escrow pays the seller). */
  sign: {
    from: { purchase: ['purchased'], payment: ['paid'], refund: REFUND_NOT_APPROVED, shipping: ['in_transit'] },
    to: { shipping: 'signed', payment: 'completed' },
    refused: { purchase: 'INVALID_STATE', payment: 'INVALID_STATE', refund: 'INVALID_STATE' },
  },
  /** The buyer asks for a refund, once per order. */
  requestRefund: {
    from: { refund: ['none'], payment: ['paid', 'completed'] },
    to: { refund: 'refunding' },
    refused: { refund: 'REFUND_ALREADY_REQUESTED' },
  },
  /** The seller rejects a waiting refund request. */
  rejectRefund: {
    from: { refund: ['refunding'] },
    to: { refund: 'rejected' },
    refused: { refund: { none: 'INVALID_STATE', '*': 'ALREADY_DECIDED' } },
  },
  /** Approval before the purchase: the buyer's payment back from escrow, the order cancelled. */
  approveRefundBeforePurchase: {
    from: { refund: ['refunding'], purchase: NOT_PURCHASED, payment: ['paid'] },
    to: { refund: 'approved', payment: 'cancelled' },
    refused: { refund: { none: 'INVALID_STATE', '*': 'ALREADY_DECIDED' }, purchase: 'INVALID_STATE', payment: 'INVALID_STATE' },
  },
  /** Approval after the purchase, before settlement: purchase amount back to the seller, payment to the buyer. */
  approveRefundAfterPurchase: {
    from: { refund: ['refunding'], purchase: ['purchased'], payment: ['paid'] },
    to: { refund: 'approved' },
    refused: { refund: { none: 'INVALID_STATE', '*': 'ALREADY_DECIDED' }, purchase: 'INVALID_STATE', payment: 'INVALID_STATE' },
  },
  /** Approval after settlement: the buyer's money comes from the seller's available balance. */
  approveRefundAfterSettlement: {
    from: { refund: ['refunding'], payment: ['completed'] },
    to: { refund: 'approved' },
    refused: { refund: { none: 'INVALID_STATE', '*': 'ALREADY_DECIDED' }, payment: 'INVALID_STATE' },
  },
  /** The buyer reviews a signed order (the review itself is once per order, by a unique key). */
  review: {
    from: { shipping: ['signed'] },
    to: {},
    refused: { shipping: 'REVIEW_NOT_ALLOWED' },
  },
} as const satisfies Record<string, OrderEvent>;

export type OrderEventName = keyof typeof ORDER_EVENTS;

/** The approvals of a refund request, by where the order stands; the first allowed one applies. */
export const REFUND_APPROVALS = ['approveRefundAfterSettlement', 'approveRefundAfterPurchase', 'approveRefundBeforePurchase'] as const satisfies readonly OrderEventName[];
export type RefundApproval = (typeof REFUND_APPROVALS)[number];

/** A new order at checkout: paid into escrow, waiting for the seller's purchase. */
export const INITIAL_ORDER_STATE = { paymentStatus: 'paid', purchaseStatus: 'to_purchase', shippingStatus: 'pending_shipment', refundStatus: null } as const;

/** The statuses a carrier may report (POST /api/carrier/update): what the ship and sign events set. */
export const CARRIER_STATUSES = [ORDER_EVENTS.ship.to.shipping, ORDER_EVENTS.sign.to.shipping] as const;
export type CarrierStatus = (typeof CARRIER_STATUSES)[number];

/**
 * Conditions read by more than one place, by meaning. The waiting ones are events' `from`: an
 * order "awaits purchase" exactly while the purchase event may happen.
 */
export const ORDER_CONDITIONS = {
  /** Paid by the buyer, not purchased yet, no refund waiting or approved: the pending badge, the countdown, the overtime job. */
  awaitingPurchase: ORDER_EVENTS.purchase.from,
  /** Purchased, waiting for the carrier. */
  awaitingShipment: ORDER_EVENTS.ship.from,
  /** A refund request waiting for the seller's decision. */
  refundWaiting: ORDER_EVENTS.rejectRefund.from,
  /** Any refund request, decided or not. */
  refundAsked: { refund: REFUND_ASKED },
  /** A sale: paid (or settled) and not refunded — what the dashboard's orders, sales and profit count. */
  sale: { payment: ['paid', 'completed'], refund: REFUND_NOT_APPROVED },
  /** A settled sale not refunded — the wallet's total earnings. */
  settledSale: { payment: ['completed'], refund: REFUND_NOT_APPROVED },
} as const satisfies Record<string, OrderCondition>;

/**
 * The seller's order list tabs (desktop /orders, phone /m/orders?tab=…, `tab` of getOrderList),
 * each the statuses it shows:
 * - to_purchase: paid, not yet purchased, no refund waiting — what the pending badge counts;
 * - pending_shipment: purchased, waiting for the carrier; in_transit; signed;
 * - refunds: any refund request; cancelled: payment cancelled; unpaid: payment pending.
 */
export const ORDER_TABS = ['all', 'unpaid', 'to_purchase', 'pending_shipment', 'in_transit', 'signed', 'refunds', 'cancelled'] as const;
export type OrderTab = (typeof ORDER_TABS)[number];
export const ORDER_TAB_CONDITIONS = {
  all: {},
  unpaid: { payment: ['pending'] },
  to_purchase: ORDER_CONDITIONS.awaitingPurchase,
  pending_shipment: ORDER_CONDITIONS.awaitingShipment,
  in_transit: { shipping: ['in_transit'] },
  signed: { shipping: ['signed'] },
  refunds: ORDER_CONDITIONS.refundAsked,
  cancelled: { payment: ['cancelled'] },
} as const satisfies Record<OrderTab, OrderCondition>;

/**
 * The buyer's order tabs in the mall (GET /api/buyer/orders?status=…), in display order. The
 * buyer's "to ship" is every paid order not yet handed to the carrier, whether or not the seller
 * has bought the stock (that is the seller's business): wider on purpose than the seller's
 * pending_shipment (docs/decisions.md, "One order-status vocabulary").
 */
export const BUYER_ORDER_TABS = ['all', 'unpaid', 'to_ship', 'shipping', 'signed', 'refund'] as const;
export type BuyerOrderTab = (typeof BUYER_ORDER_TABS)[number];
export const BUYER_ORDER_TAB_CONDITIONS = {
  all: {},
  unpaid: { payment: ['pending'] },
  to_ship: { payment: ['paid'], shipping: ['pending_shipment'] },
  shipping: { payment: ['pending', 'paid', 'completed'], shipping: ['in_transit'] },
  signed: { shipping: ['signed'] },
  refund: ORDER_CONDITIONS.refundAsked,
} as const satisfies Record<BuyerOrderTab, OrderCondition>;

const eventOf = (name: OrderEventName): OrderEvent => ORDER_EVENTS[name];
const conditionEntries = (condition: OrderCondition) => Object.entries(condition) as [OrderDimension, readonly string[]][];

/** The four statuses of an order row, the refund one 'none' while no refund was asked. */
export function orderState(o: StatusRow): OrderState {
  return {
    payment: o.paymentStatus,
    purchase: o.purchaseStatus,
    shipping: o.shippingStatus,
    refund: o.refundStatus ?? 'none',
  } as OrderState;
}

/** Whether the order's statuses meet the condition. */
export function orderMatches(condition: OrderCondition, o: StatusRow): boolean {
  const state = orderState(o) as Record<OrderDimension, string>;
  return conditionEntries(condition).every(([dimension, allowed]) => allowed.includes(state[dimension]));
}

/** May `to` follow `from` in this dimension (ORDER_STATUS_FLOW)? */
export function mayFollow<D extends OrderDimension>(dimension: D, from: StatusOf<D>, to: StatusOf<D>): boolean {
  const next = (ORDER_STATUS_FLOW[dimension] as Record<string, readonly string[]>)[from];
  return next?.includes(to) ?? false;
}

/** Why the event may not happen to this order, or null when it may. */
export function orderEventRefusal(name: OrderEventName, o: StatusRow): ErrorKey | null {
  const event = eventOf(name);
  const state = orderState(o) as Record<OrderDimension, string>;
  for (const [dimension, allowed] of conditionEntries(event.from)) {
    const status = state[dimension];
    if (allowed.includes(status)) continue;
    const own = event.refused?.[dimension] as Refusal<OrderDimension> | undefined;
    const ownKey = typeof own === 'string' ? own : (own as Record<string, ErrorKey> | undefined)?.[status] ?? (own as Record<string, ErrorKey> | undefined)?.['*'];
    return ownKey ?? (ORDER_REFUSALS[dimension] as Record<string, ErrorKey> | undefined)?.[status] ?? 'INVALID_STATE';
  }
  return null;
}

export const canApplyOrderEvent = (name: OrderEventName, o: StatusRow): boolean => orderEventRefusal(name, o) === null;

/** The statuses the order has after the event (the event assumed allowed). */
export function afterOrderEvent(name: OrderEventName, o: StatusRow): StatusRow {
  const next = { ...o };
  for (const [dimension, status] of Object.entries(eventOf(name).to) as [OrderDimension, string][]) {
    if (dimension === 'payment') next.paymentStatus = status;
    else if (dimension === 'purchase') next.purchaseStatus = status;
    else if (dimension === 'shipping') next.shippingStatus = status;
    else next.refundStatus = status === 'none' ? null : status;
  }
  return next;
}

/**
 * Lifecycle self-check: every event moves each status only along ORDER_STATUS_FLOW, from every
 * status it may start from. Returns the problems found (none expected; a unit test asserts it).
 */
export function orderLifecycleProblems(): string[] {
  const problems: string[] = [];
  for (const [name, event] of Object.entries(ORDER_EVENTS) as [OrderEventName, OrderEvent][]) {
    for (const [dimension, to] of Object.entries(event.to) as [OrderDimension, string][]) {
      const from = (event.from as Record<string, readonly string[] | undefined>)[dimension] ?? ORDER_STATUS_VALUES[dimension];
      for (const status of from) {
        if (!mayFollow(dimension, status as never, to as never)) problems.push(`${name}: ${dimension} ${status} -> ${to}`);
      }
    }
  }
  return problems;
}

/** Waiting for the seller to purchase the stock (ORDER_CONDITIONS.awaitingPurchase). */
export const isAwaitingPurchase = (o: StatusRow): boolean => canApplyOrderEvent('purchase', o);

/** The stock was bought (the status the purchase event sets): a cancellation or refund no longer restocks. */
export const isPurchased = (o: Pick<StatusRow, 'purchaseStatus'>): boolean => o.purchaseStatus === ORDER_EVENTS.purchase.to.purchase;

/** Settled: escrow paid the seller (the payment status the sign event sets). */
export const isSettled = (o: Pick<StatusRow, 'paymentStatus'>): boolean => o.paymentStatus === ORDER_EVENTS.sign.to.payment;

/** The order was cancelled (the payment status a cancellation or an approval before purchase sets). */
export const isCancelled = (o: Pick<StatusRow, 'paymentStatus'>): boolean => o.paymentStatus === ORDER_EVENTS.cancel.to.payment;

/** A refund request waits for the seller's decision. */
export const isRefundWaiting = (o: StatusRow): boolean => orderMatches(ORDER_CONDITIONS.refundWaiting, o);

/** The approval of a waiting refund that applies where the order stands, or null. */
export function refundApprovalOf(o: StatusRow): RefundApproval | null {
  return REFUND_APPROVALS.find((event) => canApplyOrderEvent(event, o)) ?? null;
}

/**
 * The one status a person reads first for an order, a label key: the seller's `orders` catalog
 * (`stages.*`) or the mall's (`orders.status.*`). The two read the same order differently in two
 * places only: before shipping the seller sees whether the stock is bought (to_purchase, overdue
 * past its deadline, pending_shipment) where the buyer sees "to ship"; a cancelled order whose
 * refund was approved is "cancelled" to the seller (no sale) and "refunded" to the buyer (money back).
 */
export const SELLER_ORDER_STAGES = ['unpaid', 'cancelled', 'refunding', 'refunded', 'to_purchase', 'overdue', 'pending_shipment', 'in_transit', 'signed', 'completed'] as const;
export const BUYER_ORDER_STAGES = ['unpaid', 'cancelled', 'refunding', 'refunded', 'to_ship', 'in_transit', 'signed', 'completed'] as const;
export type SellerOrderStage = (typeof SELLER_ORDER_STAGES)[number];
export type BuyerOrderStage = (typeof BUYER_ORDER_STAGES)[number];
export type OrderStage = SellerOrderStage | BuyerOrderStage;

export function orderStage(o: StatusRow & { overdue?: boolean }, viewer: 'seller'): SellerOrderStage;
export function orderStage(o: StatusRow, viewer: 'buyer'): BuyerOrderStage;
export function orderStage(o: StatusRow & { overdue?: boolean }, viewer: 'seller' | 'buyer'): OrderStage {
  const s = orderState(o);
  if (s.payment === 'pending') return 'unpaid';
  if (viewer === 'seller' && s.payment === 'cancelled') return 'cancelled';
  if (s.refund === 'refunding') return 'refunding';
  if (s.refund === 'approved') return 'refunded';
  if (s.payment === 'cancelled') return 'cancelled';
  if (s.payment === 'completed') return 'completed';
  if (s.shipping === 'signed') return 'signed';
  if (s.shipping === 'in_transit') return 'in_transit';
  if (viewer === 'buyer') return 'to_ship';
  if (isAwaitingPurchase(o)) return o.overdue ? 'overdue' : 'to_purchase';
  return 'pending_shipment';
}

export interface TimelineStep {
  key: 'paid' | 'purchased' | 'shipped' | 'signed';
  done: boolean;
  time: string | null;
}

/** The buyer's view of an order's way from payment to delivery: paid, purchased by the seller, shipped, signed. */
export function orderTimeline(
  o: Pick<StatusRow, 'purchaseStatus' | 'shippingStatus'> & { payTime: string | null; purchaseTime: string | null; shippedTime: string | null; signedTime: string | null },
): TimelineStep[] {
  const shipped = o.shippingStatus !== 'pending_shipment' || o.shippedTime !== null;
  return [
    { key: 'paid', done: o.payTime !== null, time: o.payTime },
    { key: 'purchased', done: isPurchased(o) || shipped, time: o.purchaseTime },
    { key: 'shipped', done: shipped, time: o.shippedTime },
    { key: 'signed', done: o.shippingStatus === 'signed', time: o.signedTime },
  ];
}
