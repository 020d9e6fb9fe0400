import { useEffect, useState } from 'react';
import '@shoelace-style/shoelace/dist/components/button/button.js';
import '@shoelace-style/shoelace/dist/components/input/input.js';
import '@shoelace-style/shoelace/dist/components/select/select.js';
import '@shoelace-style/shoelace/dist/components/option/option.js';
import { session, toast, useBusyAction, usePageData, useValue, type WidgetProps } from '../core';
import { addDays, addMonths, today as garageToday } from '../../contracts/dates';
import { renewalRate } from '../../contracts/insurance';
import { analysisApi, type Analysis } from './api';
import { messages } from './messages';
import type { ChartOption } from '../core/charts';
import { Chart, useCharts } from '../core/ui/chart';
import { DateField } from '../core/ui/date-field';

const inputValue = (event: Event) => (event.target as HTMLInputElement).value;
const firstOfMonth = (day: string) => `${day.slice(0, 7)}-01`;
const PALETTE = ['#2563eb', '#16a34a', '#f59e0b', '#dc2626', '#7c3aed', '#0891b2', '#db2777', '#65a30d'];

/** What the charts show, from the answer (pure, so the export and the charts agree). */
function chartOptions(data: Analysis): Record<'rate' | 'insurer' | 'funnel' | 'lost', ChartOption> {
  const months = [...new Set(data.renewalByMonth.map((row) => row.month))].sort();
  const stores = [...new Map(data.renewalByMonth.map((row) => [row.storeId, row.storeName])).entries()];
  // The contract's rate (0.01 %) of the month's summed rows, in percent.
  const rateOf = (rows: Analysis['renewalByMonth']) => {
    const rate = renewalRate(rows.reduce((sum, row) => sum + row.renewed, 0), rows.reduce((sum, row) => sum + row.due, 0));
    return rate === null ? null : rate / 100;
  };
  const percent = { type: 'value' as const, min: 0, max: 100, axisLabel: { formatter: '{value}%' } };
  return {
    rate: {
      color: PALETTE,
      tooltip: { trigger: 'axis', valueFormatter: (value) => (value === null || value === undefined ? '—' : `${String(value)}%`) },
      legend: { top: 0 },
      grid: { left: 8, right: 12, top: 36, bottom: 8, containLabel: true },
      xAxis: { type: 'category', data: months },
      yAxis: percent,
      series: [
        { type: 'line', name: messages.allStores, data: months.map((month) => rateOf(data.renewalByMonth.filter((row) => row.month === month))), lineStyle: { width: 3 }, symbolSize: 7 },
        ...(stores.length > 1
          ? stores.map(([storeId, name]) => ({ type: 'line' as const, name, data: months.map((month) => rateOf(data.renewalByMonth.filter((row) => row.month === month && row.storeId === storeId))), connectNulls: true }))
          : []),
      ],
    },
    insurer: {
      color: ['#0891b2', '#2563eb'],
      tooltip: { trigger: 'axis', axisPointer: { type: 'shadow' }, valueFormatter: (value) => messages.money(Number(value) * 100) },
      legend: { top: 0 },
      grid: { left: 8, right: 16, top: 36, bottom: 8, containLabel: true },
      xAxis: { type: 'value', axisLabel: { formatter: (value: number) => (value >= 10_000 ? `${value / 10_000}万` : String(value)) } },
      yAxis: { type: 'category', data: data.premiumsByInsurer.map((row) => row.insurer), inverse: true },
      series: [
        { type: 'bar', name: messages.compulsory, stack: 'premium', data: data.premiumsByInsurer.map((row) => row.compulsoryFen / 100) },
        { type: 'bar', name: messages.commercial, stack: 'premium', data: data.premiumsByInsurer.map((row) => row.commercialFen / 100) },
      ],
    },
    funnel: {
      color: ['#f59e0b', '#60a5fa', '#2563eb', '#16a34a', '#9ca3af'],
      tooltip: { trigger: 'item', formatter: '{b}：{c}' },
      series: [{ type: 'funnel', sort: 'none', left: 8, right: 8, top: 8, bottom: 8, minSize: '12%', label: { position: 'inside', formatter: '{b} {c}', color: '#fff' }, data: data.funnel.map((step) => ({ name: step.name, value: step.count })) }],
    },
    lost: {
      color: PALETTE,
      tooltip: { trigger: 'item', formatter: '{b}：{c}（{d}%）' },
      // A plain legend wraps; a scrolling one keeps its hidden items beside the chart (wider than 360 px).
      legend: { bottom: 0 },
      // Labels inside the ring: outside ones would leave the chart at 360 px; the legend names them.
      series: [{ type: 'pie', radius: ['30%', '60%'], center: ['50%', '40%'], label: { position: 'inside', formatter: '{c}', color: '#fff' }, labelLine: { show: false }, data: data.lostReasons.map((row) => ({ name: row.reason, value: row.count })) }],
    },
  };
}

/**
 * 保险分析: renewal rate by month and store, premiums by insurer, the pipeline funnel, lost reasons
 * and the staff ranking for policies expiring in a date range. ECharts loads with this element only.
 */
