/**
 * 系统设置 › 企业微信: whether the chain's WeCom app is set up (corp, what is missing), the sidebar
 * address to paste into WeCom's 聊天工具栏, the add-on, the bound contacts and the external-contact
 * sync (POST /wecom-contact/sync, a durable job) with its progress polled while it runs.
 * Everybody reads it; only 设置中心 holders get the buttons (the server refuses the others too).
 */
import { useCallback, useEffect, useRef, useState } from 'react';
import { AppLink, toast } from '../core';
import { formatDateTime } from '../core/formats';
import { wecomApi, type WecomOverview, type WecomSync } from './api';
import { messages } from './messages';

const text = messages.wecom;
const POLL_MS = 1000;
export const WECOM_SHOP_PATH = '/home/shop/enterprise-wechat';

export function WecomSection({ token, mayChange, host }: { token: string; mayChange: boolean; host?: HTMLElement }) {
  const [overview, setOverview] = useState<WecomOverview | null>(null);
  const [failed, setFailed] = useState(false);
  const [starting, setStarting] = useState<'new' | 'full' | null>(null);
  const asked = useRef(0);

  const load = useCallback(() => {
    if (!token) return;
    const mine = ++asked.current; // a late answer never overwrites a newer one
    setFailed(false);
    wecomApi.overview().then(
      (answer) => mine === asked.current && setOverview(answer),
      () => mine === asked.current && setFailed(true),
    );
  }, [token]);
  useEffect(load, [load]);
  const running = overview?.sync.state === 'running';
  useEffect(() => {
    if (!running) return;
    const timer = setTimeout(load, POLL_MS);
    return () => clearTimeout(timer);
  }, [overview, running, load]);

  const start = async (full: boolean) => {
    setStarting(full ? 'full' : 'new');
    try {
      const sync = await wecomApi.sync(full);
      setOverview((current) => (current ? { ...current, sync } : current));
      toast.success(full ? text.fullStarted : text.started);
    } catch {
      load(); // toasted by the core (e.g. 正在同步中); show what the server has
    } finally {
      setStarting(null);
    }
  };
  const copy = async (url: string) => {
    try {
      await navigator.clipboard.writeText(url);
      toast.success(text.copied);
    } catch {
      toast.warning(text.copyByHand);
    }
  };

  const head = (
    <>
      <div className="section-head"><h3 id="wecom-title">{text.title}</h3></div>
      <p className="help section-help">{text.help}</p>
    </>
  );
  if (failed) {
    return (
      <section aria-labelledby="wecom-title" className="wecom">
        {head}
        <div className="state" role="alert"><p>{text.loadFailed}</p><sl-button size="small" onClick={load}>{messages.retry}</sl-button></div>
      </section>
    );
  }
  const addOn = overview?.addOn ?? 'active';
  const usable = !!overview && overview.configured && addOn === 'active';
  return (
    <section aria-labelledby="wecom-title" className="wecom">
      {head}
      <ul className="rows" aria-busy={overview === null}>
        {overview ? (
          <>
            <li className="row" data-wecom="config">
              <div className="text">
                <span className="label">
                  {text.app}
                  <span className={`badge${overview.configured ? '' : ' warn'}`}>{overview.configured ? text.configured : text.notConfigured}</span>
                </span>
                <span className="help">{text.corp(overview.corpId, overview.agentId)}</span>
                {overview.missing.length > 0 ? (
                  <ul className="missing" aria-label={text.missingTitle}>
                    {overview.missing.map((line) => <li key={line}>{line}</li>)}
                  </ul>
                ) : null}
              </div>
            </li>
            <li className="row" data-wecom="sidebar">
              <div className="text">
                <span className="label">{text.sidebar}</span>
                {overview.sidebarUrl ? <code className="url">{overview.sidebarUrl}</code> : null}
                <span className="help">{text.sidebarHelp}</span>
                {overview.sidebarUrl.startsWith('https:') ? null : <span className="help warn-text">{overview.sidebarUrl ? text.httpsNeeded : text.sidebarUnknown}</span>}
              </div>
              {overview.sidebarUrl ? <div className="actions"><sl-button size="small" onClick={() => void copy(overview.sidebarUrl)}>{text.copy}</sl-button></div> : null}
            </li>
            <li className="row" data-wecom="add-on">
              <div className="text">
                <span className="label">
                  {text.addOn}
                  <span className={`badge${addOn === 'active' ? '' : ' warn'}`}>{text.addOnStates[addOn]}</span>
                </span>
                <span className="help">{addOn === 'active' ? text.addOnActive : text.addOnMissing}</span>
              </div>
              {addOn === 'active' ? null : (
                <div className="actions"><AppLink className="shop-link" path={WECOM_SHOP_PATH} host={host}>{text.toShop}</AppLink></div>
              )}
            </li>
            <li className="row sync-row" data-wecom="sync">
              <div className="text">
                <span className="label">{text.contacts}</span>
                <span className="help">{text.boundCount(overview.contacts, overview.bound)}</span>
                <SyncLine sync={overview.sync} />
              </div>
              {mayChange ? (
                <div className="actions">
                  <sl-button size="small" variant="primary" disabled={!usable || running || starting !== null} loading={starting === 'new'} onClick={() => void start(false)}>{text.syncNow}</sl-button>
                  <sl-button size="small" disabled={!usable || running || starting !== null} loading={starting === 'full'} onClick={() => void start(true)}>{text.syncAll}</sl-button>
                </div>
              ) : null}
            </li>
          </>
        ) : null}
      </ul>
    </section>
  );
}

function SyncLine({ sync }: { sync: WecomSync }) {
  if (sync.state === 'running') {
    const whole = Math.max(1, sync.usersTotal);
    return (
      <span className="progress-line" role="status">
        <span className="help">{text.running(sync.usersDone, sync.usersTotal, sync.contactsSeen, sync.linked, sync.newLeads)}</span>
        <span className="bar" role="progressbar" aria-label={text.progress} aria-valuemin={0} aria-valuemax={sync.usersTotal} aria-valuenow={sync.usersDone}>
          <span style={{ width: `${(sync.usersDone / whole) * 100}%` }}></span>
        </span>
      </span>
    );
  }
  if (sync.state === 'idle') return <span className="help">{text.neverSynced}</span>;
  const at = formatDateTime(sync.finishedAt ?? sync.startedAt);
  const counts = text.counts(sync.contactsSeen, sync.linked, sync.newLeads);
  if (sync.state === 'failed') return <span className="help sync failed" role="status">{text.lastFailed(at, sync.error, counts)}</span>;
  return <span className="help sync" role="status">{text.lastSync(at, counts)}</span>;
}
