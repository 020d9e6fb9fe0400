import { useEffect, useMemo, useState } from 'react';
import '@shoelace-style/shoelace/dist/components/button/button.js';
import '@shoelace-style/shoelace/dist/components/select/select.js';
import '@shoelace-style/shoelace/dist/components/option/option.js';
import { session, usePageData, useValue, type WidgetProps } from '../core';
import { today as garageToday } from '../../contracts/dates';
import { addOnState } from '../../contracts/rules/mall';
import { addMonthsTo } from '../../contracts/rules/customer-analysis';
import { analysisApi, type Analysis } from './api';
import { messages } from './messages';
import type { ChartOption } from '../core/charts';
import { Chart, useCharts } from '../core/ui/chart';

type RangeKey = keyof typeof messages.ranges;
const inputValue = (event: Event) => (event.target as HTMLInputElement).value;
const STAGE_COLOURS = { new: '#0284c7', active: '#16a34a', sleeping: '#f59e0b', lost: '#dc2626' };

/** The months a preset covers, ending this month (or last December). */
function rangeOf(key: RangeKey, today: string): { from: string; to: string } {
  const month = today.slice(0, 7);
  const year = Number(today.slice(0, 4));
  if (key === 'thisYear') return { from: `${year}-01`, to: month };
  if (key === 'lastYear') return { from: `${year - 1}-01`, to: `${year - 1}-12` };
  const months = { m6: 6, m12: 12, m24: 24 }[key];
  return { from: addMonthsTo(month, 1 - months), to: month };
}

/** Weighted return rate per month after the first: of the cohorts old enough, the share who came. */
export function returnCurve(cohorts: Analysis['cohorts']): { offset: number; rate: number | null }[] {
  const longest = Math.max(0, ...cohorts.map((cohort) => cohort.returned.length));
  return Array.from({ length: Math.max(0, longest - 1) }, (_, index) => {
    const offset = index + 1;
    const old = cohorts.filter((cohort) => cohort.returned.length > offset);
    const base = old.reduce((sum, cohort) => sum + cohort.customers, 0);
    return { offset, rate: base > 0 ? Math.round((old.reduce((sum, cohort) => sum + cohort.returned[offset]!, 0) / base) * 1000) / 10 : null };
  });
}

function chartOptions(data: Analysis): Record<'curve' | 'stages' | 'lost' | 'spend', ChartOption> {
  const grid = { left: 8, right: 16, top: 36, bottom: 8, containLabel: true };
  const curve = returnCurve(data.cohorts);
  const stores = data.stages.byStore;
  const stage = (key: keyof typeof STAGE_COLOURS) => ({
    type: 'bar' as const, name: messages.totals[key], stack: 'stage', color: STAGE_COLOURS[key], barMaxWidth: 28, cursor: 'pointer',
    data: stores.map((store) => store[key]),
  });
  return {
    curve: {
      tooltip: { trigger: 'axis', valueFormatter: (value) => (value === null || value === undefined ? '—' : `${String(value)}%`) },
      grid: { ...grid, top: 16 },
      xAxis: { type: 'category', data: curve.map((point) => messages.returnCurveAxis(point.offset)) },
      yAxis: { type: 'value', min: 0, axisLabel: { formatter: '{value}%' } },
      series: [{ type: 'line', name: messages.returnCurve, data: curve.map((point) => point.rate), color: '#2563eb', lineStyle: { width: 3 }, symbolSize: 7, areaStyle: { opacity: 0.08 } }],
    },
    stages: {
      tooltip: { trigger: 'axis', axisPointer: { type: 'shadow' } },
      legend: { top: 0 },
      grid,
      xAxis: { type: 'value' },
      yAxis: { type: 'category', data: stores.map((store) => store.storeName), inverse: true },
      series: [stage('new'), stage('active'), stage('sleeping'), stage('lost')],
    },
    lost: {
      tooltip: { trigger: 'axis', valueFormatter: (value) => `${String(value)} ${messages.customersUnit}` },
      grid: { ...grid, top: 16 },
      xAxis: { type: 'category', data: data.stages.newlyLost.map((row) => row.month) },
      yAxis: { type: 'value', minInterval: 1 },
      series: [{ type: 'bar', name: messages.newlyLost, color: '#dc2626', barMaxWidth: 24, data: data.stages.newlyLost.map((row) => row.customers) }],
    },
    spend: {
      tooltip: { trigger: 'axis', axisPointer: { type: 'shadow' }, valueFormatter: (value) => `${String(value)} ${messages.customersUnit}` },
      grid: { ...grid, top: 16 },
      xAxis: { type: 'category', data: data.spend.bands.map((band) => band.name), axisLabel: { interval: 0, rotate: 30 } },
      yAxis: { type: 'value', minInterval: 1 },
      series: [{ type: 'bar', name: messages.spendColumns.customers, color: '#0891b2', barCategoryGap: '8%', data: data.spend.bands.map((band) => band.customers) }],
    },
  };
}

