import { PromotionEditor } from '../../../components/desktop/promotion-editor.tsx';
import { Alert, App, Button, Empty, Form, Input, Segmented, Select, Skeleton, Space, Table, Tag, type TableColumnsType } from 'antd';
import { PlusOutlined } from '@ant-design/icons';
import type { DealView } from '@shopdesk/shared/marketing/deals';
import { PageFrame } from '../../../components/desktop/page-frame.tsx';
import { PromotionResultsDrawer } from '../../../components/desktop/promotion-results-drawer.tsx';
import { QueryState } from '../../../components/desktop/query-state.tsx';
import { NamespaceGate } from '../../../components/namespace-gate.tsx';
import { useDealsScreen, type DealsScreen } from '../hooks/use-deals-screen.ts';
import type { DealField } from '../hooks/deal-form.ts';
import '../../../styles/vouchers.css';

type Editor = DealsScreen['editor'];

/** One labelled field: its error (or a running deal's note) under it, tied to the input for screen readers. */
function Field({ editor, field, hint, children }: { editor: Editor; field: DealField; hint?: string; children: React.ReactNode }) {
  const error = editor.error(field);
  return (
    <Form.Item label={editor.label(field)} htmlFor={`deal-${field}`} validateStatus={error ? 'error' : undefined} help={error ?? editor.note(field) ?? hint} className="vch-field">
      {children}
    </Form.Item>
  );
}

function text(editor: Editor, field: 'dealPriceCents' | 'startsAt' | 'endsAt' | 'stockCap', extra: { suffix?: string; type?: string; inputMode?: 'decimal' | 'numeric'; hint?: string } = {}) {
  return (
    <Field editor={editor} field={field} hint={extra.hint}>
      <Input
        id={`deal-${field}`}
        value={editor.values[field]}
        disabled={editor.locked(field)}
        status={editor.error(field) ? 'error' : undefined}
        onChange={(e) => editor.set(field, e.target.value)}
        suffix={extra.suffix}
        type={extra.type}
        inputMode={extra.inputMode}
        data-testid={`deal-${field}`}
      />
    </Field>
  );
}

function DealForm({ screen }: { screen: DealsScreen }) {
  const { editor, t } = screen;
  return (
    <Form layout="vertical" component="div" className="vch-form" data-testid="deal-form">
      {editor.startedNote && <Alert type="info" showIcon message={editor.startedNote} className="vch-alert" />}
      <Field editor={editor} field="productId">
        <Select
          id="deal-productId"
          showSearch
          optionFilterProp="label"
          placeholder={t('form.choose')}
          loading={editor.productsLoading}
          disabled={editor.locked('productId')}
          value={editor.values.productId ?? undefined}
          options={editor.productOptions}
          onChange={(id: number) => editor.set('productId', id)}
          status={editor.error('productId') ? 'error' : undefined}
          data-testid="deal-productId"
        />
      </Field>
      <div className="vch-grid">
        {text(editor, 'dealPriceCents', { suffix: 'USDT', inputMode: 'decimal', hint: editor.priceHint })}
        {text(editor, 'stockCap', { inputMode: 'numeric' })}
      </div>
      <div className="vch-grid">
        {text(editor, 'startsAt', { type: 'datetime-local' })}
        {text(editor, 'endsAt', { type: 'datetime-local' })}
      </div>
      {editor.refusal && <Alert type="error" showIcon message={editor.refusal} role="alert" data-testid="deal-refusal" />}
    </Form>
  );
}

function DealEditor({ screen }: { screen: DealsScreen }) {
  return <PromotionEditor kind="deal" editor={screen.editor} preview={screen.preview} t={screen.t} form={<DealForm screen={screen} />} width={720} />;
}

function DealsContent() {
  const screen = useDealsScreen();
  const { t } = screen;
  const { modal } = App.useApp();
  const confirmEnd = (d: DealView) => {
    const texts = screen.endConfirm(d);
    modal.confirm({ title: texts.title, content: texts.content, okText: texts.ok, cancelText: texts.cancel, okButtonProps: { danger: true, ...({ 'data-testid': 'deal-end-confirm' } as object) }, onOk: () => screen.end(d) });
  };

  const columns: TableColumnsType<DealView> = [
    {
      title: t('columns.product'),
      dataIndex: 'productName',
      render: (name: string, d) => (
        <div>
          <div className="vch-name">{name}</div>
          {screen.row(d).endedEarly && <Tag color="default">{t('row.endedEarly')}</Tag>}
        </div>
      ),
    },
    {
      title: t('columns.price'),
      key: 'price',
      render: (_, d) => {
        const row = screen.row(d);
        return (
          <div>
            <div className="vch-discount">{row.price}</div>
            <div className="vch-sub">{row.normal}</div>
          </div>
        );
      },
    },
    { title: t('columns.window'), key: 'window', width: 240, render: (_, d) => <span className="vch-sub-strong">{screen.row(d).window}</span> },
    { title: t('columns.sold'), key: 'sold', width: 150, render: (_, d) => <span data-testid={`deal-sold-${d.id}`}>{screen.row(d).sold}</span> },
    {
      title: t('columns.actions'),
      key: 'actions',
      width: 240,
      render: (_, d) => {
        const row = screen.row(d);
        return (
          <Space>
            <Button size="small" onClick={() => screen.showResults(d)} aria-label={screen.results.openLabel(d.productName)} data-testid={`deal-results-${d.id}`}>
              {screen.results.openText}
            </Button>
            {row.canEdit && (
              <Button size="small" onClick={() => screen.editor.start(d)} aria-label={row.editLabel}>
                {t('actions.edit')}
              </Button>
            )}
            {row.canEnd && (
              <Button size="small" danger loading={screen.ending === d.id} onClick={() => confirmEnd(d)} aria-label={row.endLabel} data-testid={`deal-end-${d.id}`}>
                {t('actions.end')}
              </Button>
            )}
          </Space>
        );
      },
    },
  ];

  const extra = (
    <Button type="primary" icon={<PlusOutlined aria-hidden />} onClick={() => screen.editor.start()} data-testid="deal-create">
      {t('actions.create')}
    </Button>
  );

  return (
    <PageFrame titleKey="deals" extra={extra}>
      <Segmented
        value={screen.status}
        onChange={(s) => screen.setStatus(s as typeof screen.status)}
        options={screen.statuses.map((s) => ({ value: s, label: screen.statusLabel(s) }))}
        aria-label={t('statusFilter')}
        className="vch-tabs"
        data-testid="deal-status"
      />
      <QueryState
        query={screen.list}
        loading={<Skeleton active paragraph={{ rows: 5 }} />}
        isEmpty={(d) => d.list.length === 0}
        empty={<Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={screen.emptyText} />}
        testId="deals"
      >
        {(data) => <Table<DealView> rowKey="id" columns={columns} dataSource={data.list} pagination={false} data-testid="deal-table" />}
      </QueryState>
      <DealEditor screen={screen} />
      <PromotionResultsDrawer panel={screen.results} />
    </PageFrame>
  );
}

export function DealsPage() {
  return (
    <NamespaceGate ns="deals" fallback={<Skeleton active />}>
      <DealsContent />
    </NamespaceGate>
  );
}
