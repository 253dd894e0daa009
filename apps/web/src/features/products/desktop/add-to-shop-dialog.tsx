import { Alert, Descriptions, Form, Input, Modal, Progress, Table, Tag, Typography } from 'antd';
import type { WarehouseProductView } from '@shopdesk/shared/products/schemas';
import type { AddRow, AddRowResult } from '../hooks/use-product-batches.ts';
import { useAddToShop } from '../hooks/use-add-to-shop.ts';
import { PriceQuestionModal } from './price-question-modal.tsx';
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
  const add = useAddToShop(products, { onClose });
  const { sample, preview, progress, results, counts, busy } = add;
  const close = () => {
    form.resetFields();
    add.close();
  };

  return (
    <Modal
      open={open}
      title={add.title}
      onCancel={close}
      width={640}
      maskClosable={!busy}
      closable={!busy}
      destroyOnHidden
      footer={<BatchDialogFooter finished={Boolean(results)} busy={busy} submitLabel={t('add.submit')} onClose={close} onSubmit={() => form.submit()} testIdPrefix="add" />}
    >
      <div data-testid="add-dialog">
        <PriceQuestionModal question={add.question} />
        {!results && (
          <Form form={form} layout="vertical" onFinish={add.submit} onValuesChange={(v: { profitRatio?: string }) => add.setRatio(v.profitRatio ?? '')} disabled={busy} requiredMark>
            <Form.Item
              name="profitRatio"
              label={t('fields.profitRatio')}
              required
              extra={add.hint}
              rules={add.ratioRules}
            >
              <Input inputMode="decimal" suffix="%" autoComplete="off" placeholder={t('add.placeholder')} style={{ maxWidth: 220 }} data-testid="add-ratio" />
            </Form.Item>
            {add.outsideSuggested && <Alert type="warning" showIcon className="products-alert" title={t('add.outsideSuggested')} data-testid="add-outside" />}
            {sample && (
              <Descriptions size="small" bordered column={2} title={<Typography.Text type="secondary">{t('preview.title', { name: sample.name })}</Typography.Text>}>
                <Descriptions.Item label={t('fields.purchasePrice')}>{f.usdt(sample.purchasePriceCents)}</Descriptions.Item>
                <Descriptions.Item label={t('fields.price')}>
                  <span data-testid="preview-price">{preview ? f.usdt(preview.priceCents) : '—'}</span>
                </Descriptions.Item>
                <Descriptions.Item label={t('fields.profit')}>
                  <span data-testid="preview-profit">{preview ? f.usdt(preview.profitCents) : '—'}</span>
                </Descriptions.Item>
                <Descriptions.Item label={t('fields.profitRatio')}>{add.ratioBp !== null ? f.percent(add.ratioBp / 100) : '—'}</Descriptions.Item>
              </Descriptions>
            )}
          </Form>
        )}
        {progress && (
          <Progress
            className="products-progress"
            percent={add.progressPercent}
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
              title={add.summary}
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
