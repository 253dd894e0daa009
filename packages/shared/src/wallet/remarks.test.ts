import { describe, expect, it } from 'vitest';
import { promotionRemark, REMARKS, readRemark, remarkInWords, rewardRemark, voucherRemark } from './remarks.ts';

const WORDS = { coupon: 'Kupon', demoTopUp: 'Isi saldo demo', vipTier: 'Hadiah VIP {{tier}}', coupleTier: 'Hadiah pasangan tingkat {{tier}}', shopVoucher: 'Voucher toko #{{voucher}}', flashDeal: 'Flash sale #{{deal}}', flashDealVoucher: 'Flash sale #{{deal}}, voucher toko #{{voucher}}' };

describe('statement remarks', () => {
  it('reads every remark the ledger writes as a code', () => {
    expect(readRemark(REMARKS.coupon)).toEqual({ key: 'coupon' });
    expect(readRemark(REMARKS.demoTopUp)).toEqual({ key: 'demoTopUp' });
    expect(readRemark(rewardRemark('vip', 3))).toEqual({ key: 'vipTier', tier: 3 });
    expect(readRemark(rewardRemark('couple', 12))).toEqual({ key: 'coupleTier', tier: 12 });
    expect(readRemark(voucherRemark(42))).toEqual({ key: 'shopVoucher', voucher: 42 });
    expect(readRemark(promotionRemark(7, null)!)).toEqual({ key: 'flashDeal', deal: 7 });
    expect(readRemark(promotionRemark(7, 42)!)).toEqual({ key: 'flashDealVoucher', deal: 7, voucher: 42 });
    expect(promotionRemark(null, 42)).toBe(voucherRemark(42));
    expect(promotionRemark(null, null)).toBeNull();
    expect(remarkInWords(promotionRemark(7, 42)!, WORDS)).toBe('Flash sale #7, voucher toko #42');
  });

  it('puts a code in words and leaves a person\'s remark as stored', () => {
    expect(remarkInWords('coupon', WORDS)).toBe('Kupon');
    expect(remarkInWords('vip tier 1', WORDS)).toBe('Hadiah VIP 1');
    expect(remarkInWords('couple tier 4', WORDS)).toBe('Hadiah pasangan tingkat 4');
    expect(remarkInWords('shop voucher #7', WORDS)).toBe('Voucher toko #7');
    for (const own of ['paid to the wrong address, returned', 'Coupon', 'vip tier', 'vip tier 1 extra', 'shop voucher #', 'shop voucher #7 extra', '']) expect(remarkInWords(own, WORDS)).toBe(own);
  });
});
