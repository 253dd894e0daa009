import { and, eq, isNull, ne, or, sql, type SQL } from 'drizzle-orm';
import type { OrderTab } from '@shopdesk/shared/orders/schemas';
import { orders } from '../../db/schema.ts';

type OrderRow = typeof orders.$inferSelect;

/**
 * Waiting for the seller to purchase the stock: paid by the buyer, not purchased yet, and no
 * refund request waiting or approved. The pending badge, the to_purchase tab, the countdown and
 * the overtime job all use this one definition.
 */
export const awaitingPurchaseSql: SQL = and(
  eq(orders.paymentStatus, 'paid'),
  ne(orders.purchaseStatus, 'purchased'),
  or(isNull(orders.refundStatus), eq(orders.refundStatus, 'rejected')),
)!;

export function isAwaitingPurchase(o: Pick<OrderRow, 'paymentStatus' | 'purchaseStatus' | 'refundStatus'>): boolean {
  return o.paymentStatus === 'paid' && o.purchaseStatus !== 'purchased' && (o.refundStatus === null || o.refundStatus === 'rejected');
}

/** The order list tabs (see ORDER_TABS in packages/shared/src/orders/schemas.ts). */
export function tabSql(tab: OrderTab): SQL | undefined {
  switch (tab) {
    case 'unpaid':
      return eq(orders.paymentStatus, 'pending');
    case 'to_purchase':
      return awaitingPurchaseSql;
    case 'pending_shipment':
      return and(eq(orders.purchaseStatus, 'purchased'), eq(orders.shippingStatus, 'pending_shipment'), sql`${orders.refundStatus} is distinct from 'approved'`);
    case 'in_transit':
      return eq(orders.shippingStatus, 'in_transit');
    case 'signed':
      return eq(orders.shippingStatus, 'signed');
    case 'refunds':
      return sql`${orders.refundStatus} is not null`;
    case 'cancelled':
      return eq(orders.paymentStatus, 'cancelled');
    default:
      return undefined;
  }
}
