/**
 * ECharts, only what 数据报表 draws (bars and a line), loaded by a dynamic import into the shared
 * 'echarts' chunk (rollup.config.mjs) when the report first renders. SVG renderer: sharp when printed.
 */
import { init, use, type ComposeOption, type EChartsType } from 'echarts/core';
import { BarChart, LineChart, type BarSeriesOption, type LineSeriesOption } from 'echarts/charts';
import { GridComponent, LegendComponent, TooltipComponent, type GridComponentOption, type LegendComponentOption, type TooltipComponentOption } from 'echarts/components';
import { SVGRenderer } from 'echarts/renderers';

use([BarChart, LineChart, GridComponent, LegendComponent, TooltipComponent, SVGRenderer]);

export type ChartOption = ComposeOption<BarSeriesOption | LineSeriesOption | GridComponentOption | LegendComponentOption | TooltipComponentOption>;

/** One chart in `element`, resized with its box; `onClick` gets the clicked category's index. */
export function drawChart(element: HTMLElement, option: ChartOption, onClick: (index: number) => void) {
  const chart: EChartsType = init(element, undefined, { renderer: 'svg' });
  chart.setOption(option);
  chart.on('click', (params) => onClick(params.dataIndex));
  const observer = new ResizeObserver(() => chart.resize());
  observer.observe(element);
  return {
    update: (next: ChartOption) => chart.setOption(next, { notMerge: true }),
    dispose: () => (observer.disconnect(), chart.dispose()),
  };
}
