import { and, count, eq } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import { orders } from '../../db/schema.ts';
import { awaitingPurchaseSql } from './order-lifecycle.ts';

/** Orders paid by the buyer and waiting for the seller to buy the stock (the pending badge). */
export async function pendingPurchaseCount(db: DbOrTx, shopId: number): Promise<number> {
  const [row] = await db
    .select({ n: count() })
    .from(orders)
    .where(and(eq(orders.shopId, shopId), awaitingPurchaseSql));
  return Number(row?.n ?? 0);
}
