import { STATEMENT_TYPES } from '@shopdesk/shared/wallet/statement';
import { parseChoice, parseDateRange, parsePage, parseText, type PageState } from '../wallet/list-params.ts';
import type { TransactionsFilters } from '../wallet/api/wallet-api.ts';

/** The longest order id the server accepts as a filter. */
export const ORDER_NO_MAX = 40;

/** Funding records: ?type&orderNo&from&to&page&pageSize. */
export function parseTransactionsSearch(search: URLSearchParams): TransactionsFilters & PageState {
  return {
    type: parseChoice(search.get('type'), STATEMENT_TYPES),
    orderNo: parseText(search.get('orderNo'), ORDER_NO_MAX),
    ...parseDateRange(search),
    ...parsePage(search),
  };
}
