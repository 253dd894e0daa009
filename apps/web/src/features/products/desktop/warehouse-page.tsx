import { useMemo } from 'react';
import { Badge, Button, Empty, Form, Image, Input, Rate, Result, Select, Skeleton, Space, Table, Tag, type TableColumnsType } from 'antd';
import { PlusOutlined, ReloadOutlined, SearchOutlined } from '@ant-design/icons';
import type { WarehouseProductView } from '@shopdesk/shared/products/schemas';
import { PageFrame } from '../../../components/desktop/page-frame.tsx';
import { tablePagination } from '../../../components/desktop/table-pagination.ts';
import { useWarehouseScreen } from '../hooks/use-warehouse-screen.ts';
import { CATEGORY_CHOICES, priceFilterIssue, priceRangeReversed, purchasePriceSpan, variantSummary, type WarehouseSearch } from '../product-helpers.ts';
import { useFormat } from '../../../lib/use-format.ts';
import { NamespaceGate } from '../../../components/namespace-gate.tsx';
import { AddToShopDialog } from './add-to-shop-dialog.tsx';
import '../../../styles/list-pages.css';
import { useColumnChooser } from '../../../components/desktop/column-chooser.tsx';

/** Columns behind the chooser (shown by default or not). */
const OPTIONAL_COLUMNS = { sales: true, rating: true };

interface FilterValues {
  name?: string;
  category?: string;
  minPrice?: string;
  maxPrice?: string;
}

type T = ReturnType<typeof useFormat>['t'];

/** A price bound: a number with at most 2 decimals, each fault with its own message. */
const amountRule = (t: T) => ({
  validator: async (_: unknown, value: unknown) => {
    const issue = priceFilterIssue(value);
    if (issue) throw new Error(t(issue === 'notNumber' ? 'validation.amountNumber' : 'validation.amount'));
  },
});

function WarehouseFilters({ state, onApply }: { state: WarehouseSearch; onApply: (v: FilterValues) => void }) {
  const { t } = useFormat('products');
  const [form] = Form.useForm<FilterValues>();
  const key = JSON.stringify([state.name, state.category, state.minPrice, state.maxPrice]);
  return (
    <Form
      key={key}
      form={form}
      layout="inline"
      className="products-filters"
      initialValues={{ name: state.name, category: state.category, minPrice: state.minPrice, maxPrice: state.maxPrice }}
      onFinish={onApply}
      data-testid="warehouse-filters"
    >
      <Form.Item name="name">
        <Input allowClear prefix={<SearchOutlined aria-hidden />} placeholder={t('filters.name')} style={{ width: 220 }} data-testid="warehouse-name" />
      </Form.Item>
      <Form.Item name="category">
        <Select
          allowClear
          placeholder={t('filters.allCategories')}
          aria-label={t('fields.category')}
          options={CATEGORY_CHOICES.map((c) => ({ value: c, label: t(`categories.${c}`) }))}
          style={{ width: 170 }}
          data-testid="warehouse-category"
        />
      </Form.Item>
      <Form.Item label={t('filters.purchasePrice')} className="products-price-range">
        <Space.Compact>
          <Form.Item name="minPrice" noStyle rules={[amountRule(t)]}>
            <Input inputMode="decimal" placeholder={t('filters.min')} style={{ width: 100 }} data-testid="warehouse-min" />
          </Form.Item>
          <Input className="products-range-sep" placeholder="~" disabled style={{ width: 32 }} />
          <Form.Item
            name="maxPrice"
            noStyle
            dependencies={['minPrice']}
            rules={[
              amountRule(t),
              ({ getFieldValue }) => ({
                validator: async (_: unknown, value: unknown) => {
                  if (priceRangeReversed(getFieldValue('minPrice'), value)) throw new Error(t('validation.priceRange'));
                },
              }),
            ]}
          >
            <Input inputMode="decimal" placeholder={t('filters.max')} style={{ width: 100 }} data-testid="warehouse-max" />
          </Form.Item>
        </Space.Compact>
      </Form.Item>
      <Form.Item>
        <Space>
          <Button type="primary" htmlType="submit" icon={<SearchOutlined aria-hidden />} data-testid="warehouse-search">
            {t('actions.search')}
          </Button>
          <Button icon={<ReloadOutlined aria-hidden />} onClick={() => onApply({})}>
            {t('actions.reset')}
          </Button>
        </Space>
      </Form.Item>
    </Form>
  );
}

