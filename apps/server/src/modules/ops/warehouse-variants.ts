import { and, asc, eq, inArray, ne, sql } from 'drizzle-orm';
import { CATALOG } from '@shopdesk/shared/constants';
import { LANGUAGES } from '@shopdesk/shared/languages';
import { IMPLICIT_SKU, overlayOptions, translationFits, valuesDistinct, variantName, type VariantAxis } from '@shopdesk/shared/products/variant-names';
import type { OptionTranslations, WarehouseVariantInput, WarehouseVariantsAnswer } from '@shopdesk/shared/products/variants';
import type { Db, DbOrTx } from '../../db/client.ts';
import { shopProducts, warehouseProducts, warehouseVariants } from '../../db/schema.ts';
import { AppError } from '../../lib/app-error.ts';
import { recordOperatorAction } from '../audit/operator-audit.ts';
import { allOptionTexts, replaceOptionTexts } from '../products/product-texts.ts';
import { syncProductsFromVariants } from '../products/variant-service.ts';

type WarehouseVariantRow = typeof warehouseVariants.$inferSelect;

const toView = (v: WarehouseVariantRow) => ({
  id: v.id,
  sku: v.sku,
  optionValues: v.optionValues,
  name: variantName(v.optionValues),
  purchasePriceCents: v.purchasePriceCents,
  suggestedPriceCents: v.suggestedPriceCents,
  stock: v.stock,
  image: v.image,
});

/** GET /api/ops/warehouse/:id/variants: the product's option axes and variants, in order. */
export async function warehouseVariantsOf(db: DbOrTx, id: number): Promise<WarehouseVariantsAnswer> {
  const [product] = await db.select({ options: warehouseProducts.options }).from(warehouseProducts).where(eq(warehouseProducts.id, id));
  if (!product) throw new AppError('NOT_FOUND');
  const rows = await db.select().from(warehouseVariants).where(eq(warehouseVariants.warehouseProductId, id)).orderBy(asc(warehouseVariants.position), asc(warehouseVariants.id));
  return { warehouseProductId: id, options: product.options, variants: rows.map(toView), optionTranslations: await allOptionTexts(db, id) };
}

/**
 * The option texts in other languages, checked against the axes: each language's must be the axes
 * and values in the same order (VARIANT_TRANSLATION_MISMATCH naming the language otherwise), and
 * must not make two values of an axis read alike once the English fills its gaps.
 */
export function checkOptionTranslations(options: readonly VariantAxis[], translations: OptionTranslations) {
  for (const [lang, translated] of Object.entries(translations)) {
    if (translated.length === 0) continue;
    if (!translationFits(options, translated) || !valuesDistinct(overlayOptions(options, translated))) {
      throw new AppError('VARIANT_TRANSLATION_MISMATCH', { language: LANGUAGES.find((l) => l.code === lang)?.label ?? lang });
    }
  }
}

/** The option texts a save keeps when it sends none: those that still fit the new axes. */
const stillFitting = (options: readonly VariantAxis[], translations: OptionTranslations): OptionTranslations =>
  Object.fromEntries(Object.entries(translations).filter(([, translated]) => translationFits(options, translated) && valuesDistinct(overlayOptions(options, translated))));

/**
 * The rules of a set of axes and variants, checked before anything is written: at most
 * VARIANT_AXES_MAX axes, each value once per axis, at most VARIANT_COMBINATIONS_MAX combinations;
 * every variant one value of each axis, each combination once (no axes: exactly one variant
 * without values); every SKU once, SD-<number> only for the product it names.
 */
export function checkVariantSet(productId: number, options: readonly VariantAxis[], variants: readonly WarehouseVariantInput[]) {
  if (options.length > CATALOG.VARIANT_AXES_MAX) throw new AppError('VARIANT_AXES_MAX', { max: CATALOG.VARIANT_AXES_MAX });
  const combinations = options.reduce((n, axis) => n * axis.values.length, 1);
  if (combinations > CATALOG.VARIANT_COMBINATIONS_MAX || variants.length > CATALOG.VARIANT_COMBINATIONS_MAX) throw new AppError('VARIANT_COMBINATIONS_MAX', { max: CATALOG.VARIANT_COMBINATIONS_MAX });
  const key = (s: string) => s.toLowerCase();
  if (new Set(options.map((a) => key(a.name))).size !== options.length) throw new AppError('VARIANT_OPTIONS_MISMATCH');
  if (options.some((a) => new Set(a.values.map(key)).size !== a.values.length)) throw new AppError('VARIANT_OPTIONS_MISMATCH');
  if (options.length === 0 && variants.length !== 1) throw new AppError('VARIANT_OPTIONS_MISMATCH');
  const combos = new Set<string>();
  for (const v of variants) {
    if (v.optionValues.length !== options.length || v.optionValues.some((value, i) => !options[i]!.values.includes(value))) throw new AppError('VARIANT_OPTIONS_MISMATCH');
    const combo = JSON.stringify(v.optionValues);
    if (combos.has(combo)) throw new AppError('VARIANT_OPTIONS_MISMATCH');
    combos.add(combo);
  }
  const skus = new Set<string>();
  for (const v of variants) {
    const reserved = IMPLICIT_SKU.exec(v.sku);
    if (skus.has(key(v.sku)) || (reserved && Number(reserved[1]) !== productId)) throw new AppError('VARIANT_SKU_TAKEN', { sku: v.sku });
    skus.add(key(v.sku));
  }
}

