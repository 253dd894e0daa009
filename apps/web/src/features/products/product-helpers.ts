import { CATALOG } from '@shopdesk/shared/constants';
import { checkPrice, percentToBp, priceProduct, type PriceCheck, type Pricing } from '@shopdesk/shared/products/pricing';
import { parseAmountToCents } from '@shopdesk/shared/money';
import { PRODUCT_STATUSES, type ProductStatus } from '@shopdesk/shared/products/schemas';
import { parseChoice, parsePage, parseText, type PageState } from '../../lib/list-params.ts';

/**
 * Pure helpers of the warehouse and shop-product pages: ratio checks as the server applies them,
 * the live price preview (the shared pricing rules), URL state and batch chunking.
 */

export type RatioIssue = 'required' | 'invalid' | 'range';

/** A profit ratio typed in percent: above 0, at most CATALOG.PROFIT_RATIO_MAX. */
export function checkProfitRatio(text: unknown): { ok: true; bp: number } | { ok: false; issue: RatioIssue } {
  const raw = String(text ?? '').trim();
  if (!raw) return { ok: false, issue: 'required' };
  if (!/^\d+(\.\d{1,2})?$/.test(raw)) return { ok: false, issue: 'invalid' };
  const bp = percentToBp(raw);
  if (bp === null) return { ok: false, issue: 'invalid' };
  if (bp <= 0 || bp > CATALOG.PROFIT_RATIO_MAX * 100) return { ok: false, issue: 'range' };
  return { ok: true, bp };
}

/** A discount ratio typed in percent: 0 (none) up to CATALOG.DISCOUNT_RATIO_MAX. */
export function checkDiscountRatio(text: unknown): { ok: true; bp: number } | { ok: false; issue: RatioIssue } {
  const raw = String(text ?? '').trim();
  if (!raw) return { ok: false, issue: 'required' };
  if (!/^\d+(\.\d{1,2})?$/.test(raw)) return { ok: false, issue: 'invalid' };
  const bp = percentToBp(raw);
  if (bp === null) return { ok: false, issue: 'invalid' };
  if (bp < 0 || bp > CATALOG.DISCOUNT_RATIO_MAX * 100) return { ok: false, issue: 'range' };
  return { ok: true, bp };
}

export type StockIssue = 'required' | 'invalid' | 'range';

/** A stock typed by the seller: a whole number from 0 to CATALOG.STOCK_MAX (the server's rule). */
export function checkStock(text: unknown): { ok: true; stock: number } | { ok: false; issue: StockIssue } {
  const raw = String(text ?? '').trim();
  if (!raw) return { ok: false, issue: 'required' };
  if (!/^\d+$/.test(raw)) return { ok: false, issue: 'invalid' };
  const stock = Number(raw);
  if (stock > CATALOG.STOCK_MAX) return { ok: false, issue: 'range' };
  return { ok: true, stock };
}

/** Whether a product (shop or warehouse) has several variants to show. */
export const hasVariants = (p: { variantCount?: number }) => (p.variantCount ?? 1) > 1;

type Translate = (key: string, options: Record<string, unknown>) => string;

/**
 * A warehouse product with several variants in a few words: how many and along which axes, as the
 * operator named them ("9 variants · Colour (3) × Size (3)"); null for one.
 */
export function variantSummary(p: { variantCount?: number; options?: { name: string; values: string[] }[] }, t: Translate): string | null {
  if (!hasVariants(p)) return null;
  const axes = (p.options ?? []).map((a) => t('products:variants.axis', { name: a.name, count: a.values.length })).join(' × ');
  const count = t('products:variants.count', { count: p.variantCount });
  return axes ? `${count} · ${axes}` : count;
}

/** A warehouse product's supplier price as a range over its variants (both ends the price without). */
export const purchasePriceSpan = (p: { purchasePriceCents: number; purchasePriceMinCents?: number; purchasePriceMaxCents?: number }) =>
  [p.purchasePriceMinCents ?? p.purchasePriceCents, p.purchasePriceMaxCents ?? p.purchasePriceCents] as const;

/** Whether a valid profit ratio lies outside the suggested 10%–30%. */
export function outsideSuggested(bp: number): boolean {
  return bp < CATALOG.PROFIT_RATIO_SUGGESTED_MIN * 100 || bp > CATALOG.PROFIT_RATIO_SUGGESTED_MAX * 100;
}

export interface PreviewInput {
  purchasePriceCents: number;
  profitRatio: unknown;
  discountRatio?: unknown;
  /** YYYY-MM-DD; the discount runs from the start of `start` to the end of `end` (UTC days, as the server reads them). */
  discountStart?: string | null;
  discountEnd?: string | null;
}

