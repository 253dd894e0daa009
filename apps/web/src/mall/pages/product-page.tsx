import { useRef, useState } from 'react';
import { Link, useParams } from 'react-router';
import { useReviews, useShopProducts, useProduct } from '../api/mall-api.ts';
import type { MallReview, ProductDetail } from '../api/types.ts';
import { discountRunning } from '../logic/pricing.ts';
import { useProductBuy } from '../hooks/use-product-buy.ts';
import { Empty, ErrorState, Img, Loading, Price, PriceRange, ProductGrid, Stars, useMallFormat } from '../components/ui.tsx';
import { Stepper } from '../components/stepper.tsx';
import { Icon } from '../components/icons.tsx';
import { ReviewContent } from '../components/review-content.tsx';
import { DealStrip } from '../components/deal-strip.tsx';
import { VoucherStrip } from '../components/voucher-strip.tsx';
import { ChatWithSeller } from '../components/chat-button.tsx';
import { VariantPicker } from '../components/variant-picker.tsx';

/** The product's pictures; a chosen variant's own picture comes first (the page remounts it per variant). */
function Gallery({ product, variantImage }: { product: ProductDetail; variantImage: string | null }) {
  const f = useMallFormat();
  const own = product.images.length > 0 ? product.images : [product.cover];
  const images = variantImage ? [variantImage, ...own.filter((src) => src !== variantImage)] : own;
  const [index, setIndex] = useState(0);
  // On a phone the picture is swiped: a horizontal move of more than SWIPE_PX turns to the next or previous one.
  const touchX = useRef<number | null>(null);
  const SWIPE_PX = 40;
  const swipeEnd = (x: number | undefined) => {
    const start = touchX.current;
    touchX.current = null;
    if (start === null || x === undefined || Math.abs(x - start) < SWIPE_PX) return;
    setIndex((i) => Math.min(images.length - 1, Math.max(0, i + (x < start ? 1 : -1))));
  };
  return (
    <div className="mall-gallery">
      <div className="mall-gallery-main" onTouchStart={(e) => (touchX.current = e.touches[0]?.clientX ?? null)} onTouchEnd={(e) => swipeEnd(e.changedTouches[0]?.clientX)} data-testid="mall-gallery-main">
        <Img src={images[index] ?? ''} alt={product.name} width={600} height={600} eager />
        {images.length > 1 && (
          <span className="mall-gallery-count" aria-hidden="true">
            {index + 1}/{images.length}
          </span>
        )}
      </div>
      {images.length > 1 && (
        <div className="mall-gallery-thumbs" role="group" aria-label={f.t('product.images')}>
          {images.map((src, i) => (
            <button key={`${src}-${i}`} type="button" className="mall-thumb" aria-pressed={i === index} aria-label={f.t('product.imageN', { index: i + 1, count: images.length })} onClick={() => setIndex(i)}>
              <Img src={src} alt="" width={64} height={64} />
            </button>
          ))}
        </div>
      )}
    </div>
  );
}

function ReviewItem({ review }: { review: MallReview }) {
  const f = useMallFormat();
  return (
    <li className="mall-review" data-testid="review">
      <div className="mall-review-head">
        <span className="mall-avatar" aria-hidden="true">
          {review.nickname.slice(0, 1).toUpperCase()}
        </span>
        <span className="mall-review-who">
          <strong>{review.nickname}</strong>
          <span className="mall-muted">{f.date(review.createTime)}</span>
        </span>
        <Stars ratingX10={review.rating * 10} />
      </div>
      <ReviewContent content={review.content} images={review.images} />
      {review.reply && (
        <div className="mall-reply" data-testid="review-reply">
          <strong>{f.t('product.merchantReply')}</strong>
          <p>{review.reply}</p>
        </div>
      )}
    </li>
  );
}

function Reviews({ product }: { product: ProductDetail }) {
  const f = useMallFormat();
  const reviews = useReviews(product.productId);
  const list = reviews.data?.pages.flatMap((p) => p.list) ?? [];
  return (
    <section className="mall-section mall-panel" aria-labelledby="mall-reviews-title">
      <div className="mall-section-row">
        <h2 id="mall-reviews-title" className="mall-section-title">
          {f.t('product.reviews', { count: product.reviewsCount })}
        </h2>
        <Stars ratingX10={product.ratingX10} />
      </div>
      {reviews.isPending && <Loading />}
      {reviews.isError && <ErrorState error={reviews.error} onRetry={() => void reviews.refetch()} />}
      {reviews.isSuccess && list.length === 0 && <p className="mall-muted">{f.t('product.noReviews')}</p>}
      {list.length > 0 && (
        <ul className="mall-reviews">
          {list.map((review) => (
            <ReviewItem key={review.id} review={review} />
          ))}
        </ul>
      )}
      {reviews.hasNextPage && (
        <button type="button" className="mall-btn mall-btn-ghost" disabled={reviews.isFetchingNextPage} onClick={() => void reviews.fetchNextPage()}>
          {f.t('state.loadMore')}
        </button>
      )}
    </section>
  );
}

