import { useState } from 'react';
import '@shoelace-style/shoelace/dist/components/button/button.js';
import { session, useValue, usePageData, type WidgetProps } from '../core';
import { HEALTH_NAMES, shiftMonth, type Health } from '../../contracts/rules/analysis';
import { BUILT_IN_METRICS, formatMetricValue } from '../../contracts/rules/metrics';
import { diagnosisApi, type DiagnosisAnswer, type StoreRow } from './api';
import { messages } from './messages';

export function HealthBadge({ health }: { health: Health }) {
  return <span className={`badge ${health}`} data-health={health}><span className="dot" aria-hidden="true"></span>{HEALTH_NAMES[health]}</span>;
}

function StoreSection({ store, data }: { store: StoreRow; data: DiagnosisAnswer }) {
  const count = (health: Health) => store.cells.filter((cell) => cell.health === health).length;
  return (
    <section className="store" data-store={store.storeName} aria-label={store.storeName}>
      <h3>
        <span>{store.storeName}</span>
        <span className="counts muted small">{messages.counts(count('red'), count('amber'), count('green'))}</span>
      </h3>
      <p className="basis small">
        <span>{BUILT_IN_METRICS.revenue.name} <strong className="figure" data-figure="revenue">{formatMetricValue('元', store.revenue)}</strong></span>
        <span>{BUILT_IN_METRICS.visits.name} <strong className="figure" data-figure="visits">{formatMetricValue('次', store.visits)}</strong></span>
        <span className="muted">{messages.basis}</span>
      </p>
      <table className="cells">
        <thead>
          <tr>
            <th scope="col">{messages.columns.metric}</th><th scope="col" className="number">{messages.columns.value}</th>
            <th scope="col" className="number">{messages.columns.target}</th><th scope="col" className="number">{messages.columns.median}</th>
            <th scope="col">{messages.columns.health}</th><th scope="col">{messages.columns.advice}</th>
          </tr>
        </thead>
        <tbody>
          {store.cells.map((cell) => {
            const metric = data.metrics.find((each) => each.key === cell.key)!;
            return (
              <tr key={cell.key} data-metric={cell.key} data-health={cell.health} className={cell.health}>
                <th scope="row" className="metric">{metric.name}</th>
                <td className="number figure strong" data-label={messages.columns.value}>{formatMetricValue(metric.unit, cell.value)}</td>
                <td className="number figure" data-label={messages.columns.target}>{cell.target === null ? messages.noTarget : formatMetricValue(metric.unit, cell.target)}</td>
                <td className="number figure" data-label={messages.columns.median}>{formatMetricValue(metric.unit, metric.median)}</td>
                <td className="health"><HealthBadge health={cell.health} /></td>
                <td className="advice">
                  <span className="reason">{cell.reason}</span>
                  {cell.action ? <span className="action"><strong>{messages.suggestion}</strong>{cell.action}</span> : null}
                </td>
              </tr>
            );
          })}
        </tbody>
      </table>
    </section>
  );
}

/**
 * 诊断表: each store's health metrics against 指标树's targets and the chain's median, with the reason
 * and what to do. Off while 系统设置's 显示诊断表 is off (the server refuses too).
 */
export function Diagnosis(_props: WidgetProps) {
  const token = useValue(session.usertoken);
  const shown = useValue(session.isShowDiagnostic);
  const [month, setMonth] = useState<string | undefined>(undefined);
  const { data, failed, refused, refusal, load } = usePageData<DiagnosisAnswer | null>(
    token, () => (shown ? diagnosisApi.load(month) : Promise.resolve(null)), [month, shown],
  );

  if (!shown) {
    return <div className="state" role="note" data-state="off"><p className="strong">{messages.off}</p><p className="muted">{messages.offHint}</p></div>;
  }
  if (refused) return <div className="state" role="note" data-state="refused"><p>{refusal || messages.refused}</p></div>;
  if (failed) {
    return (
      <div className="state" role="alert">
        <p>{messages.loadFailed}</p>
        <sl-button size="small" onClick={load}>{messages.retry}</sl-button>
      </div>
    );
  }
  const shownMonth = month ?? data?.month ?? '';
  return (
    <div className="diagnosis">
      <header className="head">
        <div>
          <h2>{messages.title}</h2>
          <p className="muted">{messages.subtitle}</p>
          {data ? <p className="muted small">{messages.span(data.from, data.to)}</p> : null}
        </div>
        <nav className="months" aria-label={messages.months}>
          <sl-button size="small" disabled={!shownMonth} onClick={() => setMonth(shiftMonth(shownMonth, -1))}>
            <sl-icon slot="prefix" name="chevron-left"></sl-icon>{messages.previous}
          </sl-button>
          <strong className="month figure" aria-live="polite">{shownMonth ? messages.monthLabel(shownMonth) : ''}</strong>
          <sl-button size="small" disabled={!shownMonth} onClick={() => setMonth(shiftMonth(shownMonth, 1))}>
            {messages.next}<sl-icon slot="suffix" name="chevron-right"></sl-icon>
          </sl-button>
        </nav>
      </header>
      {!data || data.month !== shownMonth ? (
        <div className="state" aria-busy="true"><p className="muted">{messages.loading}</p></div>
      ) : data.stores.length === 0 ? (
        <div className="state"><p>{messages.noStores}</p></div>
      ) : (
        <div className="stores">{data.stores.map((store) => <StoreSection key={store.storeId} store={store} data={data} />)}</div>
      )}
      {data ? (
        <details className="formulas">
          <summary>{messages.formulas}</summary>
          <dl>
            {data.metrics.map((metric) => (
              <div key={metric.key}><dt>{metric.name}</dt><dd>{metric.formula}</dd></div>
            ))}
          </dl>
          <p className="muted small">{messages.targetsHint}</p>
        </details>
      ) : null}
    </div>
  );
}
