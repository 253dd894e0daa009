import { Button, DotLoading, Empty, InfiniteScroll, List, Tabs } from 'antd-mobile';
import { useTranslation } from 'react-i18next';
import type { NotificationMessage } from '@shopdesk/shared/notifications/codes';
import { MobileErrorBlock } from '../../../components/mobile/error-block.tsx';
import type { NotificationStatus } from '../api/notification-keys.ts';
import { useNotificationDrawer, useNotificationFeed } from '../hooks/use-notification-list.ts';
import { useNotificationText } from '../components/use-notification-text.ts';
import '../notifications.css';

function DrawerList({ status, onOpen }: { status: NotificationStatus; onOpen: (message: NotificationMessage) => void }) {
  const { t } = useTranslation('notifications');
  const { query, list, emptyText } = useNotificationFeed(status);
  const text = useNotificationText();
  if (query.isPending) return <div className="m-state"><DotLoading color="primary" /></div>;
  if (query.isError) {
    return (
      <MobileErrorBlock status="default" title={t('layout:notificationsFailed')} description="">
        <Button size="small" color="primary" fill="outline" onClick={() => void query.refetch()}>{t('common:actions.retry')}</Button>
      </MobileErrorBlock>
    );
  }
  if (list.length === 0) {
    return <Empty className="m-empty" description={emptyText} data-testid="m-notifications-empty" />;
  }
  return (
    <>
      <List data-testid="m-notification-list">
        {list.map((message) => {
          const { title, content, time, danger } = text(message);
          return (
            <List.Item
              key={message.id}
              clickable
              className={message.unread ? undefined : 'm-notification-read'}
              onClick={() => onOpen(message)}
              description={<span className={danger ? 'm-danger' : undefined}>{content}</span>}
              extra={<span className="m-time">{time}</span>}
              data-testid="m-notification-item"
              data-id={message.id}
              data-unread={message.unread}
            >
              {message.unread && <span className="m-notification-dot" />}
              {title}
            </List.Item>
          );
        })}
      </List>
      <InfiniteScroll loadMore={() => query.fetchNextPage().then(() => undefined)} hasMore={query.hasNextPage}>
        {query.hasNextPage ? <DotLoading /> : <span className="m-drawer-end">{t('end')}</span>}
      </InfiniteScroll>
    </>
  );
}

/** The drawer's content: unread and all notifications, scrolled page by page, and "mark all as read". */
export function NotificationDrawerContent({ onOpen }: { onOpen: (message: NotificationMessage) => void }) {
  const { t } = useTranslation('notifications');
  const { status, setStatus, tabs, markAll } = useNotificationDrawer();
  return (
    <>
      <div className="m-drawer-head">
        <div className="m-drawer-title">{t('layout:notifications')}</div>
        <Button size="mini" color="primary" fill="none" disabled={markAll.disabled} loading={markAll.pending} data-testid="m-notification-mark-all" onClick={markAll.run}>
          {t('markAllRead')}
        </Button>
      </div>
      <Tabs activeKey={status} onChange={(key) => setStatus(key as NotificationStatus)} className="m-tabs">
        {tabs.map((tab) => (
          <Tabs.Tab key={tab.key} title={<span data-testid={`m-notifications-tab-${tab.key}`}>{tab.title}</span>} />
        ))}
      </Tabs>
      <div className="m-drawer-body">
        <DrawerList key={status} status={status} onOpen={onOpen} />
      </div>
    </>
  );
}
