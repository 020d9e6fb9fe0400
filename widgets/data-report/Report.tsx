import { useMemo, useState } from 'react';
import '@shoelace-style/shoelace/dist/components/button/button.js';
import '@shoelace-style/shoelace/dist/components/input/input.js';
import '@shoelace-style/shoelace/dist/components/select/select.js';
import '@shoelace-style/shoelace/dist/components/option/option.js';
import { session, toast, usePageData, useValue, type WidgetProps } from '../core';
import { addDays, addMonths, today as garageToday } from '../../contracts/dates';
import { REPORT_GROUP_KEYS, SERVICE_TYPE_KEYS, type ReportGroup, type ServiceType } from '../../contracts/rules/orders';
import { reportApi, type Report, type ReportRow } from './api';
import { drillInto, queryOf, type ReportView } from './drill';
import { messages } from './messages';
import type { ChartOption } from '../core/charts';
import { Chart, useCharts } from '../core/ui/chart';
import { DateField } from '../core/ui/date-field';

type RangeKey = keyof typeof messages.ranges;
const inputValue = (event: Event) => (event.target as HTMLInputElement).value;
const firstOfMonth = (day: string) => `${day.slice(0, 7)}-01`;

/** The days a preset covers, ending today (or the last day of last month). */
export function rangeOf(key: Exclude<RangeKey, 'custom'>, today: string): { from: string; to: string } {
  switch (key) {
    case 'd7': return { from: addDays(today, -6), to: today };
    case 'd30': return { from: addDays(today, -29), to: today };
    case 'thisMonth': return { from: firstOfMonth(today), to: today };
    case 'lastMonth': return { from: addMonths(firstOfMonth(today), -1), to: addDays(firstOfMonth(today), -1) };
    case 'm12': return { from: addMonths(firstOfMonth(today), -11), to: today };
    case 'thisYear': return { from: `${today.slice(0, 4)}-01-01`, to: today };
  }
}

const rootView = (from: string, to: string, rest: Partial<ReportView> = {}): ReportView => ({ groupBy: 'store', ...rest, from, to, crumb: messages.root(`${from} 至 ${to}`) });
const rowLabel = (view: ReportView, row: ReportRow) => (view.groupBy === 'advisor' && !row.key ? messages.noAdvisor : row.label);

function chartOption(view: ReportView, rows: ReportRow[]): ChartOption {
  const money = (value: unknown) => messages.money(Number(value) * 100);
  return {
    tooltip: { trigger: 'axis', axisPointer: { type: 'shadow' } },
    legend: { top: 0 },
    grid: { left: 8, right: 8, top: 36, bottom: 8, containLabel: true },
    xAxis: { type: 'category', data: rows.map((row) => rowLabel(view, row)), axisLabel: { hideOverlap: true } },
    yAxis: [
      { type: 'value', axisLabel: { formatter: (value: number) => (value >= 10_000 ? `${value / 10_000}万` : String(value)) } },
      { type: 'value', minInterval: 1, splitLine: { show: false } },
    ],
    series: [
      { type: 'bar', name: messages.measures.revenueFen.name, color: '#2563eb', barMaxWidth: 36, cursor: 'pointer', data: rows.map((row) => row.revenueFen / 100), tooltip: { valueFormatter: money } },
      { type: 'line', name: messages.measures.orders.name, color: '#f59e0b', yAxisIndex: 1, symbolSize: 6, data: rows.map((row) => row.orders) },
    ],
  };
}

const MEASURE_COLUMNS = [
  ['revenueFen', 'money', ''], ['labourFen', 'money', 'minor'], ['partsFen', 'money', 'minor'], ['orders', 'count', ''], ['ticketFen', 'money', ''],
  ['customers', 'count', 'minor'], ['newCustomers', 'count', ''], ['returningCustomers', 'count', 'minor'], ['retention', 'percent', ''],
] as const;

function cell(figures: Report['total'], [key, kind]: (typeof MEASURE_COLUMNS)[number]): string {
  const value = figures[key];
  if (kind === 'percent') return messages.percentBp(value);
  if (value === null) return '—';
  return kind === 'money' ? messages.money(value) : messages.count(value);
}

/**
 * 数据报表: figures of the work-order rollup grouped by store, day, week, month, 服务顾问 or
 * service type, with filters, drill-down (a row → the next level, a breadcrumb back) and xlsx export.
 */
