import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { WarehouseProductView } from '@shopdesk/shared/products/schemas';
import type { ListLayout } from '../../../lib/list-params.ts';
import { notify } from '../../../lib/notifier.ts';
import { useSearchState } from '../../../lib/use-search-state.ts';
import { useInfiniteWarehouse, useWarehouse } from '../api/products-api.ts';
import { CATEGORY_CHOICES, parseWarehouseSearch, warehouseQueryOf } from '../product-helpers.ts';
import { useSelection } from './use-selection.ts';

/** The phone's warehouse tabs: everything, only products not in the shop yet, only those added. */
const IN_SHOP_TABS = ['all', '0', '1'] as const;

/**
 * The product warehouse (SPEC §2) on both devices: the filters in the URL (name, category; the
 * desktop's purchase-price range and page, the phone's in-shop tab), the desktop's table or the
 * phone's feed, the products picked to add (never one already in the shop) and the "add to shop"
 * dialog or sheet they open.
 */
export function useWarehouseScreen(layout: ListLayout) {
  const { t } = useTranslation('products');
  const [state, update] = useSearchState(parseWarehouseSearch);
  const query = useMemo(() => warehouseQueryOf(state), [state]);
  const table = useWarehouse(query, layout === 'table');
  // The phone opens on the products not in the shop yet: the ones added cannot be picked again, and
  // listed first they looked like circles that did nothing. "All" is a tab away (inShop=all).
  const defaultTab = layout === 'feed' ? '0' : 'all';
  const inShopTab = state.inShop ?? defaultTab;
  const feed = useInfiniteWarehouse({ name: state.name, category: state.category, inShop: inShopTab === 'all' ? undefined : inShopTab }, layout === 'feed');
  const selection = useSelection<WarehouseProductView>();
  const [adding, setAdding] = useState<WarehouseProductView[] | null>(null);
  const replace = layout === 'feed';

  return {
    state,
    categories: CATEGORY_CHOICES,
    inShopTabs: IN_SHOP_TABS,
    inShopTab,
    table,
    feed,
    setFilters: (patch: { name?: string; category?: string; minPrice?: string; maxPrice?: string; inShop?: string }) =>
      update({ ...patch, ...('inShop' in patch ? { inShop: patch.inShop === defaultTab ? undefined : patch.inShop } : {}) }, { replace }),
    setPage: (page: number, pageSize: number) => update({ page, pageSize }),
    ...selection,
    /** Already in the shop: nothing to add (its tag says so). */
    pickable: (p: WarehouseProductView) => !p.inShop,
    adding,
    openAdd: () => {
      if (selection.selected.size === 0) notify.warning(t('warehouse.selectFirst'));
      else setAdding(selection.selectedList);
    },
    closeAdd: (changed: boolean) => {
      setAdding(null);
      if (changed) selection.clear();
    },
  };
}
