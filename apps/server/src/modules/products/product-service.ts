import { and, asc, count, desc, eq, gte, ilike, inArray, isNotNull, isNull, lte, or, sql, type SQL } from 'drizzle-orm';
import { ZodError } from 'zod';
import { CATALOG } from '@shopdesk/shared/constants';
import type { BatchAddAnswer, BatchAddResult, ProductListQuery, ProductPatch, WarehouseQuery } from '@shopdesk/shared/products/schemas';
import { VM } from '@shopdesk/shared/validation';
import type { Db, DbOrTx } from '../../db/client.ts';
import { shopProducts, warehouseProducts, warehouseVariants } from '../../db/schema.ts';
import { AppError } from '../../lib/app-error.ts';
import type { RowOutcome } from '../../lib/batch.ts';
import { containsPattern, rowsOf } from '../../lib/sql-text.ts';
import { coverSvg } from './cover-image.ts';
import { bpToPercent, toShopProductView, toWarehouseView } from './product-view.ts';
import type { LanguageCode } from '@shopdesk/shared/languages';
import { localizeShopRows, optionsIn, overlay, textsIn, translatedNameMatches } from './product-texts.ts';
import { readPage } from '../../lib/read-page.ts';
import { setSingleVariantStock, syncProductsFromVariants, withVariantSummary } from './variant-service.ts';

type ShopProductRow = typeof shopProducts.$inferSelect;

const uniqueIds = <T>(ids: T[]) => [...new Set(ids)];

/**
 * The product warehouse in the reader's language (English where it has no translation), with
 * whether each product is already in the caller's shop; a name search finds either text.
 */
export async function searchWarehouse(db: Db, shopId: number, q: WarehouseQuery, lang: LanguageCode) {
  // Products the operator retired are no longer offered.
  const parts: SQL[] = [eq(warehouseProducts.active, true)];
  if (q.name) parts.push(or(ilike(warehouseProducts.name, containsPattern(q.name)), translatedNameMatches(lang, containsPattern(q.name)))!);
  if (q.category) parts.push(eq(warehouseProducts.category, q.category));
  if (q.minPriceCents !== undefined) parts.push(gte(warehouseProducts.purchasePriceCents, q.minPriceCents));
  if (q.maxPriceCents !== undefined) parts.push(lte(warehouseProducts.purchasePriceCents, q.maxPriceCents));
  if (q.inShop === true) parts.push(isNotNull(shopProducts.id));
  if (q.inShop === false) parts.push(isNull(shopProducts.id));
  const where = parts.length ? and(...parts) : undefined;
  const join = and(eq(shopProducts.warehouseProductId, warehouseProducts.id), eq(shopProducts.shopId, shopId));
  const page = await readPage(
    q,
    (limit, offset) =>
      db.select({ product: warehouseProducts, shopProductId: shopProducts.id }).from(warehouseProducts).leftJoin(shopProducts, join).where(where).orderBy(asc(warehouseProducts.id)).limit(limit).offset(offset),
    db.select({ n: count() }).from(warehouseProducts).leftJoin(shopProducts, join).where(where),
    (r) => toWarehouseView(r.product, r.shopProductId),
  );
  const ids = page.list.map((p) => p.id);
  const [texts, variants, options] = await Promise.all([textsIn(db, lang, ids), variantSpans(db, ids), optionsIn(db, lang, ids)]);
  return { ...page, list: page.list.map((p) => ({ ...p, ...overlay(p, texts.get(p.id)), ...variants.get(p.id), options: options.get(p.id)?.options ?? p.options })) };
}

/** How many variants each warehouse product has and their lowest and highest supplier price. */
async function variantSpans(db: Db, warehouseProductIds: number[]) {
  const spans = new Map<number, { variantCount: number; purchasePriceMinCents: number; purchasePriceMaxCents: number }>();
  if (warehouseProductIds.length === 0) return spans;
  const rows = await db
    .select({
      id: warehouseVariants.warehouseProductId,
      n: count(),
      min: sql<number>`min(${warehouseVariants.purchasePriceCents})::integer`,
      max: sql<number>`max(${warehouseVariants.purchasePriceCents})::integer`,
    })
    .from(warehouseVariants)
    .where(inArray(warehouseVariants.warehouseProductId, warehouseProductIds))
    .groupBy(warehouseVariants.warehouseProductId);
  for (const r of rows) spans.set(r.id, { variantCount: Number(r.n), purchasePriceMinCents: Number(r.min), purchasePriceMaxCents: Number(r.max) });
  return spans;
}

/**
 * Adds warehouse products to the shop at one profit ratio, in one statement. Never fails as a
 * whole: each product is reported added, already_in_shop or not_found.
 */
