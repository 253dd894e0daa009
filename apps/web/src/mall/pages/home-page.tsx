import { startTransition, useEffect, useState } from 'react';
import { Link } from 'react-router';
import { CATALOG } from '@shopdesk/shared/constants';
import { useMallHome } from '../api/mall-api.ts';
import type { MallHome, ProductCard as Card } from '../api/types.ts';
import { Icon } from '../components/icons.tsx';
import { ErrorState, GridSkeleton, Img, ProductCard, shopLogo, useMallFormat } from '../components/ui.tsx';

/** The 8 categories of SPEC §3 in the contract's order (each has its icon and tile colour). */
export const MALL_CATEGORY_KEYS = [...CATALOG.CATEGORIES, ...CATALOG.MALL_CATEGORIES];

const RANKINGS = ['bestSelling', 'mostViewed', 'topRated', 'newest'] as const;
const RANKING_SORT: Record<(typeof RANKINGS)[number], string> = { bestSelling: 'sales', mostViewed: 'views', topRated: 'rating', newest: 'newest' };

function Categories({ home }: { home: MallHome | undefined }) {
  const f = useMallFormat();
  const counts = new Map(home?.categories.map((c) => [c.key, c.productCount]));
  return (
    <section className="mall-section" aria-labelledby="mall-cat-title">
      <h2 id="mall-cat-title" className="mall-section-title">
        {f.t('home.categories')}
      </h2>
      <ul className="mall-categories">
        {MALL_CATEGORY_KEYS.map((key) => (
          <li key={key}>
            <Link to={`/mall/search?category=${key}`} className={`mall-category mall-category-${key}`} data-testid={`category-${key}`}>
              <span className="mall-category-icon" aria-hidden="true">
                <Icon name={key} size={24} />
              </span>
              <span className="mall-category-name">{f.t(`categories.${key}`)}</span>
              <span className="mall-category-count">{counts.has(key) ? f.t('home.productCount', { count: counts.get(key) }) : '\u00a0'}</span>
            </Link>
          </li>
        ))}
      </ul>
    </section>
  );
}

function Banners({ home }: { home: MallHome }) {
  const f = useMallFormat();
  if (home.banners.length === 0) return null;
  return (
    <section className="mall-section" aria-labelledby="mall-banner-title">
      <h2 id="mall-banner-title" className="mall-section-title">
        {f.t('home.promotedShops')}
      </h2>
      <div className="mall-banners" data-testid="mall-banners">
        {home.banners.map((banner) => (
          <Link key={banner.shopId} to={`/mall/shop/${banner.shopId}`} className={`mall-banner mall-banner-${banner.packageType}`}>
            <Img src={shopLogo(banner.logo)} alt="" width={56} height={56} className="mall-banner-logo" />
            <span className="mall-banner-text">
              <span className="mall-banner-package">{f.t(`packages.${banner.packageType}`, { defaultValue: banner.packageType })}</span>
              <span className="mall-banner-name">{banner.shopName}</span>
              <span className="mall-banner-cta">{f.t('home.visitShop')} →</span>
            </span>
          </Link>
        ))}
      </div>
    </section>
  );
}

function Ranking({ id, cards, eager }: { id: (typeof RANKINGS)[number]; cards: Card[]; eager: boolean }) {
  const f = useMallFormat();
  if (cards.length === 0) return null;
  return (
    <section className={eager ? 'mall-section' : 'mall-section mall-section-later'} aria-labelledby={`mall-rank-${id}`} data-testid={`ranking-${id}`}>
      <div className="mall-section-row">
        <h2 id={`mall-rank-${id}`} className="mall-section-title">
          {f.t(`home.rankings.${id}`)}
        </h2>
        <Link to={`/mall/search?sort=${RANKING_SORT[id]}`} className="mall-link">
          {f.t('home.seeAll')}
        </Link>
      </div>
      <ol className="mall-rail">
        {cards.map((card, index) => (
          <li key={card.productId} className="mall-rail-item">
            <span className={`mall-rank-no${index < 3 ? ' top' : ''}`} aria-hidden="true">
              {index + 1}
            </span>
            <ProductCard card={card} eager={eager && index < 2} />
          </li>
        ))}
      </ol>
    </section>
  );
}

/**
 * How many rankings to show: the first renders with the page; the other three (below the fold on
 * a phone, 10 cards each) follow one per commit, each a transition that yields to the browser, so
 * the first cards and their images wait for none of them and no commit holds a phone's main thread
 * for long (Lighthouse's total blocking time counted one long commit of all 40 cards).
 */
function useShownRankings(ready: boolean): number {
  const [shown, setShown] = useState(1);
  useEffect(() => {
    if (ready && shown < RANKINGS.length) startTransition(() => setShown((n) => n + 1));
  }, [ready, shown]);
  return shown;
}

export function HomePage() {
  const f = useMallFormat();
  const home = useMallHome();
  const shownRankings = useShownRankings(home.data !== undefined);
  return (
    <div className="mall-page mall-home" data-testid="mall-home">
      <section className="mall-hero">
        <h1>{f.t('home.heroTitle')}</h1>
        <p>{f.t('home.heroText')}</p>
      </section>
      <Categories home={home.data} />
      {home.isPending && <GridSkeleton count={4} />}
      {home.isError && <ErrorState error={home.error} onRetry={() => void home.refetch()} />}
      {home.data && (
        <>
          <Banners home={home.data} />
          {RANKINGS.slice(0, shownRankings).map((id, index) => (
            <Ranking key={id} id={id} cards={home.data.rankings[id]} eager={index === 0} />
          ))}
        </>
      )}
    </div>
  );
}
