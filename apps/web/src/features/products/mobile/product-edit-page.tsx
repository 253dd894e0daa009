import { useState } from 'react';
import { Button, DatePicker, Form, Input, List, Selector } from 'antd-mobile';
import { Toast } from '../../../components/mobile/imperative.ts';
import { useNavigate, useParams } from 'react-router';
import dayjs from 'dayjs';
import { CATALOG } from '@shopdesk/shared/constants';
import { PRODUCT_STATUSES, type ProductStatus, type ShopProductView } from '@shopdesk/shared/products/schemas';
import { MobilePageFrame } from '../../../components/mobile/page-frame.tsx';
import { MobileQueryState } from '../../../components/mobile/query-state.tsx';
import { AccessibleStepper } from '../../../components/mobile/stepper.tsx';
import { MobileNotFound } from '../../../components/mobile/not-found-state.tsx';
import { isNotFoundError, parseIdParam } from '../../../lib/not-found.ts';
import { useProduct, useUpdateProduct } from '../api/products-api.ts';
import { checkDiscountRatio, checkProfitRatio, previewPricing } from '../product-helpers.ts';
import { useFormat } from '../../../lib/use-format.ts';
import '../../../styles/list-pages-mobile.css';

const DAY = 'YYYY-MM-DD';
const YEARS = 10;

interface EditValues {
  profitRatio: string;
  discountRatio: string;
  status: ProductStatus[];
  stock: number;
}

function EditForm({ product }: { product: ShopProductView }) {
  const f = useFormat('products');
  const { t } = f;
  const navigate = useNavigate();
  const update = useUpdateProduct();
  const [form] = Form.useForm<EditValues>();
  const [start, setStart] = useState<string | null>(product.discountStart ? dayjs(product.discountStart).format(DAY) : null);
  const [end, setEnd] = useState<string | null>(product.discountEnd ? dayjs(product.discountEnd).format(DAY) : null);
  const [picker, setPicker] = useState<'start' | 'end' | null>(null);
  const profit = Form.useWatch('profitRatio', form);
  const discount = Form.useWatch('discountRatio', form);
  const datesSet = Boolean(start && end);
  const preview = previewPricing({ purchasePriceCents: product.purchasePriceCents, profitRatio: profit ?? String(product.profitRatio), discountRatio: datesSet ? discount : undefined, discountStart: start, discountEnd: end });
  const now = new Date();

  const save = (v: EditValues) => {
    const body: Parameters<typeof update.mutate>[0] = { id: product.id, profitRatio: v.profitRatio.trim(), status: v.status[0], stock: v.stock };
    if (datesSet && v.discountRatio?.trim()) {
      body.discountRatio = v.discountRatio.trim();
      body.discountStart = start;
      body.discountEnd = end;
    } else if (!datesSet) {
      body.discountRatio = '0';
      body.discountStart = null;
      body.discountEnd = null;
    }
    update.mutate(body, {
      onSuccess: () => {
        Toast.show({ icon: 'success', content: t('edit.saved') });
        void navigate('/m/products');
      },
      onError: (error) => Toast.show({ icon: 'fail', content: error.message }),
    });
  };

  return (
    <Form
      form={form}
      layout="horizontal"
      initialValues={{ profitRatio: String(product.profitRatio), discountRatio: product.discountRatio ? String(product.discountRatio) : '', status: [product.status], stock: product.stock }}
      onFinish={save}
      footer={
        <Button block type="submit" color="primary" size="large" loading={update.isPending} data-testid="m-edit-save">
          {t('edit.save')}
        </Button>
      }
      data-testid="m-edit-form"
    >
      <Form.Header>{product.name}</Form.Header>
      <Form.Item label={t('fields.purchasePrice')}>{f.usdt(product.purchasePriceCents)}</Form.Item>
      <Form.Item
        name="profitRatio"
        label={t('fields.profitRatio')}
        help={t('add.hint', { min: CATALOG.PROFIT_RATIO_SUGGESTED_MIN, max: CATALOG.PROFIT_RATIO_SUGGESTED_MAX })}
        rules={[
          {
            validator: async (_: unknown, value: unknown) => {
              const c = checkProfitRatio(value);
              if (!c.ok) throw new Error(t(`validation.profit_${c.issue}`, { max: CATALOG.PROFIT_RATIO_MAX }));
            },
          },
        ]}
        extra="%"
      >
        <Input inputMode="decimal" clearable data-testid="m-edit-profit" />
      </Form.Item>
      <Form.Item label={t('fields.discountStart')} onClick={() => setPicker('start')} arrowIcon extra={start ? null : t('edit.choose')} description={t('edit.datesFirst')}>
        <span data-testid="m-edit-start">{start ?? ''}</span>
      </Form.Item>
      <Form.Item label={t('fields.discountEnd')} onClick={() => setPicker('end')} arrowIcon extra={end ? null : t('edit.choose')}>
        <span data-testid="m-edit-end">{end ?? ''}</span>
      </Form.Item>
      <Form.Item
        name="discountRatio"
        label={t('fields.discountRatio')}
        disabled={!datesSet}
        extra="%"
        rules={[
          {
            validator: async (_: unknown, value: unknown) => {
              if (!datesSet || !String(value ?? '').trim()) return;
              const c = checkDiscountRatio(value);
              if (!c.ok) throw new Error(t(`validation.discount_${c.issue}`, { max: CATALOG.DISCOUNT_RATIO_MAX }));
            },
          },
        ]}
      >
        <Input inputMode="decimal" clearable disabled={!datesSet} placeholder={datesSet ? t('edit.discountPlaceholder') : t('edit.chooseDates')} data-testid="m-edit-discount" />
      </Form.Item>
      {datesSet && (
        <Form.Item>
          <Button
            size="mini"
            fill="none"
            color="danger"
            onClick={() => {
              setStart(null);
              setEnd(null);
              form.setFieldValue('discountRatio', '');
            }}
          >
            {t('edit.clearDiscount')}
          </Button>
        </Form.Item>
      )}
      <Form.Item name="status" label={t('fields.status')}>
        <Selector columns={2} options={PRODUCT_STATUSES.map((s) => ({ value: s, label: t(`statuses.${s}`) }))} data-testid="m-edit-status" />
      </Form.Item>
      <Form.Item name="stock" label={t('fields.stock')}>
        <AccessibleStepper label={t('fields.stock')} min={0} max={CATALOG.STOCK_MAX} digits={0} data-testid="m-edit-stock" />
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
        onConfirm={(d) => {
          const day = dayjs(d).format(DAY);
          if (picker === 'start') {
            setStart(day);
            if (end && end < day) setEnd(day);
          } else {
            setEnd(day);
            if (start && start > day) setStart(day);
          }
        }}
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
