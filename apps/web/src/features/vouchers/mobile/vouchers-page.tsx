import { PromotionSheet } from '../../../components/mobile/promotion-sheet.tsx';
import { Button, CheckList, DotLoading, Input, NoticeBar, Selector, Switch, Tag } from 'antd-mobile';
import { AddOutline } from 'antd-mobile-icons';
import type { VoucherView } from '@shopdesk/shared/marketing/vouchers';
import { CapsuleTabs } from '../../../components/mobile/capsule-tabs.tsx';
import { Dialog } from '../../../components/mobile/imperative.ts';
import { MobilePageFrame } from '../../../components/mobile/page-frame.tsx';
import { MPromotionResultsSheet } from '../../../components/mobile/promotion-results-sheet.tsx';
import { MobileQueryState } from '../../../components/mobile/query-state.tsx';
import { NamespaceGate } from '../../../components/namespace-gate.tsx';
import { useVouchersScreen, type VouchersScreen } from '../hooks/use-vouchers-screen.ts';
import type { VoucherField } from '../hooks/voucher-form.ts';
import '../../../styles/vouchers.css';

type Editor = VouchersScreen['editor'];

/** A labelled field with its error (or a started voucher's note) read with the control. */
function MField({ editor, field, children }: { editor: Editor; field: VoucherField; children: React.ReactNode }) {
  const error = editor.error(field);
  const note = error ?? editor.note(field);
  return (
    <div className="m-vch-field">
      <label className="m-vch-label" htmlFor={`m-vch-${field}`} id={`m-vch-${field}-label`}>
        {editor.label(field)}
      </label>
      {children}
      {note && (
        <div id={`m-vch-${field}-note`} className={error ? 'm-vch-error' : 'm-vch-note'} role={error ? 'alert' : undefined}>
          {note}
        </div>
      )}
    </div>
  );
}

function mInput(editor: Editor, field: 'name' | 'amountOffCents' | 'percentOff' | 'maxDiscountCents' | 'minSpendCents' | 'totalQuantity' | 'perBuyerLimit' | 'code' | 'startsAt' | 'endsAt', type?: string) {
  return (
    <MField editor={editor} field={field}>
      <Input
        id={`m-vch-${field}`}
        className="m-vch-input"
        type={type}
        value={editor.values[field]}
        disabled={editor.locked(field)}
        onChange={(value) => editor.set(field, value)}
        aria-describedby={`m-vch-${field}-note`}
        data-testid={`m-voucher-${field}`}
      />
    </MField>
  );
}

function choice<K extends 'scope' | 'kind' | 'visibility'>(editor: Editor, field: K, options: { value: Editor['values'][K]; label: string }[]) {
  return (
    <MField editor={editor} field={field}>
      <div role="group" aria-labelledby={`m-vch-${field}-label`}>
        <Selector
          columns={2}
          options={options}
          value={[editor.values[field]]}
          disabled={editor.locked(field)}
          onChange={(v) => v[0] && editor.set(field, v[0])}
          data-testid={`m-voucher-${field}`}
        />
      </div>
    </MField>
  );
}

function MVoucherForm({ screen }: { screen: VouchersScreen }) {
  const { editor, t } = screen;
  const v = editor.values;
  return (
    <div data-testid="m-voucher-form">
      {editor.startedNote && <NoticeBar content={editor.startedNote} color="info" wrap />}
      {mInput(editor, 'name')}
      {choice(editor, 'scope', [{ value: 'shop', label: t('form.scope.shop') }, { value: 'products', label: t('form.scope.products') }])}
      {v.scope === 'products' && (
        <MField editor={editor} field="productIds">
          {editor.productsLoading ? (
            <DotLoading color="primary" />
          ) : (
            <CheckList multiple className="m-vch-products" value={v.productIds} onChange={(ids) => editor.set('productIds', ids as number[])} aria-labelledby="m-vch-productIds-label">
              {editor.productOptions.map((p) => (
                <CheckList.Item key={p.value} value={p.value}>
                  {p.label}
                </CheckList.Item>
              ))}
            </CheckList>
          )}
        </MField>
      )}
      {choice(editor, 'visibility', [{ value: 'public', label: t('form.visibility.public') }, { value: 'code', label: t('form.visibility.code') }])}
      {v.visibility === 'code' && mInput(editor, 'code')}
      {choice(editor, 'kind', [{ value: 'amount', label: t('form.kind.amount') }, { value: 'percent', label: t('form.kind.percent') }])}
      {v.kind === 'amount' ? mInput(editor, 'amountOffCents') : mInput(editor, 'percentOff')}
      {v.kind === 'percent' && mInput(editor, 'maxDiscountCents')}
      {mInput(editor, 'minSpendCents')}
      {mInput(editor, 'startsAt', 'datetime-local')}
      {mInput(editor, 'endsAt', 'datetime-local')}
      {mInput(editor, 'totalQuantity')}
      {mInput(editor, 'perBuyerLimit')}
    </div>
  );
}

