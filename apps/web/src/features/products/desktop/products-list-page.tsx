import { useMemo } from 'react';
import type { ButtonProps } from 'antd';
import { Button, Descriptions, Empty, Image, Modal, Result, Select, Skeleton, Space, Switch, Table, Tag, Tooltip, Typography, type TableColumnsType } from 'antd';
import { DeleteOutlined, EditOutlined, ReloadOutlined } from '@ant-design/icons';
import type { ProductStatus, ShopProductView } from '@shopdesk/shared/products/schemas';
import { ChoiceFilter } from '../../../components/desktop/choice-filter.tsx';
import { PageFrame } from '../../../components/desktop/page-frame.tsx';
import { tablePagination } from '../../../components/desktop/table-pagination.ts';
import { actionsColumn } from '../../../components/desktop/table-columns.tsx';
import { useRecommendStatus } from '../api/products-api.ts';
import { useProductsScreen } from '../hooks/use-products-screen.ts';
import { useFormat } from '../../../lib/use-format.ts';
import { NamespaceGate } from '../../../components/namespace-gate.tsx';
import { BatchEditDialog, BatchResultTable } from './batch-edit-dialog.tsx';
import { ProductSheetTools } from './product-sheet.tsx';
import '../../../styles/list-pages.css';
import { UrlSearchInput } from '../../../components/desktop/url-search-input.tsx';
import { useColumnChooser } from '../../../components/desktop/column-chooser.tsx';
import { hasVariants } from '../product-helpers.ts';
import { ProductVariantsTable } from './product-variants-table.tsx';

/** Columns behind the chooser (shown by default or not); the rest are what a seller decides by. */
const OPTIONAL_COLUMNS = {
  category: false,
  salePriceCents: false,
  purchasePriceCents: false,
  discount: false,
  profit: true,
  views: false,
  totalSales: false,
  rating: false,
  createTime: false,
};

function RecommendFacts() {
  const { t, date } = useFormat('products');
  const status = useRecommendStatus();
  if (!status.data) return null;
  const s = status.data;
  return (
    <Descriptions size="small" column={4} className="products-recommend-facts" data-testid="recommend-facts">
      <Descriptions.Item label={t('recommend.package')}>
        {s.package ? (
          <Tag color="gold">{t('recommend.packageActive', { type: t(`packages.${s.package.type}`), date: date(s.package.expiresAt) })}</Tag>
        ) : (
          <Tag>{t('recommend.noPackage')}</Tag>
        )}
      </Descriptions.Item>
      <Descriptions.Item label={t('recommend.recommended')}>{s.package ? `${s.recommended} / ${s.package.maxRecommended}` : s.recommended}</Descriptions.Item>
      <Descriptions.Item label={t('recommend.newRecommended')}>{`${s.recommendedNew} / ${s.newMax}`}</Descriptions.Item>
      <Descriptions.Item label={t('recommend.onSale')}>{t('recommend.onSaleValue', { count: s.onSale, min: s.minOnSale })}</Descriptions.Item>
    </Descriptions>
  );
}

