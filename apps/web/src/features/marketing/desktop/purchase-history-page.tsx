import { useMemo } from 'react';
import { Button, Empty, Skeleton, Space, Table, Tag, type TableColumnsType } from 'antd';
import { ReloadOutlined } from '@ant-design/icons';
import { Link } from 'react-router';
import { PACKAGE_STATUSES, type PackageStatus, type PurchaseHistoryLine } from '@shopdesk/shared/marketing/packages-schemas';
import { PACKAGE_TYPES, type PackageType } from '@shopdesk/shared/products/packages';
import { ChoiceFilter } from '../../../components/desktop/choice-filter.tsx';
import { DateRangeFilter } from '../../../components/desktop/date-range-filter.tsx';
import { ExportButton } from '../../../components/desktop/export-button.tsx';
import { PageFrame } from '../../../components/desktop/page-frame.tsx';
import { QueryState } from '../../../components/desktop/query-state.tsx';
import { tablePagination } from '../../../components/desktop/table-pagination.ts';
import { NamespaceGate } from '../../../components/namespace-gate.tsx';
import { useFormat } from '../../../lib/use-format.ts';
import { usePurchaseHistoryScreen } from '../hooks/use-purchase-history-screen.ts';
import '../../../styles/packages.css';

const STATUS_COLORS: Record<PackageStatus, string> = { active: 'success', expired: 'default', replaced: 'processing' };

/** Purchase history (SPEC §9 "purchase record"): index, type, amount, purchase time, validity, expiry, status. */
function PurchaseHistoryContent() {
  const f = useFormat('packages');
  const { t } = f;
  const screen = usePurchaseHistoryScreen('table');
  const { state, update, typeName: name, table: history } = screen;

  const columns = useMemo<TableColumnsType<PurchaseHistoryLine>>(
    () => [
      { title: t('history.columns.index'), dataIndex: 'index', width: 80 },
      { title: t('history.columns.type'), dataIndex: 'type', width: 140, render: (v: PackageType) => <span className={`pkg-name-${v}`}>{name(v)}</span> },
      { title: t('history.columns.amount'), dataIndex: 'amountCents', align: 'right', width: 150, render: (v: number) => <span className="pkg-num">{f.usdt(v)}</span> },
      { title: t('history.columns.purchasedAt'), dataIndex: 'purchasedAt', width: 180, render: (v: string) => f.dateTime(v) },
      {
        title: t('history.columns.validity'),
        dataIndex: 'validityDays',
        width: 190,
        render: (_: number, r) => {
          const validity = screen.validity(r);
          return (
            <>
              {validity.days}
              {validity.credited && <span className="pkg-credited">{validity.credited}</span>}
            </>
          );
        },
      },
      { title: t('history.columns.expiresAt'), dataIndex: 'expiresAt', width: 180, render: (v: string) => f.dateTime(v) },
      {
        title: t('history.columns.status'),
        dataIndex: 'status',
        width: 130,
        render: (v: PackageStatus) => (
          <Tag color={STATUS_COLORS[v]} data-testid={`purchase-status-${v}`}>
            {screen.statusLabel(v)}
          </Tag>
        ),
      },
    ],
    // eslint-disable-next-line react-hooks/exhaustive-deps
    [f, t, name],
  );

  const toolbar = (
    <Space wrap className="pkg-toolbar">
      <ChoiceFilter placeholder={t('history.allTypes')} ariaLabel={t('history.columns.type')} value={state.type} choices={PACKAGE_TYPES} label={name} onChange={(type) => update({ type })} style={{ minWidth: 150 }} testId="purchase-history-type" />
      <ChoiceFilter placeholder={t('history.allStatuses')} ariaLabel={t('history.columns.status')} value={state.status} choices={PACKAGE_STATUSES} label={screen.statusLabel} onChange={(status) => update({ status })} style={{ minWidth: 150 }} testId="purchase-history-status" />
      <DateRangeFilter from={state.from} to={state.to} onChange={(from, to) => update({ from, to })} testId="purchase-history-dates" />
      <Button icon={<ReloadOutlined aria-hidden />} disabled={!screen.filtered} onClick={screen.resetFilters}>
        {t('history.reset')}
      </Button>
      <ExportButton path={screen.exportPath} params={screen.filters} fileName="package-purchases.csv" disabled={!history.data?.total} />
    </Space>
  );

  const content = (
    <QueryState query={history} loading={<Skeleton active paragraph={{ rows: 6 }} data-testid="purchase-history-loading" />}>
      {(data) => (
        <div data-testid="purchase-history-table">
          <Table<PurchaseHistoryLine>
            rowKey="id"
            size="middle"
            columns={columns}
            dataSource={data.list}
            loading={history.isFetching && history.isPlaceholderData}
            scroll={{ x: 1050 }}
            locale={{ emptyText: <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={screen.emptyText} /> }}
            pagination={tablePagination(state, data.total, (page, pageSize) => update({ page, pageSize }), (total) => t('history.total', { count: total }))}
          />
        </div>
      )}
    </QueryState>
  );

  return (
    <PageFrame
      titleKey="purchaseHistory"
      extra={
        <Link to="/marketing/shop-express" data-testid="purchase-history-packages-link">
          {t('tabs.packages')}
        </Link>
      }
    >
      <div data-testid="purchase-history-page">
        {toolbar}
        {content}
      </div>
    </PageFrame>
  );
}

export function PurchaseHistoryPage() {
  return (
    <NamespaceGate ns="packages" fallback={<PageFrame titleKey="purchaseHistory"><Skeleton active /></PageFrame>}>
      <PurchaseHistoryContent />
    </NamespaceGate>
  );
}
