import { and, asc, eq, gt, inArray, sql } from 'drizzle-orm';
import { IMPLICIT_SKU, variantName } from '@shopdesk/shared/products/variant-names';
import type { DbOrTx } from '../../db/client.ts';
import { rowsOf } from '../../lib/sql-text.ts';
import { shopProducts, shopProductVariants, warehouseVariants, type SheetRowBefore } from '../../db/schema.ts';
import { syncProductsFromVariants, variantsOf } from './variant-service.ts';

/**
 * The one place that knows what a product sheet's row is: how a shop's rows are read (export and
 * import) and how an import's changes are written (import and undo). A row is one variant of a shop
 * product, keyed by the variant's SKU; the product's own fields (ratios, discount, on sale,
 * recommended) repeat on each of its rows. A product without options has one implicit variant whose
 * SKU is `SD-<warehouse product id>`, so sheets from before variants read as they did.
 */

/** A shop product's fields an import may change, whole (the product's state before or after). */
export type SheetRowState = Omit<SheetRowBefore, 'discountStart' | 'discountEnd' | 'variants' | 'onlyVariants'> & { discountStart: Date | null; discountEnd: Date | null };

export interface SheetRow {
  shopProductId: number;
  variantId: number;
  /** The variant's SKU (an import reports the SKU as the file wrote it). */
  sku: string;
  name: string;
  /** The variant's name ("Blue, M"); '' without options. */
  variant: string;
  /** The variant's purchase price: its prices are the product's ratios over it. */
  purchasePriceCents: number;
  profitRatioBp: number;
  discountRatioBp: number;
  discountStart: Date | null;
  discountEnd: Date | null;
  status: 'on_sale' | 'off_sale';
  isRecommended: boolean;
  /** The variant's stock and switch. */
  stock: number;
  enabled: boolean;
}

const productColumns = {
  id: shopProducts.id,
  name: shopProducts.name,
  profitRatioBp: shopProducts.profitRatioBp,
  discountRatioBp: shopProducts.discountRatioBp,
  discountStart: shopProducts.discountStart,
  discountEnd: shopProducts.discountEnd,
  status: shopProducts.status,
  isRecommended: shopProducts.isRecommended,
};
type ProductSelected = Pick<typeof shopProducts.$inferSelect, keyof typeof productColumns>;

/** Each product's rows, one per variant in the warehouse's order. */
async function sheetRowsOf(db: DbOrTx, products: ProductSelected[], lock: boolean): Promise<Map<number, SheetRow[]>> {
  const variants = await variantsOf(
    db,
    products.map((p) => p.id),
    lock,
  );
  return new Map(
    products.map(({ id, ...p }) => [
      id,
      (variants.get(id) ?? []).map(({ variant, source }) => ({
        ...p,
        shopProductId: id,
        variantId: variant.id,
        sku: source.sku,
        variant: variantName(source.optionValues),
        purchasePriceCents: variant.purchasePriceCents,
        stock: variant.stock,
        enabled: variant.enabled,
      })),
    ]),
  );
}

const PAGE = 1000;

/** The shop's rows in pages (a page of products, by product id), so an export never holds the whole shop at once. */
export async function* shopSheetRows(db: DbOrTx, shopId: number): AsyncGenerator<SheetRow[]> {
  let after = 0;
  for (;;) {
    const page = await db
      .select(productColumns)
      .from(shopProducts)
      .where(and(eq(shopProducts.shopId, shopId), gt(shopProducts.id, after)))
      .orderBy(asc(shopProducts.id))
      .limit(PAGE);
    if (page.length === 0) return;
    yield [...(await sheetRowsOf(db, page, false)).values()].flat();
    after = page[page.length - 1]!.id;
    if (page.length < PAGE) return;
  }
}

/** What an import finds for the SKUs of a file, locked for its transaction. */
export interface LockedSheet {
  /** A row by the SKU as written (upper case): a variant's SKU, or `SD-<id>` of a product with one variant. */
  rows: Map<string, SheetRow>;
  /** `SD-<id>` of a product that has several variants now: its variant count. */
  several: Map<string, number>;
  /** Every variant of each product found (also those not in the file), by product id. */
  products: Map<number, SheetRow[]>;
}

/**
 * The shop's rows named by these SKUs (upper case), locked for the import's transaction: the
 * product rows first (id order), then their variants, as a checkout locks them. Another shop's
 * product is never found. `SD-<id>` also names the product with that warehouse id when it has one
 * variant, whatever that variant's SKU is now (sheets from before variants keep working).
 */
