import { useMemo } from 'react';
import { Button, Empty, Result, Select, Skeleton, Table, Typography, type TableColumnsType } from 'antd';
import { ReloadOutlined } from '@ant-design/icons';
import type { TransactionLine } from '@shopdesk/shared/wallet/transactions';
import { PageFrame } from '../../../components/desktop/page-frame.tsx';
import { errorText } from '../../../lib/http.ts';
import { useFormat } from '../../../lib/use-format.ts';
import { DateRangeFilter } from '../../../components/desktop/date-range-filter.tsx';
import { ExportButton } from '../../../components/desktop/export-button.tsx';
import { StatusTag } from '../../../components/desktop/status-tag.tsx';
import { tablePagination } from '../../../components/desktop/table-pagination.ts';
import { VoucherButton } from '../../../components/desktop/voucher-button.tsx';
import { useTransactionsScreen } from '../hooks/use-statements.ts';
import { NamespaceGate } from '../../../components/namespace-gate.tsx';
import '../../../styles/money-pages.css';
import { UrlSearchInput } from '../../../components/desktop/url-search-input.tsx';
import { useColumnChooser } from '../../../components/desktop/column-chooser.tsx';

/**
 * Columns a seller may hide (all shown at first: SPEC §3's wallet record is every one of them);
 * the rest are what a seller reads first.
 */
const OPTIONAL_COLUMNS = { balanceBeforeCents: true, withdrawalFee: true, withdrawalArrival: true, serialNo: true, remark: true, voucherUrl: true };

/** Desktop "funding records": one line per entry on the shop's available account (SPEC §3 wallet record). */
function TransactionsPageContent() {
  const f = useFormat('wallet');
  const { t } = f;
  const screen = useTransactionsScreen('table');
  const { state, update, table: lines } = screen;

  const columns = useMemo<TableColumnsType<TransactionLine>>(
    () => [
      { title: t('columns.type'), dataIndex: 'type', width: 170, fixed: 'left', render: (v: string) => <span data-testid="line-type">{f.typeLabel(v)}</span> },
      { title: t('columns.before'), dataIndex: 'balanceBeforeCents', align: 'right', width: 130, render: (v: number) => <span className="wallet-num">{f.cents(v)}</span> },
      {
        title: t('columns.change'),
        dataIndex: 'changeCents',
        align: 'right',
        width: 130,
        render: (v: number) => (
          <span className={`wallet-num ${v >= 0 ? 'wallet-plus' : 'wallet-minus'}`} data-testid="line-change">
            {f.change(v)}
          </span>
        ),
      },
      { title: t('columns.after'), dataIndex: 'balanceAfterCents', align: 'right', width: 130, render: (v: number) => <span className="wallet-num">{f.cents(v)}</span> },
      {
        title: t('columns.fee'),
        key: 'withdrawalFee',
        align: 'right',
        width: 100,
        render: (_: unknown, line: TransactionLine) => (line.withdrawal ? <span className="wallet-num" data-testid="line-fee">{f.cents(line.withdrawal.feeCents)}</span> : '—'),
      },
      {
        title: t('columns.arrival'),
        key: 'withdrawalArrival',
        align: 'right',
        width: 130,
        render: (_: unknown, line: TransactionLine) => (line.withdrawal ? <span className="wallet-num" data-testid="line-arrival">{f.cents(line.withdrawal.arrivalCents)}</span> : '—'),
      },
      { title: t('columns.time'), dataIndex: 'createdAt', width: 160, render: (v: string) => f.dateTime(v) },
      {
        title: t('columns.orderId'),
        dataIndex: 'orderId',
        width: 190,
        render: (v: string | null) => (v ? <Typography.Text copyable className="wallet-address-text">{v}</Typography.Text> : '—'),
      },
      { title: t('columns.serialNo'), dataIndex: 'serialNo', width: 150, render: (v: string) => <span className="wallet-address-text">{v}</span> },
      { title: t('columns.remark'), dataIndex: 'remark', width: 180, ellipsis: { showTitle: true }, render: (v: string) => (v ? <span data-testid="line-remark">{f.remark(v)}</span> : '—') },
      { title: t('columns.voucher'), dataIndex: 'voucherUrl', width: 90, render: (v: string | null) => (v ? <VoucherButton path={v} /> : '—') },
      { title: t('columns.status'), dataIndex: 'status', width: 110, fixed: 'right', render: (v: string) => <StatusTag status={v} label={f.statusLabel(v)} /> },
    ],
    [f, t],
  );
  const { tableProps, chooser } = useColumnChooser('transactions', columns, { optional: OPTIONAL_COLUMNS });

  let content;
  if (lines.isPending) content = <Skeleton active paragraph={{ rows: 8 }} data-testid="transactions-loading" />;
  else if (lines.isError)
    content = (
      <Result
        status="warning"
        subTitle={errorText(lines.error, t('common:states.loadFailed'))}
        extra={<Button onClick={() => void lines.refetch()}>{t('common:actions.retry')}</Button>}
        data-testid="transactions-error"
      />
    );
  else
    content = (
      <div data-testid="transactions-table">
        <Table<TransactionLine>
          rowKey="serialNo"
          size="middle"
          {...tableProps}
          dataSource={lines.data.list}
          loading={lines.isFetching && lines.isPlaceholderData}
          locale={{ emptyText: <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={screen.emptyText} /> }}
          pagination={tablePagination(state, lines.data.total, (page, pageSize) => update({ page, pageSize }), (total) => t('pagination.total', { total }))}
        />
      </div>
    );

  return (
    <div className="transactions-page" data-testid="transactions-page">
      <PageFrame titleKey="transactions">
        <div className="transactions-toolbar">
          <Select
            allowClear
            showSearch={{ optionFilterProp: 'label' }}
            placeholder={t('filters.allTypes')}
            aria-label={t('columns.type')}
            value={state.type}
            options={screen.types}
            onChange={(type?: string) => update({ type })}
            style={{ minWidth: 200 }}
            data-testid="transactions-type"
          />
          <DateRangeFilter from={state.from} to={state.to} onChange={(from, to) => update({ from, to })} testId="transactions-dates" />
          <UrlSearchInput value={state.orderId} onSearch={(orderId) => update({ orderId })} placeholder={t('filters.orderId')} width={260} maxLength={screen.orderIdMax} testId="transactions-order" />
          <Button icon={<ReloadOutlined aria-hidden />} disabled={!screen.filtered} onClick={screen.resetFilters}>
            {t('actions.reset')}
          </Button>
          <span className="transactions-toolbar-end">
            <ExportButton path={screen.exportPath} params={screen.filters} fileName="funding-records.csv" disabled={!lines.data?.total} /> {chooser}
          </span>
        </div>
        {content}
      </PageFrame>
    </div>
  );
}

export function TransactionsPage() {
  return (
    <NamespaceGate ns="wallet" fallback={<PageFrame titleKey="transactions"><Skeleton active /></PageFrame>}>
      <TransactionsPageContent />
    </NamespaceGate>
  );
}
