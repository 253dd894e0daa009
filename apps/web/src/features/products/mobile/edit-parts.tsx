import { useState } from 'react';
import { Button, DatePicker, Form, Input, List, Tag } from 'antd-mobile';
import { Dialog } from '../../../components/mobile/imperative.ts';
import dayjs from 'dayjs';
import { useFormat } from '../../../lib/use-format.ts';
import type { useProductEdit } from '../hooks/use-product-edit.ts';
import type { BatchRowResult } from '../hooks/use-product-batches.ts';
import type { PriceQuestion } from '../hooks/use-price-question.ts';

const DAY = 'YYYY-MM-DD';
const YEARS = 10;

/**
 * A discount on the phone's edit forms (one product's page, the batch sheet): its start and end
 * days, each from a picker, then the ratio, and a way to remove it. `prefix` starts the test ids
 * (the page's `m-edit`, the sheet's `m-batch-edit`).
 */
export function MobileDiscountFields({ edit, prefix }: { edit: ReturnType<typeof useProductEdit>; prefix: string }) {
  const { t } = useFormat('products');
  const [picker, setPicker] = useState<'start' | 'end' | null>(null);
  const { start, end } = edit;
  const now = new Date();
  return (
    <>
      <Form.Item label={t('fields.discountStart')} onClick={() => setPicker('start')} arrowIcon extra={start ? null : t('edit.choose')} description={t('edit.datesFirst')}>
        <span data-testid={`${prefix}-start`}>{start ?? ''}</span>
      </Form.Item>
      <Form.Item label={t('fields.discountEnd')} onClick={() => setPicker('end')} arrowIcon extra={end ? null : t('edit.choose')}>
        <span data-testid={`${prefix}-end`}>{end ?? ''}</span>
      </Form.Item>
      <Form.Item name="discountRatio" label={t('fields.discountRatio')} disabled={!edit.datesSet} extra="%" rules={edit.rules.discountRatio}>
        <Input inputMode="decimal" clearable disabled={!edit.datesSet} placeholder={edit.discountPlaceholder} data-testid={`${prefix}-discount`} />
      </Form.Item>
      {edit.datesSet && (
        <Form.Item>
          <Button size="mini" fill="none" color="danger" onClick={edit.clearDiscount}>
            {t('edit.clearDiscount')}
          </Button>
        </Form.Item>
      )}
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
    </>
  );
}

/** The prices the edit would give (the first product's, in a batch). */
export function MobilePricePreview({ edit, prefix, title }: { edit: ReturnType<typeof useProductEdit>; prefix: string; title?: string }) {
  const f = useFormat('products');
  const { t } = f;
  const { preview } = edit;
  return (
    <List className="m-preview" header={title}>
      <List.Item extra={<span data-testid={`${prefix}-preview-price`}>{preview ? f.usdt(preview.priceCents) : '—'}</span>}>{t('fields.price')}</List.Item>
      <List.Item extra={preview ? f.usdt(preview.salePriceCents) : '—'}>{t('fields.salePrice')}</List.Item>
      <List.Item extra={preview ? f.usdt(preview.discountPriceCents) : '—'}>{t('fields.discountPrice')}</List.Item>
      <List.Item extra={<span data-testid={`${prefix}-preview-profit`}>{preview ? f.usdt(preview.profitCents) : '—'}</span>}>{t('fields.profit')}</List.Item>
    </List>
  );
}

/** Each product of a batch edit or delete and how it went. */
export function MobileBatchResults({ rows }: { rows: readonly BatchRowResult[] }) {
  const { t } = useFormat('products');
  return (
    <List data-testid="m-batch-results">
      {rows.map((r) => (
        <List.Item key={r.id} extra={<Tag color={r.ok ? 'success' : 'danger'}>{r.ok ? t('batch.ok') : (r.msg ?? t('batch.failed'))}</Tag>}>
          <span className="m-order-title">{r.name}</span>
        </List.Item>
      ))}
    </List>
  );
}

/** The question before saving a loss or a far-off ratio, with each product's unit profit. */
export function MobilePriceConfirm({ question }: { question: PriceQuestion }) {
  const { confirmation } = question;
  return (
    <Dialog
      visible={confirmation !== null}
      title={confirmation?.title}
      content={
        <div data-testid="m-price-confirm">
          {confirmation?.lines.map((line) => (
            <p key={line} className="m-field-error">
              {line}
            </p>
          ))}
        </div>
      }
      actions={[
        [
          { key: 'back', text: confirmation?.cancelText, onClick: question.cancel },
          { key: 'save', text: <span data-testid="m-price-confirm-ok">{confirmation?.okText}</span>, danger: true, bold: true, onClick: question.confirm },
        ],
      ]}
    />
  );
}
