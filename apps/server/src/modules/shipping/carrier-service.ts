import { createHash, timingSafeEqual } from 'node:crypto';
import { eq, sql } from 'drizzle-orm';
import type { Db, Tx } from '../../db/client.ts';
import { orders } from '../../db/schema.ts';
import { AppError } from '../../lib/app-error.ts';
import { rowsOf } from '../../lib/sql-text.ts';
import { orderSettled } from '../ledger/money-flows.ts';
import { ORDER_EVENTS, type CarrierStatus } from '@shopdesk/shared/orders/lifecycle';
import { assertOrderEvent, carrierMovableSql, orderEventSet } from '../orders/order-lifecycle.ts';
import { lockOrder } from '../orders/order-lock.ts';

type OrderRow = typeof orders.$inferSelect;

/** Compares the carrier's key in constant time (digests first, so lengths do not leak). */
export function carrierKeyMatches(expected: string, given: string | undefined): boolean {
  if (!expected || !given) return false;
  const digest = (s: string) => createHash('sha256').update(s).digest();
  return timingSafeEqual(digest(expected), digest(given));
}

/**
 * The carrier moves a purchased order on: pending_shipment → in_transit → signed. Repeating the
 * current status changes nothing (carriers retry). Signing settles in the same transaction:
 * escrow pays the sale amount to the seller's available balance and the payment completes.
 * Orders refunded or cancelled, or not purchased, do not move (INVALID_STATE).
 */
export async function advanceShipping(db: Db, orderId: string, status: CarrierStatus) {
  return db.transaction(async (tx) => {
    const o = await lockOrder(tx, orderId, null);
    const view = (row: typeof o, changed: boolean) => ({ orderId: row.orderNo, shippingStatus: row.shippingStatus, paymentStatus: row.paymentStatus, changed });
    if (o.shippingStatus === status) return view(o, false);
    const now = new Date();
    if (status === ORDER_EVENTS.ship.to.shipping) {
      assertOrderEvent('ship', o);
      const [updated] = await tx.update(orders).set({ ...orderEventSet('ship'), shippedTime: now }).where(eq(orders.id, o.id)).returning();
      return view(updated, true);
    }
    return view(await signOrder(tx, o, now), true);
  });
}

/**
 * Signs a locked order and settles it in the caller's transaction: escrow pays the sale amount to
 * the seller's available balance (the settlement transfer's key is the order's, so money moves
 * once per order) and the payment completes. The carrier's signature and the buyer's "Order
 * received" both come here. INVALID_STATE when the order may not be signed.
 */
export async function signOrder(tx: Tx, o: OrderRow, at: Date): Promise<OrderRow> {
  assertOrderEvent('sign', o);
  const [updated] = await tx
    .update(orders)
    .set({ ...orderEventSet('sign'), signedTime: at })
    .where(eq(orders.id, o.id))
    .returning();
  // The money last (money-flows.ts): escrow, which every settlement shares, stays locked only until the commit.
  await orderSettled(tx, { ...o, at });
  return updated;
}

/**
 * The demo's built-in carrier: moves orders purchased in the last day one step on, once their
 * last step is older than `minStepMs` — newest purchases first, a few per run, so the seeded
 * history keeps its mix while new purchases visibly ship and settle.
 */
export async function runDemoCarrier(db: Db, options: { minStepMs: number; limit?: number }): Promise<{ moved: number }> {
  const due = rowsOf<{ order_no: string; shipping_status: string }>(
    await db.execute(sql`
      select order_no, shipping_status from orders
      where ${carrierMovableSql}
        and purchase_time > now() - interval '1 day'
        and coalesce(shipped_time, purchase_time) < now() - make_interval(secs => ${options.minStepMs / 1000})
      order by purchase_time desc
      limit ${options.limit ?? 20}`),
  );
  let moved = 0;
  for (const o of due) {
    try {
      // One step on: ship what waits for the carrier, sign what it carries.
      const next: CarrierStatus = (ORDER_EVENTS.ship.from.shipping as readonly string[]).includes(o.shipping_status) ? ORDER_EVENTS.ship.to.shipping : ORDER_EVENTS.sign.to.shipping;
      if ((await advanceShipping(db, o.order_no, next)).changed) moved++;
    } catch (error) {
      if (!(error instanceof AppError)) throw error;
    }
  }
  return { moved };
}
