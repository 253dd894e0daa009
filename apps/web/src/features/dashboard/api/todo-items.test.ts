import { describe, expect, it } from 'vitest';
import type { DashboardTodo } from '@shopdesk/shared/dashboard/schemas';
import { purchaseDeadlineHint, todoItems } from './todo-items.ts';

const todo: DashboardTodo = {
  toPurchase: { count: 3, dueSoon: 1, nearestDeadline: '2030-01-01T00:00:00.000Z', nearestOrderId: 'O1' },
  refundsWaiting: 2,
  reviewsUnanswered: 4,
  packagesExpiring: 1,
  claimableRewards: 5,
  vouchersEnding: 2,
};

const links = (items: ReturnType<typeof todoItems>) => Object.fromEntries(items.map((i) => [i.key, [i.count, i.href]]));

describe('the to-do strip', () => {
  it('links each count on the desktop to its list, already filtered', () => {
    expect(links(todoItems(todo, false))).toEqual({
      toPurchase: [3, '/orders?tab=to_purchase'],
      refunds: [2, '/products/refunds?status=refunding'],
      reviews: [4, '/products/reviews?unanswered=1'],
      packages: [1, '/marketing/purchase-history'],
      rewards: [5, '/marketing/vip-activity'],
      vouchers: [2, '/marketing/vouchers?ending=soon'],
    });
  });

  it('links to the phone pages on the phone (which has no reviews page)', () => {
    expect(links(todoItems(todo, true))).toEqual({
      toPurchase: [3, '/m/orders?tab=to_purchase'],
      refunds: [2, '/m/orders?tab=refunds'],
      packages: [1, '/m/shop-express'],
      rewards: [5, '/m/activity-center'],
      vouchers: [2, '/m/vouchers?ending=soon'],
    });
  });

  it('marks what is due, and leaves out the marketing counts the server could not tell', () => {
    const items = todoItems({ ...todo, toPurchase: { ...todo.toPurchase, dueSoon: 0 }, packagesExpiring: null, claimableRewards: null, vouchersEnding: null }, false);
    expect(items.map((i) => i.key)).toEqual(['toPurchase', 'refunds', 'reviews']);
    expect(items.find((i) => i.key === 'toPurchase')?.urgent).toBe(false);
    expect(todoItems(todo, false).find((i) => i.key === 'toPurchase')?.urgent).toBe(true);
  });

  it('says "overdue since" once the nearest deadline has passed, "nearest deadline" before', () => {
    const at = Date.parse('2030-01-01T00:00:00.000Z');
    expect(purchaseDeadlineHint(todo, at - 1000)).toEqual({ key: 'todo.nearest', time: '2030-01-01T00:00:00.000Z', overdue: false });
    expect(purchaseDeadlineHint(todo, at)).toEqual({ key: 'todo.overdueSince', time: '2030-01-01T00:00:00.000Z', overdue: true });
    expect(purchaseDeadlineHint({ ...todo, toPurchase: { count: 0, dueSoon: 0, nearestDeadline: null, nearestOrderId: null } }, at)).toBeNull();
  });
});
