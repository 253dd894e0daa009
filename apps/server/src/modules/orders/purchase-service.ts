import { and, eq, inArray } from 'drizzle-orm';
import { decodePassword } from '@shopdesk/shared/auth/schemas';
import { ORDERS } from '@shopdesk/shared/constants';
import type { ErrorKey } from '@shopdesk/shared/errors';
import type { Db } from '../../db/client.ts';
import { orders } from '../../db/schema.ts';
import { AppError } from '../../lib/app-error.ts';
import { verifyFundPassword } from '../auth/fund-password.ts';
import { balanceOf, shopAccount } from '../ledger/ledger-service.ts';
import { stockPurchased } from '../ledger/money-flows.ts';
import { assertOrderEvent, orderEventSet } from './order-lifecycle.ts';
import { lockOrder } from './order-lock.ts';
import { recordActivity } from '../activity-log/activity-log-service.ts';

export type PurchaseOutcome =
  | { orderId: string; ok: true; purchaseAmountCents: number; purchaseTime: string; productName: string; variantName: string; sku: string }
  | { orderId: string; ok: false; error: ErrorKey; params?: Record<string, string | number> };

/**
 * Buys the stock of one order in its own transaction: the order row is locked FOR UPDATE, its
 * state checked, then the purchase amount moves available → supplier payable through the ledger
 * (which refuses to overdraw) and the order becomes purchased. Any refusal rolls the whole
 * transaction back, so nothing moves for that order.
 */
export async function purchaseOne(db: Db, shopId: number, orderId: string, userId: number | null = null): Promise<{ purchaseAmountCents: number; purchaseTime: Date; productName: string; variantName: string; sku: string }> {
  return db.transaction(async (tx) => {
    const o = await lockOrder(tx, orderId, { shopId });
    assertOrderEvent('purchase', o);
    const purchaseTime = new Date();
    await tx.update(orders).set({ ...orderEventSet('purchase'), purchaseTime }).where(eq(orders.id, o.id));
    await recordActivity(tx, { shopId, userId, action: 'purchase', subject: o.orderNo, detail: { amountCents: o.purchaseAmountCents, ...(o.variantName ? { variant: o.variantName, sku: o.variantSku } : {}) } });
    // The money last (money-flows.ts): the shop's account and supplier payable stay locked only until the commit.
    await stockPurchased(tx, o);
    // The purchase names what the supplier is to send: the product, its variant and SKU.
    return { purchaseAmountCents: o.purchaseAmountCents, purchaseTime, productName: o.productName, variantName: o.variantName, sku: o.variantSku };
  });
}

/**
 * The checks before any purchase of POST /api/order/purchaseOrder: a selection of at most
 * PURCHASE_BATCH_MAX orders, a single order that exists in the shop (404 before asking for the
 * password), then the fund password, checked once (wrong answers count toward the lockout). It
 * is withIdempotency's check: it runs before the Idempotency-Key is claimed, outside its
 * transaction, so a wrong password is neither kept as the key's answer nor rolled back (the
 * attempt counts); a retry of a key that already has its answer replays it without this check.
 */
export async function checkPurchaseRequest(db: Db, input: { shopId: number; userId: number; orderIds: string[]; fundPassword: string }) {
  if (input.orderIds.length === 0) throw new AppError('NO_SELECTION');
  if (input.orderIds.length > ORDERS.PURCHASE_BATCH_MAX) throw new AppError('VALIDATION_FAILED');
  if (input.orderIds.length === 1) {
    const [own] = await db
      .select({ id: orders.id })
      .from(orders)
      .where(and(eq(orders.orderNo, input.orderIds[0]), eq(orders.shopId, input.shopId)));
    if (!own) throw new AppError('NOT_FOUND');
  }
  const plain = decodePassword(input.fundPassword);
  if (plain === null) throw new AppError('VALIDATION_FAILED');
  await verifyFundPassword(db, input.userId, plain);
}

/**
 * Purchases the orders one by one, in the order given, each on its own (after
 * checkPurchaseRequest), all in one transaction: with an Idempotency-Key that transaction also
 * holds the key's claim and answer (ledger/idempotency.ts), so a crash keeps all or nothing. Each
 * order is a savepoint, so one order's refusal undoes only that order. The batch's orders are
 * locked first, in id order, before any money moves: two overlapping batches then wait for each
 * other instead of deadlocking (an order locked after the accounts could close a cycle). A single
 * order's refusal is thrown as is; a batch answers per order.
 */
export async function purchaseOrders(db: Db, input: { shopId: number; orderIds: string[]; userId?: number | null }) {
  const single = input.orderIds.length === 1;
  return db.transaction(async (tx) => {
    if (!single) {
      await tx
        .select({ id: orders.id })
        .from(orders)
        .where(and(eq(orders.shopId, input.shopId), inArray(orders.orderNo, input.orderIds)))
        .orderBy(orders.id)
        .for('update');
    }
    const results: PurchaseOutcome[] = [];
    for (const orderId of input.orderIds) {
      try {
        const done = await purchaseOne(tx, input.shopId, orderId, input.userId ?? null);
        results.push({ orderId, ok: true, purchaseAmountCents: done.purchaseAmountCents, purchaseTime: done.purchaseTime.toISOString(), productName: done.productName, variantName: done.variantName, sku: done.sku });
      } catch (error) {
        if (single || !(error instanceof AppError) || error.status >= 500) throw error;
        results.push({ orderId, ok: false, error: error.key, params: error.params });
      }
    }
    const purchased = results.filter((r) => r.ok);
    return {
      results,
      purchased: purchased.length,
      failed: results.length - purchased.length,
      purchaseAmountCents: purchased.reduce((sum, r) => sum + (r.ok ? r.purchaseAmountCents : 0), 0),
      availableCents: await balanceOf(tx, shopAccount(input.shopId)),
    };
  });
}
