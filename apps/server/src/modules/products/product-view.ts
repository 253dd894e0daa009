import { priceProduct } from '@shopdesk/shared/products/pricing';
import type { ShopProductView, WarehouseProductView } from '@shopdesk/shared/products/schemas';
import type { shopProducts, warehouseProducts } from '../../db/schema.ts';

type ShopProductRow = typeof shopProducts.$inferSelect;
type WarehouseRow = typeof warehouseProducts.$inferSelect;

/** Basis points → percent as the API shows ratios (2000 → 20, 1250 → 12.5). */
export const bpToPercent = (bp: number) => bp / 100;
/** rating_x10 → stars with one decimal (46 → 4.6). */
export const ratingOf = (x10: number) => x10 / 10;
const iso = (d: Date | null) => (d ? d.toISOString() : null);

/** A shop product with its prices derived by the shared pricing rules (never stored). */
export function toShopProductView(row: ShopProductRow, now = new Date()): ShopProductView {
  const pricing = priceProduct(row, now);
  return {
    id: row.id,
    warehouseProductId: row.warehouseProductId,
    name: row.name,
    cover: row.cover,
    description: row.description,
    category: row.category,
    priceCents: pricing.priceCents,
    salePriceCents: pricing.salePriceCents,
    purchasePriceCents: row.purchasePriceCents,
    discountPriceCents: pricing.discountPriceCents,
    profitCents: pricing.profitCents,
    profitRatio: bpToPercent(row.profitRatioBp),
    discountRatio: bpToPercent(row.discountRatioBp),
    discountStart: iso(row.discountStart),
    discountEnd: iso(row.discountEnd),
    discountActive: pricing.discountActive,
    stock: row.stock,
    views: row.views,
    totalSales: row.totalSales,
    rating: ratingOf(row.rating),
    status: row.status,
    published: row.published,
    isRecommended: row.isRecommended,
    isNew: row.isNew,
    createTime: row.createdAt.toISOString(),
  };
}

export function toWarehouseView(row: WarehouseRow, shopProductId: number | null): WarehouseProductView {
  return {
    id: row.id,
    name: row.name,
    description: row.description,
    category: row.category,
    cover: row.cover,
    gallery: row.gallery,
    purchasePriceCents: row.purchasePriceCents,
    stock: row.stock,
    rating: ratingOf(row.rating),
    sales: row.sales,
    createTime: row.createdAt.toISOString(),
    inShop: shopProductId !== null,
    shopProductId,
    options: row.options,
  };
}
