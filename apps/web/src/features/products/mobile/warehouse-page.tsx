import { useState } from 'react';
import { Button, Image, Input, List, NoticeBar, Popup, ProgressBar, Tabs, Tag } from 'antd-mobile';
import { Toast } from '../../../components/mobile/imperative.ts';
import { useSearchParams } from 'react-router';
import { CATALOG } from '@shopdesk/shared/constants';
import type { WarehouseProductView } from '@shopdesk/shared/products/schemas';
import { MobilePageFrame } from '../../../components/mobile/page-frame.tsx';
import { LabelledCheckbox } from '../../../components/mobile/labelled-checkbox.tsx';
import { MobileInfiniteList } from '../../../components/mobile/infinite-list.tsx';
import { MobileUrlSearchBar } from '../../../components/mobile/url-search-bar.tsx';
import { parseChoice, parseText } from '../../../lib/list-params.ts';
import { useFormat } from '../../../lib/use-format.ts';
import { useInfiniteWarehouse } from '../api/products-api.ts';
import { useBatchAdd } from '../hooks/use-product-batches.ts';
import { CATEGORY_CHOICES, checkProfitRatio, outsideSuggested, previewPricing } from '../product-helpers.ts';
import { MobileCategoryFilter } from './category-filter.tsx';
import '../../../styles/list-pages-mobile.css';

/**
 * The "add to shop" sheet: one profit ratio for every picked product (required, a valid number,
 * 10%–30% suggested), a live price preview of the first, then the batch with its progress and
 * the summary (added, already in the shop, not added). Twin of the desktop's AddToShopDialog.
 */
function AddSheet({ products, onClose }: { products: WarehouseProductView[] | null; onClose: (changed: boolean) => void }) {
  const f = useFormat('products');
  const { t } = f;
  const batch = useBatchAdd();
  const { progress, results, busy } = batch;
  const [ratio, setRatio] = useState('');
  const [touched, setTouched] = useState(false);
  const list = products ?? [];
  const sample = list[0];
  const check = checkProfitRatio(ratio);
  const preview = sample ? previewPricing({ purchasePriceCents: sample.purchasePriceCents, profitRatio: ratio }) : null;

  const close = () => {
    if (busy) return;
    const changed = results !== null;
    batch.reset();
    setRatio('');
    setTouched(false);
    onClose(changed);
  };

  const submit = async () => {
    setTouched(true);
    if (!check.ok || busy) return;
    const rows = await batch.run(list, ratio);
    if (!rows) return;
    const added = rows.filter((r) => r.result === 'added').length;
    if (added === rows.length) {
      Toast.show({ icon: 'success', content: t('add.summary', { added, already: 0, other: 0 }) });
      batch.reset();
      setRatio('');
      setTouched(false);
      onClose(true);
    }
  };

  const counts = results && {
    added: results.filter((r) => r.result === 'added').length,
    already: results.filter((r) => r.result === 'already_in_shop').length,
    other: results.filter((r) => r.result === 'not_found' || r.result === 'failed').length,
  };

  return (
    <Popup visible={products !== null} onMaskClick={close} onClose={close} bodyClassName="m-sheet" destroyOnClose>
      <div className="m-sheet-body" data-testid="m-add-sheet">
        <h3>{t('add.title', { count: list.length })}</h3>
        {!results && (
          <List header={t('fields.profitRatio')}>
            <List.Item
              description={
                touched && !check.ok ? (
                  <span className="m-field-error" role="alert" data-testid="m-add-ratio-error">
                    {t(`validation.profit_${check.issue}`, { max: CATALOG.PROFIT_RATIO_MAX })}
                  </span>
                ) : (
                  t('add.hint', { min: CATALOG.PROFIT_RATIO_SUGGESTED_MIN, max: CATALOG.PROFIT_RATIO_SUGGESTED_MAX })
                )
              }
              extra="%"
            >
              <Input
                inputMode="decimal"
                placeholder={t('add.placeholder')}
                aria-label={t('fields.profitRatio')}
                value={ratio}
                onChange={setRatio}
                onBlur={() => setTouched(true)}
                disabled={busy}
                clearable
                data-testid="m-add-ratio"
              />
            </List.Item>
          </List>
        )}
        {!results && check.ok && outsideSuggested(check.bp) && <NoticeBar color="alert" wrap content={t('add.outsideSuggested')} data-testid="m-add-outside" />}
        {!results && sample && (
          <List header={t('preview.title', { name: sample.name })} className="m-preview">
            <List.Item extra={f.usdt(sample.purchasePriceCents)}>{t('fields.purchasePrice')}</List.Item>
            <List.Item extra={<span data-testid="m-add-preview-price">{preview ? f.usdt(preview.priceCents) : '—'}</span>}>{t('fields.price')}</List.Item>
            <List.Item extra={<span data-testid="m-add-preview-profit">{preview ? f.usdt(preview.profitCents) : '—'}</span>}>{t('fields.profit')}</List.Item>
          </List>
        )}
        {progress && <ProgressBar percent={Math.round((progress.done / Math.max(1, progress.total)) * 100)} text={`${progress.done}/${progress.total}`} style={{ margin: '12px 0' }} data-testid="m-add-progress" />}
        {results && counts && (
          <>
            <NoticeBar color={counts.added > 0 ? 'info' : 'alert'} wrap content={t('add.summary', counts)} data-testid="m-add-summary" />
            <List>
              {results.map((r) => (
                <List.Item key={r.id} extra={<Tag color={r.result === 'added' ? 'success' : r.result === 'already_in_shop' ? 'warning' : 'danger'}>{r.msg ?? t(`add.results.${r.result}`)}</Tag>}>
                  <span className="m-order-title">{r.name}</span>
                </List.Item>
              ))}
            </List>
          </>
        )}
        <Button block color="primary" size="large" style={{ marginTop: 12 }} loading={busy} onClick={results ? close : () => void submit()} data-testid="m-add-submit">
          {results ? t('common:actions.done') : t('add.submit')}
        </Button>
      </div>
    </Popup>
  );
}

