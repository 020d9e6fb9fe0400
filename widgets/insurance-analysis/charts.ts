/**
 * ECharts, only what 保险分析 draws: loaded by a dynamic import when the element first renders, so
 * 保险查询 and 保险报价 never download it (its chunk is measured on its own, see the notes). The SVG
 * renderer: the charts stay sharp when printed and live in the shadow root like any other node.
 */
import { init, use, type ComposeOption, type EChartsType } from 'echarts/core';
import { BarChart, FunnelChart, LineChart, PieChart, type BarSeriesOption, type FunnelSeriesOption, type LineSeriesOption, type PieSeriesOption } from 'echarts/charts';
import { GridComponent, LegendComponent, TooltipComponent, type GridComponentOption, type LegendComponentOption, type TooltipComponentOption } from 'echarts/components';
import { SVGRenderer } from 'echarts/renderers';

use([BarChart, FunnelChart, LineChart, PieChart, GridComponent, LegendComponent, TooltipComponent, SVGRenderer]);

export type ChartOption = ComposeOption<
  BarSeriesOption | FunnelSeriesOption | LineSeriesOption | PieSeriesOption | GridComponentOption | LegendComponentOption | TooltipComponentOption
>;

/** One chart in `element`, resized with its box (the 360 px sidebar, a window resized). */
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
