import { TRANSACTION_TYPES } from '@shopdesk/shared/wallet/transactions';
import { parseChoice, parseDateRange, parsePage, parseText, type PageState } from '../../lib/list-params.ts';
import type { TransactionsFilters } from './api/wallet-api.ts';

/** The longest order id the server accepts as a filter. */
export const ORDER_ID_MAX = 40;

/** Transactions: ?type&orderId&from&to&page&pageSize. */
export function parseTransactionsSearch(search: URLSearchParams): TransactionsFilters & PageState {
  return {
    type: parseChoice(search.get('type'), TRANSACTION_TYPES),
    orderId: parseText(search.get('orderId'), ORDER_ID_MAX),
    ...parseDateRange(search),
    ...parsePage(search),
  };
}
