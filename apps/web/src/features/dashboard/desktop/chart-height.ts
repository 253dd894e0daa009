/** The height of a dashboard chart, in px: the chart and its place while it loads. */
export const CHART_HEIGHT = 260;
