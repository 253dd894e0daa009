import { Button, Form, Input, NoticeBar, Popup, ProgressBar, Selector } from 'antd-mobile';
import type { ShopProductView } from '@shopdesk/shared/products/schemas';
import { useFormat } from '../../../lib/use-format.ts';
import { useProductEdit, type ProductEditValues } from '../hooks/use-product-edit.ts';
import { MobileBatchResults, MobileDiscountFields, MobilePriceConfirm, MobilePricePreview } from './edit-parts.tsx';

/**
 * The phone's batch edit of the picked products (twin of the desktop's BatchEditDialog): profit
 * ratio, a discount (dates first), status, each left empty unchanged; sent in parts with a
 * progress bar, then every product's result.
 */
export function MobileBatchEditSheet({ products, onClose }: { products: ShopProductView[] | null; onClose: (changed: boolean) => void }) {
  const { t } = useFormat('products');
  const [form] = Form.useForm<ProductEditValues>();
  const edit = useProductEdit(form, { products: products ?? [], mode: 'batch', onClose });
  const { results, progress, busy } = edit;

  return (
    <Popup visible={products !== null} onMaskClick={edit.close} onClose={edit.close} bodyClassName="m-sheet" destroyOnClose>
      <div className="m-sheet-body" data-testid="m-batch-edit-sheet">
        <h3>{edit.title}</h3>
        {!results && (
          <Form form={form} layout="horizontal" onFinish={edit.submit} onValuesChange={edit.watch} disabled={busy}>
            <Form.Item name="profitRatio" label={t('fields.profitRatio')} help={edit.profitHint} rules={edit.rules.profitRatio} extra="%">
              <Input inputMode="decimal" clearable placeholder={t('edit.unchanged')} data-testid="m-batch-edit-profit" />
            </Form.Item>
            <MobileDiscountFields edit={edit} prefix="m-batch-edit" />
            <Form.Item name="status" label={t('fields.status')} description={t('edit.unchanged')}>
              <Selector columns={2} options={edit.statusOptions} data-testid="m-batch-edit-status" />
            </Form.Item>
          </Form>
        )}
        {!results && edit.formError && <NoticeBar color="error" wrap content={edit.formError} data-testid="m-batch-edit-error" />}
        {!results && edit.sample && <MobilePricePreview edit={edit} prefix="m-batch-edit" title={t('preview.title', { name: edit.sample.name })} />}
        <MobilePriceConfirm question={edit.question} />
        {progress && <ProgressBar percent={edit.progressPercent} text={`${progress.done}/${progress.total}`} style={{ margin: '12px 0' }} data-testid="m-batch-edit-progress" />}
        {results && (
          <>
            <NoticeBar color={edit.allOk ? 'info' : 'alert'} wrap content={edit.summary} data-testid="m-batch-edit-summary" />
            <MobileBatchResults rows={results} />
          </>
        )}
        <Button block color="primary" size="large" style={{ marginTop: 12 }} loading={busy} onClick={results ? edit.close : () => form.submit()} data-testid="m-batch-edit-submit">
          {results ? t('common:actions.done') : t('edit.submit')}
        </Button>
      </div>
    </Popup>
  );
}
