import { useState } from 'react';
import '@shoelace-style/shoelace/dist/components/button/button.js';
import '@shoelace-style/shoelace/dist/components/select/select.js';
import '@shoelace-style/shoelace/dist/components/option/option.js';
import { ApiError, AppLink, inputValue, toast, usePageData } from '../core';
import { KPI_METRICS, kpiSetProblem, type KpiItem } from '../../contracts/rules/analysis';
import { BUILT_IN_METRICS, type BuiltInMetricKey } from '../../contracts/rules/metrics';
import { kpiApi, type JobSet, type Sets } from './api';
import { messages } from './messages';

const nameOf = (metric: string) => BUILT_IN_METRICS[metric as BuiltInMetricKey]?.name ?? metric;

/** One position's KPI set being edited: metric and weight rows, the sum, the problem once a save was tried. */
function Editor({ job, onDone, onCancel }: { job: JobSet; onDone(changed: boolean): void; onCancel(): void }) {
  const [items, setItems] = useState<KpiItem[]>(job.items.length ? job.items : [{ metric: KPI_METRICS[0]!, weight: 100 }]);
  const [problem, setProblem] = useState('');
  const [busy, setBusy] = useState(false);
  const sum = items.reduce((total, item) => total + (Number.isFinite(item.weight) ? item.weight : 0), 0);
  const unused = KPI_METRICS.filter((metric) => !items.some((item) => item.metric === metric));
  const change = (index: number, next: Partial<KpiItem>) => setItems(items.map((item, at) => (at === index ? { ...item, ...next } : item)));

  const save = async () => {
    const local = kpiSetProblem(items);
    if (local) return setProblem(local);
    setBusy(true);
    try {
      await kpiApi.save(job, items);
      toast.success(messages.saved(job.name));
      onDone(true);
    } catch (error) {
      setProblem(error instanceof ApiError ? error.msg : messages.loadFailed);
      // Somebody saved first: show their set (the editor closes), the message stays as a toast.
      if (error instanceof ApiError && error.code === 409) (toast.error(error.msg), onDone(true));
    } finally {
      setBusy(false);
    }
  };

  return (
    <form className="editor" onSubmit={(event) => (event.preventDefault(), void save())} noValidate>
      {items.map((item, index) => (
        <div className="item-row" key={index}>
          <sl-select size="small" className="hidden-label metric" label={messages.metricLabel(index + 1)} value={item.metric} hoist onsl-change={(event: Event) => change(index, { metric: inputValue(event) })}>
            {KPI_METRICS.filter((metric) => metric === item.metric || unused.includes(metric)).map((metric) => <sl-option key={metric} value={metric}>{nameOf(metric)}</sl-option>)}
          </sl-select>
          <span className="weight">
            <input type="number" inputMode="numeric" min="1" max="100" step="1" aria-label={messages.weightLabel(nameOf(item.metric))}
              value={Number.isFinite(item.weight) ? String(item.weight) : ''} onChange={(event) => change(index, { weight: event.target.value === '' ? NaN : Number(event.target.value) })} />
            <span aria-hidden="true">%</span>
          </span>
          <sl-button size="small" variant="text" className="danger" onClick={() => setItems(items.filter((_, at) => at !== index))}>{messages.removeItem}</sl-button>
        </div>
      ))}
      <div className="editor-foot">
        <sl-button size="small" disabled={unused.length === 0} onClick={() => setItems([...items, { metric: unused[0]!, weight: Math.max(0, 100 - sum) }])}>
          <sl-icon slot="prefix" name="plus-lg"></sl-icon>{messages.addItem}
        </sl-button>
        <strong className={sum === 100 ? 'sum ok figure' : 'sum figure'} aria-live="polite">{messages.sum(sum)}</strong>
      </div>
      {problem ? <p className="problem" role="alert">{problem}</p> : null}
      <div className="editor-actions">
        <sl-button size="small" onClick={onCancel} disabled={busy}>{messages.cancel}</sl-button>
        <sl-button size="small" variant="primary" type="submit" loading={busy}>{messages.save}</sl-button>
      </div>
    </form>
  );
}

/** 岗位 KPI: each position's metrics and weights; a headquarters admin edits them in place. */
export function KpiSets({ token, host, settings }: { token: string; host?: HTMLElement; settings: boolean }) {
  const { data, failed, refused, refusal, load } = usePageData<Sets>(token, () => kpiApi.sets(), []);
  const [editing, setEditing] = useState<number | null>(null);
  if (refused) return <div className="state" role="note"><p>{refusal || messages.refused}</p></div>;
  if (failed) return <div className="state" role="alert"><p>{messages.loadFailed}</p><sl-button size="small" onClick={load}>{messages.retry}</sl-button></div>;
  return (
    <div className="panel">
      <p className="muted">
        {messages.setsNote}
        {settings ? <> <AppLink className="link" path="/home/organization/jobPool" host={host}>{messages.toJobs}</AppLink></> : null}
      </p>
      {data && !data.canEdit ? <p className="note" role="note">{messages.readOnly}</p> : null}
      <ul className="jobs" aria-busy={data === null}>
        {(data?.jobs ?? []).map((job) => (
          <li key={job.jobId} className="job" data-job={job.name}>
            <div className="job-head">
              <h3>{job.name}</h3>
              {data?.canEdit && editing !== job.jobId ? (
                <sl-button size="small" onClick={() => setEditing(job.jobId)}><sl-icon slot="prefix" name="pencil"></sl-icon>{messages.edit}</sl-button>
              ) : null}
            </div>
            {editing === job.jobId ? (
              <Editor job={job} onCancel={() => setEditing(null)} onDone={() => (setEditing(null), load())} />
            ) : job.items.length ? (
              <>
                <ul className="chips">
                  {job.items.map((item) => (
                    <li key={item.metric} className="chip" data-metric={item.metric}>
                      <span>{nameOf(item.metric)}</span><strong className="figure">{item.weight}%</strong>
                      <span className="chip-bar" aria-hidden="true"><span style={{ width: `${item.weight}%` }}></span></span>
                    </li>
                  ))}
                </ul>
                {job.updatedBy ? <p className="muted small">{messages.updatedBy(job.updatedBy)}</p> : null}
              </>
            ) : (
              <p className="muted small">{messages.noItems}</p>
            )}
          </li>
        ))}
      </ul>
    </div>
  );
}
