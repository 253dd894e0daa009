import { Alert, DatePicker, Descriptions, Form, Input, Modal, Progress, Select, Space, Table, Tag, Typography } from 'antd';
import dayjs from 'dayjs';
import type { ShopProductView } from '@shopdesk/shared/products/schemas';
import type { BatchRowResult } from '../hooks/use-product-batches.ts';
import { useProductEdit, type ProductEditValues } from '../hooks/use-product-edit.ts';
import { PriceQuestionModal } from './price-question-modal.tsx';
import { useFormat } from '../../../lib/use-format.ts';
import { BatchDialogFooter } from '../../../components/desktop/batch-dialog-footer.tsx';

type RowResult = BatchRowResult;

const DAY = 'YYYY-MM-DD';

/**
 * Batch edit of the selected shop products: profit ratio, a discount (its date range first, then
 * the ratio), and status. Sent in parts with a progress bar; each product's result is listed.
 */
export function BatchEditDialog({ open, products, onClose }: { open: boolean; products: ShopProductView[]; onClose: (changed: boolean) => void }) {
  const f = useFormat('products');
  const { t } = f;
  const [form] = Form.useForm<ProductEditValues>();
  const edit = useProductEdit(form, { products, mode: 'batch', onClose });
  const { sample, preview, results, progress, busy } = edit;

  return (
    <Modal
      open={open}
      title={edit.title}
      onCancel={edit.close}
      width={660}
      maskClosable={!busy}
      closable={!busy}
      destroyOnHidden
      footer={<BatchDialogFooter finished={Boolean(results)} busy={busy} submitLabel={t('edit.submit')} onClose={edit.close} onSubmit={() => form.submit()} testIdPrefix="edit" />}
    >
      <div data-testid="edit-dialog">
        {!results && (
          <Form form={form} layout="vertical" onFinish={edit.submit} onValuesChange={edit.watch} disabled={busy}>
            <Form.Item name="profitRatio" label={t('fields.profitRatio')} extra={edit.profitHint} rules={edit.rules.profitRatio}>
              <Input inputMode="decimal" suffix="%" autoComplete="off" placeholder={t('edit.unchanged')} style={{ maxWidth: 220 }} data-testid="edit-profit" />
            </Form.Item>
            <Space align="start" wrap size={16}>
              <Form.Item label={t('fields.discountDates')} extra={t('edit.datesFirst')}>
                <DatePicker.RangePicker
                  format={DAY}
                  allowClear
                  value={edit.start && edit.end ? [dayjs(edit.start), dayjs(edit.end)] : null}
                  onChange={(range) => edit.setDates(range?.[0]?.format(DAY) ?? null, range?.[1]?.format(DAY) ?? null)}
                  aria-label={t('fields.discountDates')}
                  data-testid="edit-dates"
                />
              </Form.Item>
              <Form.Item name="discountRatio" label={t('fields.discountRatio')} rules={edit.rules.discountRatio}>
                <Input
                  inputMode="decimal"
                  suffix="%"
                  autoComplete="off"
                  disabled={!edit.datesSet || busy}
                  placeholder={edit.discountPlaceholder}
                  style={{ width: 200 }}
                  data-testid="edit-discount"
                />
              </Form.Item>
            </Space>
            <Form.Item name="status" label={t('fields.status')}>
              <Select allowClear placeholder={t('edit.unchanged')} options={edit.statusOptions} style={{ maxWidth: 220 }} data-testid="edit-status" />
            </Form.Item>
            {edit.formError && <Alert type="error" showIcon className="products-alert" title={edit.formError} data-testid="edit-error" />}
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
            percent={edit.progressPercent}
            status={results ? 'success' : 'active'}
            format={() => `${progress.done}/${progress.total}`}
            aria-label={t('common:progress')}
          />
        )}
        <PriceQuestionModal question={edit.question} />
        {results && (
          <>
            <Alert type={edit.allOk ? 'success' : 'warning'} showIcon className="products-alert" title={edit.summary} data-testid="edit-summary" />
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
