import { useRef } from 'react';
import { SheetFileInput } from '../../../components/sheet-file-input.tsx';
import { Button, List, Popup, Space } from 'antd-mobile';
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
      {!sheet.open && sheet.error && <div className="m-order-meta">{sheet.error}</div>}
      <Popup visible={sheet.open} onMaskClick={sheet.close} bodyStyle={{ maxHeight: '85vh', overflowY: 'auto' }}>
        <div data-testid="m-sheet-result" style={{ padding: 12 }}>
          <div className="m-product-title">{t('sheet.dryRunTitle', { name: sheet.file?.name ?? '' })}</div>
          {sheet.busy === 'check' && <div className="m-order-meta">{t('sheet.checking')}</div>}
          {sheet.error && <div className="m-order-meta" role="alert">{sheet.error}</div>}
          {sheet.applied && <div data-testid="m-sheet-applied">{t('sheet.appliedText', { applied: sheet.applied.applied, failed: sheet.applied.failed })}</div>}
          {sheet.report && (
            <>
              <div className="m-order-meta" data-testid="m-sheet-summary">
                {t('sheet.summary', { total: sheet.report.total, changed: sheet.report.changed, unchanged: sheet.report.unchanged, failed: sheet.report.failed })}
              </div>
              <List>
                {sheet.report.rows.map((r) => (
                  <List.Item key={r.row} description={`${t('sheet.row')} ${r.row} · ${r.sku}`}>
                    <div>{r.name}</div>
                    {r.changes.map((c) => (
                      <div key={c.field} className="m-order-meta">
                        {sheet.fieldLabel(c.field)}: {sheet.valueText(c, c.before)} → {sheet.valueText(c, c.after)}
                      </div>
                    ))}
                    {r.errors.map((e, i) => (
                      <div key={i} className="m-order-meta" style={{ color: 'var(--adm-color-danger)' }} data-testid="m-sheet-error">
                        {sheet.fieldLabel(e.field)}: {e.message}
                      </div>
                    ))}
                  </List.Item>
                ))}
              </List>
            </>
          )}
          <Space style={{ marginTop: 12 }}>
            <Button onClick={sheet.close}>{t(sheet.applied ? 'common:actions.close' : 'common:actions.cancel')}</Button>
            {!sheet.applied && (
              <Button color="primary" disabled={!sheet.report?.changed} loading={sheet.busy === 'apply'} onClick={() => void sheet.apply()} data-testid="m-sheet-apply">
                {t('sheet.apply', { n: sheet.report?.changed ?? 0 })}
              </Button>
            )}
          </Space>
        </div>
      </Popup>
    </div>
  );
}
