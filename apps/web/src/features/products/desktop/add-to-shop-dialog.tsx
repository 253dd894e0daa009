import { Alert, Descriptions, Form, Input, Modal, Progress, Table, Tag, Typography } from 'antd';
import { CATALOG } from '@shopdesk/shared/constants';
import type { WarehouseProductView } from '@shopdesk/shared/products/schemas';
import { useBatchAdd, type AddRow, type AddRowResult } from '../hooks/use-product-batches.ts';
import { checkProfitRatio, outsideSuggested, previewPricing } from '../product-helpers.ts';
import { useFormat } from '../../../lib/use-format.ts';
import { BatchDialogFooter } from '../../../components/desktop/batch-dialog-footer.tsx';

const RESULT_COLORS: Record<AddRowResult, string> = { added: 'success', already_in_shop: 'warning', not_found: 'default', failed: 'error' };

/**
 * "Add to shop": the selected warehouse products at one profit ratio (required, a valid number,
 * 10%–30% suggested), with a live price preview, sent in parts of 20 with a progress bar, then
 * the result of every product (added, already in the shop, not found).
 */
export function AddToShopDialog({ open, products, onClose }: { open: boolean; products: WarehouseProductView[]; onClose: (changed: boolean) => void }) {
  const f = useFormat('products');
  const { t } = f;
  const [form] = Form.useForm<{ profitRatio: string }>();
  const ratio = Form.useWatch('profitRatio', form);
  const batch = useBatchAdd();
  const { progress, results, busy } = batch;
  const sample = products[0];
  const preview = sample ? previewPricing({ purchasePriceCents: sample.purchasePriceCents, profitRatio: ratio }) : null;
  const check = checkProfitRatio(ratio);

  const close = () => {
    if (busy) return;
    const changed = results !== null;
    form.resetFields();
    batch.reset();
    onClose(changed);
  };

  const run = ({ profitRatio }: { profitRatio: string }) => void batch.run(products, profitRatio);

  const counts = results && {
    added: results.filter((r) => r.result === 'added').length,
    already: results.filter((r) => r.result === 'already_in_shop').length,
    other: results.filter((r) => r.result === 'not_found' || r.result === 'failed').length,
  };

  return (
    <Modal
      open={open}
      title={t('add.title', { count: products.length })}
      onCancel={close}
      width={640}
      maskClosable={!busy}
      closable={!busy}
      destroyOnHidden
      footer={<BatchDialogFooter finished={Boolean(results)} busy={busy} submitLabel={t('add.submit')} onClose={close} onSubmit={() => form.submit()} testIdPrefix="add" />}
    >
      <div data-testid="add-dialog">
        {!results && (
          <Form form={form} layout="vertical" onFinish={run} disabled={busy} requiredMark>
            <Form.Item
              name="profitRatio"
              label={t('fields.profitRatio')}
              required
              extra={t('add.hint', { min: CATALOG.PROFIT_RATIO_SUGGESTED_MIN, max: CATALOG.PROFIT_RATIO_SUGGESTED_MAX })}
              rules={[
                {
                  validator: async (_: unknown, value: unknown) => {
                    const c = checkProfitRatio(value);
                    if (!c.ok) throw new Error(t(`validation.profit_${c.issue}`, { max: CATALOG.PROFIT_RATIO_MAX }));
                  },
                },
              ]}
            >
              <Input inputMode="decimal" suffix="%" autoComplete="off" placeholder={t('add.placeholder')} style={{ maxWidth: 220 }} data-testid="add-ratio" />
            </Form.Item>
            {check.ok && outsideSuggested(check.bp) && <Alert type="warning" showIcon className="products-alert" title={t('add.outsideSuggested')} data-testid="add-outside" />}
            {sample && (
              <Descriptions size="small" bordered column={2} title={<Typography.Text type="secondary">{t('preview.title', { name: sample.name })}</Typography.Text>}>
                <Descriptions.Item label={t('fields.purchasePrice')}>{f.usdt(sample.purchasePriceCents)}</Descriptions.Item>
                <Descriptions.Item label={t('fields.price')}>
                  <span data-testid="preview-price">{preview ? f.usdt(preview.priceCents) : '—'}</span>
                </Descriptions.Item>
                <Descriptions.Item label={t('fields.profit')}>
                  <span data-testid="preview-profit">{preview ? f.usdt(preview.profitCents) : '—'}</span>
                </Descriptions.Item>
                <Descriptions.Item label={t('fields.profitRatio')}>{check.ok ? f.percent(check.bp / 100) : '—'}</Descriptions.Item>
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
            data-testid="add-progress"
          />
        )}
        {results && counts && (
          <>
            <Alert
              type={counts.added > 0 ? 'success' : 'info'}
              showIcon
              className="products-alert"
              title={t('add.summary', { added: counts.added, already: counts.already, other: counts.other })}
              data-testid="add-summary"
            />
            <Table<AddRow>
              rowKey="id"
              size="small"
              dataSource={results}
              pagination={results.length > 10 ? { pageSize: 10, showSizeChanger: false } : false}
              data-testid="add-results"
              columns={[
                { title: t('fields.name'), dataIndex: 'name', ellipsis: true },
                {
                  title: t('add.result'),
                  dataIndex: 'result',
                  width: 220,
                  render: (r: AddRowResult, row) => (
                    <Tag color={RESULT_COLORS[r]} data-testid={`result-${r}`}>
                      {row.msg ?? t(`add.results.${r}`)}
                    </Tag>
                  ),
                },
              ]}
            />
          </>
        )}
      </div>
    </Modal>
  );
}
