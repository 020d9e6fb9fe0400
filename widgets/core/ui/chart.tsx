/**
 * A chart on the pages that chart (保险分析, 数据报表, 客户分析, 智慧大屏). `useCharts()` loads
 * widgets/core/charts.ts (with ECharts, its own lazily loaded chunk) when the page first renders;
 * `<Chart>` draws one option into a `.chart` box once that is there, redraws it with each new
 * option, and disposes of it with the element.
 */
import { useEffect, useRef, useState } from 'react';
import type { ChartOption, DrawnChart } from '../charts';

export type Charts = typeof import('../charts');

/** ECharts, once `enabled` (e.g. only while the add-on is held); null until it has loaded. */
export function useCharts(enabled = true): Charts | null {
  const [charts, setCharts] = useState<Charts | null>(null);
  useEffect(() => void (enabled && import('../charts').then(setCharts)), [enabled]);
  return charts;
}

export interface ChartProps {
  charts: Charts | null;
  /** Nothing is drawn while null (the answer is not there yet). */
  option: ChartOption | null;
  /** The chart's accessible name (role img). */
  label: string;
  /** `data-chart`, for tests. */
  name: string;
  /** Shown until ECharts has loaded. */
  loading: string;
  loadingClass?: string;
  /** Gets the clicked category's index. */
  onClick?: (index: number) => void;
}

export function Chart({ charts, option, label, name, loading, loadingClass = 'muted small', onClick }: ChartProps) {
  const box = useRef<HTMLDivElement>(null);
  const drawn = useRef<DrawnChart | null>(null);
  const click = useRef(onClick);
  click.current = onClick;
  useEffect(() => {
    if (!charts || !box.current || !option) return;
    if (drawn.current) drawn.current.update(option);
    else drawn.current = charts.drawChart(box.current, option, onClick ? (index) => click.current?.(index) : undefined);
  }, [charts, option]);
  useEffect(() => () => drawn.current?.dispose(), []);
  return (
    <div className="chart" ref={box} role="img" aria-label={label} data-chart={name}>
      {charts ? null : <span className={loadingClass}>{loading}</span>}
    </div>
  );
}
