import { useState } from 'react';
import '@shoelace-style/shoelace/dist/components/button/button.js';
import '@shoelace-style/shoelace/dist/components/select/select.js';
import '@shoelace-style/shoelace/dist/components/option/option.js';
import { AppLink, hasPermission, inputValue, session, useValue, usePageData, type WidgetProps } from '../core';
import { Permission } from '../../contracts/permissions';
import { TARGET_SOURCE_NAMES, shiftMonth } from '../../contracts/rules/analysis';
import { formatMetricValue } from '../../contracts/rules/metrics';
import { kpiApi, type Scores, type StaffRow } from './api';
import { KpiSets } from './KpiSets';
import { messages } from './messages';

type Tab = 'scores' | 'sets' | 'formulas';
const TABS: Tab[] = ['scores', 'sets', 'formulas'];

/** Links into 设置中心 only for those who may open it (the page would otherwise say 暂无权限). */
export function useSettingsAccess() {
  useValue(session.userPermissions);
  return useValue(session.isAdmin) || hasPermission(Permission.settingsCentre);
}

/** The store choice's 全部门店 (an option's value cannot be empty). */
const ALL = 'all';
const percentOf = (points: number | null) => (points === null ? '—' : `${points.toLocaleString('zh-CN', { maximumFractionDigits: 1 })}%`);

function ScoreBar({ score }: { score: number | null }) {
  if (score === null) return <span className="muted small">{messages.noSet}</span>;
  return (
    <span className="score">
      <span className="bar" aria-hidden="true"><span className={score >= 100 ? 'fill done' : 'fill'} style={{ width: `${Math.min(score / 1.2, 100)}%` }}></span></span>
      <strong className="figure">{messages.score(score)}</strong>
    </span>
  );
}