export async function batchAdd(db: Db, shopId: number, input: { warehouseProductIds: number[]; profitRatio: number }): Promise<BatchAddAnswer> {
  const ids = uniqueIds(input.warehouseProductIds);
  if (ids.length === 0) throw new AppError('NO_SELECTION');
  const idList = sql.join(
    ids.map((id) => sql`${id}::integer`),
    sql`, `,
  );
  const inserted = rowsOf<{ id: number; warehouse_product_id: number }>(
    await db.execute(sql`
      insert into shop_products (shop_id, warehouse_product_id, name, description, category, cover, purchase_price_cents, profit_ratio_bp, stock, rating_x10, is_new)
      select ${shopId}::integer, w.id, w.name, w.description, w.category, w.cover, w.purchase_price_cents, ${input.profitRatio}::integer, w.stock, w.rating_x10, true
      from warehouse_products w where w.id in (${idList}) and w.active
      order by w.id
      on conflict (shop_id, warehouse_product_id) do nothing
      returning id, warehouse_product_id`),
  );
  const existing = await db
    .select({ id: shopProducts.id, warehouseProductId: shopProducts.warehouseProductId })
    .from(shopProducts)
    .where(and(eq(shopProducts.shopId, shopId), inArray(shopProducts.warehouseProductId, ids)));
  const added = new Map(inserted.map((r) => [Number(r.warehouse_product_id), Number(r.id)]));
  const inShop = new Map(existing.map((r) => [r.warehouseProductId, r.id]));
  const results = ids.map((warehouseProductId) => {
    const result: BatchAddResult = added.has(warehouseProductId) ? 'added' : inShop.has(warehouseProductId) ? 'already_in_shop' : 'not_found';
    return { warehouseProductId, result, productId: added.get(warehouseProductId) ?? inShop.get(warehouseProductId) ?? null };
  });
  const ratio = bpToPercent(input.profitRatio);
  const suggested = { min: CATALOG.PROFIT_RATIO_SUGGESTED_MIN, max: CATALOG.PROFIT_RATIO_SUGGESTED_MAX };
  return {
    results,
    added: results.filter((r) => r.result === 'added').length,
    alreadyInShop: results.filter((r) => r.result === 'already_in_shop').length,
    notFound: results.filter((r) => r.result === 'not_found').length,
    profitRatio: ratio,
    suggested,
    outsideSuggested: ratio < suggested.min || ratio > suggested.max,
  };
}

/** The shop's products, each in the reader's language while its text is still the warehouse's. */
export async function listProducts(db: Db, shopId: number, q: ProductListQuery, lang: LanguageCode) {
  const parts: SQL[] = [eq(shopProducts.shopId, shopId)];
  if (q.name) parts.push(ilike(shopProducts.name, containsPattern(q.name)));
  if (q.category) parts.push(eq(shopProducts.category, q.category));
  if (q.status) parts.push(eq(shopProducts.status, q.status));
  if (q.recommended !== undefined) parts.push(eq(shopProducts.isRecommended, q.recommended));
  if (q.isNew !== undefined) parts.push(eq(shopProducts.isNew, q.isNew));
  const where = and(...parts);
  const now = new Date();
  const page = await readPage(
    q,
    (limit, offset) => db.select().from(shopProducts).where(where).orderBy(desc(shopProducts.createdAt), desc(shopProducts.id)).limit(limit).offset(offset),
    db.select({ n: count() }).from(shopProducts).where(where),
    (r) => r,
  );
  const views = await withVariantSummary(
    db,
    page.list,
    page.list.map((r) => toShopProductView(r, now)),
    q.withVariants === true,
    lang,
    now,
  );
  return { ...page, list: await localizeShopRows(db, lang, views) };
}

export async function loadOwnProduct(db: DbOrTx, shopId: number, id: number, lock = false): Promise<ShopProductRow> {
  const query = db
    .select()
    .from(shopProducts)
    .where(and(eq(shopProducts.id, id), eq(shopProducts.shopId, shopId)));
  const [row] = lock ? await query.for('update') : await query;
  if (!row) throw new AppError('NOT_FOUND');
  return row;
}

/** One shop product with its variants (their option texts in the reader's language). */
export async function productDetail(db: Db, shopId: number, id: number, lang: LanguageCode) {
  const row = await loadOwnProduct(db, shopId, id);
  const [view] = await withVariantSummary(db, [row], [toShopProductView(row)], true, lang);
  return view!;
}

function dateRangeError(): ZodError {
  return new ZodError([{ code: 'custom', path: ['discountEnd'], message: VM.dateRange, input: undefined }]);
}

/**
 * The column changes of a patch for one product, checked against what the product already has:
 * a discount ratio needs a discount date range (SPEC §5: the date is chosen first), and the range
 * must not end before it starts. Going off sale also ends a recommendation.
 */
