import { Alert, App, Button, Card, Empty, Flex, Input, InputNumber, Modal, Select, Table, Tabs, Tag, Typography } from 'antd';
import type { TableColumnsType } from 'antd';
import { DeleteOutlined, PlusOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { CATALOG } from '@shopdesk/shared/constants';
import { DEFAULT_LANGUAGE, LANGUAGES } from '@shopdesk/shared/languages';
import type { OpsWarehouseRow, TranslatedLanguage } from '@shopdesk/shared/ops/catalog';
import { QueryState } from '../../components/desktop/query-state.tsx';
import { useVariantEditor } from '../hooks/use-variant-editor.ts';
import type { RowDraft } from '../hooks/variant-draft.ts';

const ENGLISH = LANGUAGES.find((l) => l.code === DEFAULT_LANGUAGE)!;

type Editor = ReturnType<typeof useVariantEditor>;
type ShownRow = Editor['rows'][number];

/** The English axes: each a name and its values (typed, Enter adds one), at most CATALOG.VARIANT_AXES_MAX. */
function AxesEditor({ editor }: { editor: Editor }) {
  const { t } = useTranslation('ops');
  const axes = editor.draft?.axes ?? [];
  return (
    <Flex vertical gap={12}>
      {axes.length === 0 && <Typography.Text type="secondary">{t('variants.noOptions')}</Typography.Text>}
      {axes.map((axis, i) => (
        <Flex key={axis.key} gap={12} align="start" wrap className="ops-variant-axis" data-testid={`variants-axis-${i}`}>
          <Flex vertical gap={4} style={{ width: 200 }}>
            <Typography.Text type="secondary">{t('variants.optionName')}</Typography.Text>
            <Input
              value={axis.name}
              placeholder={t(i === 0 ? 'variants.optionNameExample' : 'variants.optionNameExample2')}
              status={editor.invalid(`axis:${i}:name`) ? 'error' : undefined}
              maxLength={CATALOG.VARIANT_OPTION_MAX}
              onChange={(e) => editor.setAxisName(i, e.target.value)}
              aria-label={t('variants.optionNameOf', { n: i + 1 })}
              data-testid={`variants-axis-name-${i}`}
            />
          </Flex>
          <Flex vertical gap={4} style={{ flex: 1, minWidth: 260 }}>
            <Typography.Text type="secondary">{t('variants.values')}</Typography.Text>
            <Select
              mode="tags"
              value={axis.values}
              open={false}
              tokenSeparators={[',']}
              placeholder={t('variants.valuesPlaceholder')}
              status={editor.invalid(`axis:${i}:values`) ? 'error' : undefined}
              onChange={(values: string[]) => editor.setAxisValues(i, values)}
              aria-label={t('variants.valuesOf', { n: i + 1 })}
              suffixIcon={null}
              data-testid={`variants-axis-values-${i}`}
            />
          </Flex>
          <Button
            icon={<DeleteOutlined aria-hidden />}
            danger
            type="text"
            style={{ marginTop: 26 }}
            onClick={() => editor.removeAxis(i)}
            aria-label={t('variants.removeOption', { n: i + 1 })}
            data-testid={`variants-axis-remove-${i}`}
          />
        </Flex>
      ))}
      <Flex gap={12} align="center" wrap>
        <Button icon={<PlusOutlined aria-hidden />} onClick={editor.addAxis} disabled={!editor.canAddAxis} data-testid="variants-add-axis">
          {t('variants.addOption')}
        </Button>
        <Typography.Text type="secondary">{t('variants.limits', { axes: CATALOG.VARIANT_AXES_MAX, max: CATALOG.VARIANT_COMBINATIONS_MAX })}</Typography.Text>
      </Flex>
    </Flex>
  );
}

/** One language's texts of the axes: each English text is the placeholder of its translation. */
function AxesTexts({ editor, lang }: { editor: Editor; lang: TranslatedLanguage }) {
  const { t } = useTranslation('ops');
  const axes = editor.draft?.axes ?? [];
  return (
    <Flex vertical gap={12} data-testid={`variants-texts-${lang}`}>
      <Typography.Text type="secondary">{t('variants.translationHint')}</Typography.Text>
      {editor.problemAt(`lang:${lang}`) && <Alert type="error" showIcon message={editor.problemAt(`lang:${lang}`)} />}
      {axes.length === 0 && <Typography.Text type="secondary">{t('variants.noOptions')}</Typography.Text>}
      {axes.map((axis, i) => (
        <Card size="small" key={axis.key}>
          <Flex gap={12} wrap align="end">
            <Flex vertical gap={4} style={{ width: 200 }}>
              <Typography.Text type="secondary" ellipsis>
                {t('variants.optionName')} · {axis.name}
              </Typography.Text>
              <Input
                lang={lang}
                value={editor.axisText(lang, axis.key)}
                placeholder={axis.name}
                maxLength={CATALOG.VARIANT_OPTION_MAX}
                onChange={(e) => editor.setAxisText(lang, axis.key, e.target.value)}
                aria-label={`${t('variants.optionNameOf', { n: i + 1 })} (${axis.name})`}
                data-testid={`variants-text-${lang}-${i}`}
              />
            </Flex>
            {axis.values.map((value, j) => (
              <Flex vertical gap={4} key={value} style={{ width: 150 }}>
                <Typography.Text type="secondary" ellipsis>
                  {value}
                </Typography.Text>
                <Input
                  lang={lang}
                  value={editor.valueText(lang, axis.key, value)}
                  placeholder={value}
                  maxLength={CATALOG.VARIANT_OPTION_MAX}
                  onChange={(e) => editor.setValueText(lang, axis.key, value, e.target.value)}
                  aria-label={`${axis.name}: ${value}`}
                  data-testid={`variants-text-${lang}-${i}-${j}`}
                />
              </Flex>
            ))}
          </Flex>
        </Card>
      ))}
    </Flex>
  );
}

/** The combinations' table: per row its SKU, supplier and suggested price, stock and picture address. */
function VariantRows({ editor }: { editor: Editor }) {
  const { t } = useTranslation('ops');
  const set = (key: string, patch: Partial<RowDraft>) => editor.setRow(key, patch);
  const columns: TableColumnsType<ShownRow> = [
    {
      title: t('variants.variant'),
      width: 170,
      render: (_, r) => (
        <Flex gap={4} align="center" wrap>
          <span>{r.name || t('variants.single')}</span>
          {r.row.id === undefined && <Tag color="blue">{t('variants.new')}</Tag>}
        </Flex>
      ),
    },
    {
      title: t('variants.sku'),
      width: 190,
      render: (_, r, i) => (
        <Input value={r.row.sku} status={editor.invalid(`row:${r.key}:sku`) ? 'error' : undefined} onChange={(e) => set(r.key, { sku: e.target.value })} aria-label={`${t('variants.sku')} ${r.name}`} data-testid={`variants-sku-${i}`} />
      ),
    },
    {
      title: t('variants.supplierPrice'),
      width: 130,
      render: (_, r, i) => (
        <Input
          value={r.row.price}
          inputMode="decimal"
          suffix="USDT"
          status={editor.invalid(`row:${r.key}:price`) ? 'error' : undefined}
          onChange={(e) => set(r.key, { price: e.target.value })}
          aria-label={`${t('variants.supplierPrice')} ${r.name}`}
          data-testid={`variants-price-${i}`}
        />
      ),
    },
    {
      title: t('variants.suggestedPrice'),
      width: 130,
      render: (_, r, i) => (
        <Input
          value={r.row.suggested}
          inputMode="decimal"
          suffix="USDT"
          status={editor.invalid(`row:${r.key}:suggested`) ? 'error' : undefined}
          onChange={(e) => set(r.key, { suggested: e.target.value })}
          aria-label={`${t('variants.suggestedPrice')} ${r.name}`}
          data-testid={`variants-suggested-${i}`}
        />
      ),
    },
    {
      title: t('variants.stock'),
      width: 110,
      render: (_, r, i) => (
        <InputNumber
          value={r.row.stock}
          min={0}
          max={CATALOG.STOCK_MAX}
          precision={0}
          style={{ width: '100%' }}
          status={editor.invalid(`row:${r.key}:stock`) ? 'error' : undefined}
          onChange={(v) => set(r.key, { stock: v })}
          aria-label={`${t('variants.stock')} ${r.name}`}
          data-testid={`variants-stock-${i}`}
        />
      ),
    },
    {
      title: t('variants.image'),
      render: (_, r, i) => (
        <Input
          value={r.row.image}
          placeholder="https://…"
          maxLength={300}
          status={editor.invalid(`row:${r.key}:image`) ? 'error' : undefined}
          onChange={(e) => set(r.key, { image: e.target.value })}
          aria-label={`${t('variants.image')} ${r.name}`}
          data-testid={`variants-image-${i}`}
        />
      ),
    },
  ];
  return (
    <Table<ShownRow>
      size="small"
      rowKey="key"
      dataSource={editor.rows.length > CATALOG.VARIANT_COMBINATIONS_MAX ? [] : editor.rows}
      columns={columns}
      pagination={false}
      scroll={{ x: 900, y: 360 }}
      locale={{ emptyText: <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('variants.noRows')} /> }}
      data-testid="variants-table"
    />
  );
}

