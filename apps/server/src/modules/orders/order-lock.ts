import { and, eq } from 'drizzle-orm';
import type { Tx } from '../../db/client.ts';
import { orders } from '../../db/schema.ts';
import { AppError } from '../../lib/app-error.ts';

/**
 * Locks one order FOR UPDATE by its number, within its owner (the seller's shop or the buyer;
 * none for the carrier): the row every lifecycle guard then reads. NOT_FOUND otherwise.
 */
export async function lockOrder(tx: Tx, orderId: string, owner: { shopId: number } | { buyerId: number } | null) {
  const ownerSql = owner === null ? undefined : 'shopId' in owner ? eq(orders.shopId, owner.shopId) : eq(orders.buyerId, owner.buyerId);
  const [o] = await tx.select().from(orders).where(and(eq(orders.orderNo, orderId), ownerSql)).for('update');
  if (!o) throw new AppError('NOT_FOUND');
  return o;
}
