import { describe, expect, it } from 'vitest';
import { refundApprovalCase, refundApproveHint } from './refund-hint.ts';

const usdt = (cents: number) => `${(cents / 100).toFixed(2)} USDT`;

describe('refund approval hint', () => {
  it('never promises a purchase amount back for an order that was never purchased', () => {
    const o = { paymentStatus: 'paid', purchaseStatus: 'to_purchase', amountCents: 7000, purchaseAmountCents: 5824 } as const;
    expect(refundApprovalCase(o)).toBe('beforePurchase');
    expect(refundApproveHint(o, usdt)).toEqual({ key: 'refund.approveHints.beforePurchase', values: { amount: '70.00 USDT', purchase: '58.24 USDT', net: '11.76 USDT' } });
    expect(refundApprovalCase({ ...o, purchaseStatus: 'failed' })).toBe('beforePurchase');
  });

  it('returns the purchase amount after a purchase, and takes the buyer back from the balance after settlement', () => {
    expect(refundApprovalCase({ paymentStatus: 'paid', purchaseStatus: 'purchased' })).toBe('afterPurchase');
    expect(refundApprovalCase({ paymentStatus: 'completed', purchaseStatus: 'purchased' })).toBe('afterSettlement');
  });
});
