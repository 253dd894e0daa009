import { Button, Image, Input, List, NoticeBar, Popup, ProgressBar, Tabs, Tag } from 'antd-mobile';
import { ImageViewer } from '../../../components/mobile/imperative.ts';
import type { WarehouseProductView } from '@shopdesk/shared/products/schemas';
import { MobilePageFrame } from '../../../components/mobile/page-frame.tsx';
import { LabelledCheckbox } from '../../../components/mobile/labelled-checkbox.tsx';
import { MobileInfiniteList } from '../../../components/mobile/infinite-list.tsx';
import { MobileUrlSearchBar } from '../../../components/mobile/url-search-bar.tsx';
import { useFormat } from '../../../lib/use-format.ts';
import { useAddToShop } from '../hooks/use-add-to-shop.ts';
import { MobilePriceConfirm } from './edit-parts.tsx';
import { useWarehouseScreen } from '../hooks/use-warehouse-screen.ts';
import { purchasePriceSpan, variantSummary } from '../product-helpers.ts';
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
  const add = useAddToShop(products ?? [], { onClose, closeWhenAllAdded: true });
  const { sample, preview, progress, results, counts, busy } = add;

  return (
    <Popup visible={products !== null} onMaskClick={add.close} onClose={add.close} bodyClassName="m-sheet" destroyOnClose>
      <div className="m-sheet-body" data-testid="m-add-sheet">
        <MobilePriceConfirm question={add.question} />
        <h3>{add.title}</h3>
        {!results && (
          <List header={t('fields.profitRatio')}>
            <List.Item
              description={
                add.error ? (
                  <span className="m-field-error" role="alert" data-testid="m-add-ratio-error">
                    {add.error}
                  </span>
                ) : (
                  add.hint
                )
              }
              extra="%"
            >
              <Input
                inputMode="decimal"
                placeholder={t('add.placeholder')}
                aria-label={t('fields.profitRatio')}
                value={add.ratio}
                onChange={add.setRatio}
                onBlur={add.touch}
                disabled={busy}
                clearable
                data-testid="m-add-ratio"
              />
            </List.Item>
          </List>
        )}
        {!results && add.outsideSuggested && <NoticeBar color="alert" wrap content={t('add.outsideSuggested')} data-testid="m-add-outside" />}
        {!results && sample && (
          <List header={t('preview.title', { name: sample.name })} className="m-preview">
            <List.Item extra={f.usdt(sample.purchasePriceCents)}>{t('fields.purchasePrice')}</List.Item>
            <List.Item extra={<span data-testid="m-add-preview-price">{preview ? f.usdt(preview.priceCents) : '—'}</span>}>{t('fields.price')}</List.Item>
            <List.Item extra={<span data-testid="m-add-preview-profit">{preview ? f.usdt(preview.profitCents) : '—'}</span>}>{t('fields.profit')}</List.Item>
          </List>
        )}
        {progress && <ProgressBar percent={add.progressPercent} text={`${progress.done}/${progress.total}`} style={{ margin: '12px 0' }} data-testid="m-add-progress" />}
        {results && counts && (
          <>
            <NoticeBar color={counts.added > 0 ? 'info' : 'alert'} wrap content={add.summary} data-testid="m-add-summary" />
            <List>
              {results.map((r) => (
                <List.Item key={r.id} extra={<Tag color={r.result === 'added' ? 'success' : r.result === 'already_in_shop' ? 'warning' : 'danger'}>{r.msg ?? t(`add.results.${r.result}`)}</Tag>}>
                  <span className="m-order-title">{r.name}</span>
                </List.Item>
              ))}
            </List>
          </>
        )}
        <Button block color="primary" size="large" style={{ marginTop: 12 }} loading={busy} onClick={results ? add.close : add.submit} data-testid="m-add-submit">
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
  const screen = useWarehouseScreen('feed');
  const { state } = screen;

  return (
    <MobilePageFrame titleKey="warehouse">
      <div data-testid="m-warehouse-page" className="m-warehouse-page">
        <div className="m-filter-row">
          <MobileUrlSearchBar value={state.name} onSearch={(name) => screen.setFilters({ name })} placeholder={t('filters.name')} maxLength={100} testId="m-warehouse-search" />
          <MobileCategoryFilter value={state.category} onChange={(category) => screen.setFilters({ category })} testId="m-warehouse-category" />
        </div>
        <Tabs activeKey={screen.inShopTab} onChange={(inShop) => screen.setFilters({ inShop })}>
          <Tabs.Tab key="all" title={t('filters.allFlags')} />
          <Tabs.Tab key="0" title={t('warehouse.inShopNo')} />
          <Tabs.Tab key="1" title={t('warehouse.inShopYes')} />
        </Tabs>
        <MobileInfiniteList query={screen.feed} emptyText={t('warehouse.empty')}>
          {(items) => (
            <>
              <List>
                {items.map((p) => (
                  <List.Item
                    key={p.id}
                    prefix={
                      <div className="m-review-head">
                        <LabelledCheckbox checked={screen.isPicked(p)} disabled={!screen.pickable(p)} onChange={() => screen.toggle(p)} onClick={(e) => e.stopPropagation()} label={p.name} data-testid="m-warehouse-pick" />
                        <div>
                          <Image
                            src={p.cover}
                            alt=""
                            width={56}
                            height={56}
                            fit="cover"
                            style={{ borderRadius: 6 }}
                            onClick={(e) => {
                              // The cover opens the pictures (cover, then gallery) instead of the row.
                              e.stopPropagation();
                              ImageViewer.Multi.show({ images: [p.cover, ...p.gallery] });
                            }}
                          />
                          {p.gallery.length > 0 && <div className="products-more-pictures">{t('warehouse.morePictures', { n: p.gallery.length })}</div>}
                        </div>
                      </div>
                    }
                    description={
                      <div className="m-order-meta">
                        <span>{t(`categories.${p.category}`, { defaultValue: p.category })}</span>
                        <span>{t('fields.purchasePrice')}: {f.usdtRange(...purchasePriceSpan(p))}</span>
                        {variantSummary(p, t) && <span data-testid="m-warehouse-variants">{variantSummary(p, t)}</span>}
                        <span>{t('fields.stock')}: {p.stock}</span>
                      </div>
                    }
                    onClick={screen.pickable(p) ? () => screen.toggle(p) : undefined}
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
          {t('mobile.picked', { n: screen.selected.size })}
        </div>
        {screen.selected.size > 0 && (
          <Button fill="none" size="small" onClick={() => screen.clear()}>
            {t('mobile.clear')}
          </Button>
        )}
        <Button color="primary" disabled={screen.selected.size === 0} onClick={screen.openAdd} data-testid="m-warehouse-add">
          {t('warehouse.addToShop')}
        </Button>
      </div>
      <AddSheet products={screen.adding} onClose={screen.closeAdd} />
    </MobilePageFrame>
  );
}