export function InsuranceAnalysis({ container }: WidgetProps) {
  const token = useValue(session.usertoken);
  const today = garageToday();
  const [from, setFrom] = useState(firstOfMonth(addMonths(today, -5)));
  const [to, setTo] = useState(addDays(firstOfMonth(addMonths(today, 2)), -1));
  const [storeId, setStoreId] = useState('');
  const charts = useCharts();
  const badRange = Boolean(from && to && to < from);
  const { data, failed, refused, load } = usePageData(
    token,
    () => (badRange || !from || !to ? Promise.resolve(null) : analysisApi.load({ from, to, ...(storeId ? { storeIds: storeId } : {}) })),
    [from, to, storeId],
  );
  const [options, setOptions] = useState<ReturnType<typeof chartOptions> | null>(null);
  useEffect(() => setOptions(data ? chartOptions(data) : null), [data]);

  const [exporting, runExport] = useBusyAction();
  /** The server builds the workbook (numbers as numbers, texts safe from formulas); the browser saves it. */
  const exportXlsx = () =>
    runExport(async () => {
      await analysisApi.exportXlsx({ from, to, ...(storeId ? { storeIds: storeId } : {}) }, messages.xlsxFile(from, to), container);
      toast.success(messages.exported);
    });

  const totals = data?.totals;
  return (
    <div className="analysis">
      <header className="head">
        <div>
          <h2>{messages.title}</h2>
          <p className="muted">{messages.subtitle}</p>
        </div>
        <sl-button size="small" disabled={!data} loading={exporting} onClick={exportXlsx}><sl-icon slot="prefix" name="download"></sl-icon>{messages.export}</sl-button>
      </header>
      <div className="filters">
        <DateField size="small" label={messages.from} value={from} onChange={(day) => setFrom(day ?? '')} />
        <DateField size="small" label={messages.to} value={to} onChange={(day) => setTo(day ?? '')} />
        {data && data.stores.length > 1 ? (
          <sl-select size="small" label={messages.store} value={storeId || 'all'} onsl-change={(event: Event) => setStoreId(inputValue(event) === 'all' ? '' : inputValue(event))}>
            <sl-option value="all">{messages.anyStore}</sl-option>
            {data.stores.map((store) => <sl-option key={store.id} value={String(store.id)}>{store.name}</sl-option>)}
          </sl-select>
        ) : null}
      </div>
      {badRange ? <p className="problem" role="alert">{messages.badRange}</p> : null}

      {badRange ? null : refused ? (
        <div className="state"><p>{messages.refused}</p></div>
      ) : failed ? (
        <div className="state" role="alert"><p>{messages.loadFailed}</p><sl-button size="small" onClick={load}>{messages.retry}</sl-button></div>
      ) : !data || !totals || !options ? (
        <div className="state" aria-busy="true"><p className="muted">{messages.loading}</p></div>
      ) : (
        <div className="body" aria-busy={charts === null}>
          <dl className="totals">
            <div><dt>{messages.totals.due}</dt><dd className="figure" data-total="due">{totals.due}</dd></div>
            <div><dt>{messages.totals.renewed}</dt><dd className="figure" data-total="renewed">{totals.renewed}</dd></div>
            <div><dt>{messages.totals.rate}</dt><dd className="figure strong" data-total="rate">{messages.percent(totals.rate)}</dd></div>
            <div><dt>{messages.totals.lost}</dt><dd className="figure" data-total="lost">{totals.lost}</dd></div>
            <div><dt>{messages.totals.premium}</dt><dd className="figure" data-total="premium">{messages.money(totals.premiumFen)}</dd></div>
          </dl>
          {totals.due === 0 ? <p className="muted">{messages.empty}</p> : null}
          <div className="grid">
            <section className="card wide">
              <h3>{messages.renewalRate}</h3>
              <Chart charts={charts} option={options.rate} label={messages.renewalRate} name="rate" loading={messages.chartsLoading} />
            </section>
            <section className="card">
              <h3>{messages.byInsurer}</h3>
              <Chart charts={charts} option={options.insurer} label={messages.byInsurer} name="insurer" loading={messages.chartsLoading} />
            </section>
            <section className="card">
              <h3>{messages.funnel}</h3>
              <Chart charts={charts} option={options.funnel} label={messages.funnel} name="funnel" loading={messages.chartsLoading} />
            </section>
            <section className="card">
              <h3>{messages.lostReasons}</h3>
              {data.lostReasons.length === 0 ? <p className="muted small">{messages.noLost}</p> : <Chart charts={charts} option={options.lost} label={messages.lostReasons} name="lost" loading={messages.chartsLoading} />}
            </section>
            <section className="card">
              <h3>{messages.staff}</h3>
              {data.staff.length === 0 ? (
                <p className="muted small">{messages.noStaff}</p>
              ) : (
                <table className="ranking numbers">
                  <thead>
                    <tr>
                      <th scope="col">{messages.columns.rank}</th><th scope="col">{messages.columns.name}</th><th scope="col">{messages.columns.assigned}</th>
                      <th scope="col">{messages.columns.renewed}</th><th scope="col">{messages.columns.rate}</th><th scope="col" className="premium-col">{messages.columns.premium}</th>
                    </tr>
                  </thead>
                  <tbody>
                    {data.staff.map((row, index) => (
                      <tr key={row.userId} data-staff={row.name}>
                        <td className="figure">{index + 1}</td><td>{row.name}</td><td className="figure">{row.assigned}</td><td className="figure">{row.renewed}</td>
                        <td className="figure">{messages.percent(row.rate)}</td><td className="figure premium-col">{messages.money(row.premiumFen)}</td>
                      </tr>
                    ))}
                  </tbody>
                </table>
              )}
            </section>
          </div>
        </div>
      )}
    </div>
  );
}
