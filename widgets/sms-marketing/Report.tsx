/**
 * 发送报告 of one campaign: sent, delivered, failed, opted out and visits within 30 days (conversion),
 * and a chart of each day. Loaded only when the report opens: ECharts (only the bar chart, its grid,
 * tooltip and legend, drawn on canvas) stays out of the element's first download.
 */
import { useEffect, useRef, useState } from 'react';
import { init, use, type ECharts } from 'echarts/core';
import { BarChart } from 'echarts/charts';
import { GridComponent, LegendComponent, TooltipComponent } from 'echarts/components';
import { CanvasRenderer } from 'echarts/renderers';
import { isCancelled } from '../core';
import { CONVERSION_DAYS } from '../../contracts/sms';
import { smsApi, type Report as ReportData } from './api';
import { messages } from './messages';

use([BarChart, GridComponent, LegendComponent, TooltipComponent, CanvasRenderer]);

const figures = messages.figures;

export default function Report({ id, refreshKey }: { id: number; refreshKey: string }) {
  const [report, setReport] = useState<ReportData | null>(null);
  const [failed, setFailed] = useState(false);
  const chartBox = useRef<HTMLDivElement>(null);
  const chart = useRef<ECharts | null>(null);

  useEffect(() => {
    let current = true;
    setFailed(false);
    smsApi.report(id).then(
      (answer) => current && setReport(answer),
      (error: unknown) => current && !isCancelled(error) && setFailed(true),
    );
    return () => void (current = false);
  }, [id, refreshKey]);

  useEffect(() => {
    const box = chartBox.current;
    if (!box || !report) return;
    chart.current ??= init(box, undefined, { renderer: 'canvas' });
    // Days with nothing after the last event are trimmed: a fresh campaign is not 30 empty bars.
    let last = report.daily.length - 1;
    while (last > 0 && report.daily[last]!.submitted + report.daily[last]!.delivered + report.daily[last]!.failed + report.daily[last]!.visited === 0) last--;
    const days = report.daily.slice(0, Math.max(last + 1, Math.min(7, report.daily.length)));
    chart.current.setOption({
      animation: false,
      textStyle: { fontFamily: 'inherit' },
      tooltip: { trigger: 'axis' },
      legend: { top: 0 },
      grid: { left: 8, right: 8, top: 36, bottom: 8, containLabel: true },
      xAxis: { type: 'category', data: days.map((row) => row.day.slice(5)) },
      yAxis: { type: 'value', minInterval: 1 },
      series: [
        { name: figures.delivered, type: 'bar', stack: 'sent', data: days.map((row) => row.delivered), itemStyle: { color: '#16a34a' } },
        { name: figures.failed, type: 'bar', stack: 'sent', data: days.map((row) => row.failed), itemStyle: { color: '#dc2626' } },
        { name: figures.converted, type: 'bar', data: days.map((row) => row.visited), itemStyle: { color: '#2563eb' } },
      ],
    });
    const observer = new ResizeObserver(() => chart.current?.resize());
    observer.observe(box);
    return () => observer.disconnect();
  }, [report]);

  useEffect(() => () => chart.current?.dispose(), []);

  if (failed) return <div className="state" role="alert"><p>{messages.reportFailed}</p></div>;
  return (
    <section className="card" aria-labelledby="sms-report" aria-busy={report === null} data-testid="sms-report">
      <h3 id="sms-report">{messages.reportTitle}</h3>
      {report ? (
        <dl className="figures">
          <div><dt>{figures.sent}</dt><dd>{report.submitted}</dd></div>
          <div><dt>{figures.delivered}</dt><dd>{report.delivered}<small>{messages.rate(report.delivered, report.submitted)}</small></dd></div>
          <div><dt>{figures.failed}</dt><dd>{report.failed}</dd></div>
          <div><dt>{figures.optedOut}</dt><dd>{report.optedOut}</dd></div>
          <div><dt>{figures.converted}</dt><dd>{report.visited}<small>{messages.rate(report.visited, report.delivered)}</small></dd></div>
        </dl>
      ) : <p className="muted">{messages.reportLoading}</p>}
      {report && report.failureReasons.length ? (
        <p className="small muted">{report.failureReasons.map((each) => `${each.reason} ${each.count}`).join(' · ')}</p>
      ) : null}
      <div ref={chartBox} className="chart" role="img" aria-label={messages.chartLabel}></div>
      <p className="muted small">{messages.conversionHelp.replace('30', String(CONVERSION_DAYS))}</p>
    </section>
  );
}