function Detail({ row }: { row: StaffRow }) {
  return (
    <table className="items" aria-label={messages.detailOf(row.staffName)}>
      <thead>
        <tr>
          <th scope="col">{messages.itemColumns.metric}</th><th scope="col" className="number">{messages.itemColumns.weight}</th>
          <th scope="col" className="number">{messages.itemColumns.actual}</th><th scope="col" className="number">{messages.itemColumns.target}</th>
          <th scope="col">{messages.itemColumns.source}</th><th scope="col" className="number">{messages.itemColumns.reached}</th>
          <th scope="col" className="number">{messages.itemColumns.points}</th>
        </tr>
      </thead>
      <tbody>
        {row.items.map((item) => (
          <tr key={item.metric} data-metric={item.metric}>
            <th scope="row">{item.name}</th>
            <td className="number figure" data-label={messages.itemColumns.weight}>{item.weight}%</td>
            <td className="number figure" data-label={messages.itemColumns.actual}>{formatMetricValue(item.unit, item.actual)}</td>
            <td className="number figure" data-label={messages.itemColumns.target}>{formatMetricValue(item.unit, item.target)}</td>
            <td data-label={messages.itemColumns.source}>{TARGET_SOURCE_NAMES[item.targetSource]}</td>
            <td className="number figure" data-label={messages.itemColumns.reached}>{percentOf(item.points)}</td>
            <td className="number figure strong" data-label={messages.itemColumns.points}>{messages.score(item.points === null ? 0 : Math.round(item.points * item.weight) / 100)}</td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}

function Decomposition({ data, host, settings }: { data: Scores; host?: HTMLElement; settings: boolean }) {
  const { revenue, customers, visits, ticketSize } = data.decomposition;
  const parts = messages.decompositionParts;
  return (
    <section className="decomposition" aria-label={messages.decomposition}>
      <div className="equation">
        <span><small>{parts.revenue}</small><strong className="figure" data-part="revenue">{formatMetricValue('元', revenue)}</strong></span>
        <span className="op" aria-hidden="true">=</span>
        <span><small>{parts.customers}</small><strong className="figure" data-part="customers">{messages.people(customers)}</strong></span>
        <span className="op" aria-hidden="true">×</span>
        <span><small>{parts.perCustomer}</small><strong className="figure">{messages.times(customers ? visits / customers : 0)}</strong></span>
        <span className="op" aria-hidden="true">×</span>
        <span><small>{parts.ticket}</small><strong className="figure">{formatMetricValue('元', ticketSize)}</strong></span>
      </div>
      <p className="visits small">
        {parts.visits} <strong className="figure" data-part="visits">{formatMetricValue('次', visits)}</strong>
        <span className="muted">{messages.visitsNote}</span>
      </p>
      {settings ? <AppLink className="link" path="/home/organization/metricsTree" host={host}>{messages.toTree}</AppLink> : null}
    </section>
  );
}

function ScoresTab({ token, host, settings }: { token: string; host?: HTMLElement; settings: boolean }) {
  const [month, setMonth] = useState<string | undefined>(undefined);
  const [storeId, setStoreId] = useState<number | undefined>(undefined);
  const [open, setOpen] = useState<string | null>(null);
  const { data, failed, refused, refusal, load } = usePageData<Scores>(token, () => kpiApi.scores({ ...(month ? { month } : {}), ...(storeId ? { storeId } : {}) }), [month, storeId]);
  const nickName = useValue(session.nickName);

  if (refused) return <div className="state" role="note"><p>{refusal || messages.refused}</p></div>;
  if (failed) return <div className="state" role="alert"><p>{messages.loadFailed}</p><sl-button size="small" onClick={load}>{messages.retry}</sl-button></div>;
  const shownMonth = month ?? data?.month ?? '';
  const current = data && data.month === shownMonth && (storeId === undefined || data.staff.every((row) => row.storeId === storeId)) ? data : null;
  const keyOf = (row: StaffRow) => `${row.storeId}|${row.staffName}`;
  return (
    <div className="panel">
      <div className="tools">
        <nav className="months" aria-label={messages.months}>
          <sl-button size="small" disabled={!shownMonth} onClick={() => setMonth(shiftMonth(shownMonth, -1))}>
            <sl-icon slot="prefix" name="chevron-left"></sl-icon>{messages.previous}
          </sl-button>
          <strong className="month figure" aria-live="polite">{shownMonth ? messages.monthLabel(shownMonth) : ''}</strong>
          <sl-button size="small" disabled={!shownMonth} onClick={() => setMonth(shiftMonth(shownMonth, 1))}>
            {messages.next}<sl-icon slot="suffix" name="chevron-right"></sl-icon>
          </sl-button>
        </nav>
        {data && data.seesTeam && data.stores.length > 1 ? (
          <sl-select size="small" className="inline-label" label={messages.store} value={storeId ? String(storeId) : ALL}
            onsl-change={(event: Event) => setStoreId(inputValue(event) === ALL ? undefined : Number(inputValue(event)))}>
            <sl-option value={ALL}>{messages.allStores}</sl-option>
            {data.stores.map((store) => <sl-option key={store.id} value={String(store.id)}>{store.name}</sl-option>)}
          </sl-select>
        ) : null}
        {data ? <span className="muted small">{messages.span(data.from, data.to)}</span> : null}
      </div>
      {!current ? (
        <div className="state" aria-busy="true"><p className="muted">{messages.loading}</p></div>
      ) : (
        <>
          <Decomposition data={current} host={host} settings={settings} />
          {current.seesTeam ? null : <p className="note" role="note">{messages.ownOnly(nickName)}</p>}
          {current.staff.length === 0 ? (
            <div className="state"><p>{current.seesTeam ? messages.emptyTeam : messages.emptyOwn(nickName)}</p></div>
          ) : (
            <table className="ranking">
              <thead>
                <tr>
                  <th scope="col" className="number">{messages.columns.rank}</th><th scope="col">{messages.columns.name}</th>
                  <th scope="col">{messages.columns.store}</th><th scope="col" className="position">{messages.columns.position}</th>
                  <th scope="col">{messages.columns.score}</th><th scope="col"><span className="sr-only">{messages.columns.detail}</span></th>
                </tr>
              </thead>
              {current.staff.map((row) => {
                const expanded = open === keyOf(row);
                return (
                  <tbody key={keyOf(row)} data-staff={row.staffName} data-store={row.storeName}>
                    <tr className={expanded ? 'open' : undefined}>
                      <td className="number figure rank">{row.rank ?? '—'}</td>
                      <th scope="row" className="name">{row.staffName}</th>
                      <td className="store-name">{row.storeName}</td>
                      <td className="position muted">{row.position}</td>
                      <td className="score-cell"><ScoreBar score={row.score} /></td>
                      <td className="toggle">
                        {row.items.length ? (
                          <sl-button size="small" variant="text" aria-expanded={expanded ? 'true' : 'false'} onClick={() => setOpen(expanded ? null : keyOf(row))}>
                            {expanded ? messages.hideDetail : messages.showDetail}
                            <sl-icon slot="suffix" name={expanded ? 'chevron-up' : 'chevron-down'}></sl-icon>
                          </sl-button>
                        ) : null}
                      </td>
                    </tr>
                    {expanded ? <tr className="detail"><td colSpan={6}><Detail row={row} /></td></tr> : null}
                  </tbody>
                );
              })}
            </table>
          )}
        </>
      )}
    </div>
  );
}

function FormulasTab({ token, host, settings }: { token: string; host?: HTMLElement; settings: boolean }) {
  const { data, failed, load } = usePageData(token, () => kpiApi.sets(), []);
  if (failed) return <div className="state" role="alert"><p>{messages.loadFailed}</p><sl-button size="small" onClick={load}>{messages.retry}</sl-button></div>;
  return (
    <div className="panel">
      <section className="card">
        <h3>{messages.kpiMetrics}</h3>
        <dl className="formulas" aria-busy={data === null}>
          {(data?.metrics ?? []).map((metric) => <div key={metric.key}><dt>{metric.name}<span className="muted small">（{metric.unit}）</span></dt><dd>{metric.formula}</dd></div>)}
        </dl>
      </section>
      <section className="card">
        <h3>{messages.tree}</h3>
        <ul>{messages.treeText.map((line) => <li key={line}>{line}</li>)}</ul>
      </section>
      <section className="card">
        <h3>{messages.rules}</h3>
        <ul>{messages.rulesText.map((line) => <li key={line}>{line}</li>)}</ul>
      </section>
      {settings ? (
        <p className="links">
          <AppLink className="link" path="/home/organization/metricsLib" host={host}>{messages.toLib}</AppLink>
          <AppLink className="link" path="/home/organization/metricsTree" host={host}>{messages.toTree}</AppLink>
        </p>
      ) : null}
    </div>
  );
}

/** 数据统计: staff scores per month, the positions' KPI sets, and how the figures are counted. */
export function Kpi({ host }: WidgetProps) {
  const token = useValue(session.usertoken);
  const settings = useSettingsAccess();
  const [tab, setTab] = useState<Tab>('scores');
  return (
    <div className="kpi">
      <header className="head">
        <h2>{messages.title}</h2>
        <p className="muted">{messages.subtitle}</p>
      </header>
      <div className="tabs" role="tablist" aria-label={messages.tabsLabel}>
        {TABS.map((each) => (
          <button key={each} type="button" role="tab" id={`tab-${each}`} aria-selected={tab === each} aria-controls="kpi-panel" className={tab === each ? 'tab active' : 'tab'} onClick={() => setTab(each)}>
            {messages.tabs[each]}
          </button>
        ))}
      </div>
      <div id="kpi-panel" role="tabpanel" aria-labelledby={`tab-${tab}`}>
        {tab === 'scores' ? <ScoresTab token={token} host={host} settings={settings} /> : null}
        {tab === 'sets' ? <KpiSets token={token} host={host} settings={settings} /> : null}
        {tab === 'formulas' ? <FormulasTab token={token} host={host} settings={settings} /> : null}
      </div>
    </div>
  );
}