/** The prices a product would get, or null while the profit ratio is not valid. */
export function previewPricing(input: PreviewInput, now = new Date()): Pricing | null {
  const profit = checkProfitRatio(input.profitRatio);
  if (!profit.ok) return null;
  const discount = input.discountRatio === undefined || String(input.discountRatio ?? '').trim() === '' ? null : checkDiscountRatio(input.discountRatio);
  const discountBp = discount?.ok ? discount.bp : 0;
  return priceProduct(
    {
      purchasePriceCents: input.purchasePriceCents,
      profitRatioBp: profit.bp,
      discountRatioBp: discountBp,
      discountStart: input.discountStart ? `${input.discountStart}T00:00:00.000Z` : null,
      discountEnd: input.discountEnd ? `${input.discountEnd}T23:59:59.999Z` : null,
    },
    now,
  );
}

/** What a product would sell at after an edit, to ask the seller before a loss or a far-off ratio. */
export interface EditedPrice {
  purchasePriceCents: number;
  profitRatioBp: number;
  discountRatioBp: number;
  /** YYYY-MM-DD, or null without a discount. */
  discountStart: string | null;
  discountEnd: string | null;
}

export function checkEditedPrice(p: EditedPrice): PriceCheck {
  return checkPrice(
    {
      purchasePriceCents: p.purchasePriceCents,
      profitRatioBp: p.profitRatioBp,
      discountRatioBp: p.discountRatioBp,
      discountStart: p.discountStart,
      discountEnd: p.discountEnd,
    },
    { minPercent: CATALOG.PROFIT_RATIO_SUGGESTED_MIN, maxPercent: CATALOG.PROFIT_RATIO_SUGGESTED_MAX },
  );
}

/** Batches of this many products per request: small enough for a visible progress bar. */
export const BATCH_CHUNK = 20;

const CATEGORY_CHOICES = [...CATALOG.CATEGORIES, ...CATALOG.MALL_CATEGORIES] as const;

export interface WarehouseSearch extends PageState {
  name?: string;
  category?: string;
  minPrice?: string;
  maxPrice?: string;
  /** The phone's tab: '0' only products not in the shop yet, '1' only those already added. */
  inShop?: 'all' | '0' | '1';
}

function amountText(raw: string | null): string | undefined {
  if (raw === null) return undefined;
  return parseAmountToCents(raw) === null ? undefined : raw.trim();
}

export function parseWarehouseSearch(search: URLSearchParams): WarehouseSearch {
  return {
    ...parsePage(search),
    name: parseText(search.get('name'), 100),
    category: parseChoice(search.get('category'), CATEGORY_CHOICES),
    minPrice: amountText(search.get('minPrice')),
    maxPrice: amountText(search.get('maxPrice')),
    inShop: parseChoice(search.get('inShop'), ['all', '0', '1'] as const),
  };
}

/**
 * What is wrong with a typed price filter, if anything: not a number at all ("abc", "1e3", "-2"),
 * or more than 2 decimals. Empty is fine (no bound).
 */
export function priceFilterIssue(text: unknown): 'notNumber' | 'decimals' | null {
  const value = String(text ?? '').trim();
  if (!value) return null;
  if (!/^\d{1,12}(\.\d+)?$/.test(value)) return 'notNumber';
  return parseAmountToCents(value) === null ? 'decimals' : null;
}

/** Whether a min and max price filter are the wrong way round (both valid, min above max). */
export function priceRangeReversed(min: unknown, max: unknown): boolean {
  const low = String(min ?? '').trim();
  const high = String(max ?? '').trim();
  if (!low || !high || priceFilterIssue(low) || priceFilterIssue(high)) return false;
  return (parseAmountToCents(low) ?? 0) > (parseAmountToCents(high) ?? 0);
}

/**
 * The warehouse query the server reads (prices in cents). A reversed range is sent as it is (and
 * finds nothing): the filter form refuses it with a message, it is never silently swapped.
 */
export function warehouseQueryOf(s: WarehouseSearch) {
  const min = s.minPrice !== undefined ? parseAmountToCents(s.minPrice) : null;
  const max = s.maxPrice !== undefined ? parseAmountToCents(s.maxPrice) : null;
  return { page: s.page, pageSize: s.pageSize, name: s.name, category: s.category, minPriceCents: min ?? undefined, maxPriceCents: max ?? undefined };
}

export type FlagFilter = 'recommended' | 'new';

export interface ProductsSearch extends PageState {
  name?: string;
  category?: string;
  status?: ProductStatus;
  flag?: FlagFilter;
}

export function parseProductsSearch(search: URLSearchParams): ProductsSearch {
  return {
    ...parsePage(search),
    name: parseText(search.get('name'), 100),
    category: parseChoice(search.get('category'), CATEGORY_CHOICES),
    status: parseChoice(search.get('status'), PRODUCT_STATUSES),
    flag: parseChoice(search.get('flag'), ['recommended', 'new'] as const),
  };
}

export function productsQueryOf(s: ProductsSearch) {
  return {
    page: s.page,
    pageSize: s.pageSize,
    name: s.name,
    category: s.category,
    status: s.status,
    recommended: s.flag === 'recommended' ? true : undefined,
    isNew: s.flag === 'new' ? true : undefined,
  };
}

export { CATEGORY_CHOICES };
