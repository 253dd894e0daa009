import { describe, expect, it } from 'vitest';
import { couponState, discountRunning, priceTag, ratingText } from './pricing.ts';

describe('price tag', () => {
  it('shows the list price struck through only while the buyer pays less', () => {
    expect(priceTag({ priceCents: 10000, salePriceCents: 8000, discountPct: 20 })).toEqual({ nowCents: 8000, wasCents: 10000, discountPct: 20 });
    expect(priceTag({ priceCents: 10000, salePriceCents: 10000, discountPct: null })).toEqual({ nowCents: 10000, wasCents: null, discountPct: null });
    // A discount that does not lower the price (rounding, stale data) shows no sale.
    expect(priceTag({ priceCents: 10000, salePriceCents: 10000, discountPct: 0.001 })).toEqual({ nowCents: 10000, wasCents: null, discountPct: null });
  });

  it('knows whether a discount date range runs now (open ends allowed)', () => {
    const now = new Date('2026-11-23T12:00:00Z');
    expect(discountRunning('2026-11-20T00:00:00Z', '2026-11-30T00:00:00Z', now)).toBe(true);
    expect(discountRunning('2026-11-24T00:00:00Z', '2026-11-30T00:00:00Z', now)).toBe(false);
    expect(discountRunning('2026-11-01T00:00:00Z', '2026-11-22T23:59:59Z', now)).toBe(false);
    expect(discountRunning('2026-11-01T00:00:00Z', null, now)).toBe(true);
    expect(discountRunning(null, null, now)).toBe(false);
  });

  it('writes a rating ×10 with one decimal', () => {
    expect(ratingText(43)).toBe('4.3');
    expect(ratingText(50)).toBe('5.0');
  });
});

describe('coupon state at checkout', () => {
  const coupon = { minSpendCents: 5000, startsAt: '2026-11-01T00:00:00Z', endsAt: '2026-12-01T00:00:00Z' };
  it('is usable within its dates from the minimum spend, and says why not otherwise', () => {
    const now = new Date('2026-11-23T12:00:00Z');
    expect(couponState(coupon, 5000, now)).toBe('usable');
    expect(couponState(coupon, 4999, now)).toBe('belowMinimum');
    expect(couponState(coupon, 9000, new Date('2026-10-31T00:00:00Z'))).toBe('notStarted');
    expect(couponState(coupon, 9000, new Date('2026-12-02T00:00:00Z'))).toBe('expired');
  });
});
