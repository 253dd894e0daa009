import { describe, expect, it } from 'vitest';
import {
  checkStock,
  checkDiscountRatio,
  checkProfitRatio,
  outsideSuggested,
  parseProductsSearch,
  parseWarehouseSearch,
  previewPricing,
  priceFilterIssue,
  priceRangeReversed,
  productsQueryOf,
  warehouseQueryOf,
} from './product-helpers.ts';
import { parseReviewsSearch } from './reviews-search.ts';

describe('profit and discount ratios', () => {
  it('requires a profit ratio that is a valid number above 0 and at most 500%', () => {
    expect(checkProfitRatio('')).toEqual({ ok: false, issue: 'required' });
    expect(checkProfitRatio('  ')).toEqual({ ok: false, issue: 'required' });
    expect(checkProfitRatio('abc')).toEqual({ ok: false, issue: 'invalid' });
    expect(checkProfitRatio('1e2')).toEqual({ ok: false, issue: 'invalid' });
    expect(checkProfitRatio('-5')).toEqual({ ok: false, issue: 'invalid' });
    expect(checkProfitRatio('0')).toEqual({ ok: false, issue: 'range' });
    expect(checkProfitRatio('500.01')).toEqual({ ok: false, issue: 'range' });
    expect(checkProfitRatio('20')).toEqual({ ok: true, bp: 2000 });
    expect(checkProfitRatio('12.5')).toEqual({ ok: true, bp: 1250 });
  });

  it('takes a stock that is a whole number from 0 to the maximum', () => {
    expect(checkStock('')).toEqual({ ok: false, issue: 'required' });
    expect(checkStock('1.5')).toEqual({ ok: false, issue: 'invalid' });
    expect(checkStock('-1')).toEqual({ ok: false, issue: 'invalid' });
    expect(checkStock('abc')).toEqual({ ok: false, issue: 'invalid' });
    expect(checkStock('1000001')).toEqual({ ok: false, issue: 'range' });
    expect(checkStock(' 0 ')).toEqual({ ok: true, stock: 0 });
    expect(checkStock('1000000')).toEqual({ ok: true, stock: 1_000_000 });
  });

  it('accepts a discount ratio from 0 to 99%', () => {
    expect(checkDiscountRatio('0')).toEqual({ ok: true, bp: 0 });
    expect(checkDiscountRatio('99')).toEqual({ ok: true, bp: 9900 });
    expect(checkDiscountRatio('100')).toEqual({ ok: false, issue: 'range' });
    expect(checkDiscountRatio('x')).toEqual({ ok: false, issue: 'invalid' });
  });

  it('flags ratios outside the suggested 10%–30%', () => {
    expect(outsideSuggested(1000)).toBe(false);
    expect(outsideSuggested(3000)).toBe(false);
    expect(outsideSuggested(999)).toBe(true);
    expect(outsideSuggested(3001)).toBe(true);
  });
});

describe('price preview', () => {
  it('derives price and profit from the purchase price with the shared rules', () => {
    expect(previewPricing({ purchasePriceCents: 10_000, profitRatio: '20' })).toMatchObject({ priceCents: 12_000, salePriceCents: 12_000, profitCents: 2_000 });
    expect(previewPricing({ purchasePriceCents: 10_000, profitRatio: 'x' })).toBeNull();
  });

  it('applies the discount only inside its dates', () => {
    const now = new Date('2026-06-15T12:00:00Z');
    const inside = previewPricing({ purchasePriceCents: 10_000, profitRatio: '20', discountRatio: '10', discountStart: '2026-06-15', discountEnd: '2026-06-15' }, now);
    expect(inside).toMatchObject({ priceCents: 12_000, discountPriceCents: 10_800, salePriceCents: 10_800, profitCents: 800, discountActive: true });
    const outside = previewPricing({ purchasePriceCents: 10_000, profitRatio: '20', discountRatio: '10', discountStart: '2026-07-01', discountEnd: '2026-07-02' }, now);
    expect(outside).toMatchObject({ salePriceCents: 12_000, discountActive: false });
  });
});

describe('URL state', () => {
  it('parses the warehouse filters and sends prices in cents, in order', () => {
    const s = parseWarehouseSearch(new URLSearchParams('name=%20lamp%20&category=phone&minPrice=50&maxPrice=10.5&page=2&pageSize=50'));
    expect(s).toEqual({ page: 2, pageSize: 50, name: 'lamp', category: 'phone', minPrice: '50', maxPrice: '10.5' });
    // Never silently swapped: the filter form refuses a reversed range.
    expect(warehouseQueryOf(s)).toMatchObject({ minPriceCents: 5000, maxPriceCents: 1050 });
    const bad = parseWarehouseSearch(new URLSearchParams('category=cars&minPrice=-3&pageSize=7'));
    expect(bad).toEqual({ page: 1, pageSize: 20, name: undefined, category: undefined, minPrice: undefined, maxPrice: undefined });
    // The phone's in-shop tab: only the two it offers.
    expect(parseWarehouseSearch(new URLSearchParams('inShop=0')).inShop).toBe('0');
    expect(parseWarehouseSearch(new URLSearchParams('inShop=yes')).inShop).toBeUndefined();
  });

  it('says what is wrong with a typed price filter, and when min is above max', () => {
    expect(priceFilterIssue('')).toBeNull();
    expect(priceFilterIssue(' 12.5 ')).toBeNull();
    for (const text of ['abc', '12a', '1e3', '-2', '1.', '.5', '1,000']) expect(priceFilterIssue(text)).toBe('notNumber');
    expect(priceFilterIssue('1.234')).toBe('decimals');
    expect(priceRangeReversed('50', '10.5')).toBe(true);
    expect(priceRangeReversed('10', '10')).toBe(false);
    expect(priceRangeReversed('5', '')).toBe(false);
    expect(priceRangeReversed('abc', '1')).toBe(false);
  });

  it('maps the shop products flag filter to the API booleans', () => {
    expect(productsQueryOf(parseProductsSearch(new URLSearchParams('flag=new&status=off_sale')))).toMatchObject({ isNew: true, recommended: undefined, status: 'off_sale' });
    expect(productsQueryOf(parseProductsSearch(new URLSearchParams('flag=recommended&status=bogus')))).toMatchObject({ recommended: true, status: undefined });
  });

  it('always has a rating for the review filter: 1–5 or an explicit all', () => {
    expect(parseReviewsSearch(new URLSearchParams('rating=4&unanswered=1'))).toMatchObject({ rating: 4, unanswered: true });
    expect(parseReviewsSearch(new URLSearchParams('rating=0'))).toMatchObject({ rating: 'all', unanswered: false });
    expect(parseReviewsSearch(new URLSearchParams('rating=6'))).toMatchObject({ rating: 'all' });
  });
});
