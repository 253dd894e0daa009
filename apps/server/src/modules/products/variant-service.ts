import { and, asc, eq, inArray, sql } from 'drizzle-orm';
import { priceVariant } from '@shopdesk/shared/products/pricing';
import type { ShopProductView, ShopVariantView } from '@shopdesk/shared/products/schemas';
import { variantName } from '@shopdesk/shared/products/variant-names';
import type { shopVariantsPatchBody } from '@shopdesk/shared/products/variants';
import type { z } from 'zod';
import type { LanguageCode } from '@shopdesk/shared/languages';
import type { Db, DbOrTx, Tx } from '../../db/client.ts';
import { shopProducts, shopProductVariants, warehouseVariants } from '../../db/schema.ts';
import { AppError } from '../../lib/app-error.ts';
import { optionsIn, type ShownOptions } from './product-texts.ts';

type ShopProductRow = typeof shopProducts.$inferSelect;
type ShopVariantRow = typeof shopProductVariants.$inferSelect;
type WarehouseVariantRow = typeof warehouseVariants.$inferSelect;

/** A shop variant with the warehouse variant it copies (SKU, option values, image). */
export interface ShopVariant {
  variant: ShopVariantRow;
  source: WarehouseVariantRow;
}

/** The variants of shop products, by product id, in the warehouse's order. */
export async function variantsOf(db: DbOrTx, shopProductIds: readonly number[], lock = false): Promise<Map<number, ShopVariant[]>> {
  const byProduct = new Map<number, ShopVariant[]>();
  if (shopProductIds.length === 0) return byProduct;
  const query = db
    .select({ variant: shopProductVariants, source: warehouseVariants })
    .from(shopProductVariants)
    .innerJoin(warehouseVariants, eq(warehouseVariants.id, shopProductVariants.warehouseVariantId))
    .where(inArray(shopProductVariants.shopProductId, [...new Set(shopProductIds)]))
    .orderBy(asc(shopProductVariants.shopProductId), asc(warehouseVariants.position), asc(warehouseVariants.id));
  const rows = lock ? await query.for('update', { of: shopProductVariants }) : await query;
  for (const row of rows) {
    const list = byProduct.get(row.variant.shopProductId) ?? [];
    list.push(row);
    byProduct.set(row.variant.shopProductId, list);
  }
  return byProduct;
}

/** A variant's figures, its prices derived by the pricing module at its product's ratios, its values as `shown` gives them (the reader's language). */
export function toShopVariantView(product: ShopProductRow, { variant, source }: ShopVariant, now = new Date(), shown?: ShownOptions): ShopVariantView {
  const pricing = priceVariant(product, variant, now);
  const optionValues = shown?.values(source.optionValues) ?? source.optionValues;
  return {
    id: variant.id,
    sku: source.sku,
    optionValues,
    name: variantName(optionValues),
    image: source.image,
    purchasePriceCents: variant.purchasePriceCents,
    priceCents: pricing.priceCents,
    discountPriceCents: pricing.discountPriceCents,
    salePriceCents: pricing.salePriceCents,
    profitCents: pricing.profitCents,
    stock: variant.stock,
    totalSales: variant.totalSales,
    enabled: variant.enabled,
  };
}

/**
 * Adds the variant summary to product views: the sale price range of the enabled variants, the
 * variant count and option axes, and (withVariants) the variants themselves; the axes and values
 * in the reader's language, English where the warehouse has none.
 */
export async function withVariantSummary<V extends ShopProductView>(db: DbOrTx, rows: readonly ShopProductRow[], views: V[], withVariants: boolean, lang: LanguageCode, now = new Date()): Promise<V[]> {
  const variants = await variantsOf(
    db,
    rows.map((r) => r.id),
  );
  const options = await optionsIn(
    db,
    lang,
    rows.map((r) => r.warehouseProductId),
  );
  const rowOf = new Map(rows.map((r) => [r.id, r]));
  return views.map((view) => {
    const row = rowOf.get(view.id)!;
    const shown = options.get(row.warehouseProductId);
    const list = (variants.get(view.id) ?? []).map((v) => toShopVariantView(row, v, now, shown));
    const prices = list.filter((v) => v.enabled).map((v) => v.salePriceCents);
    return {
      ...view,
      salePriceMinCents: prices.length ? Math.min(...prices) : view.salePriceCents,
      salePriceMaxCents: prices.length ? Math.max(...prices) : view.salePriceCents,
      variantCount: list.length,
      options: shown?.options ?? [],
      ...(withVariants ? { variants: list } : {}),
    };
  });
}

