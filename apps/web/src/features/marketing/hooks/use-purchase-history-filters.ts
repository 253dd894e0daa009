import { PACKAGE_STATUSES, type PackageStatus } from '@shopdesk/shared/marketing/packages-schemas';
import { PACKAGE_TYPES, type PackageType } from '@shopdesk/shared/products/packages';
import { DEFAULT_PAGE_SIZE, parseChoice, parseDateRange, parsePage, type PageState } from '../../../lib/list-params.ts';
import { useSearchState } from '../../../lib/use-search-state.ts';

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

/** The purchase history's filters and page, kept in the URL (desktop page, phone tab). */
export function usePurchaseHistoryFilters() {
  const [state, update] = useSearchState(parsePurchaseHistorySearch, DEFAULTS);
  const filters = { type: state.type, status: state.status, from: state.from, to: state.to };
  return { state, update, filters, filtered: Boolean(state.type || state.status || state.from || state.to) };
}
