import type { ReactNode } from 'react';
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

interface Toast {
  key: string;
  icon: ReactNode;
  testId: string;
  id: number;
  title: string;
  text: string;
  open: () => void;
}

/** The desktop side of the stream: a 3 s antd toast per new notification or buyer message; clicking it opens it. */
export function LiveNotifications() {
  const { message } = App.useApp();
  const text = useNotificationText();
  const openNotification = useOpenNotification(false);
  const navigate = useNavigate();
  const { t } = useTranslation('chat');
  const { can } = usePermissions();
  const toast = ({ key, icon, testId, id, title, text: body, open }: Toast) =>
    void message.open({
      key,
      type: 'info',
      icon,
      duration: UI.TOAST_MS / 1000,
      className: 'notification-toast',
      content: (
        <span className="notification-toast-text" data-testid={testId} data-id={id}>
          <strong>{title}</strong> {body}
        </span>
      ),
      onClick: () => {
        message.destroy(key);
        open();
      },
    });
  useNotificationStream({
    chat: can('chat:view'),
    onChatAnnounce: (chat) =>
      toast({
        key: `chat-${chat.id}`,
        icon: <MessageOutlined aria-hidden className="notification-toast-icon" />,
        testId: 'chat-toast',
        id: chat.id,
        title: t('toast.title'),
        text: chatToastText(chat, t),
        open: () => void navigate(`/chat?c=${chat.conversationId}`),
      }),
    onAnnounce: (notification) => {
      const { title, content } = text(notification);
      toast({
        key: `notification-${notification.id}`,
        icon: <BellOutlined aria-hidden className="notification-toast-icon" />,
        testId: 'notification-toast',
        id: notification.id,
        title,
        text: content,
        open: () => openNotification.mutate(notification),
      });
    },
  });
  return null;
}
