import { Card, Select, Space, Table, Tag } from 'antd';
import type { ActivityEntry } from '@shopdesk/shared/activity-log/schemas';
import { DateRangeFilter } from '../../../components/desktop/date-range-filter.tsx';
import { tablePagination } from '../../../components/desktop/table-pagination.ts';
import { useFormat } from '../../../lib/use-format.ts';
import { useActivityLogScreen } from '../hooks/use-activity-log-screen.ts';
import '../../../styles/dashboard.css';

/** The activity log: who did what and when in this shop, filterable by action, member and day, URL-synced. */
export function ActivityLogPage() {
  const { t } = useFormat('dashboard');
  const screen = useActivityLogScreen();
  const { state, update, query } = screen;
  return (
    <Card title={<h1 className="page-title">{t('activity.title')}</h1>} data-testid="activity-log-page">
      <Space wrap style={{ marginBottom: 16 }}>
        <Select
          allowClear
          placeholder={t('activity.filterAction')}
          aria-label={t('activity.what')}
          style={{ minWidth: 200 }}
          value={state.action}
          onChange={(action) => update({ action })}
          options={screen.actionChoices}
          data-testid="activity-filter-action"
        />
        <Select
          allowClear
          placeholder={t('activity.filterUser')}
          aria-label={t('activity.who')}
          style={{ minWidth: 200 }}
          value={state.userId}
          onChange={(userId) => update({ userId })}
          options={screen.memberChoices}
          showSearch={{ optionFilterProp: 'label' }}
          data-testid="activity-filter-user"
        />
        <DateRangeFilter from={state.from} to={state.to} onChange={(from, to) => update({ from, to })} testId="activity-filter-dates" />
      </Space>
      <Table<ActivityEntry>
        rowKey="id"
        data-testid="activity-log-table"
        loading={query.isFetching}
        dataSource={query.data?.list ?? []}
        locale={{ emptyText: query.isError ? t('states.loadFailed') : t('activity.empty') }}
        pagination={tablePagination(state, query.data?.total ?? 0, (page, pageSize) => update({ page, pageSize }), (total) => t('pagination.total', { total }))}
        columns={[
          { title: t('activity.when'), width: 180, render: (_v, e) => screen.lineOf(e).when },
          { title: t('activity.who'), width: 160, render: (_v, e) => <span data-testid="activity-who">{screen.lineOf(e).who}</span> },
          { title: t('activity.what'), width: 200, render: (_v, e) => <Tag>{screen.lineOf(e).what}</Tag> },
          { title: t('activity.detail'), render: (_v, e) => screen.lineOf(e).text },
        ]}
      />
    </Card>
  );
}