/**
 * Mobile product warehouse (/m/warehouse, twin of /products/warehouse): search by name, a
 * category, pick products not yet in the shop, add them at one profit ratio.
 */
export function MobileWarehousePage() {
  const f = useFormat('products');
  const { t } = f;
  const [search, setSearch] = useSearchParams();
  const name = parseText(search.get('name'), 100);
  const category = parseChoice(search.get('category'), CATEGORY_CHOICES);
  /** `inShop`: '0' only products not in the shop yet, '1' only those already added. */
  const inShop = parseChoice(search.get('inShop'), ['0', '1'] as const);
  const query = useInfiniteWarehouse({ name, category, inShop });
  const [picked, setPicked] = useState<Map<number, WarehouseProductView>>(new Map());
  const [adding, setAdding] = useState<WarehouseProductView[] | null>(null);

  const setFilter = (patch: Record<string, string | undefined>) => {
    const next = new URLSearchParams(search);
    for (const [key, value] of Object.entries(patch)) {
      if (value === undefined) next.delete(key);
      else next.set(key, value);
    }
    setSearch(next, { replace: true });
  };

  const toggle = (p: WarehouseProductView) =>
    setPicked((current) => {
      const next = new Map(current);
      if (next.has(p.id)) next.delete(p.id);
      else next.set(p.id, p);
      return next;
    });

  return (
    <MobilePageFrame titleKey="warehouse">
      <div data-testid="m-warehouse-page" className="m-warehouse-page">
        <div className="m-filter-row">
          <MobileUrlSearchBar value={name} onSearch={(value) => setFilter({ name: value })} placeholder={t('filters.name')} maxLength={100} testId="m-warehouse-search" />
          <MobileCategoryFilter value={category} onChange={(value) => setFilter({ category: value })} testId="m-warehouse-category" />
        </div>
        <Tabs activeKey={inShop ?? 'all'} onChange={(key) => setFilter({ inShop: key === 'all' ? undefined : key })}>
          <Tabs.Tab key="all" title={t('filters.allFlags')} />
          <Tabs.Tab key="0" title={t('warehouse.inShopNo')} />
          <Tabs.Tab key="1" title={t('warehouse.inShopYes')} />
        </Tabs>
        <MobileInfiniteList query={query} emptyText={t('warehouse.empty')}>
          {(items) => (
            <>
              <List>
                {items.map((p) => (
                  <List.Item
                    key={p.id}
                    prefix={
                      <div className="m-review-head">
                        <LabelledCheckbox checked={picked.has(p.id)} disabled={p.inShop} onChange={() => toggle(p)} onClick={(e) => e.stopPropagation()} label={p.name} data-testid="m-warehouse-pick" />
                        <Image src={p.cover} alt="" width={56} height={56} fit="cover" style={{ borderRadius: 6 }} />
                      </div>
                    }
                    description={
                      <div className="m-order-meta">
                        <span>{t(`categories.${p.category}`, { defaultValue: p.category })}</span>
                        <span>{t('fields.purchasePrice')}: {f.usdt(p.purchasePriceCents)}</span>
                        <span>{t('fields.stock')}: {p.stock}</span>
                      </div>
                    }
                    onClick={p.inShop ? undefined : () => toggle(p)}
                    arrowIcon={false}
                    data-testid="m-warehouse-item"
                  >
                    <div className="m-product-title" data-testid="m-warehouse-name">{p.name}</div>
                    {p.inShop && (
                      <div className="m-tags">
                        <Tag color="success" fill="outline">
                          {t('warehouse.inShopYes')}
                        </Tag>
                      </div>
                    )}
                  </List.Item>
                ))}
              </List>
            </>
          )}
        </MobileInfiniteList>
      </div>
      <div className="m-batch-bar m-batch-bar-bottom" data-testid="m-warehouse-bar">
        <div className="m-batch-sum" data-testid="m-warehouse-count">
          {t('mobile.picked', { n: picked.size })}
        </div>
        {picked.size > 0 && (
          <Button fill="none" size="small" onClick={() => setPicked(new Map())}>
            {t('mobile.clear')}
          </Button>
        )}
        <Button color="primary" disabled={picked.size === 0} onClick={() => setAdding([...picked.values()])} data-testid="m-warehouse-add">
          {t('warehouse.addToShop')}
        </Button>
      </div>
      <AddSheet
        products={adding}
        onClose={(changed) => {
          setAdding(null);
          if (changed) setPicked(new Map());
        }}
      />
    </MobilePageFrame>
  );
}
