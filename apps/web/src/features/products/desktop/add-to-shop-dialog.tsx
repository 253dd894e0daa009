import { useState } from 'react';
import { Alert, Descriptions, Form, Input, Modal, Progress, Table, Tag, Typography } from 'antd';
import { CATALOG } from '@shopdesk/shared/constants';
import type { BatchAddResult, WarehouseProductView } from '@shopdesk/shared/catalog/schemas';
import { catalogCalls, useInvalidateCatalog } from '../api/catalog-api.ts';
import { BATCH_CHUNK, checkProfitRatio, chunk, outsideSuggested, previewPricing } from '../catalog-helpers.ts';
import { useShopFormat } from '../components/use-shop-format.ts';
import { BatchDialogFooter } from '../components/batch-dialog-footer.tsx';

type RowResult = BatchAddResult | 'failed';
interface ResultRow {
  id: number;
  name: string;
  result: RowResult;
  msg?: string;
}

const RESULT_COLORS: Record<RowResult, string> = { added: 'success', already_in_shop: 'warning', not_found: 'default', failed: 'error' };

/**
 * "Add to shop": the selected warehouse products at one profit ratio (required, a valid number,
 * 10%–30% suggested), with a live price preview, sent in parts of 20 with a progress bar, then
 * the result of every product (added, already in the shop, not found).
 */
export function AddToShopDialog({ open, products, onClose }: { open: boolean; products: WarehouseProductView[]; onClose: (changed: boolean) => void }) {
  const f = useShopFormat('catalog');
  const { t } = f;
  const [form] = Form.useForm<{ profitRatio: string }>();
  const ratio = Form.useWatch('profitRatio', form);
  const invalidate = useInvalidateCatalog();
  const [progress, setProgress] = useState<{ done: number; total: number } | null>(null);
  const [results, setResults] = useState<ResultRow[] | null>(null);
  const busy = progress !== null && results === null;
  const sample = products[0];
  const preview = sample ? previewPricing({ purchasePriceCents: sample.purchasePriceCents, profitRatio: ratio }) : null;
  const check = checkProfitRatio(ratio);

  const close = () => {
    if (busy) return;
    const changed = results !== null;
    form.resetFields();
    setProgress(null);
    setResults(null);
    onClose(changed);
  };

  const run = async ({ profitRatio }: { profitRatio: string }) => {
    const names = new Map(products.map((p) => [p.id, p.name]));
    const parts = chunk(products.map((p) => p.id), BATCH_CHUNK);
    const rows: ResultRow[] = [];
    setProgress({ done: 0, total: products.length });
    for (const part of parts) {
      try {
        const answer = await catalogCalls.batchAdd(part, profitRatio.trim());
        for (const r of answer.results) rows.push({ id: r.warehouseProductId, name: names.get(r.warehouseProductId) ?? `#${r.warehouseProductId}`, result: r.result });
      } catch (error) {
        const msg = error instanceof Error ? error.message : t('common:http.requestFailed');
        for (const id of part) rows.push({ id, name: names.get(id) ?? `#${id}`, result: 'failed', msg });
      }
      setProgress((p) => p && { ...p, done: Math.min(p.total, p.done + part.length) });
    }
    setResults(rows);
    void invalidate();
  };

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
          <Form form={form} layout="vertical" onFinish={(values) => void run(values)} disabled={busy} requiredMark>
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
            {check.ok && outsideSuggested(check.bp) && <Alert type="warning" showIcon className="catalog-alert" title={t('add.outsideSuggested')} data-testid="add-outside" />}
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
            className="catalog-progress"
            percent={Math.round((progress.done / Math.max(1, progress.total)) * 100)}
            status={results ? 'success' : 'active'}
            format={() => `${progress.done}/${progress.total}`}
            data-testid="add-progress"
          />
        )}
        {results && counts && (
          <>
            <Alert
              type={counts.added > 0 ? 'success' : 'info'}
              showIcon
              className="catalog-alert"
              title={t('add.summary', { added: counts.added, already: counts.already, other: counts.other })}
              data-testid="add-summary"
            />
            <Table<ResultRow>
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
                  render: (r: RowResult, row) => (
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
