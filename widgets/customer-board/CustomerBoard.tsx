import { useCallback, useEffect, useState } from 'react';
import '@shoelace-style/shoelace/dist/components/button/button.js';
import '@shoelace-style/shoelace/dist/components/skeleton/skeleton.js';
import { bootstrap, navigate, session, useValue, type WidgetProps } from '../core';
import { formatNumber } from '../core/formats';
import { LIFECYCLE_STAGES, type LifecycleStage } from '../../contracts/rules/customer';
import { boardApi, type BoardAnswer } from './api';
import { messages } from './messages';

export const CUSTOMER_LIST_PATH = '/home/externalmanage';

/** The list's address for one stage (and store): the list reads `?condition=`. */
export function drillDownPath(stage: LifecycleStage, storeId?: number): string {
  const condition = { version: 1, stage, ...(storeId ? { storeIds: [storeId] } : {}) };
  return `${CUSTOMER_LIST_PATH}?condition=${encodeURIComponent(JSON.stringify(condition))}`;
}

export function CustomerBoard({ host }: WidgetProps) {
  const token = useValue(session.usertoken);
  const storeList = useValue(session.storeList);
  const [board, setBoard] = useState<BoardAnswer | null>(null);
  const [failed, setFailed] = useState(false);

  const chosenStores = storeList.filter((store) => store.selected).map((store) => Number(store.code));
  const storeKey = chosenStores.length < storeList.length ? chosenStores.join(',') : '';

  const load = useCallback(() => {
    if (!token) return;
    setFailed(false);
    boardApi.load(storeKey ? storeKey.split(',').map(Number) : undefined).then(setBoard, () => setFailed(true));
  }, [token, storeKey]);
  useEffect(() => {
    void bootstrap({ once: true });
    load();
  }, [load]);

  const go = (stage: LifecycleStage, storeId?: number) => host && navigate(drillDownPath(stage, storeId), host);

  if (failed) {
    return (
      <div className="state" role="alert">
        <p>{messages.loadFailed}</p>
        <sl-button size="small" onClick={load}>
          {messages.retry}
        </sl-button>
      </div>
    );
  }

  return (
    <div className="board">
      <header>
        <h2>{messages.title}</h2>
        <p className="muted">{board ? messages.subtitle(board.total) : '\u00a0'}</p>
      </header>
      <div className="stages">
        {LIFECYCLE_STAGES.map((stage) => {
          const count = board?.totals[stage] ?? 0;
          const percent = board && board.total > 0 ? Math.round((count / board.total) * 100) : 0;
          return (
            <button type="button" key={stage} className={`stage stage-${stage}`} data-stage={stage} onClick={() => go(stage)}>
              <span className="stage-label">{messages.stages[stage].label}</span>
              {board ? <span className="stage-count">{formatNumber(count)}</span> : <sl-skeleton effect="pulse"></sl-skeleton>}
              <span className="bar" aria-hidden="true">
                <span style={{ width: `${percent}%` }}></span>
              </span>
              <span className="stage-share">{messages.share(percent)}</span>
              <span className="stage-rule">{messages.rules(board?.rules)[stage]}</span>
              <span className="stage-advice">{messages.stages[stage].advice}</span>
            </button>
          );
        })}
      </div>
      {board && board.stores.length > 0 ? (
        <section className="stores">
          <h3>{messages.byStore}</h3>
          <table>
            <thead>
              <tr>
                <th>{messages.store}</th>
                {LIFECYCLE_STAGES.map((stage) => (
                  <th key={stage} className="num">
                    {messages.stages[stage].label}
                  </th>
                ))}
                <th className="num">{messages.total}</th>
              </tr>
            </thead>
            <tbody>
              {board.stores.map((store) => (
                <tr key={store.storeId} data-store={store.storeName}>
                  <td>{store.storeName}</td>
                  {LIFECYCLE_STAGES.map((stage) => (
                    <td key={stage} className="num">
                      <button type="button" className="link" aria-label={messages.drillDown(formatNumber(store.counts[stage]), messages.stages[stage].label, store.storeName)} onClick={() => go(stage, store.storeId)}>
                        {formatNumber(store.counts[stage])}
                      </button>
                      <span className="mini-bar" aria-hidden="true">
                        <span className={`fill-${stage}`} style={{ width: `${store.total ? Math.round((store.counts[stage] / store.total) * 100) : 0}%` }}></span>
                      </span>
                    </td>
                  ))}
                  <td className="num strong">{formatNumber(store.total)}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </section>
      ) : board ? (
        <p className="muted">{messages.empty}</p>
      ) : null}
    </div>
  );
}
