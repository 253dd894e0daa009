import { describe, expect, it } from 'vitest';
import type { MallVoucher } from '../api/types.ts';
import { bestVoucher, voucherClaimState, voucherUse } from './vouchers.ts';

const NOW = new Date('2026-11-29T10:00:00Z');
const voucher = (change: Partial<MallVoucher> = {}): MallVoucher => ({
  id: 1, shopId: 9, name: 'V', scope: 'shop', productIds: [], kind: 'percent', amountOffCents: null, percentOff: 20, maxDiscountCents: 5_00,
  minSpendCents: 10_00, startsAt: '2026-11-28T00:00:00Z', endsAt: '2026-12-28T00:00:00Z', perBuyerLimit: 1, remaining: 10, claimed: true, usedByMe: 0, ...change,
});
const lines = [
  { productId: 1, lineCents: 12_00 },
  { productId: 2, lineCents: 30_00 },
];

describe('shop vouchers at checkout', () => {
  it('takes a capped percentage off the lines it covers', () => {
    expect(voucherUse(voucher(), lines, NOW)).toEqual({ state: 'usable', discountCents: 5_00 });
    expect(voucherUse(voucher({ scope: 'products', productIds: [1] }), lines, NOW)).toEqual({ state: 'usable', discountCents: 2_40 });
  });

  it('says why a claimed voucher does not apply', () => {
    expect(voucherUse(voucher({ scope: 'products', productIds: [7] }), lines, NOW).state).toBe('notApplicable');
    expect(voucherUse(voucher({ scope: 'products', productIds: [1], minSpendCents: 20_00 }), lines, NOW).state).toBe('belowMinimum');
    expect(voucherUse(voucher({ usedByMe: 1 }), lines, NOW).state).toBe('usedUp');
    expect(voucherUse(voucher({ startsAt: '2026-11-30T00:00:00Z' }), lines, NOW).state).toBe('notStarted');
    expect(voucherUse(voucher({ endsAt: '2026-11-29T09:00:00Z' }), lines, NOW).state).toBe('expired');
  });

  it('starts with the voucher that saves the most', () => {
    const small = voucher({ id: 2, kind: 'amount', amountOffCents: 1_00, percentOff: null, maxDiscountCents: null });
    const big = voucher({ id: 3, kind: 'amount', amountOffCents: 8_00, percentOff: null, maxDiscountCents: null });
    expect(bestVoucher([small, voucher(), big], lines, NOW)).toBe(3);
    expect(bestVoucher([voucher({ usedByMe: 1 })], lines, NOW)).toBeNull();
  });

  it('shows a public voucher to claim, claimed, used up by this buyer, or all claimed', () => {
    expect(voucherClaimState(voucher({ claimed: false }))).toBe('claim');
    expect(voucherClaimState(voucher({ claimed: true }))).toBe('claimed');
    expect(voucherClaimState(voucher({ claimed: true, usedByMe: 1 }))).toBe('used');
    expect(voucherClaimState(voucher({ claimed: false, remaining: 0 }))).toBe('soldOut');
    // A claim refused because the last use went meanwhile.
    expect(voucherClaimState(voucher({ claimed: false }), true)).toBe('soldOut');
  });
});
