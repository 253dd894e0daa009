import { Button, Empty, Result, Spin, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { UI } from '@shopdesk/shared/constants';
import type { NotificationMessage } from '@shopdesk/shared/notifications/codes';
import { useUnreadNotifications } from '../api/unread.ts';
import { useMarkAllReadAction } from '../hooks/use-notification-list.ts';
import { NotificationItem } from './notification-item.tsx';

function UnreadList({ onOpen }: { onOpen: (m: NotificationMessage) => void }) {
  const { t } = useTranslation('layout');
  const query = useUnreadNotifications();
  if (query.isPending) return <div className="notification-state"><Spin /></div>;
  if (query.isError) {
    return (
      <Result status="warning" subTitle={t('notificationsFailed')}
        extra={<Button size="small" onClick={() => void query.refetch()}>{t('common:actions.retry')}</Button>} />
    );
  }
  if (!query.data.list.length) return <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('noNotifications')} data-testid="notification-empty" />;
  return (
    <div className="notification-list" style={{ maxHeight: UI.NOTIFICATION_LIST_MAX_HEIGHT }} data-testid="notification-list">
      {query.data.list.map((message) => <NotificationItem key={message.id} message={message} onOpen={onOpen} />)}
    </div>
  );
}

/** The bell's dropdown: unread count, "mark all as read", the newest unread (at most 300 px high) and "view all". */
export function NotificationPanel({ onOpen, onViewAll }: { onOpen: (m: NotificationMessage) => void; onViewAll: () => void }) {
  const { t } = useTranslation('notifications');
  const markAll = useMarkAllReadAction();
  const count = markAll.unreadCount;
  return (
    <>
      <div className="notification-panel-title">
        <span>
          {t('layout:notifications')}
          {count > 0 && <Typography.Text type="secondary" className="notification-panel-count" data-testid="notification-unread-count">{t('unreadCount', { count })}</Typography.Text>}
        </span>
        <Button type="link" size="small" disabled={markAll.disabled} loading={markAll.pending} data-testid="notification-mark-all" onClick={markAll.run}>
          {t('markAllRead')}
        </Button>
      </div>
      <UnreadList onOpen={onOpen} />
      <div className="notification-panel-footer">
        <Button type="link" block onClick={onViewAll} data-testid="notification-view-all">{t('viewAll')}</Button>
      </div>
    </>
  );
}
