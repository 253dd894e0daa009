import { useRef, useState } from 'react';
import { Alert, App, Button, Empty, Flex, Form, Image, Input, InputNumber, Modal, Select, Space, Switch, Table, Tabs, Tag, Typography } from 'antd';
import type { TableColumnsType } from 'antd';
import { PlusOutlined, UploadOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { CATALOG } from '@shopdesk/shared/constants';
import { DEFAULT_LANGUAGE, LANGUAGES } from '@shopdesk/shared/languages';
import { centsToDecimal, parseAmountToCents } from '@shopdesk/shared/money';
import type { ImportReport, OpsWarehouseRow, TranslatedLanguage, WarehouseTranslations } from '@shopdesk/shared/ops/catalog';
import { QueryState } from '../../components/desktop/query-state.tsx';
import { useFormat } from '../../lib/use-format.ts';
import { importSheet, useSaveWarehouseProduct, useWarehouse } from '../api/catalog-api.ts';
import { errorText } from '../api/error-text.ts';
import { GalleryEditor } from '../components/gallery-editor.tsx';
import { VariantEditor } from '../components/variant-editor.tsx';

/** Every category (the back office's four and the mall's four), as the server's schema lists them (kept here: products/schemas would bring zod into the page). */
const ALL_CATEGORIES = [...CATALOG.CATEGORIES, ...CATALOG.MALL_CATEGORIES] as const;

/**
 * A file chosen with the browser's own picker behind a button, kept in the page until it is sent.
 * Not antd's Upload: its file list brings antd's Progress, which the seller's home then loads in
 * a file of its own (one more than its budget).
 */
function FilePick({ accept, file, onPick, label, testId }: { accept: string; file: File | null; onPick: (file: File | null) => void; label: string; testId: string }) {
  const input = useRef<HTMLInputElement>(null);
  return (
    <Space>
      <Button icon={<UploadOutlined aria-hidden />} onClick={() => input.current?.click()}>
        {label}
      </Button>
      <input ref={input} type="file" accept={accept} style={{ display: 'none' }} onChange={(e) => onPick(e.target.files?.[0] ?? null)} data-testid={testId} />
      {file && <Typography.Text type="secondary">{file.name}</Typography.Text>}
    </Space>
  );
}

/** The languages a product's text may be written in besides English (the server's TRANSLATED_LANGUAGES; kept here: ops/catalog's values bring zod). */
const OTHER_LANGUAGES = LANGUAGES.filter((l) => l.code !== DEFAULT_LANGUAGE) as { code: TranslatedLanguage; label: string }[];
const ENGLISH = LANGUAGES.find((l) => l.code === DEFAULT_LANGUAGE)!;

interface FormValues {
  name: string;
  description: string;
  translations: WarehouseTranslations;
  category: string;
  purchasePrice: string;
  stock: number;
  active: boolean;
}

/** The create and edit dialog: one form, the photo chosen beside it and uploaded after the save. */
function ProductDialog({ product, onClose }: { product: OpsWarehouseRow | 'new'; onClose: () => void }) {
  const { t } = useTranslation('ops');
  const { message } = App.useApp();
  const [form] = Form.useForm<FormValues>();
  const [photo, setPhoto] = useState<File | null>(null);
  const [savedId, setSavedId] = useState<number | null>(null);
  const save = useSaveWarehouseProduct();
  const editing = product === 'new' ? null : product;
  // With several variants the server keeps the product's price and stock as the variants' summary
  // and ignores them here: shown (the lowest price, the total stock), not editable.
  const perVariant = (editing?.variantCount ?? 1) > 1;
  const initial: FormValues = editing
    ? { name: editing.name, description: editing.description, translations: editing.translations, category: editing.category, purchasePrice: centsToDecimal(editing.purchasePriceCents), stock: editing.stock, active: editing.active }
    : { name: '', description: '', translations: {}, category: '', purchasePrice: '', stock: 0, active: true };
  // Which language tabs hold some text, marked in their label.
  const translations = Form.useWatch('translations', form) ?? initial.translations;
  const [languageTab, setLanguageTab] = useState<string>(ENGLISH.code);
  // A refused text field may sit on a tab not shown: that tab is opened.
  const showFirstError = ({ errorFields }: { errorFields: { name: (string | number)[] }[] }) => {
    const [field, lang] = errorFields[0]?.name ?? [];
    if (field === 'translations') setLanguageTab(String(lang));
    else if (field === 'name' || field === 'description') setLanguageTab(ENGLISH.code);
  };
  const submit = (values: FormValues) => {
    const texts = Object.fromEntries(OTHER_LANGUAGES.map(({ code }) => [code, { name: values.translations?.[code]?.name ?? '', description: values.translations?.[code]?.description ?? '' }]));
    const body = {
      name: values.name,
      description: values.description ?? '',
      translations: texts,
      category: values.category as (typeof ALL_CATEGORIES)[number],
      purchasePriceCents: parseAmountToCents(values.purchasePrice) ?? 0,
      stock: values.stock,
      active: values.active,
    };
    save.mutate(
      { id: editing?.id ?? savedId, values: body, photo, onSaved: setSavedId },
      {
        onSuccess: () => {
          void message.success(t(editing ? 'warehouse.updated' : 'warehouse.created'));
          onClose();
        },
      },
    );
  };
  return (
    <Modal
      open
      title={t(editing ? 'warehouse.editTitle' : 'warehouse.createTitle')}
      onCancel={onClose}
      onOk={() => form.submit()}
      okText={t('actions.save')}
      cancelText={t('common:actions.cancel')}
      confirmLoading={save.isPending}
      okButtonProps={{ 'data-testid': 'warehouse-save' } as Record<string, string>}
      width={720}
      destroyOnHidden
    >
      {save.isError && <Alert type="error" showIcon message={errorText(save.error, t)} style={{ marginBottom: 16 }} data-testid="warehouse-save-error" />}
      <Form form={form} layout="vertical" initialValues={initial} onFinish={submit} onFinishFailed={showFirstError} requiredMark={false} data-testid="warehouse-form">
        <Tabs
          size="small"
          activeKey={languageTab}
          onChange={setLanguageTab}
          data-testid="warehouse-languages"
          items={[
            {
              key: ENGLISH.code,
              label: `${ENGLISH.label} *`,
              forceRender: true,
              children: (
                <>
                  <Form.Item name="name" label={t('warehouse.name')} rules={[{ required: true, whitespace: true, message: t('warehouse.nameRequired') }, { max: CATALOG.NAME_MAX, message: t('warehouse.nameRequired') }]}>
                    <Input data-testid="warehouse-name" />
                  </Form.Item>
                  <Form.Item name="description" label={t('warehouse.description')}>
                    <Input.TextArea rows={3} maxLength={CATALOG.DESCRIPTION_MAX} data-testid="warehouse-description" />
                  </Form.Item>
                </>
              ),
            },
            ...OTHER_LANGUAGES.map(({ code, label }) => ({
              key: code,
              label: translations?.[code]?.name || translations?.[code]?.description ? `${label} •` : label,
              forceRender: true,
              children: (
                <>
                  <Typography.Paragraph type="secondary">{t('warehouse.translationHint')}</Typography.Paragraph>
                  <Form.Item name={['translations', code, 'name']} label={t('warehouse.name')} rules={[{ max: CATALOG.NAME_MAX, message: t('warehouse.nameRequired') }]}>
                    <Input lang={code} data-testid={`warehouse-name-${code}`} />
                  </Form.Item>
                  <Form.Item name={['translations', code, 'description']} label={t('warehouse.description')}>
                    <Input.TextArea lang={code} rows={3} maxLength={CATALOG.DESCRIPTION_MAX} data-testid={`warehouse-description-${code}`} />
                  </Form.Item>
                </>
              ),
            })),
          ]}
        />
        <Flex gap={16}>
          <Form.Item name="category" label={t('warehouse.category')} rules={[{ required: true, message: t('warehouse.categoryRequired') }]} style={{ flex: 1 }}>
            <Select options={ALL_CATEGORIES.map((c) => ({ value: c, label: t(`categories.${c}`) }))} data-testid="warehouse-category" />
          </Form.Item>
          <Form.Item
            name="purchasePrice"
            label={t('warehouse.purchasePrice')}
            style={{ flex: 1 }}
            extra={perVariant ? t('warehouse.perVariant') : t('warehouse.priceRule')}
            rules={[{ validator: (_, v: string) => ((parseAmountToCents(String(v ?? '')) ?? 0) > 0 ? Promise.resolve() : Promise.reject(new Error(t('warehouse.priceInvalid')))) }]}
          >
            <Input suffix="USDT" inputMode="decimal" disabled={perVariant} data-testid="warehouse-price" />
          </Form.Item>
          <Form.Item name="stock" label={t('warehouse.stock')} rules={[{ required: true, type: 'integer', min: 0, max: CATALOG.STOCK_MAX, message: t('warehouse.stockInvalid') }]} style={{ width: 140 }}>
            <InputNumber min={0} max={CATALOG.STOCK_MAX} precision={0} disabled={perVariant} style={{ width: '100%' }} data-testid="warehouse-stock" />
          </Form.Item>
        </Flex>
        <Flex gap={24} align="center">
          <Form.Item name="active" label={t('warehouse.active')} valuePropName="checked">
            <Switch data-testid="warehouse-active" />
          </Form.Item>
          <Form.Item label={t('warehouse.photo')} extra={t('warehouse.photoHint')}>
            <FilePick accept="image/png,image/jpeg,image/webp,image/gif" file={photo} onPick={setPhoto} label={t('warehouse.choosePhoto')} testId="warehouse-photo" />
          </Form.Item>
        </Flex>
        <Form.Item label={t('warehouse.gallery')}>
          {editing ? <GalleryEditor productId={editing.id} initial={editing.gallery} name={editing.name} /> : <Typography.Text type="secondary">{t('warehouse.gallerySaveFirst')}</Typography.Text>}
        </Form.Item>
      </Form>
    </Modal>
  );
}

/** The spreadsheet import: a dry run shows every row's errors, then the valid rows are imported. */
function ImportDialog({ onClose }: { onClose: () => void }) {
  const { t } = useTranslation('ops');
  const [file, setFile] = useState<File | null>(null);
  const [progress, setProgress] = useState<number | null>(null);
  const [report, setReport] = useState<ImportReport | null>(null);
  const [error, setError] = useState<unknown>(null);
  const run = async (dryRun: boolean) => {
    if (!file) return;
    setError(null);
    setProgress(0);
    try {
      setReport(await importSheet(file, dryRun, setProgress));
    } catch (e) {
      setError(e);
    } finally {
      setProgress(null);
    }
  };
  const bad = report ? report.rows.filter((r) => r.errors.length > 0) : [];
  return (
    <Modal open title={t('warehouse.importTitle')} onCancel={onClose} footer={null} width={760} destroyOnHidden>
      <Typography.Paragraph type="secondary">{t('warehouse.importHint')}</Typography.Paragraph>
      <Space>
        <FilePick
          accept=".xlsx,.csv,text/csv"
          file={file}
          onPick={(f) => {
            setFile(f);
            setReport(null);
          }}
          label={t('warehouse.chooseSheet')}
          testId="import-file"
        />
        <Button onClick={() => void run(true)} disabled={!file || progress !== null} data-testid="import-check">
          {t('warehouse.check')}
        </Button>
        <Button type="primary" onClick={() => void run(false)} disabled={!report?.dryRun || report.valid === 0 || progress !== null} data-testid="import-run">
          {t('warehouse.importValid', { count: report?.valid ?? 0 })}
        </Button>
      </Space>
      {progress !== null && (
        <Typography.Paragraph style={{ marginTop: 16 }} data-testid="import-progress">
          {t('warehouse.uploading', { percent: progress })}
        </Typography.Paragraph>
      )}
      {error !== null && <Alert type="error" showIcon message={errorText(error, t)} style={{ marginTop: 16 }} data-testid="import-error" />}
      {report && (
        <div style={{ marginTop: 16 }} data-testid="import-report">
          <Alert
            type={report.dryRun ? (bad.length ? 'warning' : 'info') : 'success'}
            showIcon
            message={report.dryRun ? t('warehouse.dryRunSummary', { count: report.total, valid: report.valid, bad: bad.length }) : t('warehouse.importedSummary', { count: report.created, bad: bad.length })}
          />
          <Table
            size="small"
            rowKey="row"
            style={{ marginTop: 12 }}
            pagination={{ pageSize: 8 }}
            dataSource={report.rows}
            columns={[
              { title: t('warehouse.row'), dataIndex: 'row', width: 70 },
              { title: t('warehouse.name'), dataIndex: 'name', ellipsis: true },
              {
                title: t('warehouse.result'),
                render: (_, r) =>
                  r.errors.length ? (
                    <Space direction="vertical" size={0}>
                      {r.errors.map((e) => (
                        <Typography.Text type="danger" key={e.field}>
                          {e.field}: {e.message}
                        </Typography.Text>
                      ))}
                    </Space>
                  ) : (
                    <Tag color="green">{r.productId ? t('warehouse.rowCreated', { id: r.productId }) : t('warehouse.rowValid')}</Tag>
                  ),
              },
            ]}
          />
        </div>
      )}
    </Modal>
  );
}

/** The shared warehouse: search, filter, create, edit, retire and import products. */
export function WarehousePage() {
  const f = useFormat('ops');
  const { t } = f;
  const [q, setQ] = useState('');
  const [category, setCategory] = useState<string | undefined>();
  const [active, setActive] = useState<string | undefined>();
  const [page, setPage] = useState(1);
  const [editing, setEditing] = useState<OpsWarehouseRow | 'new' | null>(null);
  const [importing, setImporting] = useState(false);
  const [variantsOf, setVariantsOf] = useState<OpsWarehouseRow | null>(null);
  const list = useWarehouse({ q, category, active, page, pageSize: 20 });
  const columns: TableColumnsType<OpsWarehouseRow> = [
    { title: t('warehouse.photo'), dataIndex: 'cover', width: 72, render: (cover: string, r) => <Image src={cover} alt={r.name} width={48} height={48} style={{ objectFit: 'cover', borderRadius: 4 }} /> },
    { title: t('warehouse.name'), dataIndex: 'name', minWidth: 200, render: (name: string, r) => <span data-testid={`warehouse-row-name-${r.id}`}>{name}</span> },
    { title: t('warehouse.category'), dataIndex: 'category', width: 120, render: (c: string) => t(`categories.${c}`, { defaultValue: c }) },
    { title: t('warehouse.purchasePrice'), dataIndex: 'purchasePriceCents', width: 130, align: 'right', render: (c: number, r) => <span data-testid={`warehouse-row-price-${r.id}`}>{f.usdt(c)}</span> },
    { title: t('warehouse.suggestedPrice'), width: 200, align: 'right', render: (_, r) => `${f.usdt(r.suggestedPriceMinCents)} – ${f.usdt(r.suggestedPriceMaxCents)}` },
    { title: t('warehouse.stock'), dataIndex: 'stock', width: 90, align: 'right' },
    { title: t('warehouse.shops'), dataIndex: 'shopsSelling', width: 80, align: 'right' },
    { title: t('warehouse.status'), dataIndex: 'active', width: 100, render: (a: boolean) => (a ? <Tag color="green">{t('warehouse.activeTag')}</Tag> : <Tag>{t('warehouse.retiredTag')}</Tag>) },
    { title: t('warehouse.updatedAt'), dataIndex: 'updateTime', width: 120, render: (d: string) => f.date(d) },
    {
      // Named for screen readers: an empty header leaves the column's buttons without one.
      title: <span className="sr-only">{t('common:icons.actions')}</span>,
      width: 160,
      render: (_, r) => (
        <Space size={4}>
          <Button size="small" onClick={() => setEditing(r)} data-testid={`warehouse-edit-${r.id}`}>
            {t('actions.edit')}
          </Button>
          <Button size="small" onClick={() => setVariantsOf(r)} data-testid={`warehouse-variants-${r.id}`}>
            {t('variants.open')}
          </Button>
        </Space>
      ),
    },
  ];
  return (
    <div data-testid="ops-warehouse">
      <Flex justify="space-between" align="center" style={{ marginBottom: 16 }}>
        <Typography.Title level={3} style={{ margin: 0 }}>
          {t('menu.warehouse')}
        </Typography.Title>
        <Space>
          <Button icon={<UploadOutlined aria-hidden />} onClick={() => setImporting(true)} data-testid="warehouse-import">
            {t('warehouse.import')}
          </Button>
          <Button type="primary" icon={<PlusOutlined aria-hidden />} onClick={() => setEditing('new')} data-testid="warehouse-create">
            {t('warehouse.create')}
          </Button>
        </Space>
      </Flex>
      <Space wrap style={{ marginBottom: 16 }}>
        <Input.Search allowClear placeholder={t('warehouse.search')} onSearch={(v) => (setQ(v.trim()), setPage(1))} style={{ width: 280 }} data-testid="warehouse-search" />
        <Select allowClear placeholder={t('warehouse.allCategories')} value={category} onChange={(v) => (setCategory(v), setPage(1))} style={{ width: 180 }} options={ALL_CATEGORIES.map((c) => ({ value: c, label: t(`categories.${c}`) }))} />
        <Select
          allowClear
          placeholder={t('warehouse.anyStatus')}
          value={active}
          onChange={(v) => (setActive(v), setPage(1))}
          style={{ width: 160 }}
          options={[
            { value: 'true', label: t('warehouse.activeTag') },
            { value: 'false', label: t('warehouse.retiredTag') },
          ]}
        />
      </Space>
      <QueryState query={list} testId="warehouse-list">
        {(data) => (
          <Table<OpsWarehouseRow>
            rowKey="id"
            loading={list.isFetching}
            dataSource={data.list}
            data-testid="warehouse-table"
            locale={{ emptyText: <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('warehouse.empty')} /> }}
            pagination={{ current: page, pageSize: 20, total: data.total, onChange: setPage, showSizeChanger: false }}
            columns={columns}
          />
        )}
      </QueryState>
      {editing && <ProductDialog product={editing} onClose={() => setEditing(null)} />}
      {importing && <ImportDialog onClose={() => setImporting(false)} />}
      {variantsOf && <VariantEditor product={variantsOf} onClose={() => setVariantsOf(null)} />}
    </div>
  );
}
