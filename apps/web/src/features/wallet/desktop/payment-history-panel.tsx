import { useMemo } from 'react';
import { Button, Empty, Result, Skeleton, Space, Table, Tabs, Typography, type TableColumnsType } from 'antd';
import { ReloadOutlined } from '@ant-design/icons';
import type { PaymentHistoryKind, PaymentHistoryLine } from '@shopdesk/shared/wallet/transactions';
import { errorText } from '../../../lib/http.ts';
import { usePaymentHistoryScreen } from '../hooks/use-statements.ts';
import { useFormat } from '../../../lib/use-format.ts';
import { ChoiceFilter } from '../../../components/desktop/choice-filter.tsx';
import { DateRangeFilter } from '../../../components/desktop/date-range-filter.tsx';
import { ExportButton } from '../../../components/desktop/export-button.tsx';
import { StatusTag } from '../../../components/desktop/status-tag.tsx';
import { tablePagination } from '../../../components/desktop/table-pagination.ts';
import { VoucherButton } from '../../../components/desktop/voucher-button.tsx';
import { useColumnChooser } from '../../../components/desktop/column-chooser.tsx';

/** Columns behind the chooser (shown by default or not); the rest are what a seller reads first. */
const OPTIONAL_COLUMNS = { feeCents: true, network: false, address: false, voucherUrl: false };

/** Payment history (SPEC §2 menu entry "deposit and withdrawal records"): kind tabs, status and date filters, export. */
export function PaymentHistoryPanel() {
  const f = useFormat('wallet');
  const { t } = f;
  const screen = usePaymentHistoryScreen('table');
  const { state, update, table: history } = screen;

  const columns = useMemo<TableColumnsType<PaymentHistoryLine>>(
    () => [
      { title: t('columns.kind'), dataIndex: 'kind', width: 110, fixed: 'left', render: (kind: string) => <span className={`record-kind record-kind-${kind}`}>{f.kindLabel(kind)}</span> },
      { title: t('columns.amount'), dataIndex: 'amountCents', align: 'right', width: 130, render: (v: number) => <span className="wallet-num">{f.usdt(v)}</span> },
      { title: t('columns.fee'), dataIndex: 'feeCents', align: 'right', width: 90, render: (v: number, r) => (r.kind === 'withdrawal' ? <span className="wallet-num">{f.cents(v)}</span> : '—') },
      {
        title: t('columns.arrival'),
        dataIndex: 'arrivalCents',
        align: 'right',
        width: 140,
        render: (v: number) => (
          <span className="wallet-num" data-testid="payment-history-arrival">
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
      { title: t('columns.status'), dataIndex: 'status', width: 130, render: (v: string, r) => <StatusTag status={v} kind={r.kind} label={f.statusLabel(v)} /> },
      { title: t('columns.voucher'), dataIndex: 'voucherUrl', width: 90, render: (v: string | null) => (v ? <VoucherButton path={v} /> : '—') },
      { title: t('columns.applyTime'), dataIndex: 'createdAt', width: 160, render: (v: string) => f.dateTime(v) },
      { title: t('columns.completedTime'), dataIndex: 'completedAt', width: 160, render: (v: string | null) => f.dateTime(v) },
      {
        title: t('columns.payoutTxHash'),
        dataIndex: 'payoutTxHash',
        width: 180,
        ellipsis: true,
        render: (v: string | null) =>
          v ? (
            <Typography.Text className="wallet-address-text" title={v} copyable={{ text: v }} data-testid="payment-history-tx-hash">
              {v}
            </Typography.Text>
          ) : (
            '—'
          ),
      },
      { title: t('columns.remark'), dataIndex: 'remark', width: 200, ellipsis: { showTitle: true }, render: (v: string | null) => v || '—' },
    ],
    [f, t],
  );
  const { tableProps, chooser } = useColumnChooser('payment-history', columns, { optional: OPTIONAL_COLUMNS });

  const toolbar = (
    <Space wrap className="wallet-toolbar">
      <ChoiceFilter placeholder={t('filters.allStatuses')} ariaLabel={t('columns.status')} value={state.status} choices={screen.statuses} label={f.statusLabel} onChange={(status) => update({ status })} testId="payment-history-status" />
      <DateRangeFilter from={state.from} to={state.to} onChange={(from, to) => update({ from, to })} testId="payment-history-dates" />
      <Button icon={<ReloadOutlined aria-hidden />} disabled={!screen.filtered} onClick={screen.resetFilters}>
        {t('actions.reset')}
      </Button>
      <ExportButton path={screen.exportPath} params={screen.filters} fileName="deposit-withdrawal-records.csv" disabled={!history.data?.total} />
      {chooser}
    </Space>
  );

  let content;
  if (history.isPending) content = <Skeleton active paragraph={{ rows: 6 }} data-testid="payment-history-loading" />;
  else if (history.isError)
    content = (
      <Result
        status="warning"
        subTitle={errorText(history.error, t('common:states.loadFailed'))}
        extra={<Button onClick={() => void history.refetch()}>{t('common:actions.retry')}</Button>}
        data-testid="payment-history-error"
      />
    );
  else
    content = (
      <div data-testid="payment-history-table">
        <Table<PaymentHistoryLine>
          rowKey={(r) => `${r.kind}-${r.id}`}
          size="middle"
          {...tableProps}
          dataSource={history.data.list}
          loading={history.isFetching && history.isPlaceholderData}
          locale={{ emptyText: <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={screen.emptyText} /> }}
          pagination={tablePagination(state, history.data.total, (page, pageSize) => update({ page, pageSize }), (total) => t('pagination.total', { total }))}
        />
      </div>
    );

  return (
    <div className="wallet-records" data-testid="wallet-payment-history">
      <Tabs
        activeKey={state.kind}
        onChange={(kind) => screen.setKind(kind as PaymentHistoryKind)}
        items={screen.kinds.map((kind) => ({ key: kind.value, label: <span data-testid={`payment-history-tab-${kind.value}`}>{kind.label}</span> }))}
      />
      {toolbar}
      {content}
    </div>
  );
}
