import { and, asc, eq, gt, inArray, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import { shopProducts, type SheetRowBefore } from '../../db/schema.ts';

/**
 * The one place that knows what a product sheet's row is: how a shop's rows are read (export and
 * import) and how one row's changes are written (import and undo). Today a row is a shop product
 * and its SKU is `SD-<warehouse product id>`, the SKU of the product's one implicit variant; with
 * variants a row becomes one variant, here and nowhere else.
 */

export interface SheetRow {
  shopProductId: number;
  sku: string;
  name: string;
  purchasePriceCents: number;
  profitRatioBp: number;
  discountRatioBp: number;
  discountStart: Date | null;
  discountEnd: Date | null;
  status: 'on_sale' | 'off_sale';
  isRecommended: boolean;
  stock: number;
}

/** What an import may change on a row, whole (the row's state after the change). */
export type SheetRowState = Omit<SheetRowBefore, 'discountStart' | 'discountEnd'> & { discountStart: Date | null; discountEnd: Date | null };

export const skuOf = (warehouseProductId: number) => `SD-${warehouseProductId}`;
/** The warehouse product a SKU names, or null when the text is not one of our SKUs. */
export function warehouseIdOfSku(sku: string): number | null {
  const match = /^SD-(\d{1,9})$/i.exec(sku.trim());
  return match ? Number(match[1]) : null;
}

const columns = {
  shopProductId: shopProducts.id,
  warehouseProductId: shopProducts.warehouseProductId,
  name: shopProducts.name,
  purchasePriceCents: shopProducts.purchasePriceCents,
  profitRatioBp: shopProducts.profitRatioBp,
  discountRatioBp: shopProducts.discountRatioBp,
  discountStart: shopProducts.discountStart,
  discountEnd: shopProducts.discountEnd,
  status: shopProducts.status,
  isRecommended: shopProducts.isRecommended,
  stock: shopProducts.stock,
};
type Selected = Omit<SheetRow, 'sku'> & { warehouseProductId: number };
const toRow = ({ warehouseProductId, ...r }: Selected): SheetRow => ({ ...r, sku: skuOf(warehouseProductId) });

const PAGE = 1000;

/** The shop's rows in pages (by product id), so an export never holds the whole shop at once. */
export async function* shopSheetRows(db: DbOrTx, shopId: number): AsyncGenerator<SheetRow[]> {
  let after = 0;
  for (;;) {
    const page = await db
      .select(columns)
      .from(shopProducts)
      .where(and(eq(shopProducts.shopId, shopId), gt(shopProducts.id, after)))
      .orderBy(asc(shopProducts.id))
      .limit(PAGE);
    if (page.length === 0) return;
    yield page.map(toRow);
    after = page[page.length - 1]!.shopProductId;
    if (page.length < PAGE) return;
  }
}

/** The shop's rows named by these SKUs, locked for the import's transaction; another shop's product is never found. */
export async function lockSheetRows(tx: DbOrTx, shopId: number, skus: string[]): Promise<Map<string, SheetRow>> {
  const ids = [...new Set(skus.map(warehouseIdOfSku).filter((id): id is number => id !== null))];
  const found = new Map<string, SheetRow>();
  for (let i = 0; i < ids.length; i += PAGE) {
    const page = await tx
      .select(columns)
      .from(shopProducts)
      .where(and(eq(shopProducts.shopId, shopId), inArray(shopProducts.warehouseProductId, ids.slice(i, i + PAGE))))
      .orderBy(asc(shopProducts.id))
      .for('update');
    for (const r of page) found.set(skuOf(r.warehouseProductId), toRow(r));
  }
  return found;
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

/** A row's state as an import keeps it for undo (dates as ISO text in JSON). */
export const beforeOf = (state: SheetRowState): SheetRowBefore => ({ ...state, discountStart: state.discountStart?.toISOString() ?? null, discountEnd: state.discountEnd?.toISOString() ?? null });
export const stateFromBefore = (before: SheetRowBefore): SheetRowState => ({
  ...before,
  discountStart: before.discountStart ? new Date(before.discountStart) : null,
  discountEnd: before.discountEnd ? new Date(before.discountEnd) : null,
});

const WRITE_CHUNK = 500;

/** Writes rows' states of the shop, a chunk of rows per statement. */
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
