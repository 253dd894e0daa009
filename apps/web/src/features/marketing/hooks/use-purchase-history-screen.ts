import { PACKAGE_STATUSES, type PackageStatus, type PurchaseHistoryLine } from '@shopdesk/shared/marketing/packages-schemas';
import { PACKAGE_TYPES, type PackageType } from '@shopdesk/shared/products/packages';
import { DEFAULT_PAGE_SIZE, parseChoice, parseDateRange, parsePage, type ListLayout, type PageState } from '../../../lib/list-params.ts';
import { useSearchState } from '../../../lib/use-search-state.ts';
import { PURCHASE_HISTORY_EXPORT_PATH, useInfinitePurchaseHistory, usePurchaseHistory } from '../api/purchase-history.ts';
import { usePackageTexts } from './use-package-purchase.ts';

export interface PurchaseHistoryState extends PageState {
  type?: PackageType;
  status?: PackageStatus;
  from?: string;
  to?: string;
}

/** Purchase history: ?type&status&from&to&page&pageSize (anything unknown falls back to "all"). */
export function parsePurchaseHistorySearch(search: URLSearchParams): PurchaseHistoryState {
  return {
    type: parseChoice(search.get('type'), PACKAGE_TYPES),
    status: parseChoice(search.get('status'), PACKAGE_STATUSES),
    ...parseDateRange(search),
    ...parsePage(search),
  };
}

const DEFAULTS = { page: 1, pageSize: DEFAULT_PAGE_SIZE };

/**
 * The purchase history on both devices (the desktop page, the phone's tab): its filters and page in
 * the URL, the records of the layout (a table, or the phone's feed), the export, and each record's
 * texts (package, validity with the days credited by an upgrade, status).
 */
export function usePurchaseHistoryScreen(layout: ListLayout) {
  const { f, name } = usePackageTexts();
  const { t } = f;
  const [state, update] = useSearchState(parsePurchaseHistorySearch, DEFAULTS);
  const filters = { type: state.type, status: state.status, from: state.from, to: state.to };
  const filtered = Boolean(state.type || state.status || state.from || state.to);
  const table = usePurchaseHistory({ ...filters, page: state.page, pageSize: state.pageSize }, layout === 'table');
  const feed = useInfinitePurchaseHistory(filters, layout === 'feed');
  return {
    state,
    update,
    filters,
    filtered,
    resetFilters: () => update({ type: undefined, status: undefined, from: undefined, to: undefined }),
    table,
    feed,
    emptyText: t(filtered ? 'history.emptyFiltered' : 'history.empty'),
    exportPath: PURCHASE_HISTORY_EXPORT_PATH,
    typeName: name,
    statusLabel: f.statusLabel,
    /** How long a record's package runs, with the days an upgrade carried over. */
    validity: (line: Pick<PurchaseHistoryLine, 'validityDays' | 'creditedDays'>) => ({
      days: t('packages.perDays', { count: line.validityDays }),
      credited: line.creditedDays > 0 ? t('history.credited', { count: line.creditedDays }) : null,
    }),
  };
}
