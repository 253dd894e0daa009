import { PromotionSheet } from '../../../components/mobile/promotion-sheet.tsx';
import { Button, DotLoading, Input, NoticeBar, Selector, Tag } from 'antd-mobile';
import { AddOutline } from 'antd-mobile-icons';
import type { DealView } from '@shopdesk/shared/marketing/deals';
import { CapsuleTabs } from '../../../components/mobile/capsule-tabs.tsx';
import { Dialog } from '../../../components/mobile/imperative.ts';
import { MobilePageFrame } from '../../../components/mobile/page-frame.tsx';
import { MPromotionResultsSheet } from '../../../components/mobile/promotion-results-sheet.tsx';
import { MobileQueryState } from '../../../components/mobile/query-state.tsx';
import { NamespaceGate } from '../../../components/namespace-gate.tsx';
import { useDealsScreen, type DealsScreen } from '../hooks/use-deals-screen.ts';
import type { DealField } from '../hooks/deal-form.ts';
import '../../../styles/vouchers.css';

type Editor = DealsScreen['editor'];

/** A labelled field with its error (or a running deal's note) read with the control. */
function MField({ editor, field, hint, children }: { editor: Editor; field: DealField; hint?: string; children: React.ReactNode }) {
  const error = editor.error(field);
  const note = error ?? editor.note(field) ?? hint;
  return (
    <div className="m-vch-field">
      <label className="m-vch-label" htmlFor={`m-deal-${field}`} id={`m-deal-${field}-label`}>
        {editor.label(field)}
      </label>
      {children}
      {note && (
        <div id={`m-deal-${field}-note`} className={error ? 'm-vch-error' : 'm-vch-note'} role={error ? 'alert' : undefined}>
          {note}
        </div>
      )}
    </div>
  );
}

function mInput(editor: Editor, field: 'dealPriceCents' | 'startsAt' | 'endsAt' | 'stockCap', type?: string, hint?: string) {
  return (
    <MField editor={editor} field={field} hint={hint}>
      <Input
        id={`m-deal-${field}`}
        className="m-vch-input"
        type={type}
        value={editor.values[field]}
        disabled={editor.locked(field)}
        onChange={(value) => editor.set(field, value)}
        aria-describedby={`m-deal-${field}-note`}
        data-testid={`m-deal-${field}`}
      />
    </MField>
  );
}

function MDealForm({ screen }: { screen: DealsScreen }) {
  const { editor } = screen;
  return (
    <div data-testid="m-deal-form">
      {editor.startedNote && <NoticeBar content={editor.startedNote} color="info" wrap />}
      <MField editor={editor} field="productId">
        {editor.productsLoading ? (
          <DotLoading color="primary" />
        ) : (
          <div role="group" aria-labelledby="m-deal-productId-label" className="m-vch-products">
            <Selector
              columns={1}
              options={editor.productOptions}
              value={editor.values.productId === null ? [] : [editor.values.productId]}
              disabled={editor.locked('productId')}
              onChange={(v) => editor.set('productId', v[0] ?? null)}
              data-testid="m-deal-productId"
            />
          </div>
        )}
      </MField>
      {mInput(editor, 'dealPriceCents', undefined, editor.priceHint)}
      {mInput(editor, 'stockCap')}
      {mInput(editor, 'startsAt', 'datetime-local')}
      {mInput(editor, 'endsAt', 'datetime-local')}
    </div>
  );
}

function MDealSheet({ screen }: { screen: DealsScreen }) {
  return <PromotionSheet kind="deal" editor={screen.editor} preview={screen.preview} t={screen.t} form={<MDealForm screen={screen} />} />;
}

function MDealCard({ screen, deal }: { screen: DealsScreen; deal: DealView }) {
  const { t } = screen;
  const row = screen.row(deal);
  const confirmEnd = async () => {
    const texts = screen.endConfirm(deal);
    const ok = await Dialog.confirm({ title: texts.title, content: texts.content, confirmText: <span className="m-danger">{texts.ok}</span>, cancelText: texts.cancel });
    if (ok) await screen.end(deal);
  };
  return (
    <li className="m-vch-card" data-testid={`m-deal-${deal.id}`}>
      <div className="m-vch-card-head">
        <strong>{deal.productName}</strong>
        {row.endedEarly && <Tag color="default">{t('row.endedEarly')}</Tag>}
      </div>
      <div className="m-vch-discount">
        {row.price} <span className="m-vch-sub">{row.normal}</span>
      </div>
      <div className="m-vch-sub">{row.window}</div>
      <div className="m-vch-sub" data-testid={`m-deal-sold-${deal.id}`}>
        {row.sold}
      </div>
      <div className="m-vch-card-actions">
        <Button size="small" onClick={() => screen.showResults(deal)} aria-label={screen.results.openLabel(deal.productName)} data-testid={`m-deal-results-${deal.id}`}>
          {screen.results.openText}
        </Button>
        {row.canEdit && (
          <Button size="small" onClick={() => screen.editor.start(deal)} aria-label={row.editLabel}>
            {t('actions.edit')}
          </Button>
        )}
        {row.canEnd && (
          <Button size="small" color="danger" fill="outline" loading={screen.ending === deal.id} onClick={() => void confirmEnd()} aria-label={row.endLabel}>
            {t('actions.end')}
          </Button>
        )}
      </div>
    </li>
  );
}

function MobileDealsContent() {
  const screen = useDealsScreen();
  const { t } = screen;
  return (
    <div className="m-vch" data-testid="m-deals">
      <CapsuleTabs label={t('statusFilter')} tabs={screen.statuses.map((s) => ({ key: s, title: screen.statusLabel(s) }))} activeKey={screen.status} onChange={(k) => screen.setStatus(k as typeof screen.status)} />
      <MobileQueryState query={screen.list} isEmpty={(d) => d.list.length === 0} emptyText={screen.emptyText} testId="m-deals">
        {(data) => (
          <ul className="m-vch-list">
            {data.list.map((d) => (
              <MDealCard key={d.id} screen={screen} deal={d} />
            ))}
          </ul>
        )}
      </MobileQueryState>
      <MDealSheet screen={screen} />
      <MPromotionResultsSheet panel={screen.results} />
      <Button className="m-vch-create" color="primary" block onClick={() => screen.editor.start()} data-testid="m-deal-create">
        <AddOutline aria-hidden /> {t('actions.create')}
      </Button>
    </div>
  );
}

export function MobileDealsPage() {
  return (
    <MobilePageFrame titleKey="deals">
      <NamespaceGate ns="deals" fallback={<div className="m-state"><DotLoading color="primary" /></div>}>
        <MobileDealsContent />
      </NamespaceGate>
    </MobilePageFrame>
  );
}
