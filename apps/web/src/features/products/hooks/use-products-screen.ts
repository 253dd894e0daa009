import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { PRODUCT_STATUSES, type ProductStatus, type ShopProductView } from '@shopdesk/shared/products/schemas';
import type { ListLayout } from '../../../lib/list-params.ts';
import { notify } from '../../../lib/notifier.ts';
import { errorText } from '../../../lib/http.ts';
import { useSearchState } from '../../../lib/use-search-state.ts';
import { useInfiniteShopProducts, useRecommend, useSetStatus, useShopProducts } from '../api/products-api.ts';
import { CATEGORY_CHOICES, parseProductsSearch, productsQueryOf, type FlagFilter } from '../product-helpers.ts';
import { useBatchDelete, type BatchRowResult } from './use-product-batches.ts';
import { useSelection } from './use-selection.ts';

/** What an action on the list ended with that the seller must read: a refusal, or a batch's rows. */
export interface ProductsOutcome {
  title: string;
  /** The server's reason (a refused recommendation). */
  text?: string;
  /** Each product of a batch that did not fully go through. */
  rows?: BatchRowResult[];
  testId: string;
}

const FLAGS: readonly FlagFilter[] = ['recommended', 'new'];

/**
 * The shop's products (SPEC §2 product list) on both devices: the filters in the URL (name,
 * category, status and, on the desktop, the recommended/new flag and the page); the desktop's table
 * or the phone's feed; the products selected for a batch (the desktop's checkboxes, the phone's
 * picking mode); on/off sale and recommending; the batch edit's products; a delete waiting for its
 * confirmation; and what a refused or partly failed action says.
 */
export function useProductsScreen(layout: ListLayout) {
  const { t } = useTranslation('products');
  const [state, update] = useSearchState(parseProductsSearch);
  // The desktop's rows expand to their variants: its list brings them along.
  const query = useMemo(() => ({ ...productsQueryOf(state), withVariants: layout === 'table' ? true : undefined }), [state, layout]);
  const table = useShopProducts(query, layout === 'table');
  const feed = useInfiniteShopProducts({ status: state.status, name: state.name, category: state.category }, layout === 'feed');
  const setStatusCall = useSetStatus();
  const recommend = useRecommend();
  const batchDelete = useBatchDelete();
  const selection = useSelection<ShopProductView>();
  const { selected } = selection;
  /** The phone picks a batch only in its picking mode; the desktop's checkboxes are always there. */
  const [picking, setPicking] = useState(layout === 'table');
  const [editing, setEditing] = useState<ShopProductView[] | null>(null);
  const [deleting, setDeleting] = useState<ShopProductView[] | null>(null);
  /** The product whose sheet of further actions is open (phone). */
  const [acting, setActing] = useState<ShopProductView | null>(null);
  const [outcome, setOutcome] = useState<ProductsOutcome | null>(null);
  const replace = layout === 'feed';

  const nameOf = (id: number) => selected.get(id)?.name ?? `#${id}`;
  const clearSelection = () => selection.clear();
  /** True (and says so) when nothing is selected for a batch action. */
  const nothingSelected = () => {
    if (selected.size > 0) return false;
    notify.warning(t('list.selectFirst'));
    return true;
  };

  const changeStatus = (ids: number[], status: ProductStatus, doneText?: string) =>
    setStatusCall.mutate(
      { ids, status },
      {
        onSuccess: (answer) => {
          if (answer.failed === 0) notify.success(doneText ?? t('batch.statusDone', { count: answer.succeeded }));
          else
            setOutcome({
              title: t('batch.someFailed', { ok: answer.succeeded, failed: answer.failed }),
              rows: answer.results.map((r) => ({ id: r.id, name: nameOf(r.id), ok: r.ok, msg: r.msg })),
              testId: 'status-outcome',
            });
        },
      },
    );

  return {
    state,
    statuses: PRODUCT_STATUSES,
    categories: CATEGORY_CHOICES,
    flags: FLAGS,
    filtered: Boolean(state.name || state.category || state.status || (layout === 'table' && state.flag)),
    table,
    feed,
    setFilters: (patch: { name?: string; category?: string; status?: string; flag?: string }) => update(patch, { replace }),
    resetFilters: () => update({ name: undefined, category: undefined, status: undefined, flag: undefined }, { replace }),
    setPage: (page: number, pageSize: number) => update({ page, pageSize }),

    ...selection,
    clearSelection,
    picking,
    startPicking: () => setPicking(true),
    stopPicking: () => {
      setPicking(false);
      clearSelection();
    },

    /** On or off sale: the selection (desktop's toolbar), or one product. */
    setStatusOfSelection: (status: ProductStatus) => {
      if (!nothingSelected()) changeStatus([...selected.keys()], status);
    },
    setStatusOf: (p: ShopProductView, status: ProductStatus) => changeStatus([p.id], status, layout === 'feed' ? t(`statuses.${status}`) : undefined),
    statusBusy: setStatusCall.isPending,

    /** Recommending is refused by the server with its reason (no package, limits, too few on sale), shown as it is. */
    setRecommended: (p: ShopProductView, on: boolean) =>
      recommend.mutate(
        { id: p.id, recommended: on },
        {
          onSuccess: () => notify.success(on ? t('recommend.done') : t('recommend.undone')),
          onError: (error) => setOutcome({ title: t('recommend.refused'), text: errorText(error, t('common:http.requestFailed')), testId: 'recommend-refusal' }),
        },
      ),
    recommendingId: recommend.isPending ? recommend.variables?.id : undefined,
    /** An off-sale product cannot be recommended (said before the tap); switching off stays possible. */
    canRecommend: (p: ShopProductView) => p.isRecommended || p.status === 'on_sale',

    editing,
    editSelection: () => {
      if (!nothingSelected()) setEditing(selection.selectedList);
    },
    edit: (p: ShopProductView) => setEditing([p]),
    closeEdit: (changed: boolean) => {
      setEditing(null);
      if (changed) {
        clearSelection();
        if (layout === 'feed') setPicking(false);
      }
    },

    deleting,
    deleteBusy: batchDelete.busy,
    askDeleteSelection: () => {
      if (!nothingSelected()) setDeleting(selection.selectedList);
    },
    askDelete: (p: ShopProductView) => setDeleting([p]),
    cancelDelete: () => {
      if (!batchDelete.busy) setDeleting(null);
    },
    confirmDelete: async () => {
      if (!deleting) return;
      const results = await batchDelete.run(deleting);
      if (!results) return;
      setDeleting(null);
      const ok = results.filter((r) => r.ok).length;
      const removed = new Set(results.filter((r) => r.ok).map((r) => r.id));
      selection.clear(removed);
      if (ok === results.length) notify.success(t('delete.done', { count: ok }));
      else setOutcome({ title: t('batch.someFailed', { ok, failed: results.length - ok }), rows: results, testId: 'delete-outcome' });
    },

    acting,
    openActions: setActing as (p: ShopProductView) => void,
    closeActions: () => setActing(null),

    outcome,
    dismissOutcome: () => setOutcome(null),
  };
}
