import { and, inArray, isNull, notInArray, or, sql, type SQL } from 'drizzle-orm';
import { ORDERS } from '@shopdesk/shared/constants';
import type { ErrorKey } from '@shopdesk/shared/errors';
import { PAYMENT_STATUSES, PURCHASE_STATUSES, REFUND_STATUSES, SHIPPING_STATUSES } from '@shopdesk/shared/orders/statuses';
import { DAY_MS } from '@shopdesk/shared/time';
import { orders } from '../../db/schema.ts';
import { AppError } from '../../lib/app-error.ts';

/**
 * The order lifecycle (SPEC §4), in one place. An order has four statuses side by side; the
 * refund one starts as 'none' (NULL in the table). Two tables state the whole lifecycle:
 *
 * - ORDER_STATUS_FLOW: for each of the four, which status may follow which;
 * - ORDER_EVENTS: each thing that happens to an order, the statuses it may start from (all four
 *   checked, in the order listed, each refusal with its error key) and the statuses it sets.
 *
 * Every service guard (`assertOrderEvent`), the status columns a service writes
 * (`orderEventSet`), the TypeScript predicates (`isAwaitingPurchase`) and the SQL predicates of
 * the list tabs, the pending badge, the overtime job and the carrier (`orderEventSql`) are
 * derived from these tables and never spelled again elsewhere.
 */
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

/** The refusal for a status outside an event's `from`: one error key, or one per status ('*' for the rest). */
type Refusal<D extends OrderDimension> = ErrorKey | { readonly [S in StatusOf<D> | '*']?: ErrorKey };

