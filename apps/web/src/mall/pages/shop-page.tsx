import { useState } from 'react';
import { useParams } from 'react-router';
import { useShop, useShopProducts } from '../api/mall-api.ts';
import type { Sort } from '../api/types.ts';
import { DealStrip } from '../components/deal-strip.tsx';
import { VoucherStrip } from '../components/voucher-strip.tsx';
import { ChatWithSeller } from '../components/chat-button.tsx';
import { Empty, ErrorState, GridSkeleton, Img, Loading, ProductGrid, Stars, shopLogo, useMallFormat } from '../components/ui.tsx';

const SHOP_SORTS: Sort[] = ['recommended', 'sales', 'newest', 'price_asc', 'price_desc'];

export function ShopPage() {
  const f = useMallFormat();
  const id = Number(useParams().id);
  const valid = Number.isInteger(id) && id > 0;
  const shop = useShop(valid ? id : 0);
  const [sort, setSort] = useState<Sort>('recommended');
  const products = useShopProducts(valid ? id : 0, sort);
  const cards = products.data?.pages.flatMap((p) => p.list) ?? [];
  if (!valid) return <Empty title={f.t('state.notFound')} />;
  if (shop.isPending) return <Loading />;
  if (shop.isError) return <ErrorState error={shop.error} onRetry={() => void shop.refetch()} />;
  const s = shop.data;
  return (
    <div className="mall-page mall-shop" data-testid="mall-shop">
      <section className={`mall-shop-hero${s.packageType ? ` mall-banner-${s.packageType}` : ''}`}>
        <Img src={shopLogo(s.logo)} alt="" width={72} height={72} eager className="mall-shop-logo" />
        <div className="mall-shop-info">
          <h1>{s.shopName}</h1>
          <div className="mall-shop-badges">
            <Stars ratingX10={s.ratingX10} />
            {s.vipLevel > 0 && <span className="mall-badge">{f.t('shop.vip', { level: s.vipLevel })}</span>}
            {s.packageType && <span className="mall-badge mall-badge-ad">{f.t(`packages.${s.packageType}`, { defaultValue: s.packageType })}</span>}
            <span className="mall-muted">{f.t('home.productCount', { count: s.productCount })}</span>
          </div>
          {s.description && <p className="mall-shop-desc">{s.description}</p>}
          <ChatWithSeller shopId={s.shopId} className="mall-btn mall-btn-small mall-shop-chat" />
        </div>
      </section>
      <DealStrip of="shop" id={id} />
      <VoucherStrip of="shop" id={id} />
      <div className="mall-toolbar">
        <h2 className="mall-section-title">{f.t('shop.products')}</h2>
        <label className="mall-sort">
          <span>{f.t('search.sort')}</span>
          <select value={sort} onChange={(e) => setSort(e.target.value as Sort)}>
            {SHOP_SORTS.map((value) => (
              <option key={value} value={value}>
                {f.t(`search.sorts.${value}`)}
              </option>
            ))}
          </select>
        </label>
      </div>
      {products.isPending && <GridSkeleton />}
      {products.isError && <ErrorState error={products.error} onRetry={() => void products.refetch()} />}
      {products.isSuccess && cards.length === 0 && <Empty title={f.t('shop.noProducts')} />}
      {cards.length > 0 && <ProductGrid cards={cards} eagerCount={2} testId="shop-products" />}
      {products.hasNextPage && (
        <div className="mall-center">
          <button type="button" className="mall-btn mall-btn-ghost" disabled={products.isFetchingNextPage} onClick={() => void products.fetchNextPage()}>
            {f.t('state.loadMore')}
          </button>
        </div>
      )}
    </div>
  );
}
