/**
 * ECharts for every page that charts (保险分析, 数据报表, 客户分析, 智慧大屏), registered once with
 * what they draw between them: bars, lines, rings, a funnel. Pages load it with a dynamic
 * `import('../core/charts')`, so it and ECharts stay in the one lazily loaded 'echarts' chunk
 * (scripts/build-widgets.mjs): widgets that do not chart never download it. The SVG renderer: sharp when
 * printed, and the chart lives in the shadow root like any other node.
 */
import { init, use, type ComposeOption, type EChartsType } from 'echarts/core';
import { BarChart, FunnelChart, LineChart, PieChart, type BarSeriesOption, type FunnelSeriesOption, type LineSeriesOption, type PieSeriesOption } from 'echarts/charts';
import { GridComponent, LegendComponent, TooltipComponent, type GridComponentOption, type LegendComponentOption, type TooltipComponentOption } from 'echarts/components';
import { SVGRenderer } from 'echarts/renderers';

use([BarChart, FunnelChart, LineChart, PieChart, GridComponent, LegendComponent, TooltipComponent, SVGRenderer]);

export type ChartOption = ComposeOption<
  BarSeriesOption | FunnelSeriesOption | LineSeriesOption | PieSeriesOption | GridComponentOption | LegendComponentOption | TooltipComponentOption
>;

export interface DrawnChart {
  update(option: ChartOption): void;
  dispose(): void;
}

/**
 * One chart in `element`, resized with its box (a window resized, the 360 px sidebar, a TV);
 * `onClick` gets the clicked category's index.
 */
export function drawChart(element: HTMLElement, option: ChartOption, onClick?: (index: number) => void): DrawnChart {
  const chart: EChartsType = init(element, undefined, { renderer: 'svg' });
  chart.setOption(option);
  if (onClick) chart.on('click', (params) => onClick(params.dataIndex));
  const observer = new ResizeObserver(() => chart.resize());
  observer.observe(element);
  return {
    update: (next) => chart.setOption(next, { notMerge: true }),
    dispose: () => (observer.disconnect(), chart.dispose()),
  };
}
