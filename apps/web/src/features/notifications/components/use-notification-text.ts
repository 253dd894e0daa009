import { useTranslation } from 'react-i18next';
import dayjs from 'dayjs';
import { NOTIFICATION_CONTENT, type NotificationMessage } from '@shopdesk/shared/notifications/codes';

export interface NotificationText {
  title: string;
  content: string;
  time: string;
  /** Refund requests are shown in the error style (SPEC §3). */
  danger: boolean;
}

/** Texts of a notification from its title and content codes. */
export function useNotificationText(): (message: NotificationMessage) => NotificationText {
  const { t } = useTranslation('notifications');
  return (message) => ({
    title: t(`title.${message.title}`, { defaultValue: t('title.0') }),
    content: message.orderId
      ? t('withOrder', { text: t(`content.${message.content}`, { defaultValue: t('content.0') }), orderId: message.orderId })
      : t(`content.${message.content}`, { defaultValue: t('content.0') }),
    time: dayjs(message.createdAt).fromNow(),
    danger: message.content === NOTIFICATION_CONTENT.REFUND_REQUEST,
  });
}
