import { Button, Form, Input, Selector } from 'antd-mobile';
import { useNavigate, useParams } from 'react-router';
import type { ShopProductView } from '@shopdesk/shared/products/schemas';
import { MobilePageFrame } from '../../../components/mobile/page-frame.tsx';
import { MobileQueryState } from '../../../components/mobile/query-state.tsx';
import { AccessibleStepper } from '../../../components/mobile/stepper.tsx';
import { MobileNotFound } from '../../../components/mobile/not-found-state.tsx';
import { isNotFoundError, parseIdParam } from '../../../lib/not-found.ts';
import { useProduct } from '../api/products-api.ts';
import { useProductEdit, type ProductEditValues } from '../hooks/use-product-edit.ts';
import { useFormat } from '../../../lib/use-format.ts';
import { MobileDiscountFields, MobilePriceConfirm, MobilePricePreview } from './edit-parts.tsx';
import { MobileVariantList } from './variant-list.tsx';
import { useProductVariants } from '../hooks/use-product-variants.ts';
import { hasVariants } from '../product-helpers.ts';
import '../../../styles/list-pages-mobile.css';

/**
 * One product's edit: profit ratio, a discount (dates first), status and stock, with a live price
 * preview; saved, it goes back to the list. A product with several variants has no stock of its
 * own: its variants are listed, each switched on or off and given its stock there and then.
 */
function EditForm({ product }: { product: ShopProductView }) {
  const f = useFormat('products');
  const { t } = f;
  const navigate = useNavigate();
  const [form] = Form.useForm<ProductEditValues>();
  const edit = useProductEdit(form, { products: [product], mode: 'single', onClose: () => void navigate('/m/products') });
  const several = hasVariants(product);
  const variants = useProductVariants(several ? product : null);

  return (
    <Form
      form={form}
      layout="horizontal"
      initialValues={edit.initialValues}
      onValuesChange={edit.watch}
      // Stocks typed in the variants and not saved yet go first: a Save leaves nothing typed behind.
      onFinish={async (v: ProductEditValues) => {
        if (await variants.saveTypedStocks()) edit.submit(v);
      }}
      footer={
        <Button block type="submit" color="primary" size="large" loading={edit.saving} data-testid="m-edit-save">
          {t('edit.save')}
        </Button>
      }
      data-testid="m-edit-form"
    >
      <Form.Header>{product.name}</Form.Header>
      <Form.Item label={t('fields.purchasePrice')}>{f.usdt(product.purchasePriceCents)}</Form.Item>
      <Form.Item name="profitRatio" label={t('fields.profitRatio')} help={edit.profitHint} rules={edit.rules.profitRatio} extra="%">
        <Input inputMode="decimal" clearable data-testid="m-edit-profit" />
      </Form.Item>
      <MobileDiscountFields edit={edit} prefix="m-edit" />
      <Form.Item name="status" label={t('fields.status')}>
        <Selector columns={2} options={edit.statusOptions} data-testid="m-edit-status" />
      </Form.Item>
      {several ? (
        // Each variant has its own stock (below); the product's is their total.
        <Form.Item label={t('fields.stock')} description={t('variants.stockPerVariant')}>
          <span data-testid="m-edit-stock-total">{product.stock}</span>
        </Form.Item>
      ) : (
        <Form.Item name="stock" label={t('fields.stock')}>
          <AccessibleStepper label={t('fields.stock')} min={0} max={edit.stockMax} digits={0} data-testid="m-edit-stock" />
        </Form.Item>
      )}
      <Form.Header>{t('preview.short')}</Form.Header>
      <MobilePricePreview edit={edit} prefix="m-edit" />
      {/* Not in a fragment: the form finds its headers among its direct children. */}
      {several && <Form.Header>{t('variants.titleCount', { count: product.variantCount })}</Form.Header>}
      {several && <MobileVariantList product={product} variants={variants} />}
      <MobilePriceConfirm question={edit.question} />
    </Form>
  );
}

/** Mobile product edit: profit ratio, a discount (dates first), status and stock, with a live price preview. */
export function MobileProductEditPage() {
  const { t } = useFormat('products');
  const { id } = useParams();
  const productId = parseIdParam(id);
  const product = useProduct(productId);
  // An id that cannot be one (`abc`, `0`) or that the shop does not have: not found, with a way back.
  const notFound = productId === null || isNotFoundError(product.error);
  return (
    <MobilePageFrame titleKey="productEdit">
      <div data-testid="m-product-edit-page">
        {notFound ? (
          <MobileNotFound title={t('mobile.notFound')} description={t('mobile.notFoundHint')} backText={t('mobile.backToProducts')} backTo="/m/products" testId="m-product-not-found" />
        ) : (
          <MobileQueryState query={product}>{(p) => <EditForm key={p.id} product={p} />}</MobileQueryState>
        )}
      </div>
    </MobilePageFrame>
  );
}
