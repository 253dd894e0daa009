import { describe, expect, it } from 'vitest';
import { NOTIFICATION_CONTENT as C } from '@shopdesk/shared/notifications/codes';
import { notificationTarget } from './notification-target.ts';

const to = (title: number, content: number, mobile: boolean) => notificationTarget({ title, content }, mobile);

describe('notificationTarget', () => {
  it('sends refund requests to the refunds page', () => {
    expect(to(1, C.REFUND_REQUEST, false)).toBe('/products/refunds');
    expect(to(1, C.REFUND_REQUEST, true)).toBe('/m/orders?tab=refunds');
  });

  it('sends couple requests and answers to the couple activity page (SPEC §4, title 2)', () => {
    for (const content of [C.COUPLE_REQUEST, C.COUPLE_ACCEPTED, C.COUPLE_DECLINED]) {
      expect(to(2, content, false)).toBe('/marketing/activity');
      expect(to(2, content, true)).toBe('/m/activity');
    }
  });

  it('sends "a bonus is ready" (title 5; title 2 on rows from before it) to where a VIP bonus can be claimed: the activity centre', () => {
    expect(to(5, C.REWARD_CLAIMABLE, true)).toBe('/m/activity-center');
    expect(to(5, C.REWARD_CLAIMABLE, false)).toBe('/marketing/activity');
    expect(to(2, C.REWARD_CLAIMABLE, true)).toBe('/m/activity-center');
    // The desktop's /marketing/activity holds the activity centre with every bonus to claim.
    expect(to(2, C.REWARD_CLAIMABLE, false)).toBe('/marketing/activity');
  });

  it('sends wallet decisions (our title 3) to the payment history, package notices (4) to the packages', () => {
    expect(to(3, C.DEPOSIT_APPROVED, false)).toBe('/wallet');
    expect(to(3, C.WITHDRAWAL_COMPLETED, true)).toBe('/m/payment-history');
    expect(to(4, C.PACKAGE_EXPIRING, false)).toBe('/marketing/shop-express');
    expect(to(4, C.PACKAGE_EXPIRED, true)).toBe('/m/shop-express');
  });

  it('sends everything else to orders', () => {
    expect(to(0, C.NEW_ORDER, false)).toBe('/orders');
    expect(to(9, 0, true)).toBe('/m/orders');
  });
});