function MVoucherSheet({ screen }: { screen: VouchersScreen }) {
  return <PromotionSheet kind="voucher" editor={screen.editor} preview={screen.preview} t={screen.t} form={<MVoucherForm screen={screen} />} />;
}

function MVoucherCard({ screen, voucher }: { screen: VouchersScreen; voucher: VoucherView }) {
  const { t } = screen;
  const row = screen.row(voucher);
  const confirmEnd = async () => {
    const texts = screen.endConfirm(voucher);
    const ok = await Dialog.confirm({ title: texts.title, content: texts.content, confirmText: <span className="m-danger">{texts.ok}</span>, cancelText: texts.cancel });
    if (ok) await screen.end(voucher);
  };
  return (
    <li className="m-vch-card" data-testid={`m-voucher-${voucher.id}`}>
      <div className="m-vch-card-head">
        <strong>{voucher.name}</strong>
        <Tag fill="outline">{row.visibility}</Tag>
      </div>
      <div className="m-vch-discount">{row.discount}</div>
      <div className="m-vch-sub">
        {row.minSpend} · {row.scope}
      </div>
      <div className="m-vch-sub">{row.window}</div>
      <div className="m-vch-sub">
        {row.claimed} · {row.used} · {row.perBuyer}
      </div>
      {row.endedEarly && <Tag color="default">{t('row.endedEarly')}</Tag>}
      <div className="m-vch-card-actions">
        <Button size="small" onClick={() => screen.results.show(voucher)} aria-label={screen.results.openLabel(voucher.name)} data-testid={`m-voucher-results-${voucher.id}`}>
          {screen.results.openText}
        </Button>
          {row.canEdit && (
            <Button size="small" onClick={() => screen.editor.start(voucher)} aria-label={row.editLabel}>
              {t('actions.edit')}
            </Button>
          )}
          {row.canEnd && (
            <Button size="small" color="danger" fill="outline" loading={screen.ending === voucher.id} onClick={() => void confirmEnd()} aria-label={row.endLabel}>
              {t('actions.end')}
            </Button>
          )}
      </div>
    </li>
  );
}

function MobileVouchersContent() {
  const screen = useVouchersScreen();
  const { t } = screen;
  return (
    <div className="m-vch" data-testid="m-vouchers">
      <div className="m-vch-settings">
        <label className="m-vch-switch">
          <span>{t('settings.neverBelowCost')}</span>
          <Switch checked={screen.neverBelowCost} loading={screen.savingSettings} onChange={screen.setNeverBelowCost} aria-label={t('settings.neverBelowCost')} />
        </label>
        <p className="m-vch-note">{t('settings.hint')}</p>
      </div>
      {screen.endingFilter && (
        <div className="vch-filter m-vch-filter" data-testid="m-voucher-ending-filter">
          <Tag color="warning">{screen.endingFilter.label}</Tag>
          <Button size="mini" fill="none" color="primary" onClick={screen.endingFilter.clear}>
            {screen.endingFilter.clearText}
          </Button>
        </div>
      )}
      <CapsuleTabs label={t('statusFilter')} tabs={screen.statuses.map((s) => ({ key: s, title: screen.statusLabel(s) }))} activeKey={screen.status} onChange={(k) => screen.setStatus(k as typeof screen.status)} />
      <MobileQueryState query={screen.list} isEmpty={(d) => d.list.length === 0} emptyText={screen.emptyText} testId="m-vouchers">
        {(data) => (
          <ul className="m-vch-list">
            {data.list.map((v) => (
              <MVoucherCard key={v.id} screen={screen} voucher={v} />
            ))}
          </ul>
        )}
      </MobileQueryState>
      <MVoucherSheet screen={screen} />
      <MPromotionResultsSheet panel={screen.results} />
      <Button className="m-vch-create" color="primary" block onClick={() => screen.editor.start()} data-testid="m-voucher-create">
        <AddOutline aria-hidden /> {t('actions.create')}
      </Button>
    </div>
  );
}

export function MobileVouchersPage() {
  return (
    <MobilePageFrame titleKey="vouchers">
      <NamespaceGate ns="vouchers" fallback={<div className="m-state"><DotLoading color="primary" /></div>}>
        <MobileVouchersContent />
      </NamespaceGate>
    </MobilePageFrame>
  );
}
