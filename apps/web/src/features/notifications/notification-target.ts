import { NOTIFICATION_CONTENT, NOTIFICATION_TITLE, type NotificationMessage } from '@shopdesk/shared/notifications/codes';

/**
 * SPEC §4: where a clicked notification leads, by its title code and the device. Titles 3 (wallet
 * decisions) and 4 (promotion package) are ours: they lead to the payment history and the packages.
 * Title 2 leads to the couple activity, except "a bonus is ready to claim" (content 14, a VIP or a
 * couple tier): on the phone /m/activity shows the couple tiers only, so it leads to the activity
 * centre, which lists every bonus to claim; the desktop's /marketing/activity holds that centre.
 */
export function notificationTarget(message: Pick<NotificationMessage, 'title' | 'content'>, mobile: boolean): string {
  const { title, content } = message;
  if (title === NOTIFICATION_TITLE.REFUND_REQUEST) return mobile ? '/m/orders?tab=refunds' : '/products/refunds';
  if (title === NOTIFICATION_TITLE.COUPLE_OR_ACTIVITY) {
    if (content === NOTIFICATION_CONTENT.REWARD_CLAIMABLE) return mobile ? '/m/activity-center' : '/marketing/activity';
    return mobile ? '/m/activity' : '/marketing/activity';
  }
  if (title === NOTIFICATION_TITLE.PROMOTION) return mobile ? '/m/shop-express' : '/marketing/shop-express';
  if (title === NOTIFICATION_TITLE.WALLET) return mobile ? '/m/payment-history' : '/wallet';
  return mobile ? '/m/orders' : '/orders';
}
