import { describe, expect, it } from 'vitest';
import { allocateDiscount, couponDiscount, type CouponTerms } from './coupons.ts';

const amount = (off: number, min = 0): CouponTerms => ({ kind: 'amount', amountOffCents: off, percentOff: null, maxDiscountCents: null, minSpendCents: min });
const percent = (pct: number, cap: number | null, min = 0): CouponTerms => ({ kind: 'percent', amountOffCents: null, percentOff: pct, maxDiscountCents: cap, minSpendCents: min });

describe('couponDiscount', () => {
  it('takes an amount off from the minimum spend, never more than the subtotal', () => {
    expect(couponDiscount(amount(5_00, 50_00), 49_99)).toBeNull();
    expect(couponDiscount(amount(5_00, 50_00), 50_00)).toBe(5_00);
    expect(couponDiscount(amount(5_00), 3_00)).toBe(3_00);
  });

  it('takes a percentage rounded down to the cent, capped', () => {
    expect(couponDiscount(percent(15, null), 10_01)).toBe(1_50);
    expect(couponDiscount(percent(10, 3_00), 120_00)).toBe(3_00);
    expect(couponDiscount(percent(10, 3_00), 20_00)).toBe(2_00);
  });
});

describe('allocateDiscount', () => {
  it('splits pro rata with the largest remainder, summing to the discount', () => {
    expect(allocateDiscount(10_00, [12_00, 24_00, 24_00])).toEqual([2_00, 4_00, 4_00]);
    // 100 over three equal orders: 34, 33, 33 (the first wins the tie).
    expect(allocateDiscount(100, [1_00, 1_00, 1_00])).toEqual([34, 33, 33]);
    // 7 over 1:2 → 2.33 / 4.67: the larger remainder gets the cent.
    expect(allocateDiscount(7, [1_00, 2_00])).toEqual([2, 5]);
    expect(allocateDiscount(0, [5, 5])).toEqual([0, 0]);
  });

  it('never gives an order more than its amount, even with huge figures', () => {
    const amounts = [1, 999_999_999_99, 3];
    const shares = allocateDiscount(999_999_999_99, amounts);
    expect(shares.reduce((a, b) => a + b, 0)).toBe(999_999_999_99);
    shares.forEach((s, i) => expect(s).toBeLessThanOrEqual(amounts[i]));
  });
});
