import { useMemo } from 'react';
import ReactEChartsCore from 'echarts-for-react/esm/core';
import * as echarts from 'echarts/core';
import { BarChart, LineChart } from 'echarts/charts';
import { GridComponent, LegendComponent, TooltipComponent } from 'echarts/components';
import { CanvasRenderer } from 'echarts/renderers';
import type { DashboardOrderStats, DashboardTraffic } from '@shopdesk/shared/dashboard/schemas';
import { themeStore } from '../../../lib/theme.ts';
import { useFormat } from '../../../lib/use-format.ts';
import { CHART_HEIGHT } from './chart-height.ts';

// Only the parts these charts use; this file is its own chunk, loaded lazily by dashboard-sections.tsx.
echarts.use([BarChart, LineChart, GridComponent, LegendComponent, TooltipComponent, CanvasRenderer]);

const grid = { left: 8, right: 16, top: 36, bottom: 8, containLabel: true };

function Chart({ option, testId }: { option: object; testId: string }) {
  const mode = themeStore.use();
  return <ReactEChartsCore echarts={echarts} option={option} notMerge theme={mode === 'dark' ? 'dark' : undefined} style={{ height: CHART_HEIGHT }} data-testid={testId} />;
}

/** Product views and visitors per day. */
export function TrafficChart({ traffic }: { traffic: DashboardTraffic }) {
  const { t } = useFormat('dashboard');
  const option = useMemo(
    () => ({
      backgroundColor: 'transparent',
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
  return <Chart option={option} testId="traffic-chart" />;
}

/** Valid orders per day as bars, their sales as a line on a second axis. */
export function OrdersChart({ stats }: { stats: DashboardOrderStats }) {
  const { t, usdt } = useFormat('dashboard');
  const option = useMemo(
    () => ({
      backgroundColor: 'transparent',
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
  return <Chart option={option} testId="orders-chart" />;
}
