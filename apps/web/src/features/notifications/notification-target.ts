import { NOTIFICATION_TITLE } from '@shopdesk/shared/notifications';

/** SPEC §4: where a clicked notification leads, by its title code and the device. */
export function notificationTarget(title: number, mobile: boolean): string {
  if (title === NOTIFICATION_TITLE.REFUND_REQUEST) return mobile ? '/m/orders?tab=refunds' : '/products/refunds';
  if (title === NOTIFICATION_TITLE.COUPLE_OR_ACTIVITY) return mobile ? '/m/activity' : '/marketing/activity';
  return mobile ? '/m/orders' : '/orders';
}
