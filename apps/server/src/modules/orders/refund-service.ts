import { eq, sql } from 'drizzle-orm';
import type { Db, Tx } from '../../db/client.ts';
import { orders, shopProductVariants, shopProducts } from '../../db/schema.ts';
import { syncProductsFromVariants } from '../products/variant-service.ts';
import { AppError } from '../../lib/app-error.ts';
import { refundAfterSettlement, refundApproved, refundedBeforePurchase } from '../ledger/money-flows.ts';
import { isCancelled, isPurchased, refundApprovalOf, type RefundApproval } from '@shopdesk/shared/orders/lifecycle';
import { assertOrderEvent, orderEventSet } from './order-lifecycle.ts';
import { lockOrder } from './order-lock.ts';
import { toOrderView } from './order-view.ts';
import { recordActivity } from '../activity-log/activity-log-service.ts';
import { returnDealUnits } from '../promotions/deal-checkout.ts';
import { returnVoucherUse } from '../promotions/voucher-checkout.ts';

type OrderRow = typeof orders.$inferSelect;

/** The money each approval moves (ledger/money-flows.ts), by the lifecycle event that applies. */
const APPROVAL_FLOWS = {
  approveRefundAfterSettlement: refundAfterSettlement,
  approveRefundAfterPurchase: refundApproved,
  approveRefundBeforePurchase: refundedBeforePurchase,
} satisfies Record<RefundApproval, (tx: Tx, o: OrderRow & { at: Date }) => Promise<unknown>>;

/**
 * Gives a refunded or cancelled order's quantity back to its variant and product (sales down; stock
 * back when never purchased). The product row first (the lock order of a checkout), then the
 * variant, then the product's stock summed again; an order whose variant is gone gives it to the product.
 */
export async function releaseProduct(tx: Tx, o: OrderRow, restock: boolean) {
  if (!o.shopProductId) return;
  const [variant] = o.variantId ? await tx.select({ id: shopProductVariants.id }).from(shopProductVariants).where(eq(shopProductVariants.id, o.variantId)) : [];
  await tx
    .update(shopProducts)
    .set({
      totalSales: sql`greatest(0, ${shopProducts.totalSales} - ${o.quantity})`,
      ...(restock && !variant ? { stock: sql`${shopProducts.stock} + ${o.quantity}` } : {}),
    })
    .where(eq(shopProducts.id, o.shopProductId));
  if (!variant) return;
  await tx
    .update(shopProductVariants)
    .set({
      totalSales: sql`greatest(0, ${shopProductVariants.totalSales} - ${o.quantity})`,
      ...(restock ? { stock: sql`${shopProductVariants.stock} + ${o.quantity}` } : {}),
    })
    .where(eq(shopProductVariants.id, variant.id));
  if (restock) await syncProductsFromVariants(tx, [o.shopProductId]);
}

/**
 * The seller approves or rejects a waiting refund request, once (ALREADY_DECIDED after).
 * Approval moves money by where the order stands (docs/decisions.md, "Refunds"):
 * - not purchased: the buyer's payment back from escrow; the order's payment becomes cancelled;
 * - purchased, not settled: the purchase amount back to the seller and the payment back to the buyer;
 * - settled (signed and paid out): the same, the buyer's money now coming from the seller's
 *   available balance (INSUFFICIENT_BALANCE, nothing moved, if it no longer holds it).
 */
export async function decideRefund(db: Db, shopId: number, input: { orderId: string; approve: boolean; rejectReason?: string }, userId: number | null = null) {
  const rejectReason = input.rejectReason?.trim() ?? '';
  return db.transaction(async (tx) => {
    const o = await lockOrder(tx, input.orderId, { shopId });
    // A decision needs a waiting request (INVALID_STATE without one, ALREADY_DECIDED after one).
    assertOrderEvent('rejectRefund', o);
    const refundTime = new Date();
    if (!input.approve) {
      if (!rejectReason) throw new AppError('REJECT_REASON_REQUIRED');
      const [updated] = await tx
        .update(orders)
        .set({ ...orderEventSet('rejectRefund'), refundRejectReason: rejectReason, refundTime })
        .where(eq(orders.id, o.id))
        .returning();
      await recordActivity(tx, { shopId, userId, action: 'refund_decided', subject: o.orderNo, detail: { decision: 'rejected', amountCents: o.amountCents } });
      return toOrderView(updated);
    }
    const approval = refundApprovalOf(o);
    if (!approval) throw new AppError('INVALID_STATE');
    // The product row before the ledger accounts: the order a checkout takes them in (no deadlock between the two).
    await releaseProduct(tx, o, !isPurchased(o));
    // A deal's units and a voucher use come back before the money moves: their rows are locked before the ledger accounts.
    await returnDealUnits(tx, o, refundTime);
    await returnVoucherUse(tx, o, refundTime);
    const set: Partial<typeof orders.$inferInsert> = { ...orderEventSet(approval), refundTime };
    if (set.paymentStatus && isCancelled({ paymentStatus: set.paymentStatus })) set.cancelTime = refundTime;
    const [updated] = await tx.update(orders).set(set).where(eq(orders.id, o.id)).returning();
    await recordActivity(tx, { shopId, userId, action: 'refund_decided', subject: o.orderNo, detail: { decision: 'approved', amountCents: o.amountCents } });
    // The money last (money-flows.ts): the accounts stay locked only until the commit.
    await APPROVAL_FLOWS[approval](tx, { ...o, at: refundTime });
    return toOrderView(updated);
  });
}
