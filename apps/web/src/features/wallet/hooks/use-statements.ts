import { PAYMENT_HISTORY_KINDS, TRANSACTION_TYPES, type PaymentHistoryKind } from '@shopdesk/shared/wallet/transactions';
import type { ListLayout } from '../../../lib/list-params.ts';
import { useFormat } from '../../../lib/use-format.ts';
import { useSearchState } from '../../../lib/use-search-state.ts';
import { useInfinitePaymentHistory, useInfiniteTransactions, usePaymentHistory, useTransactions } from '../api/wallet-api.ts';
import { parsePaymentHistorySearch, PAYMENT_HISTORY_DEFAULTS, statusesFor } from '../payment-history-filters.ts';
import { ORDER_ID_MAX, parseTransactionsSearch } from '../transactions-filters.ts';

/**
 * The funding records (SPEC "funding records": one line per movement of the shop's available
 * money) on both devices: the filters and page in the URL (change type, order id, dates), the lines
 * of the layout (a table, or the phone's feed), the filters for the export, the empty text.
 */
export function useTransactionsScreen(layout: ListLayout) {
  const f = useFormat('wallet');
  const { t } = f;
  const [state, update] = useSearchState(parseTransactionsSearch);
  const filters = { type: state.type, orderId: state.orderId, from: state.from, to: state.to };
  const filtered = Boolean(state.type || state.orderId || state.from || state.to);
  return {
    state,
    update,
    filters,
    filtered,
    resetFilters: () => update({ type: undefined, orderId: undefined, from: undefined, to: undefined }),
    table: useTransactions(state, layout === 'table'),
    feed: useInfiniteTransactions(filters, layout === 'feed'),
    types: TRANSACTION_TYPES.map((type) => ({ value: type, label: f.typeLabel(type) })),
    orderIdMax: ORDER_ID_MAX,
    emptyText: t(filtered ? 'empty.filtered' : 'empty.transactions'),
    exportPath: '/wallet/transactions/export',
  };
}

/**
 * The payment history (SPEC "deposit and withdrawal records") on both devices (a panel of the
 * desktop wallet, the phone's /m/payment-history): the kind tab, status and dates in the URL (a new
 * kind forgets a status it does not have), the requests of the layout, and the export's filters.
 */
export function usePaymentHistoryScreen(layout: ListLayout) {
  const f = useFormat('wallet');
  const { t } = f;
  const [state, update] = useSearchState(parsePaymentHistorySearch, PAYMENT_HISTORY_DEFAULTS);
  const filters = { kind: state.kind, status: state.status, from: state.from, to: state.to };
  const filtered = Boolean(state.status || state.from || state.to);
  return {
    state,
    update,
    filters,
    filtered,
    resetFilters: () => update({ status: undefined, from: undefined, to: undefined }),
    kinds: PAYMENT_HISTORY_KINDS.map((kind) => ({ value: kind, label: t(`paymentHistoryTabs.${kind}`) })),
    setKind: (kind: PaymentHistoryKind) => update({ kind, status: undefined }, { replace: layout === 'feed' }),
    statuses: statusesFor(state.kind),
    table: usePaymentHistory(state, layout === 'table'),
    feed: useInfinitePaymentHistory(filters, layout === 'feed'),
    emptyText: t(filtered ? 'empty.filtered' : 'empty.paymentHistory'),
    exportPath: '/wallet/paymentHistory/export',
  };
}
