import { useRef } from 'react';
import { SheetFileInput } from '../../../components/sheet-file-input.tsx';
import { Button, List, NoticeBar, Popup, Space } from 'antd-mobile';
import { lineName } from '@shopdesk/shared/products/variants';
import { useFormat } from '../../../lib/use-format.ts';
import { useProductSheet } from '../hooks/use-product-sheet.ts';

/** The phone products page's spreadsheet tools: export, and import with its dry run (then apply). */
export function MobileProductSheet() {
  const { t } = useFormat('products');
  const sheet = useProductSheet();
  const input = useRef<HTMLInputElement>(null);
  return (
    <div className="m-filter-row" data-testid="m-sheet-tools">
      <Space wrap>
        <Button size="small" loading={sheet.busy === 'export'} onClick={() => void sheet.exportAs('xlsx')} data-testid="m-sheet-export-xlsx">
          {t('sheet.exportXlsx')}
        </Button>
        <Button size="small" loading={sheet.busy === 'export'} onClick={() => void sheet.exportAs('csv')} data-testid="m-sheet-export-csv">
          {t('sheet.exportCsv')}
        </Button>
        <Button size="small" onClick={() => input.current?.click()} data-testid="m-sheet-import">
          {t('sheet.import')}
        </Button>
      </Space>
      <SheetFileInput ref={input} testId="m-sheet-file" onFile={(file) => void sheet.check(file)} />
      <Popup visible={sheet.open} onMaskClick={sheet.close} onClose={sheet.close} bodyClassName="m-sheet">
        <div className="m-sheet-body" data-testid="m-sheet-result">
          <h3>{t('sheet.dryRunTitle', { name: sheet.file?.name ?? '' })}</h3>
          {sheet.busy === 'check' && <div className="m-order-meta">{t('sheet.checking')}</div>}
          {sheet.error && <NoticeBar color="error" wrap content={<span role="alert">{sheet.error}</span>} />}
          {sheet.report && (!sheet.applied || sheet.appliedAsChecked) && (
            <>
              {!sheet.applied && <NoticeBar color={sheet.report.failed ? 'alert' : 'info'} wrap content={t('sheet.summary', { total: sheet.report.total, changed: sheet.report.changed, unchanged: sheet.report.unchanged, failed: sheet.report.failed })} data-testid="m-sheet-summary" />}
              <List>
                {sheet.report.rows.map((r) => (
                  <List.Item key={r.row} description={`${t('sheet.row')} ${r.row} · ${r.sku}`}>
                    <div className="m-product-title">{lineName(r.name, r.variant)}</div>
                    {r.changes.map((c) => (
                      <div key={c.field} className="m-order-meta">
                        {sheet.fieldLabel(c.field)}: {sheet.valueText(c, c.before)} → {sheet.valueText(c, c.after)}
                      </div>
                    ))}
                    {r.errors.map((e, i) => (
                      <div key={i} className="m-field-error" data-testid="m-sheet-error">
                        {sheet.fieldLabel(e.field)}: {e.message}
                      </div>
                    ))}
                  </List.Item>
                ))}
              </List>
            </>
          )}
          {sheet.applied ? (
            // Next to the button just pressed: the list above may be scrolled far down.
            <>
              <NoticeBar color="info" wrap style={{ marginTop: 12 }} content={t('sheet.appliedText', { applied: sheet.applied.applied, failed: sheet.applied.failed })} data-testid="m-sheet-applied" />
              <Button block size="large" style={{ marginTop: 12 }} onClick={sheet.close}>
                {t('common:actions.close')}
              </Button>
            </>
          ) : (
            <div className="m-sheet-actions">
              <Button block size="large" onClick={sheet.close}>
                {t('common:actions.cancel')}
              </Button>
              <Button block color="primary" size="large" disabled={!sheet.report?.changed} loading={sheet.busy === 'apply'} onClick={() => void sheet.apply()} data-testid="m-sheet-apply">
                {t('sheet.apply', { n: sheet.report?.changed ?? 0 })}
              </Button>
            </div>
          )}
        </div>
      </Popup>
    </div>
  );
}
