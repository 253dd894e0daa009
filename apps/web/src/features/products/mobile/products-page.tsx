import { Button, Image, InfiniteScroll, List, Switch, Tabs, Tag, Toast } from 'antd-mobile';
import { useNavigate, useSearchParams } from 'react-router';
import type { ProductStatus, ShopProductView } from '@shopdesk/shared/products/schemas';
import { PRODUCT_STATUSES } from '@shopdesk/shared/products/schemas';
import { MobilePageFrame } from '../../../components/mobile/page-frame.tsx';
import { MobileQueryState } from '../../../components/mobile/query-state.tsx';
import { parseChoice } from '../../../lib/list-params.ts';
import { useInfiniteShopProducts, useSetStatus } from '../api/products-api.ts';
import { useFormat } from '../../../lib/use-format.ts';
import '../../../styles/list-pages-mobile.css';

/** Mobile shop products: status tabs, price and status per product, on/off sale and edit. */
export function MobileProductsPage() {
  const f = useFormat('products');
  const { t } = f;
  const navigate = useNavigate();
  const [search, setSearch] = useSearchParams();
  const status = parseChoice(search.get('status'), PRODUCT_STATUSES);
  const query = useInfiniteShopProducts(status);
  const setStatus = useSetStatus();

  const toggle = async (p: ShopProductView, on: boolean) => {
    const next: ProductStatus = on ? 'on_sale' : 'off_sale';
    await setStatus.mutateAsync({ ids: [p.id], status: next });
    Toast.show({ icon: 'success', content: t(`statuses.${next}`) });
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
