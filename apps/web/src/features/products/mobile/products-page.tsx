import { useInfiniteQuery, useQueryClient } from '@tanstack/react-query';
import { Button, Image, InfiniteScroll, List, Switch, Tabs, Tag, Toast } from 'antd-mobile';
import { useNavigate, useSearchParams } from 'react-router';
import type { Paged, ProductStatus, ShopProductView } from '@shopdesk/shared/catalog/schemas';
import { PRODUCT_STATUSES } from '@shopdesk/shared/catalog/schemas';
import { MobilePageFrame } from '../../../components/mobile/page-frame.tsx';
import { MobileQueryState } from '../../../components/mobile/query-state.tsx';
import { http } from '../../../lib/http.ts';
import { nextPageOf, SCROLL_PAGE_SIZE } from '../../wallet/api/wallet-api.ts';
import { parseChoice } from '../../wallet/list-params.ts';
import { catalogCalls, catalogKeys } from '../api/catalog-api.ts';
import { useShopFormat } from '../components/use-shop-format.ts';
import '../../orders/mobile/orders-mobile.css';

/** Mobile shop products: status tabs, price and status per product, on/off sale and edit. */
export function MobileProductsPage() {
  const f = useShopFormat('catalog');
  const { t } = f;
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const [search, setSearch] = useSearchParams();
  const status = parseChoice(search.get('status'), PRODUCT_STATUSES);
  const query = useInfiniteQuery({
    queryKey: [...catalogKeys.products({ status, mobile: true })],
    queryFn: ({ pageParam, signal }) => http.get<Paged<ShopProductView>>('/product/list', { status, page: pageParam, pageSize: SCROLL_PAGE_SIZE }, { signal, silent: true }),
    initialPageParam: 1,
    getNextPageParam: nextPageOf,
  });

  const toggle = async (p: ShopProductView, on: boolean) => {
    const next: ProductStatus = on ? 'on_sale' : 'off_sale';
    try {
      await catalogCalls.setStatus([p.id], next);
      Toast.show({ icon: 'success', content: t(`statuses.${next}`) });
    } finally {
      await queryClient.invalidateQueries({ queryKey: catalogKeys.all });
    }
  };

  return (
    <MobilePageFrame titleKey="mobileProducts" back={false}>
      <div data-testid="m-products-page">
        <Tabs activeKey={status ?? 'all'} onChange={(key) => setSearch(key === 'all' ? {} : { status: key }, { replace: true })}>
          <Tabs.Tab key="all" title={t('filters.allStatuses')} />
          {PRODUCT_STATUSES.map((s) => (
            <Tabs.Tab key={s} title={t(`statuses.${s}`)} />
          ))}
        </Tabs>
        <MobileQueryState query={query} isEmpty={(d) => d.pages[0].total === 0} emptyText={t('list.empty')}>
          {(data) => (
            <>
              <List>
                {data.pages.flatMap((p) => p.list).map((p) => (
                  <List.Item
                    key={p.id}
                    prefix={<Image src={p.cover} width={56} height={56} fit="cover" style={{ borderRadius: 6 }} />}
                    description={
                      <div className="m-order-meta">
                        <span data-testid="m-product-price">{f.usdt(p.salePriceCents)}</span>
                        <span>{t('fields.profitRatio')}: {f.percent(p.profitRatio)}</span>
                        <span>{t('fields.stock')}: {p.stock}</span>
                      </div>
                    }
                    extra={
                      <div className="m-product-actions">
                        <Switch checked={p.status === 'on_sale'} onChange={(on) => toggle(p, on)} data-testid="m-product-status-switch" />
                        <Button size="mini" color="primary" fill="outline" onClick={() => void navigate(`/m/products/edit/${p.id}`)} data-testid="m-product-edit">
                          {t('list.edit')}
                        </Button>
                      </div>
                    }
                    data-testid="m-product"
                  >
                    <div className="m-order-title">{p.name}</div>
                    <Tag color={p.status === 'on_sale' ? 'success' : 'default'} fill="outline">
                      {t(`statuses.${p.status}`)}
                    </Tag>
                    {p.isRecommended && (
                      <Tag color="warning" fill="outline" style={{ marginLeft: 4 }}>
                        {t('fields.recommended')}
                      </Tag>
                    )}
                  </List.Item>
                ))}
              </List>
              <InfiniteScroll loadMore={async () => void (await query.fetchNextPage())} hasMore={query.hasNextPage} />
            </>
          )}
        </MobileQueryState>
      </div>
    </MobilePageFrame>
  );
}
