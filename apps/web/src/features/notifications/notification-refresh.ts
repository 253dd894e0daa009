import type { QueryClient, QueryKey } from '@tanstack/react-query';
import { NOTIFICATION_CONTENT, NOTIFICATION_TITLE, type NotificationMessage } from '@shopdesk/shared/notifications/codes';
import { packageKeys } from '../marketing/api/packages-keys.ts';
import { rewardKeys, userLevelKeyPrefix } from '../marketing/api/rewards-keys.ts';
import { orderKeys } from '../orders/api/orders-api.ts';
import { productKeys } from '../products/api/products-api.ts';
import { walletKeys } from '../wallet/api/wallet-api.ts';

const WALLET: readonly QueryKey[] = [walletKeys.all, orderKeys.balance()];
const ACTIVITIES: readonly QueryKey[] = [rewardKeys.all];
/** A tier reached: the activities, and the header's VIP tag (the level moved with the top-up). */
const TIER_REACHED: readonly QueryKey[] = [rewardKeys.all, userLevelKeyPrefix];
/** A package expiring or expired: the packages, and the products' recommendation slots. */
const PACKAGES: readonly QueryKey[] = [packageKeys.all, productKeys.all];

/**
 * The pages a live notification concerns (next to notification-target.ts, where a click leads):
 * the query keys to invalidate when it arrives, so an open page shows it without a reload. Title 2
 * (couple requests and answers, a bonus ready) → the activities; title 3 (wallet decisions) → the
 * wallet figures, and an approved deposit also moves the VIP and couple progress; title 4
 * (package expiry) → the packages. Orders and refunds are refreshed by the pending count already.
 */
export function notificationQueryKeys(message: Pick<NotificationMessage, 'title' | 'content'>): readonly QueryKey[] {
  switch (message.title) {
    case NOTIFICATION_TITLE.COUPLE_OR_ACTIVITY:
      return message.content === NOTIFICATION_CONTENT.REWARD_CLAIMABLE ? TIER_REACHED : ACTIVITIES;
    case NOTIFICATION_TITLE.WALLET:
      return message.content === NOTIFICATION_CONTENT.DEPOSIT_APPROVED ? [...WALLET, ...TIER_REACHED] : WALLET;
    case NOTIFICATION_TITLE.PROMOTION:
      return PACKAGES;
    default:
      return [];
  }
}

/** Invalidates, once each, the queries of the pages the arrived messages concern. */
export function refreshConcernedQueries(queryClient: QueryClient, messages: readonly Pick<NotificationMessage, 'title' | 'content'>[]): void {
  const keys = new Map<string, QueryKey>();
  for (const message of messages) for (const key of notificationQueryKeys(message)) keys.set(JSON.stringify(key), key);
  for (const queryKey of keys.values()) void queryClient.invalidateQueries({ queryKey });
}
