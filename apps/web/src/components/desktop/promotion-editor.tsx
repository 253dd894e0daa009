import type { ReactNode } from 'react';
import { Alert, Button, Modal, Space, Table, Tag } from 'antd';
import type { PromotionEditorState, PromotionPreviewState } from '../promotion-editor-state.ts';

/**
 * A promotion's create/edit dialog (vouchers, flash deals): the form, then the margin preview
 * (each product's lowest price against its cost) from which alone it saves. `kind` prefixes the
 * test ids; `t` is the promotion's namespace (actions.*, preview.*).
 */
export function PromotionEditor({ kind, editor, preview, t, form, width }: { kind: string; editor: PromotionEditorState; preview: PromotionPreviewState | null; t: (key: string) => string; form: ReactNode; width: number }) {
  const footer = preview ? (
    <Space>
      <Button onClick={preview.back} data-testid={`${kind}-preview-back`}>
        {t('actions.back')}
      </Button>
      <Button type="primary" danger={preview.belowCost} disabled={preview.refused} loading={editor.busy === 'save'} onClick={() => void preview.save()} data-testid={`${kind}-save`}>
        {preview.saveText}
      </Button>
    </Space>
  ) : (
    <Space>
      <Button onClick={editor.close}>{editor.cancelText}</Button>
      <Button type="primary" loading={editor.busy === 'preview'} onClick={() => void editor.check()} data-testid={`${kind}-check`}>
        {editor.checkText}
      </Button>
    </Space>
  );
  return (
    <Modal open={editor.open} title={editor.title} onCancel={editor.close} footer={footer} width={width} destroyOnHidden maskClosable={false}>
      {preview ? <MarginPreview kind={kind} editor={editor} preview={preview} t={t} /> : form}
    </Modal>
  );
}

function MarginPreview({ kind, editor, preview, t }: { kind: string; editor: PromotionEditorState; preview: PromotionPreviewState; t: (key: string) => string }) {
  return (
    <div className="vch-preview" data-testid={`${kind}-preview`}>
      <Alert type={preview.refused ? 'error' : preview.belowCost ? 'warning' : 'success'} showIcon message={preview.summary} role={preview.belowCost ? 'alert' : 'status'} data-testid={`${kind}-preview-summary`} />
      <Table
        size="small"
        rowKey="productId"
        pagination={false}
        scroll={{ y: 260 }}
        dataSource={preview.rows}
        rowClassName={(r) => (r.belowCost ? 'vch-loss' : '')}
        columns={[
          { title: t('preview.product'), dataIndex: 'name', ellipsis: true },
          { title: t('preview.price'), dataIndex: 'price', align: 'right', width: 140 },
          { title: t('preview.lowest'), dataIndex: 'lowest', align: 'right', width: 130 },
          { title: t('preview.cost'), dataIndex: 'cost', align: 'right', width: 130 },
          {
            title: t('preview.profit'),
            dataIndex: 'profit',
            align: 'right',
            width: 140,
            render: (profit: string, r) => (r.belowCost ? <Tag color="error">{`${profit} · ${t('preview.lossTag')}`}</Tag> : profit),
          },
        ]}
      />
      {editor.refusal && <Alert type="error" showIcon message={editor.refusal} role="alert" data-testid={`${kind}-refusal`} />}
    </div>
  );
}
