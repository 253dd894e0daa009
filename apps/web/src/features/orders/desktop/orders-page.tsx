import { useMemo } from 'react';
import { App, Button, Empty, Image, Result, Skeleton, Space, Table, Tabs, Typography, type TableColumnsType } from 'antd';
import { ReloadOutlined, ShoppingCartOutlined } from '@ant-design/icons';
import type { OrderView } from '@shopdesk/shared/orders/schemas';
import { PageFrame } from '../../../components/desktop/page-frame.tsx';
import { tablePagination } from '../../../components/desktop/table-pagination.ts';
import { actionsColumn } from '../../../components/desktop/table-columns.tsx';
import { DateRangeFilter } from '../../../components/desktop/date-range-filter.tsx';
import { ExportButton } from '../../../components/desktop/export-button.tsx';
import { useFormat } from '../../../lib/use-format.ts';
import { NamespaceGate } from '../../../components/namespace-gate.tsx';
import { useOrdersScreen } from '../hooks/use-orders-screen.ts';
import { orderActionsOf, type OrderPageTab } from '../order-helpers.ts';
import { Countdown } from '../components/countdown.tsx';
import { OrderLine } from '../components/order-line.tsx';
import { OrderStageTag } from './order-stage-tag.tsx';
import { OrderDrawer } from './order-drawer.tsx';
import { PurchaseDialog } from './purchase-dialog.tsx';
import { RefundDialog } from './refund-dialog.tsx';
import '../../../styles/list-pages.css';
import { UrlSearchInput } from '../../../components/desktop/url-search-input.tsx';
import { useColumnChooser } from '../../../components/desktop/column-chooser.tsx';

/** Columns behind the chooser (shown by default or not); the rest are what a seller decides by. */
const OPTIONAL_COLUMNS = { quantity: false, purchaseAmountCents: false, profitCents: false, receiverName: false, receiverPhone: false, createTime: false };

