import { useMemo } from 'react';
import { Button, Empty, Result, Segmented, Skeleton, Space, Table, Tag, Tooltip, Typography, type TableColumnsType } from 'antd';
import type { RefundView } from '@shopdesk/shared/orders/schemas';
import type { RefundStatus } from '@shopdesk/shared/orders/lifecycle';
import { PageFrame } from '../../../components/desktop/page-frame.tsx';
import { tablePagination } from '../../../components/desktop/table-pagination.ts';
import { useRefundsScreen } from '../hooks/use-refunds-screen.ts';
import type { RefundFilter } from '../order-helpers.ts';
import { OrderLine } from '../components/order-line.tsx';
import { RefundDialog } from './refund-dialog.tsx';
import { OrderDrawer } from './order-drawer.tsx';
import { PurchaseDialog } from './purchase-dialog.tsx';
import { useFormat } from '../../../lib/use-format.ts';
import { NamespaceGate } from '../../../components/namespace-gate.tsx';
import '../../../styles/list-pages.css';
import { useColumnChooser } from '../../../components/desktop/column-chooser.tsx';

/** Columns behind the chooser (shown by default or not); the rest are what a seller decides by. */
const OPTIONAL_COLUMNS = { buyerNickname: false, purchaseAmountCents: false, refundRequestTime: false, refundRejectReason: false };

const STATUS_COLORS: Record<RefundStatus, string> = { refunding: 'magenta', approved: 'success', rejected: 'default' };

function RefundsContent() {
  const f = useFormat('orders');
  const { t } = f;
  const screen = useRefundsScreen();
  const { state, refunds, openDetail, decide, waiting } = screen;

  const columns = useMemo<TableColumnsType<RefundView>>(
    () => [
      {
        title: t('fields.orderId'),
        dataIndex: 'orderId',
        width: 196,
        fixed: 'left',
        render: (v: string) => <Typography.Link onClick={() => openDetail(v)}>{v}</Typography.Link>,
      },
      { title: t('fields.product'), key: 'product', width: 200, render: (_: unknown, r) => <OrderLine line={r} /> },
      { title: t('fields.buyer'), dataIndex: 'buyerNickname', width: 120, ellipsis: true },
      { title: t('fields.amount'), dataIndex: 'amountCents', width: 120, align: 'right', render: (v: number) => <span className="products-num">{f.usdt(v)}</span> },
      { title: t('fields.purchaseAmount'), dataIndex: 'purchaseAmountCents', width: 140, align: 'right', render: (v: number) => <span className="products-num">{f.usdt(v)}</span> },
      { title: t('fields.refundReason'), dataIndex: 'refundReason', width: 140, render: (v: string | null) => (v ? t(`reasons.${v}`) : '—') },
      { title: t('fields.refundNote'), dataIndex: 'refundNote', width: 200, ellipsis: { showTitle: true }, render: (v: string | null) => v || '—' },
      { title: t('fields.refundRequestTime'), dataIndex: 'refundRequestTime', width: 160, render: (v: string | null) => f.dateTime(v) },
      {
        title: t('fields.refundStatus'),
        dataIndex: 'refundStatus',
        width: 150,
        render: (v: RefundStatus | null, r) =>
          v && (
            <Space size={4} wrap>
              {/* A rejection's reason on hover here, in full in its own column or the detail: never in the actions. */}
              <Tooltip title={r.refundRejectReason ? t('refund.rejectedWith', { reason: r.refundRejectReason }) : undefined}>
                <Tag color={STATUS_COLORS[v]} data-testid={`refund-status-${v}`}>
                  {t(`refundStatuses.${v}`)}
                </Tag>
              </Tooltip>
              {r.settled && <Tag color="blue">{t('refund.settled')}</Tag>}
            </Space>
          ),
      },
      { title: t('fields.refundRejectReason'), dataIndex: 'refundRejectReason', width: 220, ellipsis: { showTitle: true }, render: (v: string | null) => v || '—' },
      {
        title: t('list.actions'),
        key: 'actions',
        width: 130,
        fixed: 'right',
        render: (_: unknown, r) =>
          waiting(r) ? (
            <Button type="primary" size="small" onClick={() => decide(r)} data-testid="refund-handle">
              {t('actions.handleRefund')}
            </Button>
          ) : (
            <Button type="link" size="small" onClick={() => openDetail(r.orderId)}>
              {t('actions.detail')}
            </Button>
          ),
      },
    ],
    [f, t, openDetail, decide, waiting],
  );
  const { tableProps, chooser } = useColumnChooser('refunds', columns, { optional: OPTIONAL_COLUMNS });

  let content;
  if (refunds.isPending) content = <Skeleton active paragraph={{ rows: 8 }} />;
  else if (refunds.isError)
    content = <Result status="warning" subTitle={refunds.error.message} extra={<Button onClick={() => void refunds.refetch()}>{t('common:actions.retry')}</Button>} />;
  else
    content = (
      <Table<RefundView>
        rowKey="orderId"
        {...tableProps}
        dataSource={refunds.data.list}
        loading={refunds.isFetching && refunds.isPlaceholderData}
        data-testid="refunds-table"
        locale={{ emptyText: <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('refund.empty')} /> }}
        pagination={tablePagination(state, refunds.data.total, screen.setPage, (total) => t('pagination.total', { total }))}
      />
    );

  return (
    <div className="products-page" data-testid="refunds-page">
      <PageFrame titleKey="refunds">
        <div className="products-toolbar">
          <Segmented
            value={state.status}
            onChange={(status) => screen.setStatus(status as RefundFilter)}
            options={screen.filters.map((s) => ({ value: s, label: s === 'all' ? t('tabs.all') : t(`refundStatuses.${s}`) }))}
            data-testid="refunds-status"
            aria-label={t('common:icons.showOnly')}
          />
          <Space className="products-toolbar-end">{chooser}</Space>
        </div>
        {content}
      </PageFrame>
      <RefundDialog order={screen.deciding} onClose={screen.closeDecision} />
      <OrderDrawer orderId={screen.detailId} onClose={screen.closeDetail} onPurchase={screen.purchase} onRefund={(o) => decide(o as RefundView)} />
      <PurchaseDialog orders={screen.purchasing} onClose={screen.closePurchase} />
    </div>
  );
}

export function RefundsPage() {
  return (
    <NamespaceGate ns="orders" fallback={<PageFrame titleKey="refunds"><Skeleton active /></PageFrame>}>
      <RefundsContent />
    </NamespaceGate>
  );
}
