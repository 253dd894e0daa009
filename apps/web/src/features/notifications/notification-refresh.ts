import type { QueryClient, QueryKey } from '@tanstack/react-query';
import { NOTIFICATION_CONTENT, NOTIFICATION_TITLE, type NotificationMessage } from '@shopdesk/shared/notifications/codes';
import { dashboardKeys } from '../dashboard/api/dashboard-keys.ts';
import { packageKeys } from '../marketing/api/packages-keys.ts';
import { rewardKeys, userLevelKeyPrefix } from '../marketing/api/rewards-keys.ts';
import { pendingCountKey } from '../orders/api/order-count-keys.ts';
import { orderKeys } from '../orders/api/orders-api.ts';
import { productKeys } from '../products/api/products-api.ts';
import { walletKeys } from '../wallet/api/wallet-api.ts';

/**
 * Every order figure: the lists (desktop table, phone list), the detail, the refund requests, the
 * balance and the pending count behind the sidebar and tab-bar badges (all keys start 'orders').
 */
const ORDERS: readonly QueryKey[] = [orderKeys.all];
/** A sale moves the products' stock and sales figures. */
const NEW_ORDER: readonly QueryKey[] = [...ORDERS, productKeys.all];
const WALLET: readonly QueryKey[] = [walletKeys.all, orderKeys.balance()];
const ACTIVITIES: readonly QueryKey[] = [rewardKeys.all];
/** A tier reached: the activities, and the header's VIP tag (the level moved with the top-up). */
const TIER_REACHED: readonly QueryKey[] = [rewardKeys.all, userLevelKeyPrefix];
/** A package expiring or expired: the packages, and the products' recommendation slots. */
const PACKAGES: readonly QueryKey[] = [packageKeys.all, productKeys.all];

function ownKeys(message: Pick<NotificationMessage, 'title' | 'content'>): readonly QueryKey[] {
  switch (message.title) {
    case NOTIFICATION_TITLE.NEW_ORDER:
      return NEW_ORDER;
    case NOTIFICATION_TITLE.REFUND_REQUEST:
      return ORDERS;
    case NOTIFICATION_TITLE.REWARD:
      return TIER_REACHED;
    case NOTIFICATION_TITLE.COUPLE_OR_ACTIVITY:
      // Content 14 under title 2: a bonus announced before it had title 5.
      return message.content === NOTIFICATION_CONTENT.REWARD_CLAIMABLE ? TIER_REACHED : ACTIVITIES;
    case NOTIFICATION_TITLE.WALLET:
      return message.content === NOTIFICATION_CONTENT.DEPOSIT_APPROVED ? [...WALLET, ...TIER_REACHED] : WALLET;
    case NOTIFICATION_TITLE.PROMOTION:
      return PACKAGES;
    default:
      // A kind this build does not know yet is most likely about an order (title 0 is the default text too).
      return ORDERS;
  }
}

/** What every message moves: the pending count (SPEC §4 refreshes it on each) and the dashboard. */
const EVERY: readonly QueryKey[] = [pendingCountKey, dashboardKeys.all];

/**
 * The figures a live notification moves (next to notification-target.ts, where a click leads):
 * the query keys to invalidate when it arrives, so every open list, badge and count shows it
 * without a reload and they never disagree. A new order (title 0) → the orders (lists, detail,
 * pending count) and the products' stock and sales; a refund request (title 1) → the orders and the
 * refund requests; title 2 (couple requests and answers) → the activities; title 5 (a bonus ready)
 * → the activities and the header's VIP tag; title 3 (wallet decisions) → the wallet figures and
 * lists, and an approved deposit also moves the VIP and couple progress; title 4 (package expiry) →
 * the packages. Each of them also moves a dashboard
 * figure (the to-do counts, today's figures, the wallet), so the dashboard and the phone's shop home
 * follow every one, as the pending count does. No message concerns the reviews: a buyer's review
 * sends none (docs/decisions.md, "A review arrives without a notification").
 */
export function notificationQueryKeys(message: Pick<NotificationMessage, 'title' | 'content'>): readonly QueryKey[] {
  return [...ownKeys(message), ...EVERY];
}

/** Whether `key` starts with `prefix` (an invalidation of `prefix` covers `key`). */
function startsWith(key: QueryKey, prefix: QueryKey): boolean {
  return prefix.length <= key.length && prefix.every((part, i) => JSON.stringify(part) === JSON.stringify(key[i]));
}

/**
 * Invalidates, once each, the queries of the pages the arrived messages concern. A key another one
 * already covers is left out: invalidating a query twice in a row would cancel its first refetch.
 */
export function refreshConcernedQueries(queryClient: QueryClient, messages: readonly Pick<NotificationMessage, 'title' | 'content'>[]): void {
  const keys = new Map<string, QueryKey>();
  for (const message of messages) for (const key of notificationQueryKeys(message)) keys.set(JSON.stringify(key), key);
  const all = [...keys.values()];
  for (const queryKey of all) {
    if (all.some((other) => other !== queryKey && startsWith(queryKey, other))) continue;
    void queryClient.invalidateQueries({ queryKey });
  }
}
