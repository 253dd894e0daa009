import { useState } from 'react';
import { Alert, DatePicker, Descriptions, Form, Input, Modal, Progress, Select, Space, Table, Tag, Typography } from 'antd';
import type { Dayjs } from 'dayjs';
import { CATALOG } from '@shopdesk/shared/constants';
import { PRODUCT_STATUSES, type ProductStatus, type ShopProductView } from '@shopdesk/shared/products/schemas';
import { useBatchUpdate, type BatchPatch, type BatchRowResult } from '../hooks/use-product-batches.ts';
import { checkDiscountRatio, checkProfitRatio, previewPricing } from '../product-helpers.ts';
import { useFormat } from '../../../lib/use-format.ts';
import { BatchDialogFooter } from '../../../components/desktop/batch-dialog-footer.tsx';

interface EditValues {
  profitRatio?: string;
  dates?: [Dayjs, Dayjs] | null;
  discountRatio?: string;
  status?: ProductStatus;
}

type RowResult = BatchRowResult;

const DAY = 'YYYY-MM-DD';

/**
 * Batch edit of the selected shop products: profit ratio, a discount (its date range first, then
 * the ratio), and status. Sent in parts with a progress bar; each product's result is listed.
 */
export function BatchEditDialog({ open, products, onClose }: { open: boolean; products: ShopProductView[]; onClose: (changed: boolean) => void }) {
  const f = useFormat('products');
  const { t } = f;
  const [form] = Form.useForm<EditValues>();
  const values = Form.useWatch([], form) as EditValues | undefined;
  const batch = useBatchUpdate();
  const { progress, results, busy } = batch;
  const [formError, setFormError] = useState<string | null>(null);
  const sample = products[0];
  const datesSet = Boolean(values?.dates?.[0] && values?.dates?.[1]);
  const start = values?.dates?.[0]?.format(DAY) ?? null;
  const end = values?.dates?.[1]?.format(DAY) ?? null;
  const preview = sample
    ? previewPricing({
        purchasePriceCents: sample.purchasePriceCents,
        profitRatio: values?.profitRatio?.trim() ? values.profitRatio : String(sample.profitRatio),
        discountRatio: datesSet ? values?.discountRatio : undefined,
        discountStart: start,
        discountEnd: end,
      })
    : null;

  const close = () => {
    if (busy) return;
    const changed = results !== null;
    form.resetFields();
    batch.reset();
    setFormError(null);
    onClose(changed);
  };

  const run = async (v: EditValues) => {
    const patch: BatchPatch = {};
    if (v.profitRatio?.trim()) patch.profitRatio = v.profitRatio.trim();
    if (v.dates?.[0] && v.dates[1] && v.discountRatio?.trim()) {
      patch.discountStart = v.dates[0].format(DAY);
      patch.discountEnd = v.dates[1].format(DAY);
      patch.discountRatio = v.discountRatio.trim();
    }
    if (v.status) patch.status = v.status;
    if (Object.keys(patch).length === 0) {
      setFormError(t('edit.nothing'));
      return;
    }
    setFormError(null);
    await batch.run(products, patch);
  };

  const ok = results?.filter((r) => r.ok).length ?? 0;

  return (
    <Modal
      open={open}
      title={t('edit.title', { count: products.length })}
      onCancel={close}
      width={660}
      maskClosable={!busy}
      closable={!busy}
      destroyOnHidden
      footer={<BatchDialogFooter finished={Boolean(results)} busy={busy} submitLabel={t('edit.submit')} onClose={close} onSubmit={() => form.submit()} testIdPrefix="edit" />}
    >
      <div data-testid="edit-dialog">
        {!results && (
          <Form
            form={form}
            layout="vertical"
            onFinish={(v) => void run(v)}
            onValuesChange={(changed: EditValues) => {
              // A changed field answers "change at least one field"; a changed or cleared date
              // range re-checks the discount (a cleared range also clears it and its error).
              setFormError(null);
              if ('dates' in changed) {
                if (!changed.dates) form.setFields([{ name: 'discountRatio', value: undefined, errors: [] }]);
                else if (form.isFieldTouched('discountRatio')) void form.validateFields(['discountRatio']).catch(() => undefined);
              }
            }}
            disabled={busy}
          >
            <Form.Item
              name="profitRatio"
              label={t('fields.profitRatio')}
              extra={t('add.hint', { min: CATALOG.PROFIT_RATIO_SUGGESTED_MIN, max: CATALOG.PROFIT_RATIO_SUGGESTED_MAX })}
              rules={[
                {
                  validator: async (_: unknown, value: unknown) => {
                    if (!String(value ?? '').trim()) return;
                    const c = checkProfitRatio(value);
                    if (!c.ok) throw new Error(t(`validation.profit_${c.issue}`, { max: CATALOG.PROFIT_RATIO_MAX }));
                  },
                },
              ]}
            >
              <Input inputMode="decimal" suffix="%" autoComplete="off" placeholder={t('edit.unchanged')} style={{ maxWidth: 220 }} data-testid="edit-profit" />
            </Form.Item>
            <Space align="start" wrap size={16}>
              <Form.Item name="dates" label={t('fields.discountDates')} extra={t('edit.datesFirst')}>
                <DatePicker.RangePicker
                  format={DAY}
                  allowClear
                  data-testid="edit-dates"
                />
              </Form.Item>
              <Form.Item
                name="discountRatio"
                label={t('fields.discountRatio')}
                dependencies={['dates']}
                rules={[
                  {
                    validator: async (_: unknown, value: unknown) => {
                      const dates = form.getFieldValue('dates') as EditValues['dates'];
                      if (!dates) return;
                      const c = checkDiscountRatio(value);
                      if (!c.ok) throw new Error(t(`validation.discount_${c.issue}`, { max: CATALOG.DISCOUNT_RATIO_MAX }));
                    },
                  },
                ]}
              >
                <Input
                  inputMode="decimal"
                  suffix="%"
                  autoComplete="off"
                  disabled={!datesSet || busy}
                  placeholder={datesSet ? t('edit.discountPlaceholder') : t('edit.chooseDates')}
                  style={{ width: 200 }}
                  data-testid="edit-discount"
                />
              </Form.Item>
            </Space>
            <Form.Item name="status" label={t('fields.status')}>
              <Select
                allowClear
                placeholder={t('edit.unchanged')}
                options={PRODUCT_STATUSES.map((s) => ({ value: s, label: t(`statuses.${s}`) }))}
                style={{ maxWidth: 220 }}
                data-testid="edit-status"
              />
            </Form.Item>
            {formError && <Alert type="error" showIcon className="products-alert" title={formError} data-testid="edit-error" />}
            {sample && preview && (
              <Descriptions size="small" bordered column={2} title={<Typography.Text type="secondary">{t('preview.title', { name: sample.name })}</Typography.Text>}>
                <Descriptions.Item label={t('fields.purchasePrice')}>{f.usdt(sample.purchasePriceCents)}</Descriptions.Item>
                <Descriptions.Item label={t('fields.price')}>
                  <span data-testid="edit-preview-price">{f.usdt(preview.priceCents)}</span>
                </Descriptions.Item>
                <Descriptions.Item label={t('fields.discountPrice')}>{f.usdt(preview.discountPriceCents)}</Descriptions.Item>
                <Descriptions.Item label={t('fields.salePrice')}>{f.usdt(preview.salePriceCents)}</Descriptions.Item>
                <Descriptions.Item label={t('fields.profit')} span={2}>
                  {f.usdt(preview.profitCents)}
                </Descriptions.Item>
              </Descriptions>
            )}
          </Form>
        )}
        {progress && (
          <Progress
            className="products-progress"
            percent={Math.round((progress.done / Math.max(1, progress.total)) * 100)}
            status={results ? 'success' : 'active'}
            format={() => `${progress.done}/${progress.total}`}
            aria-label={t('common:progress')}
          />
        )}
        {results && (
          <>
            <Alert
              type={ok === results.length ? 'success' : 'warning'}
              showIcon
              className="products-alert"
              title={t('edit.summary', { ok, failed: results.length - ok })}
              data-testid="edit-summary"
            />
            <BatchResultTable rows={results} />
          </>
        )}
      </div>
    </Modal>
  );
}

/** Per-row results of a batch edit, delete or status change. */
export function BatchResultTable({ rows }: { rows: RowResult[] }) {
  const { t } = useFormat('products');
  return (
    <Table<RowResult>
      rowKey="id"
      size="small"
      dataSource={rows}
      pagination={rows.length > 10 ? { pageSize: 10, showSizeChanger: false } : false}
      data-testid="batch-results"
      columns={[
        { title: t('fields.name'), dataIndex: 'name', ellipsis: true },
        {
          title: t('add.result'),
          dataIndex: 'ok',
          width: 260,
          render: (v: boolean, row) => (v ? <Tag color="success">{t('batch.ok')}</Tag> : <Tag color="error">{row.msg ?? t('batch.failed')}</Tag>),
        },
      ]}
    />
  );
}

export type { RowResult };
