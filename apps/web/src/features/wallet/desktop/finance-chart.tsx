import { useMemo } from 'react';
import type { FinanceDay } from '@shopdesk/shared/wallet/transactions';
import { EChart } from '../../../components/desktop/echart.tsx';
import { formatCents } from '../../../lib/money-format.ts';
import { useFormat } from '../../../lib/use-format.ts';

const SERIES = [
  { key: 'incomeCents', label: 'finance.income', type: 'bar', color: '#52c41a' },
  { key: 'spendingCents', label: 'finance.spending', type: 'bar', color: '#fa8c16' },
  { key: 'feeCents', label: 'finance.fees', type: 'bar', color: '#8c8c8c' },
  { key: 'profitCents', label: 'finance.profit', type: 'line', color: '#1677ff' },
] as const;

/** Income, spending and fees per day as bars, profit as a line; the data stays in cents. */
export function FinanceChart({ days }: { days: FinanceDay[] }) {
  const { t, locale, usdt } = useFormat('wallet');
  const option = useMemo(
    () => ({
      color: SERIES.map((s) => s.color),
      tooltip: { trigger: 'axis', valueFormatter: (v: number) => usdt(Number(v)) },
      legend: { top: 0 },
      grid: { left: 8, right: 16, top: 40, bottom: 8, containLabel: true },
      xAxis: { type: 'category', data: days.map((d) => d.date.slice(5)), axisTick: { alignWithLabel: true } },
      yAxis: { type: 'value', axisLabel: { formatter: (v: number) => formatCents(v, locale).replace(/[.,]00$/, '') } },
      series: SERIES.map((s) => ({
        name: t(s.label),
        type: s.type,
        data: days.map((d) => d[s.key]),
        barMaxWidth: 18,
        smooth: false,
        symbolSize: 6,
      })),
    }),
    [days, t, locale, usdt],
  );
  return <EChart option={option} className="finance-chart" testId="finance-chart" />;
}
