import { Badge, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { formatDate } from '../../../lib/date-format.ts';
import type { NotificationMessage } from '@shopdesk/shared/notifications/codes';
import { useNotificationText } from '../components/use-notification-text.ts';
import '../notifications.css';

/** One notification as a button: title, time, text; unread ones carry a dot. */
export function NotificationItem({ message, onOpen, showDate = false }: { message: NotificationMessage; onOpen: (m: NotificationMessage) => void; showDate?: boolean }) {
  const { i18n } = useTranslation();
  const text = useNotificationText()(message);
  return (
    <button
      type="button"
      className={message.unread ? 'notification-item notification-item-unread' : 'notification-item notification-item-read'}
      onClick={() => onOpen(message)}
      data-testid="notification-item"
      data-id={message.id}
      data-unread={message.unread}
    >
      <span className="notification-item-head">
        <span className="notification-item-title">
          {message.unread && <Badge status="processing" />}
          <Typography.Text strong={message.unread}>{text.title}</Typography.Text>
        </span>
        <Typography.Text type="secondary" className="notification-time" title={formatDate(message.createdAt, i18n.language, 'second')}>
          {showDate ? `${formatDate(message.createdAt, i18n.language, 'minute')} · ${text.time}` : text.time}
        </Typography.Text>
      </span>
      <Typography.Text type={text.danger ? 'danger' : message.unread ? undefined : 'secondary'} className="notification-item-text">
        {text.content}
      </Typography.Text>
    </button>
  );
}