export function patchColumns(row: Pick<ShopProductRow, 'discountRatioBp' | 'discountStart' | 'discountEnd'>, patch: ProductPatch) {
  const ratio = patch.discountRatio ?? row.discountRatioBp;
  const start = patch.discountStart !== undefined ? patch.discountStart : row.discountStart;
  const end = patch.discountEnd !== undefined ? patch.discountEnd : row.discountEnd;
  if (ratio > 0 && (!start || !end)) throw new AppError('DISCOUNT_DATES_REQUIRED');
  if (start && end && start.getTime() > end.getTime()) throw dateRangeError();
  const set: Partial<typeof shopProducts.$inferInsert> = {};
  if (patch.profitRatio !== undefined) set.profitRatioBp = patch.profitRatio;
  if (patch.discountRatio !== undefined) set.discountRatioBp = patch.discountRatio;
  if (patch.discountStart !== undefined) set.discountStart = patch.discountStart;
  if (patch.discountEnd !== undefined) set.discountEnd = patch.discountEnd;
  if (patch.status !== undefined) set.status = patch.status;
  if (patch.status === 'off_sale') set.isRecommended = false;
  if (patch.stock !== undefined) set.stock = patch.stock;
  if (patch.name !== undefined) set.name = patch.name;
  if (patch.description !== undefined) set.description = patch.description;
  if (patch.published !== undefined) set.published = patch.published;
  return set;
}

export async function updateProduct(db: Db, shopId: number, id: number, patch: ProductPatch) {
  return db.transaction(async (tx) => {
    const row = await loadOwnProduct(tx, shopId, id, true);
    const { stock, ...set } = patchColumns(row, patch);
    // The stock lives on the variants (the product row sums them): one variant takes it, several refuse.
    if (stock !== undefined) await setSingleVariantStock(tx, id, stock as number);
    if (Object.keys(set).length > 0) await tx.update(shopProducts).set(set).where(eq(shopProducts.id, id));
    if (stock !== undefined) await syncProductsFromVariants(tx, [id]);
    const [updated] = await tx.select().from(shopProducts).where(eq(shopProducts.id, id));
    return toShopProductView(updated!);
  });
}

/** The same patch on many products; each row succeeds or fails on its own. */
export async function batchUpdate(db: Db, shopId: number, ids: number[], patch: ProductPatch): Promise<RowOutcome<number>[]> {
  const wanted = uniqueIds(ids);
  if (wanted.length === 0) throw new AppError('NO_SELECTION');
  return db.transaction(async (tx) => {
    const rows = await tx
      .select()
      .from(shopProducts)
      .where(and(eq(shopProducts.shopId, shopId), inArray(shopProducts.id, wanted)))
      .for('update');
    const byId = new Map(rows.map((r) => [r.id, r]));
    const outcomes: RowOutcome<number>[] = [];
    const okIds: number[] = [];
    let set: Partial<typeof shopProducts.$inferInsert> = {};
    for (const id of wanted) {
      const row = byId.get(id);
      if (!row) {
        outcomes.push({ id, ok: false, error: 'NOT_FOUND' });
        continue;
      }
      try {
        set = patchColumns(row, patch);
        okIds.push(id);
        outcomes.push({ id, ok: true });
      } catch (error) {
        if (error instanceof AppError) outcomes.push({ id, ok: false, error: error.key, params: error.params });
        else if (error instanceof ZodError) outcomes.push({ id, ok: false, error: 'VALIDATION_FAILED' });
        else throw error;
      }
    }
    if (okIds.length > 0 && Object.keys(set).length > 0) {
      await tx.update(shopProducts).set(set).where(and(eq(shopProducts.shopId, shopId), inArray(shopProducts.id, okIds)));
    }
    return outcomes;
  });
}

/**
 * Deletes shop products. Their orders keep the product's name and image (the order's link to the
 * product becomes null), as do their reviews.
 */
export async function batchDelete(db: Db, shopId: number, ids: number[]): Promise<RowOutcome<number>[]> {
  const wanted = uniqueIds(ids);
  if (wanted.length === 0) throw new AppError('NO_SELECTION');
  const deleted = await db
    .delete(shopProducts)
    .where(and(eq(shopProducts.shopId, shopId), inArray(shopProducts.id, wanted)))
    .returning({ id: shopProducts.id });
  const gone = new Set(deleted.map((d) => d.id));
  return wanted.map((id) => (gone.has(id) ? { id, ok: true } : { id, ok: false, error: 'NOT_FOUND' as const }));
}

export async function setStatus(db: Db, shopId: number, ids: number[], status: 'on_sale' | 'off_sale'): Promise<RowOutcome<number>[]> {
  const wanted = uniqueIds(ids);
  if (wanted.length === 0) throw new AppError('NO_SELECTION');
  const updated = await db
    .update(shopProducts)
    .set(status === 'off_sale' ? { status, isRecommended: false } : { status })
    .where(and(eq(shopProducts.shopId, shopId), inArray(shopProducts.id, wanted)))
    .returning({ id: shopProducts.id });
  const done = new Set(updated.map((d) => d.id));
  return wanted.map((id) => (done.has(id) ? { id, ok: true } : { id, ok: false, error: 'NOT_FOUND' as const }));
}

/** The cover image (SVG) of a warehouse product, drawn from its category and name. */
export async function productCoverSvg(db: Db, warehouseProductId: number): Promise<string> {
  const [product] = await db
    .select({ name: warehouseProducts.name, category: warehouseProducts.category })
    .from(warehouseProducts)
    .where(eq(warehouseProducts.id, warehouseProductId));
  if (!product) throw new AppError('NOT_FOUND');
  return coverSvg(product.category, product.name, warehouseProductId);
}
