import { describe, expect, it } from 'vitest';
import { DESKTOP_TO_MOBILE, MOBILE_TO_DESKTOP, twinOf } from './device-twins.ts';
import { isKnownPath, isMobilePath } from './device-routing.ts';

describe('device switch twins', () => {
  it('maps every twin both ways, filters kept', () => {
    expect(twinOf(DESKTOP_TO_MOBILE, '/wallet', '?page=2')).toBe('/m/finance?page=2');
    expect(twinOf(DESKTOP_TO_MOBILE, '/transactions', '?type=deposit')).toBe('/m/transactions?type=deposit');
    expect(twinOf(MOBILE_TO_DESKTOP, '/m/transactions', '?type=deposit')).toBe('/transactions?type=deposit');
    expect(twinOf(DESKTOP_TO_MOBILE, '/products/refunds', '?status=refunding')).toBe('/m/orders?tab=refunds&status=refunding');
    expect(twinOf(MOBILE_TO_DESKTOP, '/m/orders', '?tab=refunds&status=refunding')).toBe('/products/refunds?status=refunding');
    expect(twinOf(MOBILE_TO_DESKTOP, '/m/orders', '?tab=signed&keyword=Lamp')).toBe('/orders?tab=signed&q=Lamp');
    expect(twinOf(DESKTOP_TO_MOBILE, '/orders', '?q=Lamp')).toBe('/m/orders?keyword=Lamp');
    expect(twinOf(DESKTOP_TO_MOBILE, '/products/reviews', '?rating=1&unanswered=1')).toBe('/m/reviews?rating=1&unanswered=1');
    expect(twinOf(MOBILE_TO_DESKTOP, '/m/reviews', '?rating=1')).toBe('/products/reviews?rating=1');
    expect(twinOf(DESKTOP_TO_MOBILE, '/products/warehouse', '?name=lamp')).toBe('/m/warehouse?name=lamp');
    expect(twinOf(MOBILE_TO_DESKTOP, '/m/warehouse', '?name=lamp')).toBe('/products/warehouse?name=lamp');
  });

  it('keeps a twin\'s own query over the filter of the same name, and repeated keys', () => {
    expect(twinOf(DESKTOP_TO_MOBILE, '/products/refunds', '?tab=all&x=1&x=2')).toBe('/m/orders?tab=refunds&x=1&x=2');
  });

  it('renames query keys, matches route parameters and answers null for pages without a twin', () => {
    expect(twinOf(MOBILE_TO_DESKTOP, '/m/order-detail', '?orderId=SO1')).toBe('/orders?q=SO1');
    expect(twinOf(MOBILE_TO_DESKTOP, '/m/products/edit/42', '')).toBe('/products/list');
    expect(twinOf(DESKTOP_TO_MOBILE, '/users', '?role=admin')).toBe('/m/users?role=admin');
    expect(twinOf(MOBILE_TO_DESKTOP, '/m/users', '?status=inactive')).toBe('/users?status=inactive');
    expect(twinOf(DESKTOP_TO_MOBILE, '/dashboard/activity', '?userId=7')).toBe('/m/activity-log?userId=7');
    expect(twinOf(MOBILE_TO_DESKTOP, '/m/activity-log', '?action=user_added')).toBe('/dashboard/activity?action=user_added');
    expect(twinOf(DESKTOP_TO_MOBILE, '/notifications', '')).toBeNull();
    expect(twinOf(DESKTOP_TO_MOBILE, '/wallet/x', '')).toBeNull();
  });

  it('lists only known pages, each source once, each target a page of the other device', () => {
    for (const [table, mobileTarget] of [[DESKTOP_TO_MOBILE, true], [MOBILE_TO_DESKTOP, false]] as const) {
      const sources = table.map((e) => e.from);
      expect(new Set(sources).size).toBe(sources.length);
      for (const { from, to } of table) {
        expect(isKnownPath(from.split('?')[0].replace(':id', '1')), from).toBe(true);
        const target = to.split('?')[0];
        expect(isKnownPath(target), to).toBe(true);
        expect(isMobilePath(target), to).toBe(mobileTarget);
      }
    }
  });
});
