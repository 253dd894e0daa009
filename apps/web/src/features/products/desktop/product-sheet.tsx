import { useRef } from 'react';
import { SheetFileInput } from '../../../components/sheet-file-input.tsx';
import { Alert, Button, Dropdown, Modal, Space, Table, Tag, Typography, type TableColumnsType } from 'antd';
import { DownloadOutlined, UndoOutlined, UploadOutlined } from '@ant-design/icons';
import type { SheetRowReport } from '@shopdesk/shared/products/spreadsheet';
import { useFormat } from '../../../lib/use-format.ts';
import { useProductSheet } from '../hooks/use-product-sheet.ts';

/** The desktop products page's spreadsheet tools: export, import with its dry run, undo. */
export function ProductSheetTools() {
  const { t } = useFormat('products');
  const sheet = useProductSheet();
  const input = useRef<HTMLInputElement>(null);
  const columns: TableColumnsType<SheetRowReport> = [
    { title: t('sheet.row'), dataIndex: 'row', width: 70 },
    { title: 'SKU', dataIndex: 'sku', width: 170 },
    { title: t('sheet.name'), dataIndex: 'name', ellipsis: true },
    { title: t('sheet.variant'), dataIndex: 'variant', width: 120, ellipsis: true, render: (variant: string) => variant || '—' },
    {
      title: t('sheet.changes'),
      key: 'changes',
      width: 340,
      render: (_, r) => (
        <Space direction="vertical" size={0}>
          {r.changes.map((c) => (
            <span key={c.field} data-testid="sheet-change">
              {sheet.fieldLabel(c.field)}: <Typography.Text delete>{sheet.valueText(c, c.before)}</Typography.Text> → <Typography.Text strong>{sheet.valueText(c, c.after)}</Typography.Text>
            </span>
          ))}
          {r.errors.map((e, i) => (
            <Typography.Text key={i} type="danger" data-testid="sheet-error">
              {sheet.fieldLabel(e.field)}: {e.message}
            </Typography.Text>
          ))}
        </Space>
      ),
    },
    {
      title: t('sheet.result'),
      key: 'result',
      width: 120,
      render: (_, r) => (
        <Tag color={r.result === 'error' ? 'error' : sheet.applied ? 'success' : 'processing'}>{t(sheet.applied ? `sheet.results.${r.result === 'error' ? 'notApplied' : 'applied'}` : `sheet.results.${r.result}`)}</Tag>
      ),
    },
  ];
  return (
    <>
      <Dropdown
        menu={{
          items: [
            { key: 'xlsx', label: t('sheet.exportXlsx'), onClick: () => void sheet.exportAs('xlsx') },
            { key: 'csv', label: t('sheet.exportCsv'), onClick: () => void sheet.exportAs('csv') },
          ],
        }}
      >
        <Button icon={<DownloadOutlined aria-hidden />} loading={sheet.busy === 'export'} data-testid="sheet-export">
          {t('sheet.export')}
        </Button>
      </Dropdown>
      <Button icon={<UploadOutlined aria-hidden />} onClick={() => input.current?.click()} data-testid="sheet-import">
        {t('sheet.import')}
      </Button>
      <SheetFileInput ref={input} testId="sheet-file" onFile={(file) => void sheet.check(file)} />
      <Button icon={<UndoOutlined aria-hidden />} loading={sheet.busy === 'undo'} onClick={() => void sheet.undo()} data-testid="sheet-undo">
        {t('sheet.undo')}
      </Button>
      <Modal
        open={sheet.open}
        width={1080}
        title={t('sheet.dryRunTitle', { name: sheet.file?.name ?? '' })}
        onCancel={sheet.close}
        footer={
          sheet.applied ? (
            <Button type="primary" onClick={sheet.close}>
              {t('common:actions.close')}
            </Button>
          ) : (
            <Space>
              <Button onClick={sheet.close}>{t('common:actions.cancel')}</Button>
              <Button type="primary" disabled={!sheet.report?.changed} loading={sheet.busy === 'apply'} onClick={() => void sheet.apply()} data-testid="sheet-apply">
                {t('sheet.apply', { n: sheet.report?.changed ?? 0 })}
              </Button>
            </Space>
          )
        }
      >
        {sheet.error && <Alert type="error" showIcon message={sheet.error} style={{ marginBottom: 12 }} />}
        {sheet.applied && <Alert type="success" showIcon message={t('sheet.appliedText', { applied: sheet.applied.applied, failed: sheet.applied.failed })} style={{ marginBottom: 12 }} data-testid="sheet-applied" />}
        {sheet.report && (!sheet.applied || sheet.appliedAsChecked) && (
          <>
            {!sheet.applied && (
              <Typography.Paragraph data-testid="sheet-summary">{t('sheet.summary', { total: sheet.report.total, changed: sheet.report.changed, unchanged: sheet.report.unchanged, failed: sheet.report.failed })}</Typography.Paragraph>
            )}
            <Table<SheetRowReport> rowKey="row" size="small" columns={columns} dataSource={sheet.report.rows} pagination={{ pageSize: 50, hideOnSinglePage: true }} data-testid="sheet-rows" />
          </>
        )}
        {sheet.busy === 'check' && <Typography.Text>{t('sheet.checking')}</Typography.Text>}
      </Modal>
    </>
  );
}
