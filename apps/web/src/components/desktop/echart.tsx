import { useMemo, type CSSProperties } from 'react';
import ReactEChartsCore from 'echarts-for-react/esm/core';
import * as echarts from 'echarts/core';
import { BarChart, LineChart } from 'echarts/charts';
import { GridComponent, LegendComponent, TooltipComponent } from 'echarts/components';
import { CanvasRenderer } from 'echarts/renderers';
import { themeStore } from '../../lib/theme.ts';
import { useTurnAfterPaint } from '../../lib/after-first-paint.ts';

// Only the parts our charts use (bars and lines on a grid, a legend, tooltips, drawn on a canvas).
// Importers load this module lazily: it is the chart library's way into a page's chunks.
echarts.use([BarChart, LineChart, GridComponent, LegendComponent, TooltipComponent, CanvasRenderer]);

/** echarts-for-react's own height when the style names none. */
const DEFAULT_HEIGHT = 300;

/**
 * A chart of the desktop pages (dashboard, finance) in the current theme. Drawn at once, without
 * echarts' opening animation: its second of redrawn frames was most of a cold dashboard's chart
 * work on the main thread, for a look the figures do not need. Its first drawing (echarts'
 * set-up and layout, ~60 ms on a slow machine) waits for its turn after a paint, one chart per task
 * (`useTurnAfterPaint`), in the space the chart takes.
 */
export function EChart({ option, testId, className, style }: { option: object; testId: string; className?: string; style?: CSSProperties }) {
  const mode = themeStore.use();
  const drawn = useMemo(() => ({ backgroundColor: 'transparent', ...option, animation: false }), [option]);
  const turn = useTurnAfterPaint();
  if (!turn) return <div className={['echarts-for-react', className].filter(Boolean).join(' ')} style={{ height: DEFAULT_HEIGHT, ...style }} aria-busy="true" />;
  return (
    <ReactEChartsCore
      echarts={echarts}
      option={drawn}
      notMerge
      theme={mode === 'dark' ? 'dark' : undefined}
      className={className}
      style={style}
      data-testid={testId}
    />
  );
}
