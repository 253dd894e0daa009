import { UI } from '@shopdesk/shared/constants';
import { DAY_MS } from '@shopdesk/shared/time';
import type { FinanceFigures } from '@shopdesk/shared/wallet/transactions';
import { parseDateRange } from '../../../lib/list-params.ts';

/** The finance report's window: 7 or 30 days to today, or a chosen range (SPEC §2 stats windows). */
export const REPORT_WINDOWS = UI.STATS_WINDOWS_DAYS;
export type ReportWindow = (typeof REPORT_WINDOWS)[number];
export type ReportRange = { mode: 'days'; days: ReportWindow } | { mode: 'custom'; from: string; to: string };

/** The server answers at most this many days at once. */
export const REPORT_MAX_DAYS = 366;

export function daysBetween(from: string, to: string): number {
  return Math.round((Date.parse(`${to}T00:00:00Z`) - Date.parse(`${from}T00:00:00Z`)) / DAY_MS) + 1;
}

/** ?days=7|30 or ?from=…&to=… (a custom range of at most REPORT_MAX_DAYS); 7 days otherwise. */
export function parseReportRange(search: Pick<URLSearchParams, 'get'>): ReportRange {
  const { from, to } = parseDateRange(search);
  if (from && to && daysBetween(from, to) <= REPORT_MAX_DAYS) return { mode: 'custom', from, to };
  const days = Number(search.get('days'));
  return { mode: 'days', days: (REPORT_WINDOWS as readonly number[]).includes(days) ? (days as ReportWindow) : REPORT_WINDOWS[0] };
}


export function reportQuery(range: ReportRange, tzOffset: number): Record<string, string | number> {
  return range.mode === 'days' ? { days: range.days, tzOffset } : { from: range.from, to: range.to, tzOffset };
}

/** The figures of a finance report, in the order both devices show them, with their `wallet` label keys. */
export const REPORT_FIGURES = [
  { key: 'incomeCents', label: 'finance.income' },
  { key: 'spendingCents', label: 'finance.spending' },
  { key: 'feeCents', label: 'finance.fees' },
  { key: 'profitCents', label: 'finance.profit' },
] as const satisfies readonly { key: keyof FinanceFigures; label: string }[];
