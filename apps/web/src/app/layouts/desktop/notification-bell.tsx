import { useState } from 'react';
import { Badge, Button, Dropdown, Empty, Result, Spin, Typography, theme } from 'antd';
import { BellOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { UI } from '@shopdesk/shared/constants';
import type { NotificationMessage } from '@shopdesk/shared/notifications';
import { useUnreadNotifications } from '../../../features/notifications/api/unread.ts';
import { useOpenNotification } from '../../../features/notifications/api/mark-read.ts';
import { useNotificationText } from '../../../features/notifications/components/use-notification-text.ts';

function NotificationItem({ message, onOpen }: { message: NotificationMessage; onOpen: (m: NotificationMessage) => void }) {
  const text = useNotificationText()(message);
  return (
    <button type="button" className="notification-item" onClick={() => onOpen(message)} data-testid="notification-item">
      <span className="notification-item-head">
        <Typography.Text strong>{text.title}</Typography.Text>
        <Typography.Text type="secondary" className="notification-time">{text.time}</Typography.Text>
      </span>
      <Typography.Text type={text.danger ? 'danger' : undefined}>{text.content}</Typography.Text>
    </button>
  );
}

function NotificationList({ onOpen }: { onOpen: (m: NotificationMessage) => void }) {
  const { t } = useTranslation('layout');
  const query = useUnreadNotifications();
  if (query.isPending) return <div className="notification-state"><Spin /></div>;
  if (query.isError) {
    return (
      <Result status="warning" subTitle={t('notificationsFailed')}
        extra={<Button size="small" onClick={() => void query.refetch()}>{t('common:actions.retry')}</Button>} />
    );
  }
  if (!query.data.length) return <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('noNotifications')} />;
  return (
    <div className="notification-list" style={{ maxHeight: UI.NOTIFICATION_LIST_MAX_HEIGHT }}>
      {query.data.map((message) => <NotificationItem key={message.id} message={message} onOpen={onOpen} />)}
    </div>
  );
}

/** The header bell: unread badge and a dropdown list; a click marks read and navigates (SPEC §4). */
export function NotificationBell() {
  const { t } = useTranslation('layout');
  const { token } = theme.useToken();
  const [open, setOpen] = useState(false);
  const unread = useUnreadNotifications();
  const openNotification = useOpenNotification(false);
  const onOpen = (message: NotificationMessage) => {
    setOpen(false);
    openNotification.mutate(message);
  };
  return (
    <Dropdown
      open={open}
      onOpenChange={setOpen}
      trigger={['click']}
      placement="bottomRight"
      popupRender={() => (
        <div className="notification-panel" style={{ background: token.colorBgElevated, boxShadow: token.boxShadowSecondary }} data-testid="notification-panel">
          <div className="notification-panel-title">{t('notifications')}</div>
          <NotificationList onOpen={onOpen} />
        </div>
      )}
    >
      <Button type="text" aria-label={t('notifications')} data-testid="notification-bell"
        icon={<Badge count={unread.data?.length ?? 0} overflowCount={UI.BADGE_MAX} size="small"><BellOutlined className="header-icon" /></Badge>} />
    </Dropdown>
  );
}