function ProductsListContent() {
  const f = useFormat('products');
  const { t } = f;
  const screen = useProductsScreen('table');
  const { state, table: products } = screen;

  const columns = useMemo<TableColumnsType<ShopProductView>>(
    () => [
      { title: t('fields.cover'), dataIndex: 'cover', width: 68, fixed: 'left', render: (v: string, p) => <Image src={v} alt={p.name} width={44} height={44} className="products-cover" /> },
      {
        title: t('fields.name'),
        dataIndex: 'name',
        width: 200,
        fixed: 'left',
        render: (v: string, p) => (
          <div>
            <Tooltip title={p.description}>
              <Typography.Text ellipsis style={{ maxWidth: 176 }} data-testid="product-name">
                {v}
              </Typography.Text>
            </Tooltip>
            {hasVariants(p) && (
              <div className="products-muted" data-testid="product-variant-count">
                {t('variants.count', { count: p.variantCount })}
              </div>
            )}
          </div>
        ),
      },
      { title: t('fields.category'), dataIndex: 'category', width: 110, render: (v: string) => t(`categories.${v}`, { defaultValue: v }) },
      {
        title: t('fields.price'),
        dataIndex: 'priceCents',
        width: 150,
        align: 'right',
        // Variants at different prices: the range of what their buyers pay now (the enabled ones).
        render: (v: number, p) => (
          <span className="products-num" data-testid="product-price">
            {hasVariants(p) && p.salePriceMinCents !== p.salePriceMaxCents ? f.usdtRange(p.salePriceMinCents ?? v, p.salePriceMaxCents ?? v) : f.usdt(v)}
          </span>
        ),
      },
      {
        title: t('fields.salePrice'),
        dataIndex: 'salePriceCents',
        width: 150,
        align: 'right',
        render: (v: number, p) => <span className="products-num">{f.usdtRange(p.salePriceMinCents ?? v, p.salePriceMaxCents ?? v)}</span>,
      },
      { title: t('fields.purchasePrice'), dataIndex: 'purchasePriceCents', width: 130, align: 'right', render: (v: number) => <span className="products-num">{f.usdt(v)}</span> },
      {
        title: t('fields.discount'),
        key: 'discount',
        width: 210,
        render: (_: unknown, p) =>
          p.discountRatio > 0 ? (
            <div>
              <Typography.Text className="products-num" type={p.discountPriceCents < p.purchasePriceCents ? 'danger' : undefined} data-testid="product-discount-price">
                {f.usdt(p.discountPriceCents)}
              </Typography.Text>{' '}
              <Tag color={p.discountActive ? 'red' : 'default'}>-{f.percent(p.discountRatio)}</Tag>
              <div className="products-muted">
                {f.date(p.discountStart)} ~ {f.date(p.discountEnd)}
              </div>
            </div>
          ) : (
            <span className="products-muted">{t('list.noDiscount')}</span>
          ),
      },
      {
        title: t('fields.profit'),
        key: 'profit',
        width: 120,
        align: 'right',
        render: (_: unknown, p) => (
          <div>
            {/* A loss (a discount below the purchase price) in the error colour. */}
            <Typography.Text className="products-num" type={p.profitCents < 0 ? 'danger' : undefined} data-testid="product-profit">
              {f.usdt(p.profitCents)}
            </Typography.Text>
            <div className="products-muted" data-testid="product-ratio">
              {f.percent(p.profitRatio)}
            </div>
          </div>
        ),
      },
      // With variants: the enabled variants' total (the server keeps the product's stock so).
      { title: t('fields.stock'), dataIndex: 'stock', width: 90, align: 'right', render: (v: number) => <span data-testid="product-stock">{v}</span> },
      {
        title: t('fields.status'),
        dataIndex: 'status',
        width: 110,
        render: (v: ProductStatus) => <Tag color={v === 'on_sale' ? 'success' : 'default'} data-testid="product-status">{t(`statuses.${v}`)}</Tag>,
      },
      {
        title: t('fields.flags'),
        key: 'flags',
        width: 170,
        render: (_: unknown, p) => (
          <Space direction="vertical" size={2}>
            <Space size={6}>
              {/* Off sale: say why before the click (an off-sale product cannot be recommended); switching off stays possible. */}
              <Tooltip title={p.status === 'off_sale' && !p.isRecommended ? t('recommend.needOnSale') : undefined}>
                <Switch
                  size="small"
                  checked={p.isRecommended}
                  disabled={!screen.canRecommend(p)}
                  loading={screen.recommendingId === p.id}
                  onChange={(on) => screen.setRecommended(p, on)}
                  aria-label={t('recommend.switchLabel', { name: p.name })}
                  data-testid="recommend-switch"
                />
              </Tooltip>
              <span>{t('fields.recommended')}</span>
            </Space>
            <Space size={4}>
              {p.isNew && <Tag color="blue">{t('fields.new')}</Tag>}
              {p.published && <Tag color="cyan">{t('fields.published')}</Tag>}
            </Space>
          </Space>
        ),
      },
      { title: t('fields.views'), dataIndex: 'views', width: 90, align: 'right' },
      { title: t('fields.totalSales'), dataIndex: 'totalSales', width: 100, align: 'right' },
      { title: t('fields.rating'), dataIndex: 'rating', width: 90, align: 'right', render: (v: number) => `★ ${v.toFixed(1)}` },
      { title: t('fields.createTime'), dataIndex: 'createTime', width: 160, render: (v: string) => f.dateTime(v) },
      actionsColumn(t('list.actions'), 210, (p) => (
        <>
            <Button type="link" size="small" icon={<EditOutlined aria-hidden />} onClick={() => screen.edit(p)} data-testid="product-edit">
              {t('list.edit')}
            </Button>
            <Button type="link" size="small" onClick={() => screen.setStatusOf(p, p.status === 'on_sale' ? 'off_sale' : 'on_sale')} data-testid="product-toggle-status">
              {p.status === 'on_sale' ? t('list.takeOffSale') : t('list.putOnSale')}
            </Button>
        </>
      )),
    ],
    // eslint-disable-next-line react-hooks/exhaustive-deps
    [f, t, screen.recommendingId],
  );
  const { tableProps, chooser } = useColumnChooser('products', columns, { optional: OPTIONAL_COLUMNS, extraWidth: 32 });

  let content;
  if (products.isPending) content = <Skeleton active paragraph={{ rows: 8 }} />;
  else if (products.isError)
    content = <Result status="warning" subTitle={products.error.message} extra={<Button onClick={() => void products.refetch()}>{t('common:actions.retry')}</Button>} />;
  else
    content = (
      <Table<ShopProductView>
        rowKey="id"
        {...tableProps}
        dataSource={products.data.list}
        loading={products.isFetching && products.isPlaceholderData}
        data-testid="products-table"
        expandable={{
          rowExpandable: hasVariants,
          expandedRowRender: (p) => <ProductVariantsTable product={p} />,
          columnTitle: <span className="sr-only">{t('variants.title')}</span>,
        }}
        rowSelection={{ fixed: true, selectedRowKeys: screen.selectedKeys, preserveSelectedRowKeys: true, onChange: screen.select, getTitleCheckboxProps: () => ({ 'aria-label': t('common:icons.selectAll') }) }}
        locale={{ emptyText: <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t(screen.filtered ? 'list.emptyFiltered' : 'list.empty')} /> }}
        pagination={tablePagination(state, products.data.total, screen.setPage, (total) => t('pagination.total', { total }))}
      />
    );

  return (
    <div className="products-page" data-testid="products-page">
      <PageFrame titleKey="productsList">
        <RecommendFacts />
        <div className="products-toolbar">
          <UrlSearchInput value={state.name} onSearch={(name) => screen.setFilters({ name })} placeholder={t('filters.name')} width={260} testId="products-name" />
          <ChoiceFilter placeholder={t('filters.allCategories')} ariaLabel={t('fields.category')} value={state.category} choices={screen.categories} label={(c) => t(`categories.${c}`)}
            onChange={(category) => screen.setFilters({ category })} style={{ width: 180 }} />
          <ChoiceFilter placeholder={t('filters.allStatuses')} ariaLabel={t('fields.status')} value={state.status} choices={screen.statuses} label={(s) => t(`statuses.${s}`)}
            onChange={(status) => screen.setFilters({ status })} style={{ width: 180 }} testId="products-status" />
          <Select
            allowClear
            placeholder={t('filters.allFlags')}
            aria-label={t('fields.flags')}
            value={state.flag}
            options={screen.flags.map((v) => ({ value: v, label: t(v === 'new' ? 'fields.new' : 'fields.recommended') }))}
            onChange={(flag?: string) => screen.setFilters({ flag })}
            style={{ width: 180 }}
          />
          <Button icon={<ReloadOutlined aria-hidden />} disabled={!screen.filtered} onClick={screen.resetFilters}>
            {t('actions.reset')}
          </Button>
        </div>
        <div className="products-toolbar">
          <Button type="primary" icon={<EditOutlined aria-hidden />} onClick={screen.editSelection} data-testid="products-batch-edit">
            {t('list.batchEdit')}
          </Button>
          <Button onClick={() => screen.setStatusOfSelection('on_sale')} loading={screen.statusBusy} data-testid="products-on-sale">
            {t('list.putOnSale')}
          </Button>
          <Button onClick={() => screen.setStatusOfSelection('off_sale')} loading={screen.statusBusy} data-testid="products-off-sale">
            {t('list.takeOffSale')}
          </Button>
          <Button danger icon={<DeleteOutlined aria-hidden />} onClick={screen.askDeleteSelection} data-testid="products-delete">
            {t('list.delete')}
          </Button>
          {screen.selected.size > 0 && (
            <Button type="link" onClick={screen.clearSelection}>
              {t('actions.clearSelection', { count: screen.selected.size })}
            </Button>
          )}
          <Space className="products-toolbar-end">
            <ProductSheetTools />
            {chooser}
          </Space>
        </div>
        {content}
      </PageFrame>
      <BatchEditDialog open={screen.editing !== null} products={screen.editing ?? []} onClose={screen.closeEdit} />
      <Modal
        open={screen.deleting !== null}
        title={t('delete.title', { count: screen.deleting?.length ?? 0 })}
        okText={t('delete.ok')}
        okButtonProps={{ danger: true, 'data-testid': 'delete-confirm' } as ButtonProps}
        cancelText={t('common:actions.cancel')}
        confirmLoading={screen.deleteBusy}
        onOk={() => void screen.confirmDelete()}
        onCancel={screen.cancelDelete}
      >
        {t('delete.text')}
      </Modal>
      <Modal
        open={screen.outcome !== null}
        title={screen.outcome?.title}
        width={screen.outcome?.rows ? 560 : undefined}
        onCancel={screen.dismissOutcome}
        footer={<Button type="primary" onClick={screen.dismissOutcome}>{t('common:actions.close')}</Button>}
      >
        <div data-testid={screen.outcome?.testId}>
          {screen.outcome?.text}
          {screen.outcome?.rows && <BatchResultTable rows={screen.outcome.rows} />}
        </div>
      </Modal>
    </div>
  );
}

export function ProductsListPage() {
  return (
    <NamespaceGate ns="products" fallback={<PageFrame titleKey="productsList"><Skeleton active /></PageFrame>}>
      <ProductsListContent />
    </NamespaceGate>
  );
}
