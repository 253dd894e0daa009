import { useState, type FormEvent } from 'react';
import { useSearchParams } from 'react-router';
import { CENTS_PER_UNIT } from '@shopdesk/shared/constants';
import { useSearch, type SearchFilters } from '../api/mall-api.ts';
import { SORTS, type Sort } from '../api/types.ts';
import { Empty, ErrorState, GridSkeleton, ProductGrid, useMallFormat } from '../components/ui.tsx';
import { Icon } from '../components/icons.tsx';
import { MALL_CATEGORY_KEYS } from './home-page.tsx';

/** A price typed in USDT ("12.5") → cents; null when empty or not a number. */
export function priceToCents(text: string | null): number | undefined {
  if (!text || !/^\d+(\.\d{0,2})?$/.test(text.trim())) return undefined;
  const [units, decimals = ''] = text.trim().split('.');
  return Number(units) * CENTS_PER_UNIT + Number(decimals.padEnd(2, '0'));
}

function filtersFrom(params: URLSearchParams): SearchFilters {
  const sort = params.get('sort');
  const rating = Number(params.get('minRating'));
  return {
    keyword: params.get('keyword') || undefined,
    category: params.get('category') || undefined,
    minPriceCents: priceToCents(params.get('minPrice')),
    maxPriceCents: priceToCents(params.get('maxPrice')),
    minRating: rating >= 1 && rating <= 5 ? rating : undefined,
    sort: SORTS.includes(sort as Sort) ? (sort as Sort) : 'recommended',
  };
}

function FilterPanel({ params, onApply }: { params: URLSearchParams; onApply: (next: Record<string, string>) => void }) {
  const f = useMallFormat();
  const [minPrice, setMinPrice] = useState(params.get('minPrice') ?? '');
  const [maxPrice, setMaxPrice] = useState(params.get('maxPrice') ?? '');
  const [error, setError] = useState('');
  const submit = (e: FormEvent) => {
    e.preventDefault();
    const min = priceToCents(minPrice);
    const max = priceToCents(maxPrice);
    if ((minPrice && min === undefined) || (maxPrice && max === undefined)) return setError(f.t('search.priceInvalid'));
    if (min !== undefined && max !== undefined && min > max) return setError(f.t('search.priceOrder'));
    setError('');
    onApply({ minPrice: minPrice.trim(), maxPrice: maxPrice.trim() });
  };
  const category = params.get('category') ?? '';
  const rating = params.get('minRating') ?? '';
  return (
    <div className="mall-filters" data-testid="search-filters">
      <fieldset>
        <legend>{f.t('search.category')}</legend>
        <div className="mall-chips">
          {['', ...MALL_CATEGORY_KEYS].map((key) => (
            <button key={key || 'all'} type="button" className="mall-chip" aria-pressed={category === key} onClick={() => onApply({ category: key })} data-testid={`filter-category-${key || 'all'}`}>
              {key ? f.t(`categories.${key}`) : f.t('search.allCategories')}
            </button>
          ))}
        </div>
      </fieldset>
      <form onSubmit={submit} noValidate>
        <fieldset>
          <legend>{f.t('search.priceRange')}</legend>
          <div className="mall-price-range">
            <input inputMode="decimal" value={minPrice} onChange={(e) => setMinPrice(e.target.value)} placeholder={f.t('search.minPrice')} aria-label={f.t('search.minPrice')} data-testid="filter-min-price" />
            <span aria-hidden="true">–</span>
            <input inputMode="decimal" value={maxPrice} onChange={(e) => setMaxPrice(e.target.value)} placeholder={f.t('search.maxPrice')} aria-label={f.t('search.maxPrice')} data-testid="filter-max-price" />
            <button type="submit" className="mall-btn mall-btn-small" data-testid="filter-apply">
              {f.t('search.apply')}
            </button>
          </div>
          {error && (
            <p className="mall-field-error" role="alert">
              {error}
            </p>
          )}
        </fieldset>
      </form>
      <fieldset>
        <legend>{f.t('search.rating')}</legend>
        <div className="mall-chips">
          {['', '4', '3', '2', '1'].map((value) => (
            <button key={value || 'any'} type="button" className="mall-chip" aria-pressed={rating === value} onClick={() => onApply({ minRating: value })}>
              {value ? f.t('search.ratingAtLeast', { rating: value }) : f.t('search.anyRating')}
            </button>
          ))}
        </div>
      </fieldset>
    </div>
  );
}

export function SearchPage() {
  const f = useMallFormat();
  const [params, setParams] = useSearchParams();
  const [showFilters, setShowFilters] = useState(false);
  const filters = filtersFrom(params);
  const search = useSearch(filters);
  const cards = search.data?.pages.flatMap((page) => page.list) ?? [];
  const total = search.data?.pages[0]?.total ?? 0;
  const apply = (next: Record<string, string>) => {
    const merged = new URLSearchParams(params);
    for (const [key, value] of Object.entries(next)) {
      if (value) merged.set(key, value);
      else merged.delete(key);
    }
    setParams(merged, { replace: true });
  };
  const activeFilters = ['category', 'minPrice', 'maxPrice', 'minRating'].filter((key) => params.get(key)).length;
  const title = filters.keyword ? f.t('search.resultsFor', { keyword: filters.keyword }) : filters.category ? f.t(`categories.${filters.category}`) : f.t('search.title');

  return (
    <div className="mall-page mall-search" data-testid="mall-search">
      <div className="mall-page-head">
        <h1>{title}</h1>
      </div>
      <div className="mall-toolbar">
        <button type="button" className="mall-btn mall-btn-ghost mall-filter-toggle" aria-expanded={showFilters} onClick={() => setShowFilters((v) => !v)} data-testid="filter-toggle">
          <Icon name="filter" size={18} />
          {f.t('search.filters')}
          {activeFilters > 0 && <span className="mall-count">{activeFilters}</span>}
        </button>
        <label className="mall-sort">
          <span>{f.t('search.sort')}</span>
          <select value={filters.sort} onChange={(e) => apply({ sort: e.target.value === 'recommended' ? '' : e.target.value })} data-testid="search-sort">
            {SORTS.map((sort) => (
              <option key={sort} value={sort}>
                {f.t(`search.sorts.${sort}`)}
              </option>
            ))}
          </select>
        </label>
      </div>
      <div className="mall-search-layout">
        <aside className={`mall-search-aside${showFilters ? ' open' : ''}`}>
          <FilterPanel key={params.toString()} params={params} onApply={apply} />
        </aside>
        <section className="mall-search-results" aria-live="polite" aria-busy={search.isFetching}>
          {search.isPending && <GridSkeleton count={6} />}
          {search.isError && <ErrorState error={search.error} onRetry={() => void search.refetch()} />}
          {search.isSuccess && (
            <>
              <p className="mall-muted" data-testid="search-total">
                {f.t('search.results', { count: total })}
              </p>
              {cards.length === 0 ? (
                <Empty icon="search" title={f.t('search.noResults')} hint={f.t('search.noResultsHint')} />
              ) : (
                <ProductGrid cards={cards} eagerCount={2} testId="search-results" />
              )}
              {search.hasNextPage && (
                <div className="mall-center">
                  <button type="button" className="mall-btn mall-btn-ghost" disabled={search.isFetchingNextPage} onClick={() => void search.fetchNextPage()} data-testid="load-more">
                    {search.isFetchingNextPage ? f.t('state.loading') : f.t('state.loadMore')}
                  </button>
                </div>
              )}
            </>
          )}
        </section>
      </div>
    </div>
  );
}
