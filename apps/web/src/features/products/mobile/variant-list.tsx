import { Button, Image, Input, List, NoticeBar, Switch } from 'antd-mobile';
import type { ShopProductView } from '@shopdesk/shared/products/schemas';
import { useFormat } from '../../../lib/use-format.ts';
import type { ProductVariants } from '../hooks/use-product-variants.ts';

/**
 * The phone's edit page for a product with several variants: each variant with its picture, SKU and
 * sale price, its switch (saved at once) and its stock (saved with the button beside it, or with
 * the page's Save).
 */
export function MobileVariantList({ product, variants }: { product: ShopProductView; variants: ProductVariants }) {
  const f = useFormat('products');
  const { t } = f;
  return (
    <div data-testid="m-variants">
      {variants.refusal && <NoticeBar content={variants.refusal} color="error" wrap closeable onClose={variants.dismissRefusal} data-testid="m-variants-refusal" />}
      <List>
        {variants.rows.map((v) => (
          <List.Item
            key={v.id}
            prefix={<Image src={v.image ?? product.cover} alt={v.name} width={40} height={40} fit="cover" className="m-variant-image" />}
            description={
              <span className="m-variant-facts">
                {v.sku} · {f.usdt(v.salePriceCents)}
              </span>
            }
            extra={
              <Switch
                checked={v.enabled}
                loading={variants.busy(v.id)}
                onChange={(on) => variants.setEnabled(v, on)}
                aria-label={t('variants.switchLabel', { name: v.name })}
                data-testid="m-variant-switch"
              />
            }
            data-testid="m-variant"
          >
            <div className="m-variant-name" data-testid="m-variant-name">
              {v.name}
            </div>
            <div className="m-variant-stock">
              <span className="m-variant-stock-label">{t('fields.stock')}</span>
              <Input
                value={v.stockText}
                inputMode="numeric"
                onChange={(text) => variants.typeStock(v, text)}
                onEnterPress={() => variants.saveStock(v)}
                aria-label={t('variants.stockLabel', { name: v.name })}
                data-testid="m-variant-stock"
              />
              {v.stockChanged && (
                <Button size="mini" color="primary" loading={variants.busy(v.id)} onClick={() => variants.saveStock(v)} data-testid="m-variant-stock-save">
                  {t('variants.saveStock')}
                </Button>
              )}
            </div>
            {v.stockError && (
              <div className="m-field-error" data-testid="m-variant-stock-error">
                {v.stockError}
              </div>
            )}
          </List.Item>
        ))}
      </List>
    </div>
  );
}
