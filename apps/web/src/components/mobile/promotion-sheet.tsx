import type { ReactNode } from 'react';
import { Button, NoticeBar, Popup, Tag } from 'antd-mobile';
import type { PromotionEditorState, PromotionPreviewState } from '../promotion-editor-state.ts';

/**
 * A promotion's create/edit sheet on the phone (vouchers, flash deals): the form, then the margin
 * preview from which alone it saves. `kind` prefixes the test ids (`m-<kind>-…`).
 */
export function PromotionSheet({ kind, editor, preview, t, form }: { kind: string; editor: PromotionEditorState; preview: PromotionPreviewState | null; t: (key: string) => string; form: ReactNode }) {
  return (
    <Popup visible={editor.open} onMaskClick={editor.close} onClose={editor.close} bodyClassName="m-sheet m-vch-sheet" showCloseButton destroyOnClose>
      <h2 className="m-vch-sheet-title">{editor.title}</h2>
      <div className="m-vch-sheet-body">
        {preview ? <MarginPreview kind={kind} preview={preview} t={t} /> : form}
        {editor.refusal && (
          <div className="m-vch-error" role="alert" data-testid={`m-${kind}-refusal`}>
            {editor.refusal}
          </div>
        )}
      </div>
      <div className="m-vch-sheet-foot">
        {preview ? (
          <>
            <Button onClick={preview.back}>{t('actions.back')}</Button>
            <Button color={preview.belowCost ? 'danger' : 'primary'} disabled={preview.refused} loading={editor.busy === 'save'} onClick={() => void preview.save()} data-testid={`m-${kind}-save`}>
              {preview.saveText}
            </Button>
          </>
        ) : (
          <Button block color="primary" loading={editor.busy === 'preview'} onClick={() => void editor.check()} data-testid={`m-${kind}-check`}>
            {editor.checkText}
          </Button>
        )}
      </div>
    </Popup>
  );
}

function MarginPreview({ kind, preview, t }: { kind: string; preview: PromotionPreviewState; t: (key: string) => string }) {
  return (
    <div data-testid={`m-${kind}-preview`}>
      <div role={preview.belowCost ? 'alert' : 'status'} data-testid={`m-${kind}-preview-summary`}>
        <NoticeBar content={preview.summary} color={preview.belowCost ? 'alert' : 'info'} wrap />
      </div>
      <ul className="m-vch-margin">
        {preview.rows.map((r) => (
          <li key={r.productId} className={r.belowCost ? 'm-vch-margin-row vch-loss' : 'm-vch-margin-row'}>
            <div className="m-vch-margin-name">{r.name}</div>
            <div className="m-vch-margin-figures">
              <span>
                {t('preview.price')}: {r.price}
              </span>
              <span>
                {t('preview.lowest')}: {r.lowest}
              </span>
              <span>
                {t('preview.cost')}: {r.cost}
              </span>
              <strong>
                {t('preview.profit')}: {r.profit}
              </strong>
              {r.belowCost && <Tag color="danger">{t('preview.lossTag')}</Tag>}
            </div>
          </li>
        ))}
      </ul>
    </div>
  );
}
