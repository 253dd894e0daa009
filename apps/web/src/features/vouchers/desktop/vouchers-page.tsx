import { PromotionEditor } from '../../../components/desktop/promotion-editor.tsx';
import { Alert, App, Button, Empty, Form, Input, Radio, Segmented, Select, Skeleton, Space, Switch, Table, Tag, type TableColumnsType } from 'antd';
import { PlusOutlined } from '@ant-design/icons';
import type { VoucherView } from '@shopdesk/shared/marketing/vouchers';
import { PageFrame } from '../../../components/desktop/page-frame.tsx';
import { PromotionResultsDrawer } from '../../../components/desktop/promotion-results-drawer.tsx';
import { QueryState } from '../../../components/desktop/query-state.tsx';
import { NamespaceGate } from '../../../components/namespace-gate.tsx';
import { useVouchersScreen, type VouchersScreen } from '../hooks/use-vouchers-screen.ts';
import type { VoucherField } from '../hooks/voucher-form.ts';
import '../../../styles/vouchers.css';

type Editor = VouchersScreen['editor'];

/** One labelled field: its error (or a started voucher's note) under it, tied to the input for screen readers. */
function Field({ editor, field, children }: { editor: Editor; field: VoucherField; children: React.ReactNode }) {
  const error = editor.error(field);
  return (
    <Form.Item label={editor.label(field)} htmlFor={`vch-${field}`} validateStatus={error ? 'error' : undefined} help={error ?? editor.note(field)} className="vch-field">
      {children}
    </Form.Item>
  );
}

function text(editor: Editor, field: 'name' | 'amountOffCents' | 'percentOff' | 'maxDiscountCents' | 'minSpendCents' | 'totalQuantity' | 'perBuyerLimit' | 'code' | 'startsAt' | 'endsAt', extra: { suffix?: string; type?: string; inputMode?: 'decimal' | 'numeric' } = {}) {
  return (
    <Field editor={editor} field={field}>
      <Input
        id={`vch-${field}`}
        value={editor.values[field]}
        disabled={editor.locked(field)}
        status={editor.error(field) ? 'error' : undefined}
        onChange={(e) => editor.set(field, e.target.value)}
        suffix={extra.suffix}
        type={extra.type}
        inputMode={extra.inputMode}
        data-testid={`voucher-${field}`}
      />
    </Field>
  );
}

function VoucherForm({ screen }: { screen: VouchersScreen }) {
  const { editor, t } = screen;
  const v = editor.values;
  return (
    <Form layout="vertical" component="div" className="vch-form" data-testid="voucher-form">
      {editor.startedNote && <Alert type="info" showIcon message={editor.startedNote} className="vch-alert" />}
      {text(editor, 'name')}
      <div className="vch-grid">
        <Field editor={editor} field="scope">
          <Radio.Group id="vch-scope" value={v.scope} disabled={editor.locked('scope')} onChange={(e) => editor.set('scope', e.target.value)} aria-label={editor.label('scope')}>
            <Radio value="shop">{t('form.scope.shop')}</Radio>
            <Radio value="products" data-testid="voucher-scope-products">{t('form.scope.products')}</Radio>
          </Radio.Group>
        </Field>
        <Field editor={editor} field="visibility">
          <Radio.Group id="vch-visibility" value={v.visibility} disabled={editor.locked('visibility')} onChange={(e) => editor.set('visibility', e.target.value)} aria-label={editor.label('visibility')}>
            <Radio value="public">{t('form.visibility.public')}</Radio>
            <Radio value="code" data-testid="voucher-visibility-code">{t('form.visibility.code')}</Radio>
          </Radio.Group>
        </Field>
      </div>
      {v.scope === 'products' && (
        <Field editor={editor} field="productIds">
          <Select
            id="vch-productIds"
            mode="multiple"
            value={v.productIds}
            options={editor.productOptions}
            loading={editor.productsLoading}
            optionFilterProp="label"
            onChange={(ids: number[]) => editor.set('productIds', ids)}
            aria-label={editor.label('productIds')}
            data-testid="voucher-productIds"
          />
        </Field>
      )}
      {v.visibility === 'code' && text(editor, 'code')}
      <Field editor={editor} field="kind">
        <Radio.Group id="vch-kind" value={v.kind} disabled={editor.locked('kind')} onChange={(e) => editor.set('kind', e.target.value)} aria-label={editor.label('kind')}>
          <Radio value="amount">{t('form.kind.amount')}</Radio>
          <Radio value="percent" data-testid="voucher-kind-percent">{t('form.kind.percent')}</Radio>
        </Radio.Group>
      </Field>
      <div className="vch-grid">
        {v.kind === 'amount' ? text(editor, 'amountOffCents', { suffix: 'USDT', inputMode: 'decimal' }) : text(editor, 'percentOff', { suffix: '%', inputMode: 'numeric' })}
        {v.kind === 'percent' && text(editor, 'maxDiscountCents', { suffix: 'USDT', inputMode: 'decimal' })}
        {text(editor, 'minSpendCents', { suffix: 'USDT', inputMode: 'decimal' })}
      </div>
      <div className="vch-grid">
        {text(editor, 'startsAt', { type: 'datetime-local' })}
        {text(editor, 'endsAt', { type: 'datetime-local' })}
      </div>
      <div className="vch-grid">
        {text(editor, 'totalQuantity', { inputMode: 'numeric' })}
        {text(editor, 'perBuyerLimit', { inputMode: 'numeric' })}
      </div>
      {editor.refusal && <Alert type="error" showIcon message={editor.refusal} role="alert" data-testid="voucher-refusal" />}
    </Form>
  );
}

