import { Button, Flex, List, Pagination, Segmented } from 'antd';
import { CheckOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { PageFrame } from '../../../components/desktop/page-frame.tsx';
import { QueryState } from '../../../components/desktop/query-state.tsx';
import { PAGE_SIZE_OPTIONS } from '../../../lib/list-params.ts';
import type { NotificationStatus } from '../api/notification-keys.ts';
import { useNotificationsScreen } from '../hooks/use-notification-list.ts';
import { NotificationItem } from './notification-item.tsx';

/** Every notification of the shop, read and unread, page by page (URL-synced status and page). */
export function NotificationsPage() {
  const { t } = useTranslation('notifications');
  const screen = useNotificationsScreen();
  const { state, query, markAll } = screen;
  return (
    <PageFrame
      titleKey="notifications"
      extra={
        <Flex gap={12} align="center" wrap>
          <Segmented<NotificationStatus>
            aria-label={t('common:icons.showOnly')}
            value={state.status}
            onChange={screen.setStatus}
            options={screen.statuses.map((s) => ({ value: s, label: <span data-testid={`notifications-status-${s}`}>{t(`status.${s}`)}</span> }))}
          />
          <Button icon={<CheckOutlined aria-hidden />} disabled={markAll.disabled} loading={markAll.pending} data-testid="notifications-mark-all" onClick={markAll.run}>
            {t('markAllRead')}
          </Button>
        </Flex>
      }
    >
      <div className="notifications-page" data-testid="notifications-page">
        <QueryState query={query} isEmpty={(data) => data.list.length === 0 && data.page === 1}
          empty={<List locale={{ emptyText: screen.emptyText }} dataSource={[]} renderItem={() => null} />}>
          {(data) => (
            <>
              <div className="notifications-page-list" data-testid="notifications-list">
                {data.list.map((message) => (
                  <NotificationItem key={message.id} message={message} showDate onOpen={(m) => screen.open.mutate(m)} />
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
                onChange={screen.setPage}
              />
            </>
          )}
        </QueryState>
      </div>
    </PageFrame>
  );
}
