import { useMemo, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { formatDate } from '../../lib/date-format.ts';
import { errorText } from '../../lib/http.ts';
import { numberFormat } from '../../lib/intl-cache.ts';
import { formatUsdt } from '../../lib/money-format.ts';
import type { ProductCard as Card } from '../api/types.ts';
import { priceTag, ratingText } from '../logic/pricing.ts';
import { Icon } from './icons.tsx';
import defaultShopLogo from '../../assets/default-shop-logo.svg';

/** A shop's logo, or the default one when the shop has none. */
export function shopLogo(logo: string | null | undefined): string {
  return logo || defaultShopLogo;
}

/** The mall's texts, amounts and dates in the interface language (Intl only: no date library on a phone). */
export function useMallFormat() {
  const { t, i18n, ready } = useTranslation('mall');
  const locale = i18n.resolvedLanguage ?? i18n.language ?? 'en-US';
  return useMemo(() => {
    const count = numberFormat(locale, { notation: 'compact', maximumFractionDigits: 1 });
    const percent = numberFormat(locale, { style: 'percent', maximumFractionDigits: 1, signDisplay: 'always' });
    return {
      t,
      ready,
      locale,
      usdt: (cents: number) => formatUsdt(cents, locale),
      date: (iso: string | null | undefined) => formatDate(iso, locale),
      dateTime: (iso: string | null | undefined) => formatDate(iso, locale, 'minute'),
      compact: (n: number) => count.format(n),
      /** A discount of 20 (%) as "−20%" in the language's own way. */
      percentOff: (pct: number) => percent.format(-pct / 100),
    };
  }, [t, ready, locale]);
}

/** An image that never shifts the layout: fixed width and height, lazy unless above the fold. */
export function Img({ src, alt, width, height, eager = false, className }: { src: string | null; alt: string; width: number; height: number; eager?: boolean; className?: string }) {
  return (
    <img
      className={className ? `mall-img ${className}` : 'mall-img'}
      src={src || undefined}
      alt={alt}
      width={width}
      height={height}
      loading={eager ? 'eager' : 'lazy'}
      decoding="async"
      {...(eager ? { fetchpriority: 'high' } : {})}
    />
  );
}

export function Price({ item, size = 'md' }: { item: { priceCents: number; salePriceCents: number; discountPct: number | null }; size?: 'md' | 'lg' }) {
  const f = useMallFormat();
  const tag = priceTag(item);
  return (
    <span className={`mall-price mall-price-${size}`}>
      <span className="mall-price-now" data-testid="price-now">{f.usdt(tag.nowCents)}</span>
      {tag.wasCents !== null && (
        <>
          <s className="mall-price-was">
            <span className="sr-only">{f.t('product.listPrice')} </span>
            {f.usdt(tag.wasCents)}
          </s>
          <span className="mall-badge mall-badge-sale">{f.percentOff(tag.discountPct ?? 0)}</span>
        </>
      )}
    </span>
  );
}

/** A price range ("12.00 – 15.00 USDT"), the list prices struck through beside it while a discount runs; one price when both ends meet. */
export function PriceRange({ span, discountPct, size = 'md' }: { span: { minCents: number; maxCents: number; listMinCents: number; listMaxCents: number }; discountPct: number | null; size?: 'md' | 'lg' }) {
  const f = useMallFormat();
  const range = (min: number, max: number) => (min === max ? f.usdt(min) : f.t('product.priceRange', { min: f.usdt(min), max: f.usdt(max) }));
  const discounted = discountPct !== null && discountPct > 0 && span.minCents < span.listMinCents;
  return (
    <span className={`mall-price mall-price-${size}`}>
      <span className="mall-price-now" data-testid="price-now">{range(span.minCents, span.maxCents)}</span>
      {discounted && (
        <>
          <s className="mall-price-was">
            <span className="sr-only">{f.t('product.listPrice')} </span>
            {range(span.listMinCents, span.listMaxCents)}
          </s>
          <span className="mall-badge mall-badge-sale">{f.percentOff(discountPct)}</span>
        </>
      )}
    </span>
  );
}

/** A line's variant ("Blue, M") under its product's name; nothing for a product without options. */
export function VariantName({ name, testId }: { name: string; testId: string }) {
  if (!name) return null;
  return (
    <span className="mall-variant-name" data-testid={testId}>
      {name}
    </span>
  );
}

export function Stars({ ratingX10, size = 14 }: { ratingX10: number; size?: number }) {
  const { t } = useTranslation('mall');
  const text = ratingText(ratingX10);
  return (
    <span className="mall-stars" role="img" aria-label={t('product.ratingOutOf5', { rating: text })}>
      <span className="mall-stars-icon">
        <Icon name="star" size={size} filled />
      </span>
      <span aria-hidden="true">{ratingX10 > 0 ? text : '—'}</span>
    </span>
  );
}

export function ProductCard({ card, eager = false }: { card: Card; eager?: boolean }) {
  const f = useMallFormat();
  return (
    <Link to={`/mall/product/${card.productId}`} className="mall-card" data-testid="product-card">
      <span className="mall-card-media">
        <Img src={card.cover} alt="" width={240} height={240} eager={eager} />
        {card.promoted && <span className="mall-badge mall-badge-ad">{f.t('card.promoted')}</span>}
        {card.stock <= 0 && <span className="mall-card-sold-out">{f.t('card.outOfStock')}</span>}
      </span>
      <span className="mall-card-body">
        <span className="mall-card-name">{card.name}</span>
        <Price item={card} />
        <span className="mall-card-meta">
          <Stars ratingX10={card.ratingX10} size={12} />
          <span>{f.t('card.sold', { count: card.totalSales, value: f.compact(card.totalSales) })}</span>
        </span>
        <span className="mall-card-shop">{card.shopName}</span>
      </span>
    </Link>
  );
}

export function ProductGrid({ cards, eagerCount = 0, testId }: { cards: Card[]; eagerCount?: number; testId?: string }) {
  return (
    <div className="mall-grid" data-testid={testId}>
      {cards.map((card, index) => (
        <ProductCard key={card.productId} card={card} eager={index < eagerCount} />
      ))}
    </div>
  );
}

/** Placeholder cards of the same size as the real ones (no layout shift when the answer lands). */
export function GridSkeleton({ count = 6 }: { count?: number }) {
  const { t } = useTranslation('mall');
  return (
    <div className="mall-grid" role="progressbar" aria-busy="true" aria-label={t('state.loading')}>
      {Array.from({ length: count }, (_, i) => (
        <div key={i} className="mall-card mall-skeleton-card">
          <span className="mall-card-media mall-skeleton" />
          <span className="mall-card-body">
            <span className="mall-skeleton mall-skeleton-line" />
            <span className="mall-skeleton mall-skeleton-line short" />
          </span>
        </div>
      ))}
    </div>
  );
}

export function Loading() {
  const { t } = useTranslation('mall');
  return (
    <div className="mall-loading" role="progressbar" aria-busy="true" aria-label={t('state.loading')}>
      <span className="mall-spinner" />
    </div>
  );
}

export function Empty({ title, hint, action, icon = 'box' }: { title: string; hint?: string; action?: ReactNode; icon?: 'box' | 'cart' | 'search' | 'ticket' }) {
  return (
    <div className="mall-empty" data-testid="mall-empty">
      <span className="mall-empty-icon">
        <Icon name={icon} size={40} />
      </span>
      <p className="mall-empty-title">{title}</p>
      {hint && <p className="mall-muted">{hint}</p>}
      {action}
    </div>
  );
}

export function ErrorState({ error, onRetry }: { error: unknown; onRetry?: () => void }) {
  const { t } = useTranslation('mall');
  const message = errorText(error, t('state.networkError'));
  return (
    <div className="mall-empty mall-error" role="alert" data-testid="mall-error">
      <p className="mall-empty-title">{t('state.error')}</p>
      <p className="mall-muted">{message}</p>
      {onRetry && (
        <button type="button" className="mall-btn" onClick={onRetry}>
          {t('state.retry')}
        </button>
      )}
    </div>
  );
}

/** A page's title row; phones get a back button. */
export function PageHead({ title, back = true, children }: { title: string; back?: boolean; children?: ReactNode }) {
  const { t } = useTranslation('mall');
  return (
    <div className="mall-page-head">
      {back && (
        <button type="button" className="mall-icon-btn mall-back" aria-label={t('nav.back')} onClick={() => history.back()}>
          <Icon name="back" />
        </button>
      )}
      <h1>{title}</h1>
      {children}
    </div>
  );
}

/** A short message at the bottom of the screen (role status), for "added to cart" and refusals. */
export function Toast({ message, tone }: { message: string; tone: 'ok' | 'error' }) {
  return (
    <div className={`mall-toast mall-toast-${tone}`} role={tone === 'error' ? 'alert' : 'status'} data-testid="mall-toast">
      {message}
    </div>
  );
}
