import type { BuyerOrder, BuyerOrderDetail } from '../api/types.ts';

/** The one status a buyer reads on an order card (a key of `orders.status` in the mall catalog). */
export type OrderStatusKey = 'unpaid' | 'cancelled' | 'refunding' | 'refunded' | 'toShip' | 'shipping' | 'signed' | 'completed';

export function orderStatusKey(order: Pick<BuyerOrder, 'paymentStatus' | 'shippingStatus' | 'refundStatus'>): OrderStatusKey {
  if (order.refundStatus === 'refunding') return 'refunding';
  if (order.refundStatus === 'approved') return 'refunded';
  if (order.paymentStatus === 'cancelled') return 'cancelled';
  if (order.paymentStatus === 'pending') return 'unpaid';
  if (order.shippingStatus === 'signed') return order.paymentStatus === 'completed' ? 'completed' : 'signed';
  if (order.shippingStatus === 'in_transit') return 'shipping';
  return 'toShip';
}

export interface TimelineStep {
  key: 'paid' | 'purchased' | 'shipped' | 'signed';
  done: boolean;
  time: string | null;
}

/** The order's way from payment to signing: paid, purchased by the seller, shipped, signed. */
export function orderTimeline(order: Pick<BuyerOrderDetail, 'payTime' | 'purchaseStatus' | 'purchaseTime' | 'shippedTime' | 'signedTime' | 'shippingStatus'>): TimelineStep[] {
  const shipped = order.shippingStatus !== 'pending_shipment' || order.shippedTime !== null;
  const signed = order.shippingStatus === 'signed';
  return [
    { key: 'paid', done: order.payTime !== null, time: order.payTime },
    { key: 'purchased', done: order.purchaseStatus === 'purchased' || shipped, time: order.purchaseTime },
    { key: 'shipped', done: shipped, time: order.shippedTime },
    { key: 'signed', done: signed, time: order.signedTime },
  ];
}