export async function lockSheetRows(tx: DbOrTx, shopId: number, skus: string[]): Promise<LockedSheet> {
  const wanted = new Set(skus.filter((s) => s !== ''));
  const productIds = new Set<number>();
  // The shop's variant SKUs in one read from the shop's products (indexed by shop), matched here:
  // SKUs are unique without case, and no index serves upper(sku) over the whole warehouse.
  const shopSkus = await tx
    .select({ id: shopProducts.id, sku: warehouseVariants.sku })
    .from(shopProducts)
    .innerJoin(shopProductVariants, eq(shopProductVariants.shopProductId, shopProducts.id))
    .innerJoin(warehouseVariants, eq(warehouseVariants.id, shopProductVariants.warehouseVariantId))
    .where(eq(shopProducts.shopId, shopId));
  for (const r of shopSkus) if (wanted.has(r.sku.toUpperCase())) productIds.add(r.id);
  const legacy = new Map<number, string[]>();
  for (const sku of wanted) {
    const match = IMPLICIT_SKU.exec(sku);
    if (match && match[1]!.length <= 9) legacy.set(Number(match[1]), [...(legacy.get(Number(match[1])) ?? []), sku]);
  }
  const legacyIds = [...legacy.keys()];
  const productOfWarehouse = new Map<number, number>();
  for (let i = 0; i < legacyIds.length; i += PAGE) {
    const page = await tx
      .select({ id: shopProducts.id, warehouseProductId: shopProducts.warehouseProductId })
      .from(shopProducts)
      .where(and(eq(shopProducts.shopId, shopId), inArray(shopProducts.warehouseProductId, legacyIds.slice(i, i + PAGE))));
    for (const r of page) {
      productIds.add(r.id);
      productOfWarehouse.set(r.warehouseProductId, r.id);
    }
  }
  const ids = [...productIds].sort((a, b) => a - b);
  const products = new Map<number, SheetRow[]>();
  for (let i = 0; i < ids.length; i += PAGE) {
    const page = await tx
      .select(productColumns)
      .from(shopProducts)
      .where(and(eq(shopProducts.shopId, shopId), inArray(shopProducts.id, ids.slice(i, i + PAGE))))
      .orderBy(asc(shopProducts.id))
      .for('update');
    for (const [id, rows] of await sheetRowsOf(tx, page, true)) products.set(id, rows);
  }
  const rows = new Map<string, SheetRow>();
  for (const list of products.values()) for (const row of list) rows.set(row.sku.toUpperCase(), row);
  const several = new Map<string, number>();
  for (const [warehouseId, legacySkus] of legacy) {
    const list = products.get(productOfWarehouse.get(warehouseId) ?? 0);
    if (!list) continue;
    for (const sku of legacySkus) {
      if (rows.has(sku)) continue;
      if (list.length === 1) rows.set(sku, list[0]!);
      else several.set(sku, list.length);
    }
  }
  return { rows, several, products };
}

export const stateOf = (row: SheetRow): SheetRowState => ({
  id: row.shopProductId,
  profitRatioBp: row.profitRatioBp,
  discountRatioBp: row.discountRatioBp,
  discountStart: row.discountStart,
  discountEnd: row.discountEnd,
  status: row.status,
  isRecommended: row.isRecommended,
});

/** A product's state as an import keeps it for undo (dates as ISO text in JSON), with the variant switches it changed. */
export const beforeOf = (state: SheetRowState, variants: { id: number; enabled: boolean }[] = [], onlyVariants = false): SheetRowBefore => ({
  ...state,
  discountStart: state.discountStart?.toISOString() ?? null,
  discountEnd: state.discountEnd?.toISOString() ?? null,
  ...(variants.length ? { variants } : {}),
  ...(onlyVariants ? { onlyVariants } : {}),
});
export const stateFromBefore = ({ variants: _variants, onlyVariants: _only, ...before }: SheetRowBefore): SheetRowState => ({
  ...before,
  discountStart: before.discountStart ? new Date(before.discountStart) : null,
  discountEnd: before.discountEnd ? new Date(before.discountEnd) : null,
});

const WRITE_CHUNK = 500;

/** Writes products' states of the shop, a chunk of products per statement. */
export async function writeSheetRows(tx: DbOrTx, shopId: number, states: SheetRowState[]): Promise<void> {
  for (let i = 0; i < states.length; i += WRITE_CHUNK) {
    const values = sql.join(
      states
        .slice(i, i + WRITE_CHUNK)
        .map(
          (s) =>
            sql`(${s.id}::integer, ${s.profitRatioBp}::integer, ${s.discountRatioBp}::integer, ${s.discountStart?.toISOString() ?? null}::timestamptz, ${s.discountEnd?.toISOString() ?? null}::timestamptz, ${s.status}::text, ${s.isRecommended}::boolean)`,
        ),
      sql`, `,
    );
    await tx.execute(sql`
      update shop_products s set profit_ratio_bp = v.p, discount_ratio_bp = v.d, discount_start = v.ds, discount_end = v.de, status = v.st, is_recommended = v.r
      from (values ${values}) as v(id, p, d, ds, de, st, r)
      where s.id = v.id and s.shop_id = ${shopId}`);
  }
}

/**
 * Sets variants' switches of the shop (a chunk per statement) and keeps their products' rows the
 * summary of the enabled variants (stock, purchase price), as `POST /api/product/variants` does.
 * A variant removed since (undo of an old import) is skipped.
 */
export async function writeVariantSwitches(tx: DbOrTx, shopId: number, switches: { id: number; enabled: boolean }[]): Promise<void> {
  if (switches.length === 0) return;
  const productIds: number[] = [];
  for (let i = 0; i < switches.length; i += WRITE_CHUNK) {
    const values = sql.join(
      switches.slice(i, i + WRITE_CHUNK).map((s) => sql`(${s.id}::integer, ${s.enabled}::boolean)`),
      sql`, `,
    );
    const changed = await tx.execute(sql`
      update shop_product_variants s set enabled = v.e
      from (values ${values}) as v(id, e)
      where s.id = v.id and s.shop_id = ${shopId}
      returning s.shop_product_id`);
    productIds.push(...rowsOf<{ shop_product_id: number }>(changed).map((r) => Number(r.shop_product_id)));
  }
  await syncProductsFromVariants(tx, productIds);
}

/** Products of these ids that have no enabled variant left. */
export async function productsWithoutEnabledVariant(tx: DbOrTx, productIds: number[]): Promise<number[]> {
  if (productIds.length === 0) return [];
  const rows = await tx
    .select({ id: shopProductVariants.shopProductId })
    .from(shopProductVariants)
    .where(inArray(shopProductVariants.shopProductId, [...new Set(productIds)]))
    .groupBy(shopProductVariants.shopProductId)
    .having(sql`not bool_or(${shopProductVariants.enabled})`);
  return rows.map((r) => r.id);
}
