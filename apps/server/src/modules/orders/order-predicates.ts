import { eq, sql, type SQL } from 'drizzle-orm';
import type { OrderTab } from '@shopdesk/shared/orders/schemas';
import { orders } from '../../db/schema.ts';
import { awaitingPurchaseSql, awaitingShipmentSql } from './order-lifecycle.ts';

/** The order list tabs (see ORDER_TABS in packages/shared/src/orders/schemas.ts); the waiting ones come from the lifecycle. */
export function tabSql(tab: OrderTab): SQL | undefined {
  switch (tab) {
    case 'unpaid':
      return eq(orders.paymentStatus, 'pending');
    case 'to_purchase':
      return awaitingPurchaseSql;
    case 'pending_shipment':
      return awaitingShipmentSql;
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
