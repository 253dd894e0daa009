import { describe, expect, it } from 'vitest';
import { applyRatioDown, applyRatioUp, checkPrice, isDiscountActive, percentToBp, priceProduct } from './pricing.ts';

const base = { purchasePriceCents: 10_000, profitRatioBp: 2000, discountRatioBp: 0, discountStart: null, discountEnd: null };
const now = new Date('2026-06-15T12:00:00Z');

describe('pricing', () => {
  it('derives price, sale price, discount price and profit from the purchase price and the profit ratio', () => {
    expect(priceProduct(base, now)).toEqual({ priceCents: 12_000, discountPriceCents: 12_000, salePriceCents: 12_000, profitCents: 2_000, discountActive: false });
  });

  it('sells at the discount price only inside the discount date range (inclusive)', () => {
    const discounted = { ...base, discountRatioBp: 1000, discountStart: '2026-06-01T00:00:00Z', discountEnd: '2026-06-30T23:59:59Z' };
    expect(priceProduct(discounted, now)).toEqual({ priceCents: 12_000, discountPriceCents: 10_800, salePriceCents: 10_800, profitCents: 800, discountActive: true });
    expect(priceProduct(discounted, new Date('2026-07-01T00:00:00Z')).salePriceCents).toBe(12_000);
    expect(priceProduct(discounted, new Date('2026-05-31T23:59:59Z')).discountActive).toBe(false);
    expect(isDiscountActive({ ...discounted }, new Date('2026-06-01T00:00:00Z'))).toBe(true);
    expect(isDiscountActive({ ...discounted }, new Date('2026-06-30T23:59:59Z'))).toBe(true);
  });

  it('has no discount without a ratio, or without both dates', () => {
    expect(isDiscountActive({ discountRatioBp: 0, discountStart: '2026-01-01', discountEnd: '2027-01-01' }, now)).toBe(false);
    expect(isDiscountActive({ discountRatioBp: 1000, discountStart: null, discountEnd: '2027-01-01' }, now)).toBe(false);
    expect(isDiscountActive({ discountRatioBp: 1000, discountStart: '2026-01-01', discountEnd: null }, now)).toBe(false);
  });

  it('can sell below the purchase price when the discount exceeds the margin (negative profit)', () => {
    const deep = { ...base, discountRatioBp: 5000, discountStart: new Date('2026-01-01'), discountEnd: new Date('2027-01-01') };
    expect(priceProduct(deep, now)).toMatchObject({ salePriceCents: 6_000, profitCents: -4_000 });
  });

  it('rounds half-up to the cent at each step', () => {
    expect(applyRatioUp(1234, 2000)).toBe(1481); // 1480.8
    expect(applyRatioUp(1, 5000)).toBe(2); // 1.5
    expect(applyRatioUp(3, 1650)).toBe(3); // 3.495
    expect(applyRatioDown(1481, 1000)).toBe(1333); // 1332.9
    expect(applyRatioDown(5, 1000)).toBe(5); // 4.5 → 5
    const p = priceProduct({ purchasePriceCents: 999, profitRatioBp: 1250, discountRatioBp: 3333, discountStart: '2026-01-01', discountEnd: '2027-01-01' }, now);
    expect(p).toEqual({ priceCents: 1124, discountPriceCents: 749, salePriceCents: 749, profitCents: -250, discountActive: true });
  });

  it('keeps every derived amount an integer number of cents', () => {
    for (let purchase = 1; purchase < 5000; purchase += 37) {
      for (const profit of [1, 999, 1000, 1250, 3000, 50000]) {
        for (const discount of [0, 1, 1500, 9900]) {
          const p = priceProduct({ purchasePriceCents: purchase, profitRatioBp: profit, discountRatioBp: discount, discountStart: '2026-01-01', discountEnd: '2027-01-01' }, now);
          for (const value of [p.priceCents, p.discountPriceCents, p.salePriceCents, p.profitCents]) expect(Number.isInteger(value)).toBe(true);
          expect(p.priceCents).toBeGreaterThanOrEqual(purchase);
          expect(p.discountPriceCents).toBeLessThanOrEqual(p.priceCents);
          expect(p.profitCents).toBe(p.salePriceCents - purchase);
        }
      }
    }
  });

  it('reads percents as typed into basis points, refusing what is not a number', () => {
    expect(percentToBp(20)).toBe(2000);
    expect(percentToBp('12.5')).toBe(1250);
    expect(percentToBp(' 30 ')).toBe(3000);
    expect(percentToBp('0.015')).toBe(2);
    expect(percentToBp('')).toBeNull();
    expect(percentToBp('abc')).toBeNull();
    expect(percentToBp('Infinity')).toBeNull();
    expect(percentToBp(Number.NaN)).toBeNull();
  });

  it('asks before a price below the purchase cost or a ratio far outside the suggested range', () => {
    const suggested = { minPercent: 10, maxPercent: 30 };
    const dates = { discountStart: '2026-07-01T00:00:00Z', discountEnd: '2026-07-31T23:59:59Z' };
    // A 95% discount on 20%: 120.00 becomes 6.00, 94.00 a unit below the purchase price, even before it starts.
    expect(checkPrice({ ...base, ...dates, discountRatioBp: 9500 }, suggested)).toEqual({ lowestPriceCents: 600, unitProfitCents: -9_400, belowCost: true, farFromSuggested: false, needsConfirmation: true });
    // Selling at cost is no loss; a ratio without its dates is no discount.
    expect(checkPrice({ ...base, ...dates, profitRatioBp: 2500, discountRatioBp: 2000 }, suggested)).toMatchObject({ unitProfitCents: 0, needsConfirmation: false });
    expect(checkPrice({ ...base, discountRatioBp: 9500 }, suggested)).toMatchObject({ unitProfitCents: 2_000, needsConfirmation: false });
    // 250% is far above 30%; 35% and 6% are just outside (a note, no question); 4.99% is far below.
    expect(checkPrice({ ...base, profitRatioBp: 25_000 }, suggested)).toMatchObject({ belowCost: false, farFromSuggested: true, needsConfirmation: true });
    expect(checkPrice({ ...base, profitRatioBp: 3500 }, suggested).needsConfirmation).toBe(false);
    expect(checkPrice({ ...base, profitRatioBp: 6000 }, suggested).needsConfirmation).toBe(false);
    expect(checkPrice({ ...base, profitRatioBp: 6001 }, suggested).needsConfirmation).toBe(true);
    expect(checkPrice({ ...base, profitRatioBp: 500 }, suggested).needsConfirmation).toBe(false);
    expect(checkPrice({ ...base, profitRatioBp: 499 }, suggested).needsConfirmation).toBe(true);
  });
});
