import { UI } from '@shopdesk/shared/constants';
import { useNotificationText } from '../components/use-notification-text.ts';
import { useNotificationStream } from '../hooks/use-notification-stream.ts';
import { showToast } from '../../../components/mobile/lazy-toast.ts';
import { useTranslation } from 'react-i18next';
import { usePermissions } from '../../users/api/permissions.ts';
import { chatToastText } from '../../chat/api/chat-preview.ts';
import '../notifications.css';

/** The phone side of the stream: a 3 s antd-mobile Toast per new notification (Toast loads with the first). */
export function MobileLiveNotifications() {
  const text = useNotificationText();
  const { t } = useTranslation('chat');
  const { can } = usePermissions();
  useNotificationStream({
    chat: can('chat:view'),
    onChatAnnounce: (chat) => {
      showToast({
        duration: UI.TOAST_MS,
        content: (
          <div className="m-notification-toast" data-testid="m-chat-toast" data-id={chat.id}>
            <strong>{t('toast.title')}</strong>
            <span>{chatToastText(chat, t)}</span>
          </div>
        ),
      });
    },
    onAnnounce: (notification) => {
      const { title, content } = text(notification);
      showToast({
        duration: UI.TOAST_MS,
        content: (
          <div className="m-notification-toast" data-testid="m-notification-toast" data-id={notification.id}>
            <strong>{title}</strong>
            <span>{content}</span>
          </div>
        ),
      });
    },
  });
  return null;
}