/**
 * Keeps a shop product's row the summary of its variants: its stock the sum of the enabled
 * variants' stock, its purchase price the lowest enabled one (what lists, totals, the mall's cards
 * and the dashboard read). The caller holds the product rows' lock.
 */
export async function syncProductsFromVariants(tx: DbOrTx, shopProductIds: readonly number[]) {
  if (shopProductIds.length === 0) return;
  await tx
    .update(shopProducts)
    .set({
      stock: sql`coalesce((select sum(v.stock)::integer from shop_product_variants v where v.shop_product_id = ${shopProducts.id} and v.enabled), 0)`,
      purchasePriceCents: sql`coalesce((select min(v.purchase_price_cents) from shop_product_variants v where v.shop_product_id = ${shopProducts.id} and v.enabled), ${shopProducts.purchasePriceCents})`,
    })
    .where(inArray(shopProducts.id, [...new Set(shopProductIds)]));
}

/**
 * A seller's stock for the whole product: allowed while it has one variant (as before variants),
 * refused with several (VARIANT_STOCK_PER_VARIANT: each variant has its own).
 */
export async function setSingleVariantStock(tx: Tx, shopProductId: number, stock: number) {
  const variants = await tx.select({ id: shopProductVariants.id }).from(shopProductVariants).where(eq(shopProductVariants.shopProductId, shopProductId));
  if (variants.length !== 1) throw new AppError('VARIANT_STOCK_PER_VARIANT');
  await tx.update(shopProductVariants).set({ stock }).where(eq(shopProductVariants.id, variants[0]!.id));
}

/**
 * POST /api/product/variants: switches single variants of one of the shop's products on or off and
 * sets their stock. A variant not of the product is NOT_FOUND; switching off the last enabled one
 * is VARIANT_LAST_ENABLED (the product goes off sale instead). Nothing changes on a refusal.
 */
export async function patchShopVariants(db: Db, shopId: number, input: z.output<typeof shopVariantsPatchBody>, lang: LanguageCode): Promise<ShopVariantView[]> {
  return db.transaction(async (tx) => {
    const [product] = await tx
      .select()
      .from(shopProducts)
      .where(and(eq(shopProducts.id, input.id), eq(shopProducts.shopId, shopId)))
      .for('update');
    if (!product) throw new AppError('NOT_FOUND');
    const current = (await variantsOf(tx, [product.id], true)).get(product.id) ?? [];
    const byId = new Map(current.map((v) => [v.variant.id, v]));
    for (const change of input.variants) if (!byId.has(change.id)) throw new AppError('NOT_FOUND');
    const changes = new Map(input.variants.map((c) => [c.id, c]));
    const enabledAfter = current.filter((v) => changes.get(v.variant.id)?.enabled ?? v.variant.enabled);
    if (enabledAfter.length === 0) throw new AppError('VARIANT_LAST_ENABLED');
    for (const change of changes.values()) {
      const set: Partial<typeof shopProductVariants.$inferInsert> = {};
      if (change.enabled !== undefined) set.enabled = change.enabled;
      if (change.stock !== undefined) set.stock = change.stock;
      if (Object.keys(set).length) await tx.update(shopProductVariants).set(set).where(eq(shopProductVariants.id, change.id));
    }
    await syncProductsFromVariants(tx, [product.id]);
    const [after] = await tx.select().from(shopProducts).where(eq(shopProducts.id, product.id));
    const shown = (await optionsIn(tx, lang, [product.warehouseProductId])).get(product.warehouseProductId);
    return ((await variantsOf(tx, [product.id])).get(product.id) ?? []).map((v) => toShopVariantView(after!, v, new Date(), shown));
  });
}
