import { useTranslation } from 'react-i18next';
import type { OrderView } from '@shopdesk/shared/orders/schemas';
import './order-line.css';

type OrderLineFields = Pick<OrderView, 'productName' | 'variantName' | 'sku'>;

/**
 * An order's product as the seller reads it on every page and device: the name, and for a product
 * with options the variant sold ("Blue, M") and a muted "SKU …" line below it. Lists cut each line
 * short and show a product without options by its name alone; a detail (`detail`) wraps long
 * names and shows the SKU of every order. `nameClassName` keeps a page's own look of the name.
 */
export function OrderLine({ line, detail = false, nameClassName }: { line: OrderLineFields; detail?: boolean; nameClassName?: string }) {
  const { t } = useTranslation('orders');
  const variant = line.variantName !== '';
  return (
    <span className={detail ? 'order-line order-line-detail' : 'order-line'} data-testid="order-line">
      <span className={nameClassName ? `order-line-name ${nameClassName}` : 'order-line-name'} title={detail ? undefined : line.productName}>
        {line.productName}
      </span>
      {variant && (
        <span className="order-line-variant" title={detail ? undefined : line.variantName} data-testid="order-variant">
          {line.variantName}
        </span>
      )}
      {(variant || detail) && line.sku !== '' && (
        <span className="order-line-sku" title={detail ? undefined : `${t('fields.sku')} ${line.sku}`} data-testid="order-sku">
          {t('fields.sku')} {line.sku}
        </span>
      )}
    </span>
  );
}
