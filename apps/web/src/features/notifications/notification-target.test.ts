import { describe, expect, it } from 'vitest';
import { notificationTarget } from './notification-target.ts';

describe('notificationTarget', () => {
  it('sends refund requests to the refunds page', () => {
    expect(notificationTarget(1, false)).toBe('/products/refunds');
    expect(notificationTarget(1, true)).toBe('/m/orders?tab=refunds');
  });

  it('sends couple and activity requests to the activity page', () => {
    expect(notificationTarget(2, false)).toBe('/marketing/activity');
    expect(notificationTarget(2, true)).toBe('/m/activity');
  });

  it('sends wallet decisions (our title 3) to the payment history', () => {
    expect(notificationTarget(3, false)).toBe('/wallet');
    expect(notificationTarget(3, true)).toBe('/m/payment-history');
    expect(notificationTarget(4, false)).toBe('/marketing/shop-express');
    expect(notificationTarget(4, true)).toBe('/m/shop-express');
  });

  it('sends everything else to orders', () => {
    expect(notificationTarget(0, false)).toBe('/orders');
    expect(notificationTarget(9, true)).toBe('/m/orders');
  });
});
