import { useState } from 'react';
import { Button, DatePicker, Form, Input, List, Selector } from 'antd-mobile';
import { useNavigate, useParams } from 'react-router';
import dayjs from 'dayjs';
import type { ShopProductView } from '@shopdesk/shared/products/schemas';
import { MobilePageFrame } from '../../../components/mobile/page-frame.tsx';
import { MobileQueryState } from '../../../components/mobile/query-state.tsx';
import { AccessibleStepper } from '../../../components/mobile/stepper.tsx';
import { MobileNotFound } from '../../../components/mobile/not-found-state.tsx';
import { isNotFoundError, parseIdParam } from '../../../lib/not-found.ts';
import { useProduct } from '../api/products-api.ts';
import { useProductEdit, type ProductEditValues } from '../hooks/use-product-edit.ts';
import { useFormat } from '../../../lib/use-format.ts';
import '../../../styles/list-pages-mobile.css';

const DAY = 'YYYY-MM-DD';
const YEARS = 10;

/**
 * One product's edit: profit ratio, a discount (dates first), status and stock, with a live price
 * preview; saved, it goes back to the list.
 */
function EditForm({ product }: { product: ShopProductView }) {
  const f = useFormat('products');
  const { t } = f;
  const navigate = useNavigate();
  const [form] = Form.useForm<ProductEditValues>();
  const edit = useProductEdit(form, { products: [product], mode: 'single', onClose: () => void navigate('/m/products') });
  const [picker, setPicker] = useState<'start' | 'end' | null>(null);
  const { start, end, preview } = edit;
  const now = new Date();

  return (
    <Form
      form={form}
      layout="horizontal"
      initialValues={edit.initialValues}
      onValuesChange={edit.watch}
      onFinish={edit.submit}
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
      <Form.Item label={t('fields.discountStart')} onClick={() => setPicker('start')} arrowIcon extra={start ? null : t('edit.choose')} description={t('edit.datesFirst')}>
        <span data-testid="m-edit-start">{start ?? ''}</span>
      </Form.Item>
      <Form.Item label={t('fields.discountEnd')} onClick={() => setPicker('end')} arrowIcon extra={end ? null : t('edit.choose')}>
        <span data-testid="m-edit-end">{end ?? ''}</span>
      </Form.Item>
      <Form.Item name="discountRatio" label={t('fields.discountRatio')} disabled={!edit.datesSet} extra="%" rules={edit.rules.discountRatio}>
        <Input inputMode="decimal" clearable disabled={!edit.datesSet} placeholder={edit.discountPlaceholder} data-testid="m-edit-discount" />
      </Form.Item>
      {edit.datesSet && (
        <Form.Item>
          <Button size="mini" fill="none" color="danger" onClick={edit.clearDiscount}>
            {t('edit.clearDiscount')}
          </Button>
        </Form.Item>
      )}
      <Form.Item name="status" label={t('fields.status')}>
        <Selector columns={2} options={edit.statusOptions} data-testid="m-edit-status" />
      </Form.Item>
      <Form.Item name="stock" label={t('fields.stock')}>
        <AccessibleStepper label={t('fields.stock')} min={0} max={edit.stockMax} digits={0} data-testid="m-edit-stock" />
      </Form.Item>
      <Form.Header>{t('preview.short')}</Form.Header>
      <List className="m-preview">
        <List.Item extra={<span data-testid="m-edit-preview-price">{preview ? f.usdt(preview.priceCents) : '—'}</span>}>{t('fields.price')}</List.Item>
        <List.Item extra={preview ? f.usdt(preview.salePriceCents) : '—'}>{t('fields.salePrice')}</List.Item>
        <List.Item extra={preview ? f.usdt(preview.discountPriceCents) : '—'}>{t('fields.discountPrice')}</List.Item>
        <List.Item extra={preview ? f.usdt(preview.profitCents) : '—'}>{t('fields.profit')}</List.Item>
      </List>
      <DatePicker
        visible={picker !== null}
        onClose={() => setPicker(null)}
        precision="day"
        min={new Date(now.getFullYear() - YEARS, 0, 1)}
        max={new Date(now.getFullYear() + YEARS, 11, 31)}
        value={picker === 'end' && end ? dayjs(end).toDate() : picker === 'start' && start ? dayjs(start).toDate() : now}
        confirmText={t('common:actions.confirm')}
        cancelText={t('common:actions.cancel')}
        onConfirm={(d) => picker && edit.pickDate(picker, dayjs(d).format(DAY))}
      />
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
