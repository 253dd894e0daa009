import { useFormat } from '../../../lib/use-format.ts';
import { useSearchState } from '../../../lib/use-search-state.ts';
import { useFinanceReport } from '../api/finance-report.ts';
import { parseReportRange, REPORT_FIGURES, REPORT_WINDOWS } from '../api/report-range.ts';

/**
 * The finance report on both devices (desktop /finance, the phone's summary on /m/finance): the
 * window in the URL (`?days=7|30`, or `?from&to` on the desktop), the report, its four totals in
 * order with the sign of the profit, and whether the period saw no money at all.
 */
export function useFinanceReportScreen() {
  const { t, cents } = useFormat('wallet');
  const [range, update] = useSearchState(parseReportRange, {});
  const report = useFinanceReport(range);
  const totals = report.data?.totals;
  return {
    range,
    report,
    windows: REPORT_WINDOWS.map((days) => ({ value: String(days), label: t('finance.lastDays', { days }) })),
    setDays: (days: string, options?: { replace?: boolean }) => update({ days, from: undefined, to: undefined }, options),
    setRange: (from: string, to: string) => update({ days: undefined, from, to }),
    /** The totals, each with its label and, for the profit, whether it is a gain (null: no sign shown). */
    figures: totals ? REPORT_FIGURES.map((f) => ({ key: f.key, label: t(f.label), value: cents(totals[f.key]), gain: f.key === 'profitCents' ? totals[f.key] >= 0 : null })) : [],
    quiet: report.data ? report.data.days.every((d) => d.incomeCents === 0 && d.spendingCents === 0 && d.feeCents === 0) : false,
    period: report.data ? t('finance.period', { from: report.data.from, to: report.data.days.at(-1)?.date ?? report.data.from, count: report.data.days.length }) : null,
  };
}
