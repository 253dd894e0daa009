import { z } from 'zod';
import { CATALOG } from '../constants.ts';
import { dateField, pageFields, percentField, queryBoolean, VM } from '../validation.ts';
import type { PackageType } from './packages.ts';

/**
 * Requests and answers of the product warehouse and shop products (`/api/product/*`).
 * Amounts are integer cents; ratios travel as percent numbers (20 = 20%) in both directions.
 */
export const PRODUCT_STATUSES = ['on_sale', 'off_sale'] as const;
export type ProductStatus = (typeof PRODUCT_STATUSES)[number];

/** Every category a product can have: the four of the back office plus the mall's four. */
export const ALL_CATEGORIES = [...CATALOG.CATEGORIES, ...CATALOG.MALL_CATEGORIES] as const;

export const profitRatioField = percentField(VM.profitRatio, { minBp: 0, maxBp: CATALOG.PROFIT_RATIO_MAX * 100, inclusiveMin: false });
export const discountRatioField = percentField(VM.discountRatio, { minBp: 0, maxBp: CATALOG.DISCOUNT_RATIO_MAX * 100, inclusiveMin: true });

const idList = z.array(z.coerce.number().int().positive()).max(CATALOG.BATCH_MAX).default([]);
const text = (max: number, min = 0) => z.string().trim().min(min, VM.required).max(max, VM.text);

export const warehouseQuery = z.object({
  ...pageFields,
  name: z.string().trim().max(100).optional(),
  category: z.string().trim().max(40).optional(),
  minPriceCents: z.coerce.number().int().min(0).optional(),
  maxPriceCents: z.coerce.number().int().min(0).optional(),
  inShop: queryBoolean.optional(),
});
export type WarehouseQuery = z.output<typeof warehouseQuery>;

/** An empty selection is refused with NO_SELECTION; a profit ratio is required and a valid number. */
export const batchAddBody = z.object({
  warehouseProductIds: idList,
  profitRatio: profitRatioField,
});
export type BatchAddBody = z.input<typeof batchAddBody>;

export const productListQuery = z.object({
  ...pageFields,
  name: z.string().trim().max(100).optional(),
  category: z.string().trim().max(40).optional(),
  status: z.enum(PRODUCT_STATUSES).optional(),
  recommended: queryBoolean.optional(),
  isNew: queryBoolean.optional(),
});
export type ProductListQuery = z.output<typeof productListQuery>;

export const productIdQuery = z.object({ id: z.coerce.number().int().positive() });

/** The fields a batch edit may change (the same for every selected product). */
const batchPatch = {
  profitRatio: profitRatioField.optional(),
  discountRatio: discountRatioField.optional(),
  discountStart: dateField().optional(),
  discountEnd: dateField(true).optional(),
  status: z.enum(PRODUCT_STATUSES).optional(),
};

export const productUpdateBody = z.object({
  id: z.coerce.number().int().positive(),
  ...batchPatch,
  stock: z.coerce.number().int().min(0).max(CATALOG.STOCK_MAX).optional(),
  name: text(CATALOG.NAME_MAX, 1).optional(),
  description: text(CATALOG.DESCRIPTION_MAX).optional(),
  published: z.boolean().optional(),
});
export type ProductUpdateBody = z.input<typeof productUpdateBody>;
export type ProductPatch = Omit<z.output<typeof productUpdateBody>, 'id'>;

export const batchUpdateBody = z.object({ ids: idList, ...batchPatch });
export type BatchUpdateBody = z.input<typeof batchUpdateBody>;

export const idsBody = z.object({ ids: idList });
export type IdsBody = z.input<typeof idsBody>;

export const setStatusBody = z.object({ ids: idList, status: z.enum(PRODUCT_STATUSES) });
export type SetStatusBody = z.input<typeof setStatusBody>;

export const recommendBody = z.object({ id: z.coerce.number().int().positive(), recommended: z.boolean() });
export type RecommendBody = z.input<typeof recommendBody>;

// ---------------------------------------------------------------------------------------------
// Answers

export interface Paged<T> {
  list: T[];
  total: number;
  page: number;
  pageSize: number;
}

export interface WarehouseProductView {
  id: number;
  name: string;
  description: string;
  category: string;
  cover: string;
  /** What the seller pays the supplier per unit. */
  purchasePriceCents: number;
  stock: number;
  /** 1 decimal, 0–5. */
  rating: number;
  sales: number;
  createTime: string;
  inShop: boolean;
  /** The shop product made from it, when in the shop. */
  shopProductId: number | null;
}

export interface ShopProductView {
  id: number;
  warehouseProductId: number;
  name: string;
  cover: string;
  description: string;
  category: string;
  /** Regular selling price: purchase × (1 + profit ratio). */
  priceCents: number;
  /** What a buyer pays now: the discount price inside the discount range, else the price. */
  salePriceCents: number;
  purchasePriceCents: number;
  /** Price × (1 − discount ratio); equals the price without a discount ratio. */
  discountPriceCents: number;
  /** Per unit, at the sale price. */
  profitCents: number;
  /** Percent (20 = 20%). */
  profitRatio: number;
  discountRatio: number;
  discountStart: string | null;
  discountEnd: string | null;
  discountActive: boolean;
  stock: number;
  views: number;
  totalSales: number;
  rating: number;
  status: ProductStatus;
  published: boolean;
  isRecommended: boolean;
  isNew: boolean;
  createTime: string;
}

export type BatchAddResult = 'added' | 'already_in_shop' | 'not_found';

export interface BatchAddAnswer {
  results: { warehouseProductId: number; result: BatchAddResult; productId: number | null }[];
  added: number;
  alreadyInShop: number;
  notFound: number;
  profitRatio: number;
  /** The suggested range (10–30%) and whether the ratio used lies outside it. */
  suggested: { min: number; max: number };
  outsideSuggested: boolean;
}

/** One row of a batch edit, delete or status change: done, or why not (an error key with its message). */
export interface BatchRowResult {
  id: number;
  ok: boolean;
  error?: string;
  msg?: string;
}

export interface BatchAnswer {
  results: BatchRowResult[];
  succeeded: number;
  failed: number;
}

/** What the recommendation rules read, so the page can show them before they bite. */
export interface RecommendStatus {
  packageActive: boolean;
  package: { type: PackageType; maxRecommended: number; expiresAt: string } | null;
  recommended: number;
  recommendedNew: number;
  newMax: number;
  onSale: number;
  minOnSale: number;
}
