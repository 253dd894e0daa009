import { Alert, Button, Image, Input, Space, Switch, Table, Tooltip, Typography } from 'antd';
import { CheckOutlined, UndoOutlined } from '@ant-design/icons';
import type { ShopProductView } from '@shopdesk/shared/products/schemas';
import { useFormat } from '../../../lib/use-format.ts';
import { useProductVariants, type VariantRow } from '../hooks/use-product-variants.ts';

/**
 * A product's variants under its row of the desktop list: picture, name, SKU, prices, profit, stock
 * (typed in place, saved with Enter or the tick), sales and the on/off switch.
 */
export function ProductVariantsTable({ product }: { product: ShopProductView }) {
  const f = useFormat('products');
  const { t } = f;
  const variants = useProductVariants(product);

  return (
    <div className="products-variants" data-testid="variants-panel">
      {variants.refusal && (
        <Alert type="error" showIcon closable className="products-alert" title={variants.refusal} onClose={variants.dismissRefusal} data-testid="variants-refusal" />
      )}
      <Table<VariantRow>
        rowKey="id"
        size="small"
        pagination={false}
        dataSource={variants.rows}
        data-testid="variants-table"
        scroll={{ x: 960 }}
        columns={[
          {
            title: t('variants.image'),
            key: 'image',
            width: 56,
            render: (_: unknown, v) => <Image src={v.image ?? product.cover} alt={v.name} width={32} height={32} className="products-cover" />,
          },
          {
            title: t('variants.name'),
            dataIndex: 'name',
            width: 160,
            render: (name: string, v) => (
              <Typography.Text type={v.enabled ? undefined : 'secondary'} data-testid="variant-name">
                {name}
              </Typography.Text>
            ),
          },
          { title: t('variants.sku'), dataIndex: 'sku', width: 150, render: (sku: string) => <Typography.Text copyable={{ text: sku }} className="products-num">{sku}</Typography.Text> },
          { title: t('fields.purchasePrice'), dataIndex: 'purchasePriceCents', width: 120, align: 'right', render: (v: number) => <span className="products-num">{f.usdt(v)}</span> },
          {
            title: t('fields.salePrice'),
            dataIndex: 'salePriceCents',
            width: 120,
            align: 'right',
            render: (v: number) => (
              <span className="products-num" data-testid="variant-sale-price">
                {f.usdt(v)}
              </span>
            ),
          },
          {
            title: t('fields.profit'),
            dataIndex: 'profitCents',
            width: 110,
            align: 'right',
            render: (v: number) => (
              <Typography.Text className="products-num" type={v < 0 ? 'danger' : undefined}>
                {f.usdt(v)}
              </Typography.Text>
            ),
          },
          {
            title: t('fields.stock'),
            key: 'stock',
            width: 190,
            render: (_: unknown, v) => (
              <div>
                <Space.Compact>
                  <Input
                    size="small"
                    inputMode="numeric"
                    autoComplete="off"
                    value={v.stockText}
                    status={v.stockError ? 'error' : undefined}
                    onChange={(e) => variants.typeStock(v, e.target.value)}
                    onPressEnter={() => variants.saveStock(v)}
                    aria-label={t('variants.stockLabel', { name: v.name })}
                    style={{ width: 96 }}
                    data-testid="variant-stock"
                  />
                  {v.stockChanged && (
                    <Tooltip title={t('variants.saveStock')}>
                      <Button size="small" type="primary" icon={<CheckOutlined aria-hidden />} loading={variants.busy(v.id)} onClick={() => variants.saveStock(v)} aria-label={t('variants.saveStock')} data-testid="variant-stock-save" />
                    </Tooltip>
                  )}
                  {(v.stockChanged || v.stockError) && (
                    <Tooltip title={t('variants.undoStock')}>
                      <Button size="small" icon={<UndoOutlined aria-hidden />} onClick={() => variants.undoStock(v)} aria-label={t('variants.undoStock')} />
                    </Tooltip>
                  )}
                </Space.Compact>
                {v.stockError && (
                  <Typography.Text type="danger" className="products-variant-error" data-testid="variant-stock-error">
                    {v.stockError}
                  </Typography.Text>
                )}
              </div>
            ),
          },
          { title: t('fields.totalSales'), dataIndex: 'totalSales', width: 90, align: 'right' },
          {
            title: t('variants.enabled'),
            key: 'enabled',
            width: 90,
            render: (_: unknown, v) => (
              <Switch
                size="small"
                checked={v.enabled}
                loading={variants.busy(v.id)}
                onChange={(on) => variants.setEnabled(v, on)}
                aria-label={t('variants.switchLabel', { name: v.name })}
                data-testid="variant-switch"
              />
            ),
          },
        ]}
      />
    </div>
  );
}
