import { DEPOSIT_STATUSES, WITHDRAWAL_STATUSES } from '@shopdesk/shared/wallet/schemas';
import { PAYMENT_HISTORY_KINDS, type PaymentHistoryKind } from '@shopdesk/shared/wallet/transactions';
import { DEFAULT_PAGE_SIZE, parseChoice, parseDateRange, parsePage, type PageState } from '../../lib/list-params.ts';
import type { PaymentHistoryFilters } from './api/wallet-api.ts';

/** The statuses the payment history can be filtered by, for its kind. */
export function statusesFor(kind: PaymentHistoryKind): readonly string[] {
  if (kind === 'deposit') return DEPOSIT_STATUSES;
  if (kind === 'withdrawal') return WITHDRAWAL_STATUSES;
  return [...new Set<string>([...WITHDRAWAL_STATUSES, ...DEPOSIT_STATUSES])];
}

/** Payment history (deposit and withdrawal requests): ?kind&status&from&to&page&pageSize. */
export function parsePaymentHistorySearch(search: URLSearchParams): PaymentHistoryFilters & PageState {
  const kind = parseChoice(search.get('kind'), PAYMENT_HISTORY_KINDS) ?? 'all';
  return { kind, status: parseChoice(search.get('status'), statusesFor(kind)), ...parseDateRange(search), ...parsePage(search) };
}

export const PAYMENT_HISTORY_DEFAULTS = { page: 1, pageSize: DEFAULT_PAGE_SIZE, kind: 'all' };
