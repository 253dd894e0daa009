import { NOTIFICATION_CONTENT, NOTIFICATION_TITLE, type NotificationMessage } from '@shopdesk/shared/notifications/codes';

/**
 * SPEC §4: where a clicked notification leads, by its title code and the device. Titles 3 (wallet
 * decisions), 4 (promotion package) and 5 (a bonus ready to claim) are ours: they lead to the
 * payment history, the packages and the activity centre (on the phone /m/activity shows the couple
 * tiers only; the desktop's /marketing/activity holds the centre with every bonus to claim). Rows
 * from before title 5 existed (title 2 with content 14) lead there too.
 */
export function notificationTarget(message: Pick<NotificationMessage, 'title' | 'content'>, mobile: boolean): string {
  const { title, content } = message;
  if (title === NOTIFICATION_TITLE.REFUND_REQUEST) return mobile ? '/m/orders?tab=refunds' : '/products/refunds';
  if (title === NOTIFICATION_TITLE.REWARD || content === NOTIFICATION_CONTENT.REWARD_CLAIMABLE) return mobile ? '/m/activity-center' : '/marketing/activity';
  if (title === NOTIFICATION_TITLE.COUPLE_OR_ACTIVITY) return mobile ? '/m/activity' : '/marketing/activity';
  if (title === NOTIFICATION_TITLE.PROMOTION) return mobile ? '/m/shop-express' : '/marketing/shop-express';
  if (title === NOTIFICATION_TITLE.WALLET) return mobile ? '/m/payment-history' : '/wallet';
  return mobile ? '/m/orders' : '/orders';
}
