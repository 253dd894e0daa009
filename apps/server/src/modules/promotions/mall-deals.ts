import { and, asc, eq, lt } from 'drizzle-orm';
import type { MallDealView } from '@shopdesk/shared/marketing/deals';
import { priceProduct } from '@shopdesk/shared/products/pricing';
import type { Db } from '../../db/client.ts';
import { flashDeals, shopProducts, shops } from '../../db/schema.ts';
import { dealRunningSql } from './deal-service.ts';

/**
 * The deals the mall shows: running, units left, their product on sale in an open shop, and lower
 * than the product's price now (the price the checkout would otherwise charge). Soonest ending first.
 */
async function shownDeals(db: Db, where: ReturnType<typeof eq>): Promise<MallDealView[]> {
  const now = new Date();
  const rows = await db
    .select({ deal: flashDeals, product: shopProducts })
    .from(flashDeals)
    .innerJoin(shopProducts, eq(shopProducts.id, flashDeals.shopProductId))
    .innerJoin(shops, eq(shops.id, flashDeals.shopId))
    .where(and(where, dealRunningSql(now), lt(flashDeals.soldCount, flashDeals.stockCap), eq(shopProducts.status, 'on_sale'), eq(shopProducts.published, true), eq(shops.frozen, false)))
    .orderBy(asc(flashDeals.endsAt), asc(flashDeals.id));
  return rows.flatMap(({ deal, product }) => {
    const normalPriceCents = priceProduct(product, now).salePriceCents;
    if (deal.dealPriceCents >= normalPriceCents) return [];
    return [{ id: deal.id, shopId: deal.shopId, productId: product.id, productName: product.name, cover: product.cover, dealPriceCents: deal.dealPriceCents, normalPriceCents, endsAt: deal.endsAt.toISOString(), remaining: deal.stockCap - deal.soldCount }];
  });
}

/** GET /api/mall/shops/:id/deals: the shop's running flash deals. */
export const shopDeals = (db: Db, shopId: number) => shownDeals(db, eq(flashDeals.shopId, shopId));

/** GET /api/mall/products/:id/deals: the product's running flash deal (a list of at most one). */
export const productDeals = (db: Db, productId: number) => shownDeals(db, eq(flashDeals.shopProductId, productId));
