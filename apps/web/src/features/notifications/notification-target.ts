import { NOTIFICATION_TITLE } from '@shopdesk/shared/notifications/codes';

/**
 * SPEC §4: where a clicked notification leads, by its title code and the device. Titles 3 (wallet
 * decisions) and 4 (promotion package) are ours: they lead to the payment history and the packages.
 */
export function notificationTarget(title: number, mobile: boolean): string {
  if (title === NOTIFICATION_TITLE.REFUND_REQUEST) return mobile ? '/m/orders?tab=refunds' : '/products/refunds';
  if (title === NOTIFICATION_TITLE.COUPLE_OR_ACTIVITY) return mobile ? '/m/activity' : '/marketing/activity';
  if (title === NOTIFICATION_TITLE.PROMOTION) return mobile ? '/m/shop-express' : '/marketing/shop-express';
  if (title === NOTIFICATION_TITLE.WALLET) return mobile ? '/m/payment-history' : '/wallet';
  return mobile ? '/m/orders' : '/orders';
}
