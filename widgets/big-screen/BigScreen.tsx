import { useCallback, useEffect, useState } from 'react';
import { ApiError, bootstrap, session, useValue, type WidgetProps } from '../core/base';
import { LIFECYCLE_STAGES } from '../../contracts/rules/customer';
import { BIG_SCREEN_REFRESH_SECONDS } from '../../contracts/rules/workbench';
import { bigScreenApi, type BigScreenData } from './api';
import { messages } from './messages';
import type { ChartOption } from '../core/charts';
import { Chart, useCharts } from '../core/ui/chart';


export interface BigScreenProps {
  /** Seconds between refreshes (default 60). */
  refreshSeconds?: number;
}

const TEXT = '#cbd5e1';
const GRID_LINE = 'rgba(148, 163, 184, 0.18)';
const STAGE_COLOURS = ['#22d3ee', '#34d399', '#fbbf24', '#f87171'];
const time = (instant: string | Date) => {
  const date = new Date(instant);
  return [date.getHours(), date.getMinutes(), date.getSeconds()].map((part) => String(part).padStart(2, '0')).join(':');
};

/** What the charts show, from the answer; sizes are for a TV read from across the shop. */
function chartOptions(data: BigScreenData): Record<'trend' | 'ranking' | 'stages', ChartOption> {
  const axisText = { color: TEXT, fontSize: 16 };
  return {
    trend: {
      color: ['#38bdf8', '#fbbf24'],
      tooltip: { trigger: 'axis' },
      legend: { top: 0, textStyle: { color: TEXT, fontSize: 16 } },
      grid: { left: 12, right: 12, top: 44, bottom: 8, containLabel: true },
      xAxis: { type: 'category', data: data.trend.map((point) => point.day.slice(5)), axisLabel: axisText, axisLine: { lineStyle: { color: GRID_LINE } } },
      yAxis: [
        { type: 'value', axisLabel: { ...axisText, formatter: (value: number) => (value >= 10_000 ? `${value / 10_000}万` : String(value)) }, splitLine: { lineStyle: { color: GRID_LINE } } },
        { type: 'value', axisLabel: axisText, splitLine: { show: false } },
      ],
      series: [
        { type: 'bar', name: messages.revenue, data: data.trend.map((point) => Math.round(point.revenueFen / 100)), barMaxWidth: 22, itemStyle: { borderRadius: [4, 4, 0, 0] } },
        { type: 'line', name: messages.orders, yAxisIndex: 1, data: data.trend.map((point) => point.orders), smooth: true, lineStyle: { width: 3 }, symbolSize: 6 },
      ],
    },
    ranking: {
      color: ['#38bdf8'],
      tooltip: { trigger: 'axis', axisPointer: { type: 'shadow' } },
      grid: { left: 8, right: 90, top: 8, bottom: 8, containLabel: true },
      xAxis: { type: 'value', show: false },
      yAxis: { type: 'category', inverse: true, data: data.stores.map((store) => store.storeName), axisLabel: { color: '#f1f5f9', fontSize: 20 }, axisLine: { show: false }, axisTick: { show: false } },
      series: [
        {
          type: 'bar',
          name: messages.revenue,
          data: data.stores.map((store) => Math.round(store.revenueFen / 100)),
          barMaxWidth: 28,
          itemStyle: { borderRadius: [0, 6, 6, 0] },
          label: { show: true, position: 'right', color: '#f1f5f9', fontSize: 18, formatter: (params: { value?: unknown }) => messages.bigMoney(Number(params.value) * 100) },
        },
      ],
    },
    stages: {
      color: STAGE_COLOURS,
      tooltip: { trigger: 'item', formatter: '{b}：{c}（{d}%）' },
      legend: { bottom: 0, textStyle: { color: TEXT, fontSize: 18 }, itemGap: 20 },
      series: [
        {
          type: 'pie',
          radius: ['42%', '68%'],
          center: ['50%', '44%'],
          label: { color: '#f1f5f9', fontSize: 18, formatter: '{c}' },
          data: LIFECYCLE_STAGES.map((stage) => ({ name: messages.stageNames[stage], value: data.stages[stage] })),
        },
      ],
    },
  };
}

/**
 * 智慧大屏: a dark dashboard for the shop's TV, asked again every `refreshSeconds`. A failed refresh
 * keeps the last figures on screen (a TV has nobody to press 重试) and tries again next time.
 */
