import { Card, Select, Space, Table, Tag } from 'antd';
import { ACTIVITY_ACTIONS, type ActivityEntry } from '@shopdesk/shared/activity-log/schemas';
import { DateRangeFilter } from '../../../components/desktop/date-range-filter.tsx';
import { tablePagination } from '../../../components/desktop/table-pagination.ts';
import { useFormat } from '../../../lib/use-format.ts';
import { useSearchState } from '../../../lib/use-search-state.ts';
import { activityText } from '../api/activity-text.ts';
import { useActivityLog } from '../api/dashboard-api.ts';
import { parseActivitySearch } from '../list-search.ts';
import '../../../styles/dashboard.css';

/** The activity log: who did what and when in this shop, filterable by action, user and day, URL-synced. */
export function ActivityLogPage() {
  const { t, usdt, dateTime } = useFormat('dashboard');
  const [state, update] = useSearchState(parseActivitySearch);
  const query = useActivityLog(state);
  // The users seen on this page, to filter by one of them (the user list itself belongs to user management).
  const users = new Map((query.data?.list ?? []).filter((e) => e.userId !== null).map((e) => [e.userId!, e.username ?? String(e.userId)]));
  if (state.userId && !users.has(state.userId)) users.set(state.userId, `#${state.userId}`);
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
          options={ACTIVITY_ACTIONS.map((a) => ({ value: a, label: t(`activity.action.${a}`) }))}
          data-testid="activity-filter-action"
        />
        <Select
          allowClear
          placeholder={t('activity.filterUser')}
          aria-label={t('activity.who')}
          style={{ minWidth: 160 }}
          value={state.userId}
          onChange={(userId) => update({ userId })}
          options={[...users].map(([value, label]) => ({ value, label }))}
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
          { title: t('activity.when'), width: 180, render: (_v, e) => dateTime(e.createdAt) },
          { title: t('activity.who'), width: 160, render: (_v, e) => e.username ?? t('activity.system') },
          { title: t('activity.what'), width: 200, render: (_v, e) => <Tag>{t(`activity.action.${e.action}`)}</Tag> },
          { title: t('activity.detail'), render: (_v, e) => activityText(t, e, usdt) },
        ]}
      />
    </Card>
  );
}
