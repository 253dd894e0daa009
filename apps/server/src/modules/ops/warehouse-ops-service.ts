import { and, count, desc, eq, ilike, or, sql, type SQL } from 'drizzle-orm';
import type { z } from 'zod';
import { CATALOG } from '@shopdesk/shared/constants';
import type { OpsWarehouseQuery, OpsWarehouseRow, warehouseProductBody, warehouseProductPatch } from '@shopdesk/shared/ops/catalog';
import { applyRatioUp } from '@shopdesk/shared/products/pricing';
import type { Db, DbOrTx, Tx } from '../../db/client.ts';
import { shopProducts, warehouseProducts } from '../../db/schema.ts';
import { AppError } from '../../lib/app-error.ts';
import { containsPattern } from '../../lib/sql-text.ts';
import { recordOperatorAction } from '../audit/operator-audit.ts';
import { allTexts, normalizeTexts, replaceTexts, translatedNameMatches } from '../products/product-texts.ts';

type WarehouseRow = typeof warehouseProducts.$inferSelect;
type NewProduct = z.output<typeof warehouseProductBody>;
type ProductPatch = z.output<typeof warehouseProductPatch>;
type Texts = Awaited<ReturnType<typeof allTexts>> extends Map<number, infer T> ? T : never;

/** A product that has no uploaded photo shows the picture drawn from its category and name. */
export const drawnCover = (id: number) => `/api/catalog/covers/${id}.svg`;

function toRow(row: WarehouseRow, { shopsSelling, variantCount }: Counts, translations: Texts = {}): OpsWarehouseRow {
  return {
    id: row.id,
    name: row.name,
    description: row.description,
    category: row.category,
    cover: row.cover,
    gallery: row.gallery,
    translations,
    purchasePriceCents: row.purchasePriceCents,
    // What a seller's price comes to at the suggested profit ratios (SPEC §5: 10% to 30%).
    suggestedPriceMinCents: applyRatioUp(row.purchasePriceCents, CATALOG.PROFIT_RATIO_SUGGESTED_MIN * 100),
    suggestedPriceMaxCents: applyRatioUp(row.purchasePriceCents, CATALOG.PROFIT_RATIO_SUGGESTED_MAX * 100),
    stock: row.stock,
    sales: row.sales,
    active: row.active,
    shopsSelling,
    variantCount,
    createTime: row.createdAt.toISOString(),
    updateTime: row.updatedAt.toISOString(),
  };
}

/** What the audit trail keeps of a warehouse product. */
const auditView = (row: WarehouseRow, translations: Texts) => ({
  name: row.name,
  description: row.description,
  translations,
  category: row.category,
  cover: row.cover,
  gallery: row.gallery,
  purchasePriceCents: row.purchasePriceCents,
  stock: row.stock,
  active: row.active,
});

// Spelled out: inside the correlated subqueries both tables' columns must be qualified.
const counts = {
  shopsSelling: sql<number>`(select count(*)::int from shop_products sp where sp.warehouse_product_id = "warehouse_products"."id")`,
  variantCount: sql<number>`(select count(*)::int from warehouse_variants v where v.warehouse_product_id = "warehouse_products"."id")`,
};
interface Counts {
  shopsSelling: number;
  variantCount: number;
}
const countsOf = (r: Counts): Counts => ({ shopsSelling: Number(r.shopsSelling), variantCount: Number(r.variantCount) });

