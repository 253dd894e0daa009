import { and, inArray, isNull, notInArray, or, sql, type SQL } from 'drizzle-orm';
import type { PgColumn } from 'drizzle-orm/pg-core';
import { ORDERS } from '@shopdesk/shared/constants';
import {
  ORDER_CONDITIONS,
  ORDER_EVENTS,
  ORDER_STATUS_VALUES,
  ORDER_TAB_CONDITIONS,
  orderEventRefusal,
  type OrderCondition,
  type OrderDimension,
  type OrderEventName,
  type OrderTab,
  type StatusRow,
} from '@shopdesk/shared/orders/lifecycle';
import { DAY_MS } from '@shopdesk/shared/time';
import { orders } from '../../db/schema.ts';
import { AppError } from '../../lib/app-error.ts';

/**
 * The order lifecycle on the server: the tables themselves (statuses, events, tabs, conditions)
 * live in packages/shared/src/orders/lifecycle.ts; this module turns them into what only the
 * server does with them — the guard that throws (`assertOrderEvent`), the status columns an
 * UPDATE writes (`orderEventSet`) and the SQL predicates of the list tabs, the pending badge, the
 * dashboard, the overtime job and the carrier (`orderConditionSql`, `orderEventSql`). Nothing
 * here spells a status.
 */

/** The guard of a service: throws the event's refusal (an AppError) when it may not happen. */
export function assertOrderEvent(name: OrderEventName, o: StatusRow): void {
  const refusal = orderEventRefusal(name, o);
  if (refusal) throw new AppError(refusal);
}

const FIELD = { payment: 'paymentStatus', purchase: 'purchaseStatus', shipping: 'shippingStatus', refund: 'refundStatus' } as const;

/** The status columns the event writes, for the UPDATE's `set` (refund 'none' is NULL). */
export function orderEventSet(name: OrderEventName): Partial<StatusRow> {
  const set: Partial<StatusRow> = {};
  for (const [dimension, status] of Object.entries(ORDER_EVENTS[name].to) as [OrderDimension, string][]) {
    (set as Record<string, string | null>)[FIELD[dimension]] = dimension === 'refund' && status === 'none' ? null : status;
  }
  return set;
}

/** The orders table, or an alias of it (`alias(orders, 'o')`) for raw SQL that names it `o`. */
type OrderColumns = Record<(typeof FIELD)[OrderDimension], PgColumn>;
const columnOf = (table: OrderColumns, dimension: OrderDimension) => table[FIELD[dimension]];

/** The SQL for "this status column is one of `allowed`", written the shorter way (`<>`, NOT IN, IS DISTINCT FROM). */
function statusInSql(table: OrderColumns, dimension: OrderDimension, allowed: readonly string[]): SQL | undefined {
  const column = columnOf(table, dimension);
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

const DIMENSIONS = Object.keys(ORDER_STATUS_VALUES) as OrderDimension[];

/** The SQL predicate of a condition of the shared lifecycle (true for the empty one). */
export function orderConditionSql(condition: OrderCondition, table: OrderColumns = orders): SQL {
  const parts = DIMENSIONS.flatMap((dimension) => {
    const allowed = condition[dimension];
    return allowed ? [statusInSql(table, dimension, allowed)].filter((p): p is SQL => p !== undefined) : [];
  });
  return and(...parts) ?? sql`true`;
}

/**
 * The SQL predicate "one of these events may happen to the order", from the events' `from`.
 * Several events are merged into one conjunction: they must differ in at most one dimension
 * (e.g. ship and sign: shipping pending_shipment or in_transit, the rest alike).
 */
export function orderEventSql(...names: [OrderEventName, ...OrderEventName[]]): SQL {
  const froms = names.map((name) => ORDER_EVENTS[name].from as OrderCondition);
  const merged: Partial<Record<OrderDimension, readonly string[]>> = {};
  let differing = 0;
  for (const dimension of DIMENSIONS) {
    const sets = froms.map((f) => f[dimension]);
    if (sets.every((s) => s === undefined)) continue;
    if (sets.some((s) => s === undefined)) throw new Error(`orderEventSql: ${names.join(', ')} cannot be merged (${dimension})`);
    const union = [...new Set(sets.flatMap((s) => s ?? []))];
    if (!sets.every((s) => s!.length === union.length)) differing++;
    merged[dimension] = union;
  }
  if (differing > 1) throw new Error(`orderEventSql: ${names.join(', ')} differ in more than one status`);
  return orderConditionSql(merged as OrderCondition);
}

/**
 * Waiting for the seller to purchase the stock: the purchase event is allowed (paid by the buyer,
 * not purchased yet, no refund waiting or approved). The pending badge, the to_purchase tab, the
 * countdown and the overtime job all read this one definition.
 */
export const awaitingPurchaseSql: SQL = orderConditionSql(ORDER_CONDITIONS.awaitingPurchase);

/** The seller's order list tabs (ORDER_TAB_CONDITIONS); `all` is no predicate. */
export function tabSql(tab: OrderTab): SQL | undefined {
  return tab === 'all' ? undefined : orderConditionSql(ORDER_TAB_CONDITIONS[tab]);
}

/** Orders the carrier may move on one step (ship or sign). */
export const carrierMovableSql: SQL = orderEventSql('ship', 'sign');

/** The 7-day no-reason return (docs/decisions.md, "Refunds"): a refund may be asked up to this long after signing. */
export function refundWindowOpen(o: { signedTime: Date | null }, now: Date): boolean {
  return !o.signedTime || now.getTime() - o.signedTime.getTime() <= ORDERS.NO_REASON_RETURN_DAYS * DAY_MS;
}
