import { useState } from 'react';
import { useSearchParams } from 'react-router';
import { App, Button, Card, Empty, Select, Table, Typography } from 'antd';
import { DownloadOutlined } from '@ant-design/icons';
import { toCsv } from '@shopdesk/shared/csv';
import { DateRangeFilter } from '../../components/desktop/date-range-filter.tsx';
import { QueryState } from '../../components/desktop/query-state.tsx';
import { saveBlob } from '../../lib/file-download.ts';
import { useFormat } from '../../lib/use-format.ts';
import { allAuditRows, useAuditLog, type AuditFilters, type AuditItem } from '../api/audit-api.ts';
import { errorText } from '../api/error-text.ts';

const PAGE_SIZE = 20;

/** The before and after of an action as JSON, short enough to read in a row. */
const json = (value: unknown) => (value === null || value === undefined ? '—' : JSON.stringify(value));

/** The filters in the address: ?operatorId=&action=&from=&to=&page=. */
function filtersOf(params: URLSearchParams): AuditFilters {
  const operatorId = Number(params.get('operatorId'));
  return {
    operatorId: Number.isInteger(operatorId) && operatorId > 0 ? operatorId : undefined,
    action: params.get('action') || undefined,
    from: params.get('from') || undefined,
    to: params.get('to') || undefined,
  };
}

/** Every operator action with who, when, what, before and after; filtered by operator, action and days; exported as CSV. */
export function AuditPage() {
  const f = useFormat('ops');
  const { t } = f;
  const { message } = App.useApp();
  const [params, setParams] = useSearchParams();
  const filters = filtersOf(params);
  const page = Math.max(1, Number(params.get('page')) || 1);
  const log = useAuditLog(filters, page, PAGE_SIZE);
  const [exporting, setExporting] = useState(false);

  const update = (next: Partial<AuditFilters> & { page?: number }) => {
    const merged = { ...filters, page: 1, ...next };
    const search = new URLSearchParams();
    for (const [key, value] of Object.entries(merged)) if (value !== undefined && value !== '' && !(key === 'page' && value === 1)) search.set(key, String(value));
    setParams(search);
  };

  const exportCsv = async () => {
    setExporting(true);
    try {
      const rows = await allAuditRows(filters);
      const header = [t('audit.time'), t('audit.operator'), t('audit.action'), t('audit.target'), t('audit.before'), t('audit.after')];
      const csv = toCsv(header, rows.map((r) => [f.dateTime(r.createdAt), r.operatorName, r.action, `${r.targetType} #${r.targetId}`, json(r.before), json(r.after)]));
      saveBlob(new Blob([csv], { type: 'text/csv;charset=utf-8' }), 'operator-audit.csv');
    } catch (error) {
      void message.error(errorText(error, t));
    } finally {
      setExporting(false);
    }
  };

  const toolbar = (
    <div className="ops-filters">
      <Select
        allowClear
        showSearch
        optionFilterProp="label"
        style={{ minWidth: 200 }}
        placeholder={t('audit.allOperators')}
        aria-label={t('audit.operator')}
        value={filters.operatorId}
        options={(log.data?.operators ?? []).map((o) => ({ value: o.id, label: o.name }))}
        onChange={(operatorId?: number) => update({ operatorId })}
        data-testid="ops-audit-operator"
      />
      <Select
        allowClear
        showSearch
        style={{ minWidth: 220 }}
        placeholder={t('audit.allActions')}
        aria-label={t('audit.action')}
        value={filters.action}
        options={(log.data?.actions ?? []).map((a) => ({ value: a, label: a }))}
        onChange={(action?: string) => update({ action })}
        data-testid="ops-audit-action"
      />
      <DateRangeFilter from={filters.from} to={filters.to} onChange={(from, to) => update({ from, to })} testId="ops-audit-dates" />
      <Button icon={<DownloadOutlined aria-hidden />} loading={exporting} disabled={!log.data?.total} onClick={() => void exportCsv()} data-testid="ops-audit-export">
        {t('common:actions.export')}
      </Button>
    </div>
  );

  return (
    <Card title={<h1 className="page-title">{t('menu.audit')}</h1>} data-testid="ops-page-audit">
      {toolbar}
      <QueryState query={log} isEmpty={(data) => data.total === 0} empty={<Empty description={t('audit.empty')} data-testid="ops-audit-empty" />} testId="ops-audit">
        {(data) => (
          <Table<AuditItem>
            rowKey="id"
            size="middle"
            dataSource={data.list}
            loading={log.isFetching}
            scroll={{ x: 'max-content' }}
            pagination={{ current: data.page, pageSize: data.pageSize, total: data.total, showSizeChanger: false, onChange: (next) => update({ ...filters, page: next }) }}
            expandable={{
              expandedRowRender: (row) => (
                <div className="ops-audit-diff">
                  <Typography.Text type="secondary">{t('audit.before')}</Typography.Text>
                  <pre>{JSON.stringify(row.before, null, 2) ?? '—'}</pre>
                  <Typography.Text type="secondary">{t('audit.after')}</Typography.Text>
                  <pre>{JSON.stringify(row.after, null, 2) ?? '—'}</pre>
                </div>
              ),
            }}
            columns={[
              { key: 'time', title: t('audit.time'), render: (_, row) => f.dateTime(row.createdAt) },
              { key: 'operator', title: t('audit.operator'), dataIndex: 'operatorName' },
              { key: 'action', title: t('audit.action'), render: (_, row) => <Typography.Text code>{row.action}</Typography.Text> },
              { key: 'target', title: t('audit.target'), render: (_, row) => `${row.targetType} #${row.targetId}` },
              { key: 'after', title: t('audit.after'), ellipsis: true, width: 360, render: (_, row) => <Typography.Text ellipsis={{ tooltip: json(row.after) }}>{json(row.after)}</Typography.Text> },
            ]}
            data-testid="ops-audit-table"
          />
        )}
      </QueryState>
    </Card>
  );
}