/** The warehouse as the operator searches it (name or id), newest first, retired ones included unless filtered. */
export async function listWarehouse(db: Db, q: OpsWarehouseQuery) {
  const parts: SQL[] = [];
  if (q.q) {
    const id = /^\d{1,9}$/.test(q.q) ? Number(q.q) : null;
    // By the English name or a translation in any language.
    const byName = or(ilike(warehouseProducts.name, containsPattern(q.q)), translatedNameMatches(null, containsPattern(q.q)))!;
    parts.push(id === null ? byName : or(eq(warehouseProducts.id, id), byName)!);
  }
  if (q.category) parts.push(eq(warehouseProducts.category, q.category));
  if (q.active !== undefined) parts.push(eq(warehouseProducts.active, q.active));
  const where = parts.length ? and(...parts) : undefined;
  const [rows, [total]] = await Promise.all([
    db
      .select({ product: warehouseProducts, ...counts })
      .from(warehouseProducts)
      .where(where)
      .orderBy(desc(warehouseProducts.id))
      .limit(q.pageSize)
      .offset((q.page - 1) * q.pageSize),
    db.select({ n: count() }).from(warehouseProducts).where(where),
  ]);
  const texts = await allTexts(
    db,
    rows.map((r) => r.product.id),
  );
  return { list: rows.map((r) => toRow(r.product, countsOf(r), texts.get(r.product.id))), total: total?.n ?? 0, page: q.page, pageSize: q.pageSize };
}

export async function warehouseProductById(db: DbOrTx, id: number): Promise<OpsWarehouseRow> {
  const [row] = await db.select({ product: warehouseProducts, ...counts }).from(warehouseProducts).where(eq(warehouseProducts.id, id));
  if (!row) throw new AppError('NOT_FOUND');
  return toRow(row.product, countsOf(row), (await allTexts(db, [id])).get(id));
}

const textsOf = async (tx: DbOrTx, id: number): Promise<Texts> => (await allTexts(tx, [id])).get(id) ?? {};

/** Inserts one product inside the caller's transaction (its drawn cover until a photo is uploaded); audited. */
export async function insertWarehouseProduct(tx: Tx, operatorUserId: number, input: NewProduct, action = 'warehouse.create'): Promise<{ row: WarehouseRow; translations: Texts }> {
  const { translations, ...fields } = input;
  const [row] = await tx.insert(warehouseProducts).values({ ...fields, cover: '' }).returning();
  const [withCover] = await tx.update(warehouseProducts).set({ cover: drawnCover(row!.id) }).where(eq(warehouseProducts.id, row!.id)).returning();
  const texts = normalizeTexts(translations);
  await replaceTexts(tx, row!.id, texts);
  await recordOperatorAction(tx, operatorUserId, action, 'warehouse_product', withCover!.id, null, auditView(withCover!, texts));
  return { row: withCover!, translations: texts };
}

export async function createWarehouseProduct(db: Db, operatorUserId: number, input: NewProduct): Promise<OpsWarehouseRow> {
  const { row, translations } = await db.transaction((tx) => insertWarehouseProduct(tx, operatorUserId, input));
  // A new product has its one implicit variant (a trigger gives it).
  return toRow(row, { shopsSelling: 0, variantCount: 1 }, translations);
}

/**
 * Changes a warehouse product. The shops selling it follow its name, description, category,
 * picture and supplier price (their own price follows at their profit ratio), so later orders use
 * the new figures; orders already placed keep the price they were placed at, which they store.
 */
export async function updateWarehouseProduct(db: Db, operatorUserId: number, id: number, patch: ProductPatch): Promise<OpsWarehouseRow> {
  await db.transaction(async (tx) => {
    const [before] = await tx.select().from(warehouseProducts).where(eq(warehouseProducts.id, id)).for('update');
    if (!before) throw new AppError('NOT_FOUND');
    await applyWarehouseChange(tx, operatorUserId, before, patch, 'warehouse.update');
  });
  return warehouseProductById(db, id);
}

const same = (a: unknown, b: unknown) => JSON.stringify(a) === JSON.stringify(b);

/**
 * Writes a change (nothing when nothing differs), passes it on to the shops' copies and audits it.
 * Translations, when given, replace the product's whole set; the shops read them from the
 * warehouse, as they read the gallery.
 */