function VoucherEditor({ screen }: { screen: VouchersScreen }) {
  return <PromotionEditor kind="voucher" editor={screen.editor} preview={screen.preview} t={screen.t} form={<VoucherForm screen={screen} />} width={760} />;
}

function VouchersContent() {
  const screen = useVouchersScreen();
  const { t } = screen;
  const { modal } = App.useApp();
  const confirmEnd = (v: VoucherView) => {
    const texts = screen.endConfirm(v);
    modal.confirm({ title: texts.title, content: texts.content, okText: texts.ok, cancelText: texts.cancel, okButtonProps: { danger: true, ...({ 'data-testid': 'voucher-end-confirm' } as object) }, onOk: () => screen.end(v) });
  };

  const columns: TableColumnsType<VoucherView> = [
    {
      title: t('columns.name'),
      dataIndex: 'name',
      render: (name: string, v) => {
        const row = screen.row(v);
        return (
          <div>
            <div className="vch-name">{name}</div>
            <Tag>{row.visibility}</Tag>
            {row.endedEarly && <Tag color="default">{t('row.endedEarly')}</Tag>}
          </div>
        );
      },
    },
    {
      title: t('columns.discount'),
      key: 'discount',
      render: (_, v) => {
        const row = screen.row(v);
        return (
          <div>
            <div className="vch-discount">{row.discount}</div>
            <div className="vch-sub">{row.minSpend}</div>
            <div className="vch-sub">{row.scope}</div>
          </div>
        );
      },
    },
    { title: t('columns.window'), key: 'window', width: 220, render: (_, v) => <span className="vch-sub-strong">{screen.row(v).window}</span> },
    {
      title: t('columns.usage'),
      key: 'usage',
      width: 170,
      render: (_, v) => {
        const row = screen.row(v);
        return (
          <div data-testid={`voucher-usage-${v.id}`}>
            <div>{row.claimed}</div>
            <div>{row.used}</div>
            <div className="vch-sub">{row.perBuyer}</div>
          </div>
        );
      },
    },
    {
      title: t('columns.actions'),
      key: 'actions',
      width: 250,
      render: (_, v) => {
        const row = screen.row(v);
        return (
          <Space wrap>
            <Button size="small" onClick={() => screen.results.show(v)} aria-label={screen.results.openLabel(v.name)} data-testid={`voucher-results-${v.id}`}>
              {screen.results.openText}
            </Button>
            {row.canEdit && (
              <Button size="small" onClick={() => screen.editor.start(v)} aria-label={row.editLabel}>
                {t('actions.edit')}
              </Button>
            )}
            {row.canEnd && (
              <Button size="small" danger loading={screen.ending === v.id} onClick={() => confirmEnd(v)} aria-label={row.endLabel} data-testid={`voucher-end-${v.id}`}>
                {t('actions.end')}
              </Button>
            )}
          </Space>
        );
      },
    },
  ];

  const extra = (
    <Space wrap>
      <label className="vch-switch">
        <Switch checked={screen.neverBelowCost} loading={screen.savingSettings || screen.settings.isPending} onChange={screen.setNeverBelowCost} aria-label={t('settings.neverBelowCost')} aria-describedby="vch-never-hint" data-testid="voucher-never-below-cost" />
        <span>{t('settings.neverBelowCost')}</span>
      </label>
      <Button type="primary" icon={<PlusOutlined aria-hidden />} onClick={() => screen.editor.start()} data-testid="voucher-create">
        {t('actions.create')}
      </Button>
    </Space>
  );

  return (
    <PageFrame titleKey="vouchers" extra={extra}>
      <p id="vch-never-hint" className="vch-hint">{t('settings.hint')}</p>
      <Segmented
        value={screen.status}
        onChange={(s) => screen.setStatus(s as typeof screen.status)}
        options={screen.statuses.map((s) => ({ value: s, label: screen.statusLabel(s) }))}
        aria-label={t('statusFilter')}
        className="vch-tabs"
        data-testid="voucher-status"
      />
      {screen.endingFilter && (
        <div className="vch-filter" data-testid="voucher-ending-filter">
          <Tag color="warning">{screen.endingFilter.label}</Tag>
          <Button type="link" size="small" onClick={screen.endingFilter.clear}>
            {screen.endingFilter.clearText}
          </Button>
        </div>
      )}
      <QueryState
        query={screen.list}
        loading={<Skeleton active paragraph={{ rows: 5 }} />}
        isEmpty={(d) => d.list.length === 0}
        empty={<Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={screen.emptyText} />}
        testId="vouchers"
      >
        {(data) => <Table<VoucherView> rowKey="id" columns={columns} dataSource={data.list} pagination={false} data-testid="voucher-table" />}
      </QueryState>
      <VoucherEditor screen={screen} />
      <PromotionResultsDrawer panel={screen.results} />
    </PageFrame>
  );
}

export function VouchersPage() {
  return (
    <NamespaceGate ns="vouchers" fallback={<Skeleton active />}>
      <VouchersContent />
    </NamespaceGate>
  );
}
