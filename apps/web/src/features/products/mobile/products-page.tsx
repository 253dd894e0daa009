import { ActionSheet, Button, Image, List, Switch, Tabs, Tag } from 'antd-mobile';
import { Dialog } from '../../../components/mobile/imperative.ts';
import { AddOutline, MessageOutline, MoreOutline } from 'antd-mobile-icons';
import { useNavigate } from 'react-router';
import { MobilePageFrame } from '../../../components/mobile/page-frame.tsx';
import { MobileInfiniteList } from '../../../components/mobile/infinite-list.tsx';
import { MobileUrlSearchBar } from '../../../components/mobile/url-search-bar.tsx';
import { useProductsScreen } from '../hooks/use-products-screen.ts';
import { useFormat } from '../../../lib/use-format.ts';
import { MobileCategoryFilter } from './category-filter.tsx';
import { MobileBatchEditSheet } from './batch-edit-sheet.tsx';
import { MobileBatchResults } from './edit-parts.tsx';
import { MobileProductSheet } from './product-sheet.tsx';
import { LabelledCheckbox } from '../../../components/mobile/labelled-checkbox.tsx';
import { hasVariants } from '../product-helpers.ts';
import '../../../styles/list-pages-mobile.css';

/**
 * Mobile shop products: search by name, a category and status filter (all in the URL), price and
 * status per product, on/off sale, edit, and a sheet of the rest (recommend or not, delete).
 * "Select" picks products (kept across searches) for a batch edit or delete, as on the desktop.
 * The warehouse (to add products) and the reviews are one tap away in the bar.
 */