export function DataReport({ container }: WidgetProps) {
  const token = useValue(session.usertoken);
  const today = garageToday();
  const [range, setRange] = useState<RangeKey>('d30');
  const [trail, setTrail] = useState<ReportView[]>(() => {
    const { from, to } = rangeOf('d30', today);
    return [rootView(from, to)];
  });
  const charts = useCharts();
  const [exporting, setExporting] = useState(false);
  const view = trail[trail.length - 1]!;
  const badRange = view.to < view.from;
  const query = queryOf(view);
  const { data, failed, refused, load } = usePageData(token, () => (badRange ? Promise.resolve(null) : reportApi.load(query)), [JSON.stringify(query), badRange]);
  // The answer of an earlier view must not show under the current one while the next loads.
  const current = data && data.groupBy === view.groupBy && data.from === view.from && data.to === view.to ? data : null;
  const option = useMemo(() => (current ? chartOption(view, current.rows) : null), [current]);
  const stores = data?.stores ?? [];

  /** A filter changed: a new root from the current view with the change, the breadcrumb restarts. */
  const refilter = (change: Partial<ReportView>) => {
    const next = { ...view, ...change };
    setTrail([rootView(next.from, next.to, next)]);
  };
  const drill = (row: ReportRow) => {
    const next = drillInto(view, { key: row.key, label: rowLabel(view, row) }, stores.length);
    if (next) setTrail([...trail, next]);
  };
  const canDrill = (row: ReportRow) => drillInto(view, row, stores.length) !== null;
  const pickRange = (key: RangeKey) => {
    setRange(key);
    if (key !== 'custom') refilter(rangeOf(key, today));
  };
  const exportXlsx = async () => {
    setExporting(true);
    try {
      await reportApi.export(query, messages.exportFile(messages.groups[view.groupBy], view.from, view.to), container ?? null);
      toast.success(messages.exported);
    } catch {
      /* the refusal was shown */
    } finally {
      setExporting(false);
    }
  };

  return (
    <div className="report">
      <header className="head">
        <div>
          <h2>{messages.title}</h2>
          <p className="muted">{messages.subtitle}</p>
        </div>
        <sl-button size="small" disabled={!current || exporting} loading={exporting} onClick={() => void exportXlsx()} data-action="export">
          <sl-icon slot="prefix" name="download"></sl-icon>{messages.export}
        </sl-button>
      </header>
      <div className="filters">
        <sl-select size="small" label={messages.range} value={range} onsl-change={(event: Event) => pickRange(inputValue(event) as RangeKey)}>
          {(Object.keys(messages.ranges) as RangeKey[]).map((key) => <sl-option key={key} value={key}>{messages.ranges[key]}</sl-option>)}
        </sl-select>
        <DateField size="small" label={messages.from} value={view.from} onChange={(day) => (setRange('custom'), refilter({ from: day ?? '' }))} />
        <DateField size="small" label={messages.to} value={view.to} onChange={(day) => (setRange('custom'), refilter({ to: day ?? '' }))} />
        {stores.length > 1 ? (
          <sl-select size="small" label={messages.store} value={view.storeIds?.length === 1 ? String(view.storeIds[0]) : 'all'}
            onsl-change={(event: Event) => refilter({ storeIds: inputValue(event) === 'all' ? undefined : [Number(inputValue(event))] })}>
            <sl-option value="all">{messages.anyStore}</sl-option>
            {stores.map((store) => <sl-option key={store.id} value={String(store.id)}>{store.name}</sl-option>)}
          </sl-select>
        ) : null}
        <sl-select size="small" label={messages.advisor} value={view.advisor === undefined ? 'all' : `a:${view.advisor}`}
          onsl-change={(event: Event) => refilter({ advisor: inputValue(event) === 'all' ? undefined : inputValue(event).slice(2) })}>
          <sl-option value="all">{messages.anyAdvisor}</sl-option>
          {[...new Set([...(data?.advisors ?? []), ...(view.advisor ? [view.advisor] : [])])].map((name) => <sl-option key={name} value={`a:${name}`}>{name}</sl-option>)}
        </sl-select>
        <sl-select size="small" label={messages.serviceType} value={view.serviceType ?? 'all'}
          onsl-change={(event: Event) => refilter({ serviceType: inputValue(event) === 'all' ? undefined : (inputValue(event) as ServiceType) })}>
          <sl-option value="all">{messages.anyServiceType}</sl-option>
          {SERVICE_TYPE_KEYS.map((key) => <sl-option key={key} value={key}>{messages.serviceTypes[key]}</sl-option>)}
        </sl-select>
      </div>
      <div className="groups" role="group" aria-label={messages.groupBy}>
        <span className="muted small">{messages.groupBy}</span>
        {REPORT_GROUP_KEYS.map((key) => (
          <button key={key} type="button" className="group" aria-pressed={view.groupBy === key}
            onClick={() => setTrail([...trail.slice(0, -1), { ...view, groupBy: key as ReportGroup }])}>{messages.groups[key]}</button>
        ))}
      </div>
      <nav className="crumbs" aria-label={messages.crumbsLabel}>
        <ol>
          {trail.map((step, index) => (
            <li key={index}>
              {index < trail.length - 1 ? (
                <button type="button" className="crumb" onClick={() => setTrail(trail.slice(0, index + 1))}>{step.crumb}</button>
              ) : (
                <span className="crumb current" aria-current="page">{step.crumb}<span className="muted"> · {messages.groupedBy(messages.groups[step.groupBy])}</span></span>
              )}
            </li>
          ))}
        </ol>
      </nav>
      {badRange ? <p className="problem" role="alert">{messages.badRange}</p> : null}

      {badRange ? null : refused ? (
        <div className="state"><p>{messages.refused}</p></div>
      ) : failed ? (
        <div className="state" role="alert"><p>{messages.loadFailed}</p><sl-button size="small" onClick={load}>{messages.retry}</sl-button></div>
      ) : !current || !option ? (
        <div className="state" aria-busy="true"><p className="muted">{messages.loading}</p></div>
      ) : (
        <div className="body" aria-busy={charts === null}>
          <dl className="totals">
            {(['revenueFen', 'orders', 'ticketFen', 'customers', 'newCustomers', 'retention'] as const).map((key) => (
              <div key={key}>
                <dt>{messages.measures[key].name}</dt>
                <dd className="figure" data-total={key}>{cell(current.total, MEASURE_COLUMNS.find(([name]) => name === key)!)}</dd>
              </div>
            ))}
          </dl>
          {current.rows.length === 0 ? (
            <div className="state"><p className="muted">{messages.empty}</p></div>
          ) : (
            <>
              <section className="card">
                <Chart charts={charts} option={option} label={messages.chart} name="figures" loading={messages.chartsLoading} onClick={(index) => { const row = current.rows[index]; if (row) drill(row); }} />
              </section>
              <section className="card">
                <div className="scroll">
                  <table className="figures numbers">
                    <thead>
                      <tr>
                        <th scope="col">{messages.groups[view.groupBy]}</th>
                        {MEASURE_COLUMNS.map(([key, , minor]) => <th scope="col" key={key} className={minor} title={messages.measures[key].definition}>{messages.measures[key].name}</th>)}
                      </tr>
                    </thead>
                    <tbody>
                      {current.rows.map((row) => (
                        <tr key={row.key} data-row={row.key}>
                          <th scope="row">
                            {canDrill(row) ? (
                              <button type="button" className="drill" title={messages.drill(rowLabel(view, row))} onClick={() => drill(row)}>{rowLabel(view, row)}</button>
                            ) : rowLabel(view, row)}
                          </th>
                          {MEASURE_COLUMNS.map((column) => <td key={column[0]} className={`figure ${column[2]}`} data-measure={column[0]} data-label={messages.measures[column[0]].name}>{cell(row, column)}</td>)}
                        </tr>
                      ))}
                    </tbody>
                    <tfoot>
                      <tr data-row="total">
                        <th scope="row">{messages.total}</th>
                        {MEASURE_COLUMNS.map((column) => <td key={column[0]} className={`figure ${column[2]}`} data-measure={column[0]} data-label={messages.measures[column[0]].name}>{cell(current.total, column)}</td>)}
                      </tr>
                    </tfoot>
                  </table>
                </div>
                <p className="muted small">{messages.rowsCount(current.rows.length)}</p>
              </section>
            </>
          )}
        </div>
      )}
      <details className="formulas">
        <summary>{messages.formulas}</summary>
        <dl>
          {MEASURE_COLUMNS.map(([key]) => <div key={key}><dt>{messages.measures[key].name}</dt><dd>{messages.measures[key].definition}</dd></div>)}
        </dl>
        <p className="muted small">{messages.formulasHint}</p>
      </details>
    </div>
  );
}


