import { useState } from 'react';
import { ActionSheet, Button, Image, List, Switch, Tabs, Tag } from 'antd-mobile';
import { Dialog, Toast } from '../../../components/mobile/imperative.ts';
import { AddOutline, MessageOutline, MoreOutline } from 'antd-mobile-icons';
import { useNavigate, useSearchParams } from 'react-router';
import type { ProductStatus, ShopProductView } from '@shopdesk/shared/products/schemas';
import { PRODUCT_STATUSES } from '@shopdesk/shared/products/schemas';
import { MobilePageFrame } from '../../../components/mobile/page-frame.tsx';
import { MobileInfiniteList } from '../../../components/mobile/infinite-list.tsx';
import { MobileUrlSearchBar } from '../../../components/mobile/url-search-bar.tsx';
import { parseChoice, parseText } from '../../../lib/list-params.ts';
import { useInfiniteShopProducts, useRecommend, useSetStatus } from '../api/products-api.ts';
import { useBatchDelete } from '../hooks/use-product-batches.ts';
import { CATEGORY_CHOICES } from '../product-helpers.ts';
import { useFormat } from '../../../lib/use-format.ts';
import { MobileCategoryFilter } from './category-filter.tsx';
import '../../../styles/list-pages-mobile.css';

/**
 * Mobile shop products: search by name, a category and status filter (all in the URL), price and
 * status per product, on/off sale, edit, and a sheet of the rest (recommend or not, delete).
 * The warehouse (to add products) and the reviews are one tap away in the bar.
 */
export function MobileProductsPage() {
  const f = useFormat('products');
  const { t } = f;
  const navigate = useNavigate();
  const [search, setSearch] = useSearchParams();
  const status = parseChoice(search.get('status'), PRODUCT_STATUSES);
  const name = parseText(search.get('name'), 100);
  const category = parseChoice(search.get('category'), CATEGORY_CHOICES);
  const query = useInfiniteShopProducts({ status, name, category });
  const setStatus = useSetStatus();
  const recommend = useRecommend();
  const batchDelete = useBatchDelete();
  const [acting, setActing] = useState<ShopProductView | null>(null);
  const filtered = Boolean(status || name || category);

  const setFilter = (patch: Record<string, string | undefined>) => {
    const next = new URLSearchParams(search);
    for (const [key, value] of Object.entries(patch)) {
      if (value === undefined || value === 'all') next.delete(key);
      else next.set(key, value);
    }
    setSearch(next, { replace: true });
  };

  const toggle = async (p: ShopProductView, on: boolean) => {
    const next: ProductStatus = on ? 'on_sale' : 'off_sale';
    await setStatus.mutateAsync({ ids: [p.id], status: next });
    Toast.show({ icon: 'success', content: t(`statuses.${next}`) });
  };

  const setRecommended = (p: ShopProductView, on: boolean) =>
    recommend.mutate(
      { id: p.id, recommended: on },
      {
        onSuccess: () => Toast.show({ icon: 'success', content: on ? t('recommend.done') : t('recommend.undone') }),
        // The server says why (no package, limits, too few on sale): shown as it is.
        onError: (error) => void Dialog.alert({ title: t('recommend.refused'), content: <span data-testid="m-recommend-refusal">{error.message}</span>, confirmText: t('common:actions.close') }),
      },
    );

  const remove = (p: ShopProductView) =>
    void Dialog.confirm({
      title: t('delete.title', { count: 1 }),
      content: (
        <div>
          <div className="m-product-title">{p.name}</div>
          <div className="m-order-meta">{t('delete.text')}</div>
        </div>
      ),
      confirmText: <span className="m-danger">{t('delete.ok')}</span>,
      cancelText: t('common:actions.cancel'),
      onConfirm: async () => {
        const results = await batchDelete.run([p]);
        const failed = results?.find((r) => !r.ok);
        if (!results) return;
        if (failed) Toast.show({ icon: 'fail', content: failed.msg ?? t('batch.failed') });
        else Toast.show({ icon: 'success', content: t('delete.done', { count: 1 }) });
      },
    });

  const right = (
    <div className="m-icon-actions">
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
      <div data-testid="m-products-page">
        <div className="m-filter-row">
          <MobileUrlSearchBar value={name} onSearch={(value) => setFilter({ name: value })} placeholder={t('filters.name')} maxLength={100} testId="m-products-search" />
          <MobileCategoryFilter value={category} onChange={(value) => setFilter({ category: value })} testId="m-products-category" />
        </div>
        <Tabs activeKey={status ?? 'all'} onChange={(key) => setFilter({ status: key })}>
          <Tabs.Tab key="all" title={t('filters.allStatuses')} />
          {PRODUCT_STATUSES.map((s) => (
            <Tabs.Tab key={s} title={t(`statuses.${s}`)} />
          ))}
        </Tabs>
        <MobileInfiniteList query={query} emptyText={t(filtered ? 'list.emptyFiltered' : 'list.empty')}>
          {(items) => (
            <>
              <List>
                {items.map((p) => (
                  <List.Item
                    key={p.id}
                    prefix={<Image src={p.cover} alt="" width={56} height={56} fit="cover" style={{ borderRadius: 6 }} />}
                    description={
                      <div className="m-order-meta">
                        <span data-testid="m-product-price">{f.usdt(p.salePriceCents)}</span>
                        <span>{t('fields.profitRatio')}: {f.percent(p.profitRatio)}</span>
                        <span>{t('fields.stock')}: {p.stock}</span>
                      </div>
                    }
                    extra={
                      <div className="m-product-actions">
                        <Switch checked={p.status === 'on_sale'} onChange={(on) => toggle(p, on)} aria-label={t('fields.status')} data-testid="m-product-status-switch" />
                        <div className="m-icon-actions">
                          <Button size="mini" color="primary" fill="outline" onClick={() => void navigate(`/m/products/edit/${p.id}`)} data-testid="m-product-edit">
                            {t('list.edit')}
                          </Button>
                          <Button size="mini" fill="outline" onClick={() => setActing(p)} aria-label={t('mobile.more')} data-testid="m-product-more">
                            <MoreOutline />
                          </Button>
                        </div>
                      </div>
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
      <ActionSheet
        visible={acting !== null}
        onClose={() => setActing(null)}
        extra={acting?.name}
        cancelText={t('common:actions.cancel')}
        actions={
          acting
            ? [
                acting.isRecommended
                  ? { key: 'unrecommend', text: t('mobile.unrecommend') }
                  : // Said before the tap: only a product on sale can be recommended.
                    { key: 'recommend', text: t('mobile.recommend'), disabled: acting.status !== 'on_sale', description: acting.status !== 'on_sale' ? t('mobile.recommendOffSale') : undefined },
                { key: 'delete', text: t('list.delete'), danger: true },
              ]
            : []
        }
        onAction={(action) => {
          const p = acting;
          setActing(null);
          if (!p) return;
          if (action.key === 'delete') remove(p);
          else setRecommended(p, action.key === 'recommend');
        }}
        data-testid="m-product-sheet"
      />
    </MobilePageFrame>
  );
}