/**
 * A warehouse product's variants: the option axes (English, and their texts in the languages the
 * product has texts in), the table of combinations, and the save of the whole set.
 */
export function VariantEditor({ product, onClose }: { product: OpsWarehouseRow; onClose: () => void }) {
  const { t } = useTranslation('ops');
  const { message } = App.useApp();
  const editor = useVariantEditor(product);
  return (
    <Modal
      open
      title={t('variants.title', { name: product.name })}
      onCancel={onClose}
      width={1180}
      destroyOnHidden
      footer={[
        <Button key="close" onClick={onClose} data-testid="variants-close">
          {t('common:actions.close')}
        </Button>,
        <Button
          key="save"
          type="primary"
          loading={editor.saving}
          disabled={!editor.draft}
          onClick={() => editor.save((count) => void message.success(t('variants.saved', { count })))}
          data-testid="variants-save"
        >
          {t('actions.save')}
        </Button>,
      ]}
    >
      <div data-testid="variants-dialog">
        <QueryState query={editor.query} testId="variants-load">
          {() => (
            <Flex vertical gap={16}>
              {editor.saveError && <Alert type="error" showIcon message={editor.saveError} data-testid="variants-save-error" />}
              {editor.messages.length > 0 && (
                <Alert
                  type="error"
                  showIcon
                  message={t('variants.fix')}
                  description={
                    <ul className="ops-variant-problems">
                      {editor.messages.map((m) => (
                        <li key={m}>{m}</li>
                      ))}
                    </ul>
                  }
                  data-testid="variants-problems"
                />
              )}
              <Tabs
                size="small"
                data-testid="variants-languages"
                items={[
                  { key: ENGLISH.code, label: `${t('variants.options')} · ${ENGLISH.label}`, children: <AxesEditor editor={editor} /> },
                  ...editor.languages.map(({ code, label }) => ({
                    key: code,
                    label: (
                      <span style={editor.invalid(`lang:${code}`) ? { color: 'var(--ant-color-error)' } : undefined}>
                        {editor.hasTexts(code) ? `${label} •` : label}
                      </span>
                    ),
                    children: <AxesTexts editor={editor} lang={code} />,
                  })),
                ]}
              />
              {editor.languages.length === 0 && <Typography.Text type="secondary">{t('variants.noLanguages')}</Typography.Text>}
              <Flex justify="space-between" align="baseline">
                <Typography.Title level={5} style={{ margin: 0 }}>
                  {t('variants.combinations', { count: editor.rows.length })}
                </Typography.Title>
              </Flex>
              <VariantRows editor={editor} />
            </Flex>
          )}
        </QueryState>
      </div>
    </Modal>
  );
}
