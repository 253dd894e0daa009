import { and, count, eq } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import { orders } from '../../db/schema.ts';

/** Orders paid by the buyer and waiting for the seller to buy the stock. */
export async function pendingPurchaseCount(db: DbOrTx, shopId: number): Promise<number> {
  const [row] = await db
    .select({ n: count() })
    .from(orders)
    .where(and(eq(orders.shopId, shopId), eq(orders.paymentStatus, 'paid'), eq(orders.purchaseStatus, 'to_purchase')));
  return Number(row?.n ?? 0);
}
