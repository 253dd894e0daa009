import { useTranslation } from 'react-i18next';
import type { TFunction } from 'i18next';
import dayjs from 'dayjs';
import { NOTIFICATION_CONTENT, type NotificationMessage } from '@shopdesk/shared/notifications/codes';
import { lineName } from '@shopdesk/shared/products/variant-names';

export interface NotificationText {
  title: string;
  content: string;
  time: string;
  /** Refund requests are shown in the error style (SPEC §3). */
  danger: boolean;
}

/**
 * A notification's text from its content code (`t` of the notifications namespace). An order's
 * notification of a product with options also names the product and the variant ("T-shirt (Blue,
 * M)"): the order id alone does not tell which of the product's variants to buy or take back.
 */
export function notificationContent(t: TFunction<'notifications'>, message: NotificationMessage): string {
  const text = t(`content.${message.content}`, { defaultValue: t('content.0') });
  if (!message.orderId) return text;
  if (message.productName && message.variantName) return t('withOrderLine', { text, product: lineName(message.productName, message.variantName), orderId: message.orderId });
  return t('withOrder', { text, orderId: message.orderId });
}

/** Texts of a notification from its title and content codes. */
export function useNotificationText(): (message: NotificationMessage) => NotificationText {
  const { t } = useTranslation('notifications');
  return (message) => ({
    title: t(`title.${message.title}`, { defaultValue: t('title.0') }),
    content: notificationContent(t, message),
    time: dayjs(message.createdAt).fromNow(),
    danger: message.content === NOTIFICATION_CONTENT.REFUND_REQUEST,
  });
}