function WarehouseContent() {
  const f = useFormat('products');
  const { t } = f;
  const screen = useWarehouseScreen('table');
  const { state, table: products } = screen;

  const columns = useMemo<TableColumnsType<WarehouseProductView>>(
    () => [
      {
        title: t('fields.cover'),
        dataIndex: 'cover',
        width: 76,
        // The preview runs through the gallery after the cover.
        render: (v: string, p) => (
          <Image.PreviewGroup items={[v, ...p.gallery]}>
            <Image src={v} alt={p.name} width={48} height={48} className="products-cover" />
            {p.gallery.length > 0 && <div className="products-more-pictures">{t('warehouse.morePictures', { n: p.gallery.length })}</div>}
          </Image.PreviewGroup>
        ),
      },
      {
        title: t('fields.name'),
        dataIndex: 'name',
        width: 240,
        ellipsis: true,
        render: (v: string, p) => {
          const variants = variantSummary(p, t);
          return (
            <>
              <span data-testid="warehouse-row-name">{v}</span>
              {variants && (
                <div className="products-muted products-variant-summary" data-testid="warehouse-row-variants">
                  {variants}
                </div>
              )}
            </>
          );
        },
      },
      { title: t('fields.category'), dataIndex: 'category', width: 130, render: (v: string) => t(`categories.${v}`, { defaultValue: v }) },
      {
        title: t('fields.purchasePrice'),
        dataIndex: 'purchasePriceCents',
        width: 170,
        align: 'right',
        render: (_: number, p) => (
          <span className="products-num" data-testid="warehouse-row-price">
            {f.usdtRange(...purchasePriceSpan(p))}
          </span>
        ),
      },
      { title: t('fields.stock'), dataIndex: 'stock', width: 90, align: 'right' },
      { title: t('fields.totalSales'), dataIndex: 'sales', width: 100, align: 'right' },
      { title: t('fields.rating'), dataIndex: 'rating', width: 150, render: (v: number) => <Rate disabled allowHalf value={Math.round(v * 2) / 2} className="products-rate" /> },
      {
        title: t('warehouse.inShop'),
        dataIndex: 'inShop',
        width: 130,
        render: (v: boolean) => (v ? <Tag color="success">{t('warehouse.inShopYes')}</Tag> : <Tag>{t('warehouse.inShopNo')}</Tag>),
      },
    ],
    [f, t],
  );
  const { tableProps, chooser } = useColumnChooser('warehouse', columns, { optional: OPTIONAL_COLUMNS, extraWidth: 32 });

  let content;
  if (products.isPending) content = <Skeleton active paragraph={{ rows: 8 }} />;
  else if (products.isError)
    content = (
      <Result
        status="warning"
        subTitle={products.error.message}
        extra={<Button onClick={() => void products.refetch()}>{t('common:actions.retry')}</Button>}
      />
    );
  else
    content = (
      <Table<WarehouseProductView>
        rowKey="id"
        {...tableProps}
        dataSource={products.data.list}
        loading={products.isFetching && products.isPlaceholderData}
        data-testid="warehouse-table"
        rowSelection={{
          selectedRowKeys: screen.selectedKeys,
          preserveSelectedRowKeys: true,
          // Already in the shop: nothing to add (the "In my shop" column says so).
          getCheckboxProps: (p) => ({ disabled: !screen.pickable(p), title: p.inShop ? t('warehouse.inShopYes') : undefined }),
          getTitleCheckboxProps: () => ({ 'aria-label': t('common:icons.selectAll') }),
          onChange: screen.select,
        }}
        locale={{ emptyText: <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('warehouse.empty')} /> }}
        pagination={tablePagination(state, products.data.total, screen.setPage, (total) => t('pagination.total', { total }))}
      />
    );

  return (
    <div className="products-page" data-testid="warehouse-page">
      <PageFrame titleKey="warehouse">
        <WarehouseFilters
          state={state}
          onApply={(v) => screen.setFilters({ name: v.name?.trim(), category: v.category, minPrice: v.minPrice?.trim(), maxPrice: v.maxPrice?.trim() })}
        />
        <div className="products-toolbar">
          <Badge count={screen.selected.size} overflowCount={999}>
            <Button type="primary" icon={<PlusOutlined aria-hidden />} onClick={screen.openAdd} data-testid="warehouse-add">
              {t('warehouse.addToShop')}
            </Button>
          </Badge>
          {screen.selected.size > 0 && (
            <Button type="link" onClick={() => screen.clear()}>
              {t('actions.clearSelection', { count: screen.selected.size })}
            </Button>
          )}
          <Space className="products-toolbar-end">{chooser}</Space>
        </div>
        {content}
      </PageFrame>
      <AddToShopDialog open={screen.adding !== null} products={screen.adding ?? []} onClose={screen.closeAdd} />
    </div>
  );
}

export function WarehousePage() {
  return (
    <NamespaceGate ns="products" fallback={<PageFrame titleKey="warehouse"><Skeleton active /></PageFrame>}>
      <WarehouseContent />
    </NamespaceGate>
  );
}
