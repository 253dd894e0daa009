import { z } from 'zod';
import { CATALOG } from '../constants.ts';
import { dateField, pageFields, percentField, queryBoolean, VM } from '../validation.ts';
import { paged } from '../envelope.ts';
import { PACKAGE_TYPES } from './packages.ts';
import { withinGraphemes } from '../text-length.ts';

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
/** A text of at most `max` user-perceived characters (text-length.ts). */
const text = (max: number, min = 0) => z.string().trim().min(min, VM.required).refine(withinGraphemes(max), VM.text);

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
  /** Each product's variants as well (the price range and variant count come always). */
  withVariants: queryBoolean.optional(),
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

export type { Paged } from '../envelope.ts';

export const warehouseProductView = z.object({
  id: z.number().int(),
  name: z.string(),
  description: z.string(),
  category: z.string(),
  cover: z.string(),
  /** Pictures shown after the cover, in order. */
  gallery: z.array(z.string()),
  /** What the seller pays the supplier per unit. */
  purchasePriceCents: z.number().int(),
  stock: z.number().int(),
  /** 1 decimal, 0–5. */
  rating: z.number(),
  sales: z.number().int(),
  createTime: z.string(),
  inShop: z.boolean(),
  /** The shop product made from it, when in the shop. */
  shopProductId: z.number().int().nullable(),
  /** Its option axes (none without options), how many variants it has (1 without) and their lowest and highest supplier price. */
  options: z.array(z.object({ name: z.string(), values: z.array(z.string()) })).optional(),
  variantCount: z.number().int().optional(),
  purchasePriceMinCents: z.number().int().optional(),
  purchasePriceMaxCents: z.number().int().optional(),
});
export type WarehouseProductView = z.infer<typeof warehouseProductView>;
export const warehouseAnswer = paged(warehouseProductView);

/** A shop product's variant as its seller sees it: prices by the pricing module at the product's ratios. */
export const shopVariantView = z.object({
  id: z.number().int(),
  sku: z.string(),
  /** One value per option axis ("Blue", "M"); none for a product without options. */
  optionValues: z.array(z.string()),
  /** The values joined ("Blue, M"); '' for a product without options. */
  name: z.string(),
  image: z.string().nullable(),
  purchasePriceCents: z.number().int(),
  priceCents: z.number().int(),
  discountPriceCents: z.number().int(),
  salePriceCents: z.number().int(),
  profitCents: z.number().int(),
  stock: z.number().int(),
  totalSales: z.number().int(),
  /** Switched off by the seller: not sold in the mall. */
  enabled: z.boolean(),
});
export type ShopVariantView = z.infer<typeof shopVariantView>;

export const shopProductView = z.object({
  id: z.number().int(),
  warehouseProductId: z.number().int(),
  name: z.string(),
  cover: z.string(),
  description: z.string(),
  category: z.string(),
  /** Regular selling price: purchase × (1 + profit ratio). */
  priceCents: z.number().int(),
  /** What a buyer pays now: the discount price inside the discount range, else the price. */
  salePriceCents: z.number().int(),
  purchasePriceCents: z.number().int(),
  /** Price × (1 − discount ratio); equals the price without a discount ratio. */
  discountPriceCents: z.number().int(),
  /** Per unit, at the sale price. */
  profitCents: z.number().int(),
  /** Percent (20 = 20%). */
  profitRatio: z.number(),
  discountRatio: z.number(),
  discountStart: z.string().nullable(),
  discountEnd: z.string().nullable(),
  discountActive: z.boolean(),
  stock: z.number().int(),
  views: z.number().int(),
  totalSales: z.number().int(),
  rating: z.number(),
  status: z.enum(PRODUCT_STATUSES),
  published: z.boolean(),
  isRecommended: z.boolean(),
  isNew: z.boolean(),
  createTime: z.string(),
  /** The lowest and highest sale price of the enabled variants (both the sale price without options). */
  salePriceMinCents: z.number().int().optional(),
  salePriceMaxCents: z.number().int().optional(),
  /** How many variants the product has (1 without options) and its option axes. */
  variantCount: z.number().int().optional(),
  options: z.array(z.object({ name: z.string(), values: z.array(z.string()) })).optional(),
  /** The variants: on the detail, and in the list with withVariants=true. */
  variants: z.array(shopVariantView).optional(),
});
export type ShopProductView = z.infer<typeof shopProductView>;
export const productListAnswer = paged(shopProductView);

export const BATCH_ADD_RESULTS = ['added', 'already_in_shop', 'not_found'] as const;
export type BatchAddResult = (typeof BATCH_ADD_RESULTS)[number];

export const batchAddAnswer = z.object({
  results: z.array(z.object({ warehouseProductId: z.number().int(), result: z.enum(BATCH_ADD_RESULTS), productId: z.number().int().nullable() })),
  added: z.number().int(),
  alreadyInShop: z.number().int(),
  notFound: z.number().int(),
  profitRatio: z.number(),
  /** The suggested range (10–30%) and whether the ratio used lies outside it. */
  suggested: z.object({ min: z.number(), max: z.number() }),
  outsideSuggested: z.boolean(),
});
export type BatchAddAnswer = z.infer<typeof batchAddAnswer>;

/** One row of a batch edit, delete or status change: done, or why not (an error key with its message). */
export const batchRowResult = z.object({ id: z.number().int(), ok: z.boolean(), error: z.string().optional(), msg: z.string().optional() });
export type BatchRowResult = z.infer<typeof batchRowResult>;

export const batchAnswer = z.object({ results: z.array(batchRowResult), succeeded: z.number().int(), failed: z.number().int() });
export type BatchAnswer = z.infer<typeof batchAnswer>;

/** What the recommendation rules read, so the page can show them before they bite. */
export const recommendStatus = z.object({
  packageActive: z.boolean(),
  package: z.object({ type: z.enum(PACKAGE_TYPES), maxRecommended: z.number().int(), expiresAt: z.string() }).nullable(),
  recommended: z.number().int(),
  recommendedNew: z.number().int(),
  newMax: z.number().int(),
  onSale: z.number().int(),
  minOnSale: z.number().int(),
});
export type RecommendStatus = z.infer<typeof recommendStatus>;