export async function applyWarehouseChange(tx: Tx, operatorUserId: number, before: WarehouseRow, patch: Partial<NewProduct> & { cover?: string; gallery?: string[] }, action: string) {
  const { translations, ...all } = patch;
  // A product with options has its supplier price and stock per variant (warehouse-variants.ts);
  // the row's are their summary, not set here.
  const { purchasePriceCents: _price, stock: _stock, ...perProduct } = all;
  const fields = before.options.length > 0 ? perProduct : all;
  const changed = Object.fromEntries(Object.entries(fields).filter(([key, value]) => value !== undefined && !same(before[key as keyof WarehouseRow], value)));
  const textsBefore = await textsOf(tx, before.id);
  const textsAfter = translations === undefined ? textsBefore : normalizeTexts(translations);
  const textsChanged = !same(textsBefore, textsAfter);
  if (Object.keys(changed).length === 0 && !textsChanged) return before;
  const [after] = await tx.update(warehouseProducts).set({ ...changed, updatedAt: sql`now()` }).where(eq(warehouseProducts.id, before.id)).returning();
  if (textsChanged) await replaceTexts(tx, before.id, textsAfter);
  const copied = { name: after!.name, description: after!.description, category: after!.category, cover: after!.cover, ...(before.options.length > 0 ? {} : { purchasePriceCents: after!.purchasePriceCents }) };
  await tx.update(shopProducts).set(copied).where(eq(shopProducts.warehouseProductId, before.id));
  await recordOperatorAction(tx, operatorUserId, action, 'warehouse_product', before.id, auditView(before, textsBefore), auditView(after!, textsAfter));
  return after!;
}

/** Gives a product its uploaded photo (the shops selling it follow); audited. */
export async function setWarehousePhoto(db: Db, operatorUserId: number, id: number, url: string): Promise<OpsWarehouseRow> {
  await db.transaction(async (tx) => {
    const [before] = await tx.select().from(warehouseProducts).where(eq(warehouseProducts.id, id)).for('update');
    if (!before) throw new AppError('NOT_FOUND');
    await applyWarehouseChange(tx, operatorUserId, before, { cover: url }, 'warehouse.photo');
  });
  return warehouseProductById(db, id);
}

async function lockedProduct(tx: Tx, id: number): Promise<WarehouseRow> {
  const [row] = await tx.select().from(warehouseProducts).where(eq(warehouseProducts.id, id)).for('update');
  if (!row) throw new AppError('NOT_FOUND');
  return row;
}

/** Refuses a picture for a gallery that is already full (before its bytes are read and stored). */
export async function checkGalleryRoom(db: DbOrTx, id: number) {
  const [row] = await db.select({ gallery: warehouseProducts.gallery }).from(warehouseProducts).where(eq(warehouseProducts.id, id));
  if (!row) throw new AppError('NOT_FOUND');
  if (row.gallery.length >= CATALOG.GALLERY_MAX) throw new AppError('GALLERY_FULL', { max: CATALOG.GALLERY_MAX });
}

/** Adds a stored picture at the end of a product's gallery (at most CATALOG.GALLERY_MAX); audited. */
export async function addGalleryImage(db: Db, operatorUserId: number, id: number, url: string): Promise<OpsWarehouseRow> {
  await db.transaction(async (tx) => {
    const before = await lockedProduct(tx, id);
    if (before.gallery.length >= CATALOG.GALLERY_MAX) throw new AppError('GALLERY_FULL', { max: CATALOG.GALLERY_MAX });
    await applyWarehouseChange(tx, operatorUserId, before, { gallery: [...before.gallery, url] }, 'warehouse.gallery');
  });
  return warehouseProductById(db, id);
}

/**
 * Puts a product's gallery in a new order; a picture left out is removed. Naming a picture the
 * gallery does not hold, or one twice, is refused (the console's copy was stale). Audited.
 */
export async function arrangeGallery(db: Db, operatorUserId: number, id: number, images: string[]): Promise<OpsWarehouseRow> {
  await db.transaction(async (tx) => {
    const before = await lockedProduct(tx, id);
    if (new Set(images).size !== images.length || images.some((src) => !before.gallery.includes(src))) throw new AppError('GALLERY_MISMATCH');
    await applyWarehouseChange(tx, operatorUserId, before, { gallery: images }, 'warehouse.gallery');
  });
  return warehouseProductById(db, id);
}
