import { useState } from 'react';
import { Alert, App, Button, Flex, Form, Input, InputNumber, Modal, Switch, Tag, Typography } from 'antd';
import { OFFERS } from '@shopdesk/shared/constants';
import { centsToDecimal, parseAmountToCents } from '@shopdesk/shared/money';
import type { OpsPackageOffer } from '@shopdesk/shared/ops/offers';
import { useFormat } from '../../lib/use-format.ts';
import { usePackageOffers, useSavePackageOffer } from '../api/offers-api.ts';
import { errorText } from '../api/error-text.ts';
import { ChangeHistory } from '../components/change-history.tsx';
import { ListCard } from '../components/list-card.tsx';

interface FormValues {
  price: string;
  validityDays: number;
  maxRecommended: number;
  active: boolean;
}

/** A tier's terms for purchases from now on, or its retirement. */
function PackageDialog({ offer, onClose }: { offer: OpsPackageOffer; onClose: () => void }) {
  const { t } = useFormat('ops');
  const { message } = App.useApp();
  const [form] = Form.useForm<FormValues>();
  const save = useSavePackageOffer();
  const name = t(`packageTypes.${offer.type}`);
  const submit = (v: FormValues) =>
    save.mutate(
      { type: offer.type, priceCents: parseAmountToCents(v.price) ?? 0, validityDays: v.validityDays, maxRecommended: v.maxRecommended, active: v.active },
      {
        onSuccess: () => {
          void message.success(t('packageOffers.saved', { name }));
          onClose();
        },
      },
    );
  return (
    <Modal
      open
      title={t('packageOffers.editTitle', { name })}
      onCancel={onClose}
      onOk={() => form.submit()}
      okText={t('actions.save')}
      cancelText={t('common:actions.cancel')}
      confirmLoading={save.isPending}
      okButtonProps={{ 'data-testid': 'package-offer-save' } as Record<string, string>}
      destroyOnHidden
    >
      <Typography.Paragraph type="secondary">{t('packageOffers.forNewPurchases')}</Typography.Paragraph>
      {save.isError && <Alert type="error" showIcon message={errorText(save.error, t)} style={{ marginBottom: 16 }} data-testid="package-offer-error" />}
      <Form<FormValues>
        form={form}
        layout="vertical"
        requiredMark={false}
        initialValues={{ price: centsToDecimal(offer.priceCents), validityDays: offer.validityDays, maxRecommended: offer.maxRecommended, active: offer.active }}
        onFinish={submit}
      >
        <Form.Item name="price" label={t('packageOffers.price')} rules={[{ validator: (_, v: string) => ((parseAmountToCents(String(v ?? '')) ?? 0) > 0 ? Promise.resolve() : Promise.reject(new Error(t('packageOffers.priceInvalid')))) }]}>
          <Input suffix="USDT" inputMode="decimal" style={{ width: 200 }} data-testid="package-offer-price" />
        </Form.Item>
        <Flex gap={16}>
          <Form.Item name="validityDays" label={t('packageOffers.days')} rules={[{ required: true, type: 'integer', min: 1, max: OFFERS.PACKAGE_DAYS_MAX, message: t('packageOffers.daysInvalid') }]}>
            <InputNumber min={1} max={OFFERS.PACKAGE_DAYS_MAX} precision={0} style={{ width: 160 }} data-testid="package-offer-days" />
          </Form.Item>
          <Form.Item name="maxRecommended" label={t('packageOffers.products')} rules={[{ required: true, type: 'integer', min: 1, max: OFFERS.PACKAGE_PRODUCTS_MAX, message: t('packageOffers.productsInvalid') }]}>
            <InputNumber min={1} max={OFFERS.PACKAGE_PRODUCTS_MAX} precision={0} style={{ width: 160 }} data-testid="package-offer-products" />
          </Form.Item>
        </Flex>
        <Form.Item name="active" label={t('packageOffers.onSale')} valuePropName="checked" extra={t('packageOffers.onSaleHint')}>
          <Switch data-testid="package-offer-active" />
        </Form.Item>
      </Form>
    </Modal>
  );
}

/** The promotion packages on sale: their terms for purchases from now on, and their changes. */
export function PackagesPage() {
  const f = useFormat('ops');
  const { t } = f;
  const offers = usePackageOffers();
  const [editing, setEditing] = useState<OpsPackageOffer | null>(null);
  return (
    <Flex vertical gap={16} data-testid="ops-page-packages">
      <div>
        <Typography.Title level={3} style={{ margin: 0 }}>
          {t('menu.packages')}
        </Typography.Title>
        <Typography.Paragraph type="secondary" style={{ marginTop: 8, marginBottom: 0, maxWidth: 880 }}>
          {t('packageOffers.intro')}
        </Typography.Paragraph>
      </div>
      <ListCard<OpsPackageOffer>
        title={t('packageOffers.onOffer')}
        testId="package-offers"
        query={offers}
        emptyText={t('packageOffers.empty')}
        columns={[
          { key: 'type', title: t('packageOffers.type'), render: (_, r) => <strong>{t(`packageTypes.${r.type}`)}</strong> },
          { key: 'price', title: t('packageOffers.price'), align: 'right', render: (_, r) => <span data-testid={`package-offer-price-${r.type}`}>{f.usdt(r.priceCents)}</span> },
          { key: 'days', title: t('packageOffers.days'), align: 'right', dataIndex: 'validityDays' },
          { key: 'products', title: t('packageOffers.products'), align: 'right', dataIndex: 'maxRecommended' },
          { key: 'exposure', title: t('packageOffers.exposure'), align: 'right', dataIndex: 'guaranteedExposure' },
          { key: 'sold', title: t('packageOffers.sold'), align: 'right', dataIndex: 'sold' },
          { key: 'status', title: t('packageOffers.status'), render: (_, r) => (r.active ? <Tag color="green">{t('packageOffers.onSale')}</Tag> : <Tag>{t('packageOffers.retired')}</Tag>) },
          { key: 'updated', title: t('packageOffers.updatedAt'), render: (_, r) => f.dateTime(r.updateTime) },
          {
            key: 'edit',
            title: <span className="sr-only">{t('common:icons.actions')}</span>,
            render: (_, r) => (
              <Button size="small" onClick={() => setEditing(r)} data-testid={`package-offer-edit-${r.type}`}>
                {t('actions.edit')}
              </Button>
            ),
          },
        ]}
      />
      <ChangeHistory title={t('packageOffers.history')} testId="package-offers-history" targetType="package_offer" emptyText={t('packageOffers.noHistory')} />
      {editing && <PackageDialog offer={editing} onClose={() => setEditing(null)} />}
    </Flex>
  );
}
