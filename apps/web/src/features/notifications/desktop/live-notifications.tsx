import { App } from 'antd';
import { BellOutlined, MessageOutlined } from '@ant-design/icons';
import { useNavigate } from 'react-router';
import { useTranslation } from 'react-i18next';
import { usePermissions } from '../../users/api/permissions.ts';
import { chatToastText } from '../../chat/api/chat-preview.ts';
import { UI } from '@shopdesk/shared/constants';
import { useNotificationText } from '../components/use-notification-text.ts';
import { useNotificationStream } from '../hooks/use-notification-stream.ts';
import { useOpenNotification } from '../api/mark-read.ts';

/** The desktop side of the stream: a 3 s antd toast per new notification; clicking it opens it. */
export function LiveNotifications() {
  const { message } = App.useApp();
  const text = useNotificationText();
  const openNotification = useOpenNotification(false);
  const navigate = useNavigate();
  const { t } = useTranslation('chat');
  const { can } = usePermissions();
  useNotificationStream({
    chat: can('chat:view'),
    onChatAnnounce: (chat) => {
      const key = `chat-${chat.id}`;
      void message.open({
        key,
        type: 'info',
        icon: <MessageOutlined aria-hidden className="notification-toast-icon" />,
        duration: UI.TOAST_MS / 1000,
        className: 'notification-toast',
        content: (
          <span className="notification-toast-text" data-testid="chat-toast" data-id={chat.id}>
            <strong>{t('toast.title')}</strong> {chatToastText(chat, t)}
          </span>
        ),
        onClick: () => {
          message.destroy(key);
          void navigate(`/chat?c=${chat.conversationId}`);
        },
      });
    },
    onAnnounce: (notification) => {
      const { title, content } = text(notification);
      const key = `notification-${notification.id}`;
      void message.open({
        key,
        type: 'info',
        icon: <BellOutlined aria-hidden className="notification-toast-icon" />,
        duration: UI.TOAST_MS / 1000,
        className: 'notification-toast',
        content: (
          <span className="notification-toast-text" data-testid="notification-toast" data-id={notification.id}>
            <strong>{title}</strong> {content}
          </span>
        ),
        onClick: () => {
          message.destroy(key);
          openNotification.mutate(notification);
        },
      });
    },
  });
  return null;
}