export interface OrderEvent {
  /** The statuses the event may start from, checked in this order; a dimension not listed is free. */
  readonly from: { readonly [D in OrderDimension]?: readonly StatusOf<D>[] };
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

/** A new order at checkout: paid into escrow, waiting for the seller's purchase. */
export const INITIAL_ORDER_STATE = { paymentStatus: 'paid', purchaseStatus: 'to_purchase', shippingStatus: 'pending_shipment', refundStatus: null } as const;

const DIMENSIONS = Object.keys(ORDER_STATUS_VALUES) as OrderDimension[];
const FIELD = { payment: 'paymentStatus', purchase: 'purchaseStatus', shipping: 'shippingStatus', refund: 'refundStatus' } as const;
const COLUMN = { payment: orders.paymentStatus, purchase: orders.purchaseStatus, shipping: orders.shippingStatus, refund: orders.refundStatus } as const;

type StatusRow = { paymentStatus: string; purchaseStatus: string; shippingStatus: string; refundStatus: string | null };
const eventOf = (name: OrderEventName): OrderEvent => ORDER_EVENTS[name];
const fromEntries = (event: OrderEvent) => Object.entries(event.from) as [OrderDimension, readonly string[]][];

/** The four statuses of an order row, the refund one 'none' while no refund was asked. */
export function orderState(o: StatusRow): OrderState {
  return {
    payment: o.paymentStatus,
    purchase: o.purchaseStatus,
    shipping: o.shippingStatus,
    refund: o.refundStatus ?? 'none',
  } as OrderState;
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
  for (const [dimension, allowed] of fromEntries(event)) {
    const status = state[dimension];
    if (allowed.includes(status)) continue;
    const own = event.refused?.[dimension] as Refusal<OrderDimension> | undefined;
    const ownKey = typeof own === 'string' ? own : (own as Record<string, ErrorKey> | undefined)?.[status] ?? (own as Record<string, ErrorKey> | undefined)?.['*'];
    return ownKey ?? (ORDER_REFUSALS[dimension] as Record<string, ErrorKey> | undefined)?.[status] ?? 'INVALID_STATE';
  }
  return null;
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

export const canApplyOrderEvent = (name: OrderEventName, o: StatusRow): boolean => orderEventRefusal(name, o) === null;

/** The guard of a service: throws the event's refusal (an AppError) when it may not happen. */
export function assertOrderEvent(name: OrderEventName, o: StatusRow): void {
  const refusal = orderEventRefusal(name, o);
  if (refusal) throw new AppError(refusal);
}

/** The status columns the event writes, for the UPDATE's `set` (refund 'none' is NULL). */
export function orderEventSet(name: OrderEventName): Partial<StatusRow> {
  const set: Partial<StatusRow> = {};
  for (const [dimension, status] of Object.entries(eventOf(name).to) as [OrderDimension, string][]) {
    (set as Record<string, string | null>)[FIELD[dimension]] = dimension === 'refund' && status === 'none' ? null : status;
  }
  return set;
}

/** The SQL for "this status column is one of `allowed`", written the shorter way (`<>`, NOT IN, IS DISTINCT FROM). */
function statusInSql(dimension: OrderDimension, allowed: readonly string[]): SQL | undefined {
  const column = COLUMN[dimension];
  const nullable = dimension === 'refund';
  const withNull = nullable && allowed.includes('none');
  const values = allowed.filter((s) => s !== 'none');
  const others = (ORDER_STATUS_VALUES[dimension] as readonly string[]).filter((s) => s !== 'none' && !allowed.includes(s));
  if (others.length === 0) return nullable && !withNull ? sql`${column} is not null` : undefined;
  if (others.length < values.length || values.length === 0) {
    if (others.length === 1) return withNull ? sql`${column} is distinct from ${others[0]}` : sql`${column} <> ${others[0]}`;
    return withNull ? or(isNull(column), notInArray(column, others)) : notInArray(column, others);
  }
  const positive = values.length === 1 ? sql`${column} = ${values[0]}` : inArray(column, values);
  return withNull ? or(isNull(column), positive) : positive;
}

/**
 * The SQL predicate "one of these events may happen to the order", from the events' `from`.
 * Several events are merged into one conjunction: they must differ in at most one dimension
 * (e.g. ship and sign: shipping pending_shipment or in_transit, the rest alike).
 */
export function orderEventSql(...names: [OrderEventName, ...OrderEventName[]]): SQL {
  const froms = names.map((name) => eventOf(name).from as Partial<Record<OrderDimension, readonly string[]>>);
  const parts: SQL[] = [];
  let differing = 0;
  for (const dimension of DIMENSIONS) {
    const sets = froms.map((f) => f[dimension]);
    if (sets.every((s) => s === undefined)) continue;
    if (sets.some((s) => s === undefined)) throw new Error(`orderEventSql: ${names.join(', ')} cannot be merged (${dimension})`);
    const union = [...new Set(sets.flatMap((s) => s ?? []))];
    if (!sets.every((s) => s!.length === union.length)) differing++;
    const predicate = statusInSql(dimension, union);
    if (predicate) parts.push(predicate);
  }
  if (differing > 1) throw new Error(`orderEventSql: ${names.join(', ')} differ in more than one status`);
  return and(...parts) ?? sql`true`;
}

/**
 * Waiting for the seller to purchase the stock: the purchase event is allowed (paid by the buyer,
 * not purchased yet, no refund waiting or approved). The pending badge, the to_purchase tab, the
 * countdown and the overtime job all read this one definition.
 */
export const isAwaitingPurchase = (o: StatusRow): boolean => canApplyOrderEvent('purchase', o);
export const awaitingPurchaseSql: SQL = orderEventSql('purchase');

/** The stock was bought (the status the purchase event sets): a cancellation or refund no longer restocks. */
export const isPurchased = (o: Pick<StatusRow, 'purchaseStatus'>): boolean => o.purchaseStatus === ORDER_EVENTS.purchase.to.purchase;

/** Orders the carrier may move on one step (ship or sign). */
export const carrierMovableSql: SQL = orderEventSql('ship', 'sign');

/** A purchased order waiting for the carrier (the pending_shipment tab). */
export const awaitingShipmentSql: SQL = orderEventSql('ship');

/** The 7-day no-reason return (docs/decisions.md): a refund may be asked up to this long after signing. */
export function refundWindowOpen(o: { signedTime: Date | null }, now: Date): boolean {
  return !o.signedTime || now.getTime() - o.signedTime.getTime() <= ORDERS.NO_REASON_RETURN_DAYS * DAY_MS;
}
