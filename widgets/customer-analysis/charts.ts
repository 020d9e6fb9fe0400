/**
 * ECharts, only what 客户分析 draws (bars and lines): loaded by a dynamic import when the analysis
 * first renders, into the shared 'echarts' chunk (rollup.config.mjs). SVG renderer: sharp when
 * printed, and it lives in the shadow root like any other node.
 */
import { init, use, type ComposeOption, type EChartsType } from 'echarts/core';
import { BarChart, LineChart, type BarSeriesOption, type LineSeriesOption } from 'echarts/charts';
import { GridComponent, LegendComponent, TooltipComponent, type GridComponentOption, type LegendComponentOption, type TooltipComponentOption } from 'echarts/components';
import { SVGRenderer } from 'echarts/renderers';

use([BarChart, LineChart, GridComponent, LegendComponent, TooltipComponent, SVGRenderer]);

export type ChartOption = ComposeOption<BarSeriesOption | LineSeriesOption | GridComponentOption | LegendComponentOption | TooltipComponentOption>;

/** One chart in `element`, resized with its box; `onClick` gets the clicked category's index. */
export function drawChart(element: HTMLElement, option: ChartOption, onClick?: (index: number) => void) {
  const chart: EChartsType = init(element, undefined, { renderer: 'svg' });
  chart.setOption(option);
  if (onClick) chart.on('click', (params) => onClick(params.dataIndex));
  const observer = new ResizeObserver(() => chart.resize());
  observer.observe(element);
  return {
    update: (next: ChartOption) => chart.setOption(next, { notMerge: true }),
    dispose: () => (observer.disconnect(), chart.dispose()),
  };
}