/** The cohort triangle: a table (readable, copyable, screen-reader friendly), shaded by rate. */
function CohortTable({ cohorts }: { cohorts: Analysis['cohorts'] }) {
  const columns = Math.max(0, ...cohorts.map((cohort) => cohort.returned.length));
  if (cohorts.every((cohort) => cohort.customers === 0)) return <p className="muted small">{messages.noCohorts}</p>;
  return (
    <div className="scroll">
      <table className="cohorts">
        <thead>
          <tr>
            <th scope="col">{messages.cohortColumns.month}</th>
            <th scope="col">{messages.cohortColumns.customers}</th>
            {Array.from({ length: columns - 1 }, (_, index) => <th scope="col" key={index}>{messages.cohortColumns.offset(index + 1)}</th>)}
          </tr>
        </thead>
        <tbody>
          {cohorts.map((cohort) => (
            <tr key={cohort.month} data-cohort={cohort.month}>
              <th scope="row">{cohort.month}</th>
              <td className="figure size" data-label={messages.cohortColumns.customers}>{cohort.customers}</td>
              {Array.from({ length: columns - 1 }, (_, index) => {
                const returned = cohort.returned[index + 1];
                if (returned === undefined) return <td key={index} className="future" />;
                const rate = cohort.customers > 0 ? returned / cohort.customers : 0;
                return (
                  <td key={index} className="figure rate" title={`${returned} ${messages.customersUnit}`} data-label={messages.cohortColumns.offset(index + 1)}
                    style={{ background: `rgba(37, 99, 235, ${(0.05 + Math.min(rate, 1) * 0.4).toFixed(2)})` }}>
                    {messages.percent(returned, cohort.customers)}
                  </td>
                );
              })}
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

/** The 项目商城 page of 客户分析, for a chain without the add-on (the mall element, loaded only then). */
function MallPage() {
  const [ready, setReady] = useState(false);
  useEffect(() => void import('../mall/index').then(() => setReady(true)), []);
  return ready ? <garage-mall kind="customer-analysis"></garage-mall> : <div className="state" aria-busy="true"><p className="muted">{messages.mallLoading}</p></div>;
}

/**
 * 客户分析: cohorts of new customers and their monthly return, stages per store, customers newly
 * lost per month, the spend distribution. A chain without the add-on sees its 项目商城 page.
 */
export function CustomerAnalysis(_props: WidgetProps) {
  const token = useValue(session.usertoken);
  const today = garageToday();
  const [range, setRange] = useState<RangeKey>('m12');
  const [storeId, setStoreId] = useState('');
  const { from, to } = rangeOf(range, today);
  const modules = usePageData(token, analysisApi.modules, []);
  const addOn = modules.data?.find((module) => module.code === 'customer_analysis');
  const held = modules.data ? addOnState(!!addOn?.enabled, addOn?.expiresAt ?? null, today) === 'active' : null;
  const { data, failed, refused, load } = usePageData(
    held ? token : '',
    () => analysisApi.load({ from, to, ...(storeId ? { storeIds: storeId } : {}) }),
    [from, to, storeId, held],
  );
  const charts = useCharts(held === true);
  const options = useMemo(() => (data ? chartOptions(data) : null), [data]);

  if (held === false) return <MallPage />;
  const totals = data?.stages.totals;
  const customers = totals ? totals.new + totals.active + totals.sleeping + totals.lost : 0;
  const stores = data?.stores ?? [];
  return (
    <div className="analysis">
      <header className="head">
        <div>
          <h2>{messages.title}</h2>
          <p className="muted">{messages.subtitle}</p>
        </div>
        {data ? <span className="muted small as-of">{messages.asOf(data.asOf)}</span> : null}
      </header>
      <div className="filters">
        <sl-select size="small" label={messages.range} value={range} onsl-change={(event: Event) => setRange(inputValue(event) as RangeKey)}>
          {(Object.keys(messages.ranges) as RangeKey[]).map((key) => <sl-option key={key} value={key}>{messages.ranges[key]}</sl-option>)}
        </sl-select>
        {stores.length > 1 ? (
          <sl-select size="small" label={messages.store} value={storeId || 'all'} onsl-change={(event: Event) => setStoreId(inputValue(event) === 'all' ? '' : inputValue(event))}>
            <sl-option value="all">{messages.anyStore}</sl-option>
            {stores.map((store) => <sl-option key={store.id} value={String(store.id)}>{store.name}</sl-option>)}
          </sl-select>
        ) : null}
      </div>

      {refused || modules.refused ? (
        <div className="state"><p>{messages.refused}</p></div>
      ) : failed || modules.failed ? (
        <div className="state" role="alert"><p>{messages.loadFailed}</p><sl-button size="small" onClick={() => (modules.failed ? modules.load() : load())}>{messages.retry}</sl-button></div>
      ) : !data || !totals || !options ? (
        <div className="state" aria-busy="true"><p className="muted">{messages.loading}</p></div>
      ) : (
        <div className="body" aria-busy={charts === null}>
          <dl className="totals">
            <div><dt>{messages.totals.customers}</dt><dd className="figure" data-total="customers">{messages.count(customers)}</dd></div>
            <div><dt>{messages.totals.new}</dt><dd className="figure new" data-total="new">{messages.count(totals.new)}</dd></div>
            <div><dt>{messages.totals.active}</dt><dd className="figure active" data-total="active">{messages.count(totals.active)}</dd></div>
            <div><dt>{messages.totals.sleeping}</dt><dd className="figure sleeping" data-total="sleeping">{messages.count(totals.sleeping)}</dd></div>
            <div><dt>{messages.totals.lost}</dt><dd className="figure lost" data-total="lost">{messages.count(totals.lost)}</dd></div>
            <div><dt>{messages.totals.perCustomer}</dt><dd className="figure" data-total="per-customer">{messages.money(data.spend.customers ? Math.round(data.spend.totalFen / data.spend.customers) : 0)}</dd></div>
            <div><dt>{messages.totals.median}</dt><dd className="figure" data-total="median">{messages.money(data.spend.medianFen)}</dd></div>
          </dl>
          {customers === 0 ? <p className="muted">{messages.noData}</p> : null}
          <div className="grid">
            <section className="card wide">
              <h3>{messages.cohorts}</h3>
              <p className="muted small">{messages.cohortsHint}</p>
              <CohortTable cohorts={data.cohorts} />
            </section>
            <section className="card">
              <h3>{messages.returnCurve}</h3>
              <Chart charts={charts} option={options.curve} label={messages.returnCurve} name="curve" loading={messages.chartsLoading} />
            </section>
            <section className="card">
              <h3>{messages.stages}</h3>
              <p className="muted small">{messages.stagesHint(data.stages.thresholds)}</p>
              <Chart charts={charts} option={options.stages} label={messages.stages} name="stages" loading={messages.chartsLoading}
                onClick={(index) => { const store = data.stages.byStore[index]; if (store && stores.length > 1) setStoreId(String(store.storeId)); }} />
            </section>
            <section className="card">
              <h3>{messages.newlyLost}</h3>
              <Chart charts={charts} option={options.lost} label={messages.newlyLost} name="lost" loading={messages.chartsLoading} />
            </section>
            <section className="card">
              <h3>{messages.spend}</h3>
              <p className="muted small">{messages.spendHint}</p>
              <Chart charts={charts} option={options.spend} label={messages.spend} name="spend" loading={messages.chartsLoading} />
            </section>
            <section className="card wide">
              <table className="bands numbers">
                <thead>
                  <tr><th scope="col">{messages.spendColumns.band}</th><th scope="col">{messages.spendColumns.customers}</th><th scope="col">{messages.spendColumns.share}</th><th scope="col">{messages.spendColumns.total}</th></tr>
                </thead>
                <tbody>
                  {data.spend.bands.map((band) => (
                    <tr key={band.fromFen} data-band={band.name}>
                      <th scope="row">{band.name}</th><td className="figure">{band.customers}</td>
                      <td className="figure">{messages.percent(band.customers, data.spend.customers)}</td><td className="figure">{messages.money(band.totalFen)}</td>
                    </tr>
                  ))}
                </tbody>
              </table>
            </section>
          </div>
        </div>
      )}
    </div>
  );
}