export function BigScreen({ refreshSeconds, host }: BigScreenProps & WidgetProps) {
  const token = useValue(session.usertoken);
  const [data, setData] = useState<BigScreenData | null>(null);
  const [failed, setFailed] = useState(false);
  /** The server's reason (no 智慧大屏 permission, or an edition without it), shown as it says it. */
  const [refused, setRefused] = useState<string | null>(null);
  const charts = useCharts();
  const [options, setOptions] = useState<ReturnType<typeof chartOptions> | null>(null);
  const [fullScreen, setFullScreen] = useState(false);
  const every = Math.max(5, refreshSeconds ?? BIG_SCREEN_REFRESH_SECONDS) * 1000;

  const load = useCallback(() => {
    bigScreenApi.load().then(
      (answer) => (setData(answer), setFailed(false), setRefused(null)),
      (error: unknown) => (error instanceof ApiError && error.code === 403 ? setRefused(error.msg || messages.refused) : setFailed(true)),
    );
  }, []);
  useEffect(() => {
    if (!token) return undefined;
    void bootstrap({ once: true });
    load();
    const timer = setInterval(load, every);
    return () => clearInterval(timer);
  }, [token, every, load]);
  useEffect(() => setOptions(data ? chartOptions(data) : null), [data]);
  useEffect(() => {
    const follow = () => setFullScreen(Boolean(document.fullscreenElement));
    document.addEventListener('fullscreenchange', follow);
    return () => document.removeEventListener('fullscreenchange', follow);
  }, []);
  useEffect(() => {
    if (!token) setData(null);
  }, [token]);

  const toggleFullScreen = () => {
    if (document.fullscreenElement) void document.exitFullscreen();
    else void host?.requestFullscreen?.().catch(() => undefined);
  };

  const day = data?.today ?? '';
  const tiles = data
    ? ([
        ['revenueToday', messages.bigMoney(data.revenueTodayFen)],
        ['revenueMonth', messages.bigMoney(data.revenueMonthFen)],
        ['ordersToday', messages.count(data.ordersToday)],
        ['ordersInProgress', messages.count(data.ordersInProgress)],
        ['newCustomersToday', messages.count(data.newCustomersToday)],
      ] as const)
    : [];
  return (
    <div className="screen" data-refreshed-at={data?.refreshedAt ?? ''} aria-busy={!data || !charts}>
      <header className="top">
        <h2>{messages.title(data?.title ?? '')}</h2>
        <div className="when">
          {day ? <span>{day} {messages.weekdays[new Date(`${day}T00:00:00`).getDay()]}</span> : null}
          {data ? <span className="updated">{messages.updatedAt(time(data.refreshedAt))}</span> : null}
          <button type="button" className="full" onClick={toggleFullScreen}>{fullScreen ? messages.exitFullScreen : messages.fullScreen}</button>
        </div>
      </header>
      {refused ? (
        <p className="state" data-refused>{refused}</p>
      ) : !data ? (
        <p className="state" role={failed ? 'alert' : undefined}>{failed ? messages.loadFailed : messages.loading}</p>
      ) : (
        <>
          {failed ? <p className="stale" role="status">{messages.loadFailed}</p> : null}
          <div className="tiles">
            {tiles.map(([key, value]) => (
              <div className={`tile tile-${key}`} key={key} data-tile={key}>
                <span className="label">{messages.tiles[key]}</span>
                <strong className="value">{value}</strong>
              </div>
            ))}
          </div>
          <div className="grid">
            <section className="card trend">
              <h3>{messages.trend}</h3>
              <Chart charts={charts} option={options?.trend ?? null} label={messages.trend} name="trend" loading={messages.chartsLoading} loadingClass="muted" />
            </section>
            <section className="card">
              <h3>{messages.ranking}</h3>
              {data.stores.length === 0 ? <p className="muted">{messages.noStores}</p> : <Chart charts={charts} option={options?.ranking ?? null} label={messages.ranking} name="ranking" loading={messages.chartsLoading} loadingClass="muted" />}
            </section>
            <section className="card">
              <h3>{messages.stages}</h3>
              <Chart charts={charts} option={options?.stages ?? null} label={messages.stages} name="stages" loading={messages.chartsLoading} loadingClass="muted" />
            </section>
          </div>
        </>
      )}
    </div>
  );
}
