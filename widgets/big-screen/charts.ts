/**
 * ECharts, only what 智慧大屏 draws (bars, a line, a ring): loaded by a dynamic import when the
 * screen first renders, into the shared 'echarts' chunk (rollup.config.mjs). The SVG renderer, as
 * 保险分析 uses, so the chunk carries one renderer for every page that charts.
 */
import { init, use, type ComposeOption, type EChartsType } from 'echarts/core';
import { BarChart, LineChart, PieChart, type BarSeriesOption, type LineSeriesOption, type PieSeriesOption } from 'echarts/charts';
import { GridComponent, LegendComponent, TooltipComponent, type GridComponentOption, type LegendComponentOption, type TooltipComponentOption } from 'echarts/components';
import { SVGRenderer } from 'echarts/renderers';

use([BarChart, LineChart, PieChart, GridComponent, LegendComponent, TooltipComponent, SVGRenderer]);

export type ChartOption = ComposeOption<BarSeriesOption | LineSeriesOption | PieSeriesOption | GridComponentOption | LegendComponentOption | TooltipComponentOption>;

/** One chart in `element`, resized with its box (a TV, a browser window, the 360 px sidebar). */
export function drawChart(element: HTMLElement, option: ChartOption): { update(option: ChartOption): void; dispose(): void } {
  const chart: EChartsType = init(element, undefined, { renderer: 'svg' });
  chart.setOption(option);
  const observer = new ResizeObserver(() => chart.resize());
  observer.observe(element);
  return {
    update: (next) => chart.setOption(next, { notMerge: true }),
    dispose: () => (observer.disconnect(), chart.dispose()),
  };
}