export function MobileProductsPage() {
  const f = useFormat('products');
  const { t } = f;
  const navigate = useNavigate();
  const screen = useProductsScreen('feed');
  const { state, acting, picking } = screen;

  const right = picking ? (
    <Button size="small" fill="none" onClick={screen.stopPicking} data-testid="m-products-pick-cancel">
      {t('common:actions.cancel')}
    </Button>
  ) : (
    <div className="m-icon-actions">
      <Button size="small" color="primary" fill="none" onClick={screen.startPicking} data-testid="m-products-pick">
        {t('mobile.select')}
      </Button>
      <button type="button" className="m-icon-button" aria-label={t('menu:reviews')} onClick={() => void navigate('/m/reviews')} data-testid="m-products-reviews">
        <MessageOutline />
      </button>
      <button type="button" className="m-icon-button" aria-label={t('menu:warehouse')} onClick={() => void navigate('/m/warehouse')} data-testid="m-products-warehouse">
        <AddOutline />
      </button>
    </div>
  );

  return (
    <MobilePageFrame titleKey="mobileProducts" back={false} right={right}>
      <div data-testid="m-products-page" className={picking ? 'm-products-picking' : undefined}>
        <div className="m-filter-row">
          <MobileUrlSearchBar value={state.name} onSearch={(name) => screen.setFilters({ name })} placeholder={t('filters.name')} maxLength={100} testId="m-products-search" />
          <MobileCategoryFilter value={state.category} onChange={(category) => screen.setFilters({ category })} testId="m-products-category" />
        </div>
        <MobileProductSheet />
        <Tabs activeKey={state.status ?? 'all'} onChange={(key) => screen.setFilters({ status: key === 'all' ? undefined : key })}>
          <Tabs.Tab key="all" title={t('filters.allStatuses')} />
          {screen.statuses.map((s) => (
            <Tabs.Tab key={s} title={t(`statuses.${s}`)} />
          ))}
        </Tabs>
        <MobileInfiniteList query={screen.feed} emptyText={t(screen.filtered ? 'list.emptyFiltered' : 'list.empty')}>
          {(items) => (
            <>
              <List>
                {items.map((p) => (
                  <List.Item
                    key={p.id}
                    prefix={
                      picking ? (
                        <div className="m-review-head">
                          <LabelledCheckbox checked={screen.isPicked(p)} onChange={() => screen.toggle(p)} onClick={(e) => e.stopPropagation()} label={p.name} data-testid="m-product-pick" />
                          <Image src={p.cover} alt="" width={56} height={56} fit="cover" style={{ borderRadius: 6 }} />
                        </div>
                      ) : (
                        <Image src={p.cover} alt="" width={56} height={56} fit="cover" style={{ borderRadius: 6 }} />
                      )
                    }
                    description={
                      <div className="m-order-meta">
                        <span data-testid="m-product-price">{f.usdtRange(p.salePriceMinCents ?? p.salePriceCents, p.salePriceMaxCents ?? p.salePriceCents)}</span>
                        {hasVariants(p) && <span data-testid="m-product-variant-count">{t('variants.count', { count: p.variantCount })}</span>}
                        <span>{t('fields.profitRatio')}: {f.percent(p.profitRatio)}</span>
                        <span className={p.profitCents < 0 ? 'm-loss' : undefined} data-testid="m-product-profit">
                          {t('fields.profit')}: {f.usdt(p.profitCents)}
                        </span>
                        <span>{t('fields.stock')}: {p.stock}</span>
                      </div>
                    }
                    onClick={picking ? () => screen.toggle(p) : undefined}
                    arrowIcon={false}
                    extra={
                      picking ? null : (
                      <div className="m-product-actions">
                        <Switch checked={p.status === 'on_sale'} onChange={(on) => screen.setStatusOf(p, on ? 'on_sale' : 'off_sale')} aria-label={t('fields.status')} data-testid="m-product-status-switch" />
                        <div className="m-icon-actions">
                          <Button size="mini" color="primary" fill="outline" onClick={() => void navigate(`/m/products/edit/${p.id}`)} data-testid="m-product-edit">
                            {t('list.edit')}
                          </Button>
                          <Button size="mini" fill="outline" onClick={() => screen.openActions(p)} aria-label={t('mobile.more')} data-testid="m-product-more">
                            <MoreOutline />
                          </Button>
                        </div>
                      </div>
                      )
                    }
                    data-testid="m-product"
                  >
                    <div className="m-product-title" data-testid="m-product-name">{p.name}</div>
                    <div className="m-tags">
                      <Tag color={p.status === 'on_sale' ? 'success' : 'default'} fill="outline">
                        {t(`statuses.${p.status}`)}
                      </Tag>
                      {p.isRecommended && (
                        <Tag color="warning" fill="outline" data-testid="m-product-recommended">
                          {t('fields.recommended')}
                        </Tag>
                      )}
                    </div>
                  </List.Item>
                ))}
              </List>
            </>
          )}
        </MobileInfiniteList>
      </div>
      {picking && (
        <div className="m-batch-bar" data-testid="m-products-bar">
          <div className="m-batch-sum" data-testid="m-products-count">
            {t('mobile.picked', { n: screen.selected.size })}
          </div>
          <Button fill="outline" color="danger" disabled={screen.selected.size === 0} onClick={screen.askDeleteSelection} data-testid="m-products-delete">
            {t('list.delete')}
          </Button>
          <Button color="primary" disabled={screen.selected.size === 0} onClick={screen.editSelection} data-testid="m-products-batch-edit">
            {t('list.batchEdit')}
          </Button>
        </div>
      )}
      <MobileBatchEditSheet products={screen.editing} onClose={screen.closeEdit} />
      <ActionSheet
        visible={acting !== null}
        onClose={screen.closeActions}
        extra={acting?.name}
        cancelText={t('common:actions.cancel')}
        actions={
          acting
            ? [
                acting.isRecommended
                  ? { key: 'unrecommend', text: t('mobile.unrecommend') }
                  : // Said before the tap: only a product on sale can be recommended.
                    { key: 'recommend', text: t('mobile.recommend'), disabled: !screen.canRecommend(acting), description: screen.canRecommend(acting) ? undefined : t('mobile.recommendOffSale') },
                { key: 'delete', text: t('list.delete'), danger: true },
              ]
            : []
        }
        onAction={(action) => {
          const p = acting;
          screen.closeActions();
          if (!p) return;
          if (action.key === 'delete') screen.askDelete(p);
          else screen.setRecommended(p, action.key === 'recommend');
        }}
        data-testid="m-product-sheet"
      />
      <Dialog
        visible={screen.deleting !== null}
        title={t('delete.title', { count: screen.deleting?.length ?? 0 })}
        content={
          <div>
            {screen.deleting?.length === 1 && <div className="m-product-title">{screen.deleting[0]?.name}</div>}
            <div className="m-order-meta">{t('delete.text')}</div>
          </div>
        }
        actions={[
          [
            { key: 'cancel', text: t('common:actions.cancel'), onClick: screen.cancelDelete },
            { key: 'delete', text: <span data-testid="m-delete-confirm">{t('delete.ok')}</span>, danger: true, bold: true, disabled: screen.deleteBusy, onClick: () => void screen.confirmDelete() },
          ],
        ]}
      />
      <Dialog
        visible={screen.outcome !== null}
        title={screen.outcome?.title}
        content={
          <div data-testid={`m-${screen.outcome?.testId ?? ''}`}>
            {screen.outcome?.text}
            {screen.outcome?.rows && <MobileBatchResults rows={screen.outcome.rows} />}
          </div>
        }
        actions={[{ key: 'close', text: t('common:actions.close'), onClick: screen.dismissOutcome }]}
      />
    </MobilePageFrame>
  );
}
