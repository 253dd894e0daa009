import { and, eq, sql } from 'drizzle-orm';
import type { Db, Tx } from '../../db/client.ts';
import { orders, shopProducts } from '../../db/schema.ts';
import { AppError } from '../../lib/app-error.ts';
import { refundAfterSettlement, refundApproved, refundedBeforePurchase } from '../ledger/money-flows.ts';
import { toOrderView } from './order-view.ts';

type OrderRow = typeof orders.$inferSelect;

/** Gives a refunded or cancelled order's quantity back to the product (sales down; stock back when never purchased). */
export async function releaseProduct(tx: Tx, o: OrderRow, restock: boolean) {
  if (!o.shopProductId) return;
  await tx
    .update(shopProducts)
    .set({
      totalSales: sql`greatest(0, ${shopProducts.totalSales} - ${o.quantity})`,
      ...(restock ? { stock: sql`${shopProducts.stock} + ${o.quantity}` } : {}),
    })
    .where(eq(shopProducts.id, o.shopProductId));
}

/**
 * The seller approves or rejects a waiting refund request, once (ALREADY_DECIDED after).
 * Approval moves money by where the order stands (docs/decisions.md, "Refunds"):
 * - not purchased: the buyer's payment back from escrow; the order's payment becomes cancelled;
 * - purchased, not settled: the purchase amount back to the seller and the payment back to the buyer;
 * - settled (signed and paid out): the same, the buyer's money now coming from the seller's
 *   available balance (INSUFFICIENT_BALANCE, nothing moved, if it no longer holds it).
 */
export async function decideRefund(db: Db, shopId: number, input: { orderNo: string; approve: boolean; rejectReason?: string }) {
  const rejectReason = input.rejectReason?.trim() ?? '';
  return db.transaction(async (tx) => {
    const [o] = await tx
      .select()
      .from(orders)
      .where(and(eq(orders.orderNo, input.orderNo), eq(orders.shopId, shopId)))
      .for('update');
    if (!o) throw new AppError('NOT_FOUND');
    if (o.refundStatus === null) throw new AppError('INVALID_STATE');
    if (o.refundStatus !== 'refunding') throw new AppError('ALREADY_DECIDED');
    const refundTime = new Date();
    if (!input.approve) {
      if (!rejectReason) throw new AppError('REJECT_REASON_REQUIRED');
      const [updated] = await tx
        .update(orders)
        .set({ refundStatus: 'rejected', refundRejectReason: rejectReason, refundTime })
        .where(eq(orders.id, o.id))
        .returning();
      return toOrderView(updated);
    }
    const set: Partial<typeof orders.$inferInsert> = { refundStatus: 'approved', refundTime };
    if (o.paymentStatus === 'completed') {
      await refundAfterSettlement(tx, { ...o, at: refundTime });
    } else if (o.purchaseStatus === 'purchased') {
      await refundApproved(tx, { ...o, at: refundTime });
    } else if (o.paymentStatus === 'paid') {
      await refundedBeforePurchase(tx, { ...o, at: refundTime });
      set.paymentStatus = 'cancelled';
      set.cancelTime = refundTime;
    } else {
      throw new AppError('INVALID_STATE');
    }
    await releaseProduct(tx, o, o.purchaseStatus !== 'purchased');
    const [updated] = await tx.update(orders).set(set).where(eq(orders.id, o.id)).returning();
    return toOrderView(updated);
  });
}
