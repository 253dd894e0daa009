import type { DashboardTodo } from '@shopdesk/shared/dashboard/schemas';

export interface TodoItem {
  key: 'toPurchase' | 'refunds' | 'reviews' | 'packages' | 'rewards' | 'vouchers';
  count: number;
  /** The list already filtered. */
  href: string;
  /** Draws the eye: something is due or waiting. */
  urgent: boolean;
}

/**
 * The to-do strip's items with the filtered list each links to, on the desktop or the phone.
 * Counts the marketing modules cannot tell yet (null) are left out.
 */
export function todoItems(todo: DashboardTodo, mobile: boolean): TodoItem[] {
  const items: (TodoItem | null)[] = [
    { key: 'toPurchase', count: todo.toPurchase.count, href: mobile ? '/m/orders?tab=to_purchase' : '/orders?tab=to_purchase', urgent: todo.toPurchase.dueSoon > 0 },
    { key: 'refunds', count: todo.refundsWaiting, href: mobile ? '/m/orders?tab=refunds' : '/products/refunds?status=refunding', urgent: todo.refundsWaiting > 0 },
    { key: 'reviews', count: todo.reviewsUnanswered, href: '/products/reviews?unanswered=1', urgent: false },
    todo.packagesExpiring === null ? null : { key: 'packages', count: todo.packagesExpiring, href: mobile ? '/m/shop-express' : '/marketing/purchase-history', urgent: todo.packagesExpiring > 0 },
    todo.claimableRewards === null ? null : { key: 'rewards', count: todo.claimableRewards, href: mobile ? '/m/activity-center' : '/marketing/vip-activity', urgent: todo.claimableRewards > 0 },
    todo.vouchersEnding === null ? null : { key: 'vouchers', count: todo.vouchersEnding, href: mobile ? '/m/vouchers?ending=soon' : '/marketing/vouchers?ending=soon', urgent: todo.vouchersEnding > 0 },
  ];
  return items.filter((item): item is TodoItem => item !== null && (!mobile || item.key !== 'reviews'));
}

/**
 * The hint under "Orders to purchase": the nearest deadline while it is ahead, "overdue since" once
 * it has passed (an overdue purchase is not a deadline to meet any more: its points are at stake).
 * Its catalog key (namespace dashboard) and the time; null with nothing waiting.
 */
export function purchaseDeadlineHint(todo: DashboardTodo, now: number): { key: 'todo.nearest' | 'todo.overdueSince'; time: string; overdue: boolean } | null {
  const deadline = todo.toPurchase.nearestDeadline;
  if (!deadline) return null;
  const overdue = Date.parse(deadline) <= now;
  return { key: overdue ? 'todo.overdueSince' : 'todo.nearest', time: deadline, overdue };
}
