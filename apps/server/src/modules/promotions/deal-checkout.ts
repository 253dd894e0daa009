import { and, eq, isNull, sql } from 'drizzle-orm';
import { dealApplies } from '@shopdesk/shared/marketing/deals';
import { priceProduct } from '@shopdesk/shared/products/pricing';
import type { DbOrTx, Tx } from '../../db/client.ts';
import { flashDeals, orders, shopProducts } from '../../db/schema.ts';
import { dealRunningSql, runningDeals, type DealRow } from './deal-service.ts';

type ProductRow = typeof shopProducts.$inferSelect;
type OrderRow = typeof orders.$inferSelect;

/**
 * The deal units of one checkout, inside its transaction, after the products are locked and before
 * the vouchers and the ledger accounts (the lock order of every path that touches a deal: product,
 * deal, voucher, accounts). Each line whose product has a running deal that lowers its price takes
 * its quantity from the deal's cap by a conditional update (`sold_count + quantity <= stock_cap`
 * while the deal runs): that update is what holds the cap under any concurrency. A line that does
 * not fit in what is left pays the normal price, whole (an order has one unit price). Answers the
 * deals taken, by product.
 */
export async function takeDealUnits(tx: Tx, lines: readonly { product: ProductRow; quantity: number }[], now: Date): Promise<Map<number, DealRow>> {
  const taken = new Map<number, DealRow>();
  const deals = await runningDeals(tx, lines.map((l) => l.product.id), now);
  for (const line of lines) {
    const deal = deals.get(line.product.id);
    if (!deal || taken.has(line.product.id) || !dealApplies(deal, priceProduct(line.product, now).salePriceCents, line.quantity)) continue;
    const [row] = await tx
      .update(flashDeals)
      .set({ soldCount: sql`${flashDeals.soldCount} + ${line.quantity}::integer` })
      .where(and(eq(flashDeals.id, deal.id), dealRunningSql(now), sql`${flashDeals.soldCount} + ${line.quantity}::integer <= ${flashDeals.stockCap}`))
      .returning();
    if (row) taken.set(line.product.id, row);
  }
  return taken;
}

/**
 * The deals that would price these lines now (the cart's display): running, lowering the price, the
 * line's units fitting in what is left of the cap. The checkout takes the units (takeDealUnits).
 */
export async function applicableDeals(db: DbOrTx, lines: readonly { product: ProductRow; quantity: number }[], now: Date): Promise<Map<number, DealRow>> {
  const deals = await runningDeals(db, lines.map((l) => l.product.id), now);
  const applicable = new Map<number, DealRow>();
  for (const line of lines) {
    const deal = deals.get(line.product.id);
    if (deal && dealApplies(deal, priceProduct(line.product, now).salePriceCents, line.quantity)) applicable.set(line.product.id, deal);
  }
  return applicable;
}

/**
 * An order bought at a deal is being given back (cancelled, or its refund approved): while the deal
 * still runs its units return to the cap, once (deal_returned_at). After the deal's end they stay
 * counted. Called after the product row and before the vouchers and the money, the checkout's order.
 */
export async function returnDealUnits(tx: Tx, o: Pick<OrderRow, 'id' | 'flashDealId' | 'quantity' | 'dealReturnedAt'>, now: Date): Promise<void> {
  if (o.flashDealId === null || o.dealReturnedAt !== null) return;
  const [back] = await tx
    .update(flashDeals)
    .set({ soldCount: sql`${flashDeals.soldCount} - ${o.quantity}::integer` })
    .where(and(eq(flashDeals.id, o.flashDealId), dealRunningSql(now), sql`${flashDeals.soldCount} >= ${o.quantity}::integer`))
    .returning({ id: flashDeals.id });
  if (back) await tx.update(orders).set({ dealReturnedAt: now }).where(and(eq(orders.id, o.id), isNull(orders.dealReturnedAt)));
}
