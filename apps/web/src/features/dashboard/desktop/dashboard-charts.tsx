import { useMemo } from 'react';
import type { DashboardOrderStats, DashboardTraffic } from '@shopdesk/shared/dashboard/schemas';
import { EChart } from '../../../components/desktop/echart.tsx';
import { useFormat } from '../../../lib/use-format.ts';
import { CHART_HEIGHT } from './chart-height.ts';

// This file is its own chunk (with the chart library), loaded lazily by dashboard-sections.tsx.

const grid = { left: 8, right: 16, top: 36, bottom: 8, containLabel: true };

const chartStyle = { height: CHART_HEIGHT };

/** Product views and visitors per day. */
export function TrafficChart({ traffic }: { traffic: DashboardTraffic }) {
  const { t } = useFormat('dashboard');
  const option = useMemo(
    () => ({
      color: ['#1677ff', '#52c41a'],
      tooltip: { trigger: 'axis' },
      legend: { top: 0 },
      grid,
      xAxis: { type: 'category', data: traffic.days.map((d) => d.date.slice(5)), boundaryGap: false },
      yAxis: { type: 'value', minInterval: 1 },
      series: [
        { name: t('traffic.views'), type: 'line', smooth: true, areaStyle: { opacity: 0.12 }, data: traffic.days.map((d) => d.views) },
        { name: t('traffic.visitors'), type: 'line', smooth: true, data: traffic.days.map((d) => d.visitors) },
      ],
    }),
    [traffic, t],
  );
  return <EChart option={option} testId="traffic-chart" style={chartStyle} />;
}

/** Valid orders per day as bars, their sales as a line on a second axis. */
export function OrdersChart({ stats }: { stats: DashboardOrderStats }) {
  const { t, usdt } = useFormat('dashboard');
  const option = useMemo(
    () => ({
      color: ['#fa8c16', '#722ed1'],
      tooltip: { trigger: 'axis' },
      legend: { top: 0 },
      grid,
      xAxis: { type: 'category', data: stats.days.map((d) => d.date.slice(5)) },
      yAxis: [
        { type: 'value', minInterval: 1 },
        { type: 'value', axisLabel: { formatter: (v: number) => String(Math.round(v / 100)) }, splitLine: { show: false } },
      ],
      series: [
        { name: t('orders.perDay'), type: 'bar', barMaxWidth: 16, data: stats.days.map((d) => d.orders) },
        { name: t('orders.sales'), type: 'line', yAxisIndex: 1, smooth: true, data: stats.days.map((d) => d.salesCents), tooltip: { valueFormatter: (v: number) => usdt(Number(v)) } },
      ],
    }),
    [stats, t, usdt],
  );
  return <EChart option={option} testId="orders-chart" style={chartStyle} />;
}
