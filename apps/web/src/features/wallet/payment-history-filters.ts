import { DEPOSIT_STATUSES, WITHDRAWAL_STATUSES } from '@shopdesk/shared/wallet/schemas';
import { RECORD_KINDS, type RecordKind } from '@shopdesk/shared/wallet/statement';
import { DEFAULT_PAGE_SIZE, parseChoice, parseDateRange, parsePage, type PageState } from './list-params.ts';
import type { RecordsFilters } from './api/wallet-api.ts';

/** The statuses a records list can be filtered by, for its kind. */
export function statusesFor(kind: RecordKind): readonly string[] {
  if (kind === 'deposit') return DEPOSIT_STATUSES;
  if (kind === 'withdrawal') return WITHDRAWAL_STATUSES;
  return [...new Set<string>([...WITHDRAWAL_STATUSES, ...DEPOSIT_STATUSES])];
}

/** Deposit and withdrawal records: ?kind&status&from&to&page&pageSize. */
export function parseRecordsSearch(search: URLSearchParams): RecordsFilters & PageState {
  const kind = parseChoice(search.get('kind'), RECORD_KINDS) ?? 'all';
  return { kind, status: parseChoice(search.get('status'), statusesFor(kind)), ...parseDateRange(search), ...parsePage(search) };
}

export const RECORDS_DEFAULTS = { page: 1, pageSize: DEFAULT_PAGE_SIZE, kind: 'all' };
