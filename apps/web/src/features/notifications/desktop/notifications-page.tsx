import { Button, Flex, List, Pagination, Segmented } from 'antd';
import { CheckOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { PageFrame } from '../../../components/desktop/page-frame.tsx';
import { QueryState } from '../../../components/desktop/query-state.tsx';
import { PAGE_SIZE_OPTIONS, parseChoice, parsePage } from '../../../lib/list-params.ts';
import { useSearchState } from '../../../lib/use-search-state.ts';
import { notify } from '../../../lib/notifier.ts';
import { useNotificationPage } from '../api/notification-list.ts';
import { useMarkAllRead, useOpenNotification } from '../api/mark-read.ts';
import { useUnreadCount } from '../api/unread.ts';
import type { NotificationStatus } from '../api/notification-keys.ts';
import { NotificationItem } from './notification-item.tsx';

const STATUSES: readonly NotificationStatus[] = ['all', 'unread'];

function parseSearch(search: URLSearchParams) {
  return { ...parsePage(search), status: parseChoice(search.get('status'), STATUSES) ?? 'all' };
}

/** Every notification of the shop, read and unread, page by page (URL-synced status and page). */
export function NotificationsPage() {
  const { t } = useTranslation('notifications');
  const [state, update] = useSearchState(parseSearch, { page: 1, pageSize: 20, status: 'all' });
  const query = useNotificationPage(state);
  const unreadCount = useUnreadCount();
  const markAll = useMarkAllRead();
  const openNotification = useOpenNotification(false);
  return (
    <PageFrame
      titleKey="notifications"
      extra={
        <Flex gap={12} align="center" wrap>
          <Segmented<NotificationStatus>
            value={state.status}
            onChange={(status) => update({ status })}
            options={STATUSES.map((s) => ({ value: s, label: <span data-testid={`notifications-status-${s}`}>{t(`status.${s}`)}</span> }))}
          />
          <Button icon={<CheckOutlined aria-hidden />} disabled={unreadCount === 0} loading={markAll.isPending} data-testid="notifications-mark-all"
            onClick={() => markAll.mutate(undefined, { onSuccess: () => notify.success(t('allRead')) })}>
            {t('markAllRead')}
          </Button>
        </Flex>
      }
    >
      <div className="notifications-page" data-testid="notifications-page">
        <QueryState query={query} isEmpty={(data) => data.list.length === 0 && data.page === 1}
          empty={<List locale={{ emptyText: t(state.status === 'unread' ? 'emptyUnread' : 'empty') }} dataSource={[]} renderItem={() => null} />}>
          {(data) => (
            <>
              <div className="notifications-page-list" data-testid="notifications-list">
                {data.list.map((message) => (
                  <NotificationItem key={message.id} message={message} showDate onOpen={(m) => openNotification.mutate(m)} />
                ))}
              </div>
              <Pagination
                className="notifications-pagination"
                align="end"
                current={state.page}
                pageSize={state.pageSize}
                total={data.total}
                showSizeChanger
                showQuickJumper
                pageSizeOptions={PAGE_SIZE_OPTIONS.map(String)}
                showTotal={(total) => t('total', { count: total })}
                onChange={(page, pageSize) => update({ page: pageSize !== state.pageSize ? 1 : page, pageSize })}
              />
            </>
          )}
        </QueryState>
      </div>
    </PageFrame>
  );
}