function MoreFromShop({ product }: { product: ProductDetail }) {
  const f = useMallFormat();
  const more = useShopProducts(product.shopId, 'sales', 9);
  const cards = (more.data?.pages[0]?.list ?? []).filter((c) => c.productId !== product.productId).slice(0, 8);
  if (cards.length === 0) return null;
  return (
    <section className="mall-section" aria-labelledby="mall-more-title">
      <div className="mall-section-row">
        <h2 id="mall-more-title" className="mall-section-title">
          {f.t('product.moreFromShop')}
        </h2>
        <Link to={`/mall/shop/${product.shopId}`} className="mall-link">
          {f.t('home.seeAll')}
        </Link>
      </div>
      <ProductGrid cards={cards} />
    </section>
  );
}

function BuyBox({ product, buy }: { product: ProductDetail; buy: ReturnType<typeof useProductBuy> }) {
  const f = useMallFormat();
  const discountShown = product.discountPct !== null && product.salePriceCents < product.priceCents && discountRunning(product.discountStart, product.discountEnd, new Date());
  const { variant, span, soldOut } = buy;

  return (
    <div className="mall-buybox" data-testid="product-buybox">
      <h1 className="mall-product-name">{product.name}</h1>
      <div className="mall-product-stats">
        <Stars ratingX10={product.ratingX10} />
        <span>{f.t('product.reviews', { count: product.reviewsCount })}</span>
        <span>{f.t('card.sold', { count: product.totalSales, value: f.compact(product.totalSales) })}</span>
      </div>
      <div className="mall-product-price" data-testid="product-price">
        {span ? (
          <PriceRange span={span} discountPct={product.discountPct} size="lg" />
        ) : (
          <Price item={variant && buy.withOptions ? { priceCents: variant.priceCents, salePriceCents: variant.salePriceCents, discountPct: product.discountPct } : product} size="lg" />
        )}
        {discountShown && (
          <p className="mall-discount-dates" data-testid="discount-dates">
            {product.discountEnd ? f.t('product.discountRange', { start: f.date(product.discountStart), end: f.date(product.discountEnd) }) : f.t('product.discountFrom', { start: f.date(product.discountStart) })}
          </p>
        )}
      </div>
      {/* A running flash deal's price right under the normal one, where the buyer looks for the price. */}
      <DealStrip of="product" id={product.productId} />
      <VariantPicker axes={buy.axes} onPick={buy.choose} missing={buy.missing} />
      <Link to={`/mall/shop/${product.shopId}`} className="mall-shop-link" data-testid="product-shop">
        <Icon name="store" size={18} />
        <span>{product.shopName}</span>
        <span aria-hidden="true">›</span>
      </Link>
      <ChatWithSeller shopId={product.shopId} productId={product.productId} className="mall-btn mall-btn-ghost mall-btn-block" />
      <dl className="mall-facts">
        <div>
          <dt>{f.t('product.stock')}</dt>
          <dd data-testid="product-stock">{soldOut ? f.t('card.outOfStock') : f.t('product.inStock', { count: buy.stock })}</dd>
        </div>
        <div>
          <dt>{f.t('product.category')}</dt>
          <dd>{f.t(`categories.${product.category}`, { defaultValue: product.category })}</dd>
        </div>
        <div>
          <dt>{f.t('product.policy')}</dt>
          <dd>{f.t('product.returnPolicy')}</dd>
        </div>
      </dl>
      <div className="mall-buy-row">
        <span className="mall-muted">{f.t('product.quantity')}</span>
        <Stepper value={buy.quantity} max={buy.max} onChange={buy.setQuantity} label={f.t('product.quantity')} disabled={soldOut} testId="product-quantity" />
      </div>
      <div className="mall-buy-actions">
        <button type="button" className="mall-btn mall-btn-ghost mall-btn-block" disabled={soldOut || buy.pending} onClick={() => void buy.buy('stay')} data-testid="add-to-cart">
          <Icon name="cart" size={18} />
          {f.t('product.addToCart')}
        </button>
        <button type="button" className="mall-btn mall-btn-block" disabled={soldOut || buy.pending} onClick={() => void buy.buy('checkout')} data-testid="buy-now">
          {f.t('product.buyNow')}
        </button>
      </div>
    </div>
  );
}

function ProductView({ product }: { product: ProductDetail }) {
  const f = useMallFormat();
  const buy = useProductBuy(product);
  return (
    <div className="mall-page mall-product" data-testid="mall-product">
      <div className="mall-product-top">
        <Gallery key={buy.image ?? ''} product={product} variantImage={buy.image} />
        <BuyBox product={product} buy={buy} />
      </div>
      <VoucherStrip of="product" id={product.productId} />
      {product.description && (
        <section className="mall-section mall-panel" aria-labelledby="mall-desc-title">
          <h2 id="mall-desc-title" className="mall-section-title">
            {f.t('product.description')}
          </h2>
          <p className="mall-description">{product.description}</p>
        </section>
      )}
      <Reviews product={product} />
      <MoreFromShop product={product} />
    </div>
  );
}

export function ProductPage() {
  const f = useMallFormat();
  const id = Number(useParams().id);
  const product = useProduct(Number.isInteger(id) ? id : 0);
  if (!Number.isInteger(id) || id <= 0) return <Empty title={f.t('state.notFound')} />;
  if (product.isPending) return <Loading />;
  if (product.isError) return <ErrorState error={product.error} onRetry={() => void product.refetch()} />;
  // Keyed by product: another product's page starts with its own choice.
  return <ProductView key={product.data.productId} product={product.data} />;
}