function OrdersContent() {
  const f = useFormat('orders');
  const { t } = f;
  const { message } = App.useApp();
  const screen = useOrdersScreen('table');
  const { state, table: orders, openDetail, purchase, decideRefund } = screen;

  const columns = useMemo<TableColumnsType<OrderView>>(
    () => [
      {
        title: t('fields.orderId'),
        dataIndex: 'orderId',
        width: 196,
        fixed: 'left',
        render: (v: string) => (
          <Typography.Link onClick={() => openDetail({ orderId: v })} data-testid="order-id">
            {v}
          </Typography.Link>
        ),
      },
      {
        title: t('fields.product'),
        key: 'product',
        width: 230,
        render: (_: unknown, o) => (
          <div className="order-product">
            {/* The name is written beside it: the picture adds nothing to read. */}
            <Image src={o.productImage} alt="" width={40} height={40} className="products-cover" preview={false} />
            <OrderLine line={o} />
          </div>
        ),
      },
      { title: t('fields.quantity'), dataIndex: 'quantity', width: 90, align: 'right' },
      { title: t('fields.amount'), dataIndex: 'amountCents', width: 120, align: 'right', render: (v: number) => <span className="products-num">{f.usdt(v)}</span> },
      {
        title: t('fields.purchaseAmount'),
        dataIndex: 'purchaseAmountCents',
        width: 140,
        align: 'right',
        render: (v: number) => <span className="products-num" data-testid="order-purchase-amount" data-cents={v}>{f.usdt(v)}</span>,
      },
      { title: t('fields.profit'), dataIndex: 'profitCents', width: 120, align: 'right', render: (v: number) => <span className="products-num">{f.usdt(v)}</span> },
      { title: t('fields.status'), key: 'stage', width: 140, render: (_: unknown, o) => <OrderStageTag order={o} /> },
      {
        title: t('fields.countdown'),
        key: 'countdown',
        width: 150,
        render: (_: unknown, o) => (orderActionsOf(o).purchase ? <Countdown deadline={o.purchaseDeadline} overdueText={t('stages.overdue')} /> : <span className="products-muted">—</span>),
      },
      { title: t('fields.receiverName'), dataIndex: 'receiverName', width: 140, ellipsis: true },
      { title: t('fields.receiverPhone'), dataIndex: 'receiverPhone', width: 150, ellipsis: true },
      { title: t('fields.createTime'), dataIndex: 'createTime', width: 160, render: (v: string) => f.dateTime(v) },
      actionsColumn(t('list.actions'), 180, (o) => {
        const actions = orderActionsOf(o);
        return (
          <>
            {actions.purchase && (
              <Button type="link" size="small" onClick={() => purchase([o])} data-testid="order-purchase">
                {t('actions.purchase')}
              </Button>
            )}
            {actions.refund && (
              <Button type="link" size="small" danger onClick={() => decideRefund(o)} data-testid="order-refund">
                {t('actions.handleRefund')}
              </Button>
            )}
            <Button type="link" size="small" onClick={() => openDetail(o)} data-testid="order-detail">
              {t('actions.detail')}
            </Button>
          </>
        );
      }),
    ],
    [f, t, openDetail, purchase, decideRefund],
  );
  const { tableProps, chooser } = useColumnChooser('orders', columns, { optional: OPTIONAL_COLUMNS, extraWidth: 32 });

  const batchPurchase = () => {
    if (!screen.purchaseSelection()) void message.warning(t('list.selectFirst'));
  };

  let content;
  if (orders.isPending) content = <Skeleton active paragraph={{ rows: 8 }} />;
  else if (orders.isError)
    content = <Result status="warning" subTitle={orders.error.message} extra={<Button onClick={() => void orders.refetch()}>{t('common:actions.retry')}</Button>} />;
  else
    content = (
      <Table<OrderView>
        rowKey="orderId"
        {...tableProps}
        dataSource={orders.data.list}
        loading={orders.isFetching && orders.isPlaceholderData}
        data-testid="orders-table"
        rowSelection={{
          fixed: true,
          selectedRowKeys: screen.selectedKeys,
          preserveSelectedRowKeys: true,
          getCheckboxProps: (o) => ({ disabled: !screen.selectable(o) }),
          getTitleCheckboxProps: () => ({ 'aria-label': t('common:icons.selectAll') }),
          onChange: screen.select,
        }}
        locale={{ emptyText: <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t(screen.filtered ? 'list.emptyFiltered' : 'list.empty')} /> }}
        pagination={tablePagination(state, orders.data.total, screen.setPage, (total) =>
          // A frequent keyword in a big shop is not counted to the end (totalCapped): "37+ in total".
          t('pagination.total', { total: orders.data?.totalCapped ? `${total}+` : total }),
        )}
      />
    );

  return (
    <div className="products-page" data-testid="orders-page">
      <PageFrame titleKey="orders">
        <Tabs
          activeKey={state.tab}
          onChange={(tab) => screen.setTab(tab as OrderPageTab)}
          items={screen.tabs.map((tab) => ({ key: tab, label: <span data-testid={`orders-tab-${tab}`}>{t(`tabs.${tab}`)}</span> }))}
        />
        <div className="products-toolbar">
          <UrlSearchInput value={state.q} onSearch={screen.search} placeholder={t('filters.search')} width={400} maxLength={4000} testId="orders-ids" />
          <DateRangeFilter from={state.from} to={state.to} onChange={screen.setDates} testId="orders-dates" />
          <Button icon={<ReloadOutlined aria-hidden />} disabled={!screen.filtered} onClick={screen.resetFilters}>
            {t('actions.reset')}
          </Button>
          <Space className="products-toolbar-end">
            <Button type="primary" icon={<ShoppingCartOutlined aria-hidden />} onClick={batchPurchase} data-testid="orders-batch-purchase">
              {t('actions.batchPurchase', { count: screen.selectedKeys.length })}
            </Button>
            <ExportButton path="/order/exportOrders" params={screen.exportParams} fileName="orders.csv" disabled={!orders.data?.total} />
            {chooser}
          </Space>
        </div>
        {content}
      </PageFrame>
      <OrderDrawer orderId={screen.detailId} onClose={screen.closeDetail} onPurchase={(o) => purchase([o])} onRefund={decideRefund} />
      <PurchaseDialog orders={screen.purchasing} onClose={screen.closePurchase} />
      <RefundDialog order={screen.refunding} onClose={screen.closeRefund} />
    </div>
  );
}

export function OrdersPage() {
  return (
    <NamespaceGate ns="orders" fallback={<PageFrame titleKey="orders"><Skeleton active /></PageFrame>}>
      <OrdersContent />
    </NamespaceGate>
  );
}
