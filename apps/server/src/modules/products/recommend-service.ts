import { eq, sql } from 'drizzle-orm';
import { CATALOG } from '@shopdesk/shared/constants';
import type { RecommendStatus } from '@shopdesk/shared/products/schemas';
import type { AppConfig } from '../../config.ts';
import type { Db, DbOrTx } from '../../db/client.ts';
import { shopProducts, shops } from '../../db/schema.ts';
import { AppError } from '../../lib/app-error.ts';
import { activePackage } from '../packages/package-service.ts';
import { loadOwnProduct } from './product-service.ts';
import { toShopProductView } from './product-view.ts';

async function counts(db: DbOrTx, shopId: number) {
  const [row] = await db
    .select({
      onSale: sql<string>`count(*) filter (where ${shopProducts.status} = 'on_sale')::text`,
      recommended: sql<string>`count(*) filter (where ${shopProducts.isRecommended})::text`,
      recommendedNew: sql<string>`count(*) filter (where ${shopProducts.isRecommended} and ${shopProducts.isNew})::text`,
    })
    .from(shopProducts)
    .where(eq(shopProducts.shopId, shopId));
  return { onSale: Number(row.onSale), recommended: Number(row.recommended), recommendedNew: Number(row.recommendedNew) };
}

/** The figures the recommendation rules read, for the page to show before a rule refuses. */
export async function recommendStatus(db: Db, config: AppConfig, shopId: number): Promise<RecommendStatus> {
  const [pkg, c] = await Promise.all([activePackage(db, shopId), counts(db, shopId)]);
  return {
    packageActive: pkg !== null,
    package: pkg && { type: pkg.type, maxRecommended: pkg.maxRecommended, expiresAt: pkg.expiresAt.toISOString() },
    ...c,
    newMax: CATALOG.RECOMMEND_NEW_MAX,
    minOnSale: config.recommendMinOnSale,
  };
}

/**
 * Recommends a product or stops recommending it. Recommending is refused (SPEC §5, §8) when no
 * promotion package is active, when fewer than `recommendMinOnSale` products are on sale, when a
 * new product would be the 11th new one recommended, or when the package's maximum is reached.
 * The shop row is locked first so two requests cannot both take the last place.
 */
export async function setRecommended(db: Db, config: AppConfig, shopId: number, productId: number, recommended: boolean) {
  return db.transaction(async (tx) => {
    await tx.select({ id: shops.id }).from(shops).where(eq(shops.id, shopId)).for('update');
    const product = await loadOwnProduct(tx, shopId, productId, true);
    if (!recommended || product.isRecommended) {
      if (product.isRecommended === recommended) return toShopProductView(product);
      const [updated] = await tx.update(shopProducts).set({ isRecommended: false }).where(eq(shopProducts.id, productId)).returning();
      return toShopProductView(updated);
    }
    if (product.status !== 'on_sale') throw new AppError('PRODUCT_NOT_ON_SALE');
    const pkg = await activePackage(tx, shopId);
    if (!pkg) throw new AppError('PROMOTION_NOT_ACTIVE');
    const c = await counts(tx, shopId);
    if (c.onSale < config.recommendMinOnSale) throw new AppError('RECOMMEND_MIN_ON_SALE', { count: config.recommendMinOnSale });
    if (product.isNew && c.recommendedNew >= CATALOG.RECOMMEND_NEW_MAX) throw new AppError('RECOMMEND_NEW_LIMIT');
    if (c.recommended >= pkg.maxRecommended) throw new AppError('RECOMMEND_PLAN_LIMIT', { count: pkg.maxRecommended });
    const [updated] = await tx.update(shopProducts).set({ isRecommended: true }).where(eq(shopProducts.id, productId)).returning();
    return toShopProductView(updated);
  });
}