/**
 * POST /api/ops/warehouse/:id/variants: replaces the product's axes and variants (audited). A
 * variant named by id is kept and changed (the shops' copies keep their stock and sales and follow
 * its supplier price); one left out is removed (the shops' copies and cart lines go with it, orders
 * keep what they recorded); a new one comes to every shop selling the product, switched on, at its
 * warehouse stock. The product row keeps the summary: the lowest supplier price and the total stock.
 * Option texts in other languages, when sent, replace the product's set (checked against the axes);
 * left out, those that still fit the axes stay.
 */
export async function saveWarehouseVariants(db: Db, operatorUserId: number, id: number, input: { options: VariantAxis[]; variants: WarehouseVariantInput[]; optionTranslations?: OptionTranslations }): Promise<WarehouseVariantsAnswer> {
  checkVariantSet(id, input.options, input.variants);
  if (input.optionTranslations) checkOptionTranslations(input.options, input.optionTranslations);
  await db.transaction(async (tx) => {
    const [product] = await tx.select().from(warehouseProducts).where(eq(warehouseProducts.id, id)).for('update');
    if (!product) throw new AppError('NOT_FOUND');
    const before = await warehouseVariantsOf(tx, id);
    const existing = new Set(before.variants.map((v) => v.id));
    if (input.variants.some((v) => v.id !== undefined && !existing.has(v.id))) throw new AppError('NOT_FOUND');
    const skus = input.variants.map((v) => v.sku);
    const [taken] = await tx
      .select({ sku: warehouseVariants.sku })
      .from(warehouseVariants)
      .where(and(inArray(sql`lower(${warehouseVariants.sku})`, skus.map((s) => s.toLowerCase())), ne(warehouseVariants.warehouseProductId, id)))
      .limit(1);
    if (taken) throw new AppError('VARIANT_SKU_TAKEN', { sku: taken.sku });

    const kept = input.variants.filter((v) => v.id !== undefined).map((v) => v.id!);
    const removed = before.variants.filter((v) => !kept.includes(v.id)).map((v) => v.id);
    if (removed.length) await tx.delete(warehouseVariants).where(inArray(warehouseVariants.id, removed));
    // Kept variants may swap SKUs: park them on names no SKU can have ('~' is not allowed) first.
    if (kept.length) await tx.update(warehouseVariants).set({ sku: sql`'~' || ${warehouseVariants.id}` }).where(inArray(warehouseVariants.id, kept));
    const added: number[] = [];
    for (const [position, v] of input.variants.entries()) {
      const values = { sku: v.sku, optionValues: v.optionValues, purchasePriceCents: v.purchasePriceCents, suggestedPriceCents: v.suggestedPriceCents, stock: v.stock, image: v.image, position };
      if (v.id !== undefined) await tx.update(warehouseVariants).set(values).where(eq(warehouseVariants.id, v.id));
      else added.push((await tx.insert(warehouseVariants).values({ warehouseProductId: id, ...values }).returning({ id: warehouseVariants.id }))[0]!.id);
    }
    await tx
      .update(warehouseProducts)
      .set({
        options: input.options,
        purchasePriceCents: Math.min(...input.variants.map((v) => v.purchasePriceCents)),
        stock: input.variants.reduce((sum, v) => sum + v.stock, 0),
        updatedAt: sql`now()`,
      })
      .where(eq(warehouseProducts.id, id));
    await replaceOptionTexts(tx, id, input.optionTranslations ?? stillFitting(input.options, before.optionTranslations));

    // The shops selling it: their copies follow the supplier prices, new variants arrive switched on.
    const sellers = await tx.select({ id: shopProducts.id }).from(shopProducts).where(eq(shopProducts.warehouseProductId, id)).orderBy(asc(shopProducts.id)).for('update');
    if (sellers.length) {
      await tx.execute(sql`
        update shop_product_variants v set purchase_price_cents = w.purchase_price_cents
        from warehouse_variants w where w.id = v.warehouse_variant_id and w.warehouse_product_id = ${id}::integer and v.purchase_price_cents <> w.purchase_price_cents`);
      if (added.length)
        await tx.execute(sql`
          insert into shop_product_variants (shop_id, shop_product_id, warehouse_variant_id, purchase_price_cents, stock)
          select sp.shop_id, sp.id, w.id, w.purchase_price_cents, w.stock
          from shop_products sp join warehouse_variants w on w.warehouse_product_id = sp.warehouse_product_id
          where sp.warehouse_product_id = ${id}::integer and w.id in (${sql.join(
            added.map((a) => sql`${a}::integer`),
            sql`, `,
          )})`);
      await syncProductsFromVariants(
        tx,
        sellers.map((s) => s.id),
      );
    }
    await recordOperatorAction(tx, operatorUserId, 'warehouse.variants', 'warehouse_product', id, before, await warehouseVariantsOf(tx, id));
  });
  return warehouseVariantsOf(db, id);
}
