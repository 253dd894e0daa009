import { useMemo } from 'react';
import { Button, Empty, Result, Select, Skeleton, Space, Table, Tabs, Typography, type TableColumnsType } from 'antd';
import { ReloadOutlined } from '@ant-design/icons';
import { RECORD_KINDS, type RecordKind, type WalletRecord } from '@shopdesk/shared/wallet/statement';
import { errorText, useWalletRecords } from '../api/wallet-api.ts';
import { parseRecordsSearch, RECORDS_DEFAULTS, statusesFor } from '../records-filters.ts';
import { useSearchState } from '../use-search-state.ts';
import { useWalletFormat } from '../components/use-wallet-format.ts';
import { DateRangeFilter } from './date-range-filter.tsx';
import { ExportButton } from './export-button.tsx';
import { StatusTag } from './status-tag.tsx';
import { tablePagination } from './table-pagination.ts';
import { VoucherButton } from './voucher-button.tsx';

/** Deposit and withdrawal records (SPEC §2 menu entry): kind tabs, status and date filters, export. */
export function RecordsPanel() {
  const f = useWalletFormat();
  const { t } = f;
  const [state, update] = useSearchState(parseRecordsSearch, RECORDS_DEFAULTS);
  const records = useWalletRecords(state);
  const filters = { kind: state.kind, status: state.status, from: state.from, to: state.to };
  const filtered = Boolean(state.status || state.from || state.to);

  const columns = useMemo<TableColumnsType<WalletRecord>>(
    () => [
      { title: t('columns.kind'), dataIndex: 'kind', width: 100, render: (kind: string) => <span className={`record-kind record-kind-${kind}`}>{f.kindLabel(kind)}</span> },
      { title: t('columns.amount'), dataIndex: 'amountCents', align: 'right', width: 130, render: (v: number) => <span className="wallet-num">{f.usdt(v)}</span> },
      { title: t('columns.fee'), dataIndex: 'feeCents', align: 'right', width: 90, render: (v: number, r) => (r.kind === 'withdrawal' ? <span className="wallet-num">{f.cents(v)}</span> : '—') },
      {
        title: t('columns.arrival'),
        dataIndex: 'arrivalCents',
        align: 'right',
        width: 140,
        render: (v: number) => (
          <span className="wallet-num" data-testid="record-arrival">
            {f.usdt(v)}
          </span>
        ),
      },
      { title: t('columns.network'), dataIndex: 'network', width: 90 },
      {
        title: t('columns.address'),
        dataIndex: 'address',
        width: 170,
        ellipsis: true,
        render: (v: string) => (
          <Typography.Text className="wallet-address-text" ellipsis={{ tooltip: v }} copyable={{ text: v }}>
            {v}
          </Typography.Text>
        ),
      },
      { title: t('columns.status'), dataIndex: 'status', width: 120, render: (v: string, r) => <StatusTag status={v} kind={r.kind} /> },
      { title: t('columns.voucher'), dataIndex: 'voucherUrl', width: 90, render: (v: string | null) => (v ? <VoucherButton path={v} /> : '—') },
      { title: t('columns.applyTime'), dataIndex: 'createdAt', width: 170, render: (v: string) => f.dateTime(v) },
      { title: t('columns.completedTime'), dataIndex: 'completedAt', width: 170, render: (v: string | null) => f.dateTime(v) },
      { title: t('columns.remark'), dataIndex: 'remark', width: 200, ellipsis: true, render: (v: string | null) => v || '—' },
    ],
    [f, t],
  );

  const toolbar = (
    <Space wrap className="wallet-toolbar">
      <Select
        allowClear
        placeholder={t('filters.allStatuses')}
        value={state.status}
        options={statusesFor(state.kind).map((s) => ({ value: s, label: f.statusLabel(s) }))}
        onChange={(status?: string) => update({ status })}
        style={{ minWidth: 160 }}
        data-testid="records-status"
      />
      <DateRangeFilter from={state.from} to={state.to} onChange={(from, to) => update({ from, to })} testId="records-dates" />
      <Button icon={<ReloadOutlined />} disabled={!filtered} onClick={() => update({ status: undefined, from: undefined, to: undefined })}>
        {t('actions.reset')}
      </Button>
      <ExportButton path="/wallet/records/export" params={filters} fileName="deposit-withdrawal-records.csv" disabled={!records.data?.total} />
    </Space>
  );

  let content;
  if (records.isPending) content = <Skeleton active paragraph={{ rows: 6 }} data-testid="records-loading" />;
  else if (records.isError)
    content = (
      <Result
        status="warning"
        subTitle={errorText(records.error, t('common:states.loadFailed'))}
        extra={<Button onClick={() => void records.refetch()}>{t('common:actions.retry')}</Button>}
        data-testid="records-error"
      />
    );
  else
    content = (
      <div data-testid="records-table">
        <Table<WalletRecord>
          rowKey={(r) => `${r.kind}-${r.id}`}
          size="middle"
          columns={columns}
          dataSource={records.data.list}
          loading={records.isFetching && records.isPlaceholderData}
          scroll={{ x: 1400 }}
          locale={{ emptyText: <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t(filtered ? 'empty.filtered' : 'empty.records')} /> }}
          pagination={tablePagination(state, records.data.total, (page, pageSize) => update({ page, pageSize }), (total) => t('pagination.total', { total }))}
        />
      </div>
    );

  return (
    <div className="wallet-records" data-testid="wallet-records">
      <Tabs
        activeKey={state.kind}
        onChange={(kind) => update({ kind: kind as RecordKind, status: undefined })}
        items={RECORD_KINDS.map((kind) => ({ key: kind, label: <span data-testid={`records-tab-${kind}`}>{t(`recordTabs.${kind}`)}</span> }))}
      />
      {toolbar}
      {content}
    </div>
  );
}
