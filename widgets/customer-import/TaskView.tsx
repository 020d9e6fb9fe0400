/**
 * One import task: its progress while queued or running (asked every second; the job runs on the
 * server, so closing the page loses nothing), then its result and error report. And the history of
 * the store's recent imports, from which a task is opened again.
 */
import { useEffect, useRef, useState } from 'react';
import { IMPORT_STATUS_LABELS } from '../../contracts/rules/import-task';
import { formatDateTime } from '../core/formats';
import { importApi, type ImportTask } from './api';
import { messages } from './messages';

const POLL_MS = 1000;
/** The rate is measured over the last few seconds, so a slow start does not weigh on the estimate for long. */
const RATE_WINDOW_MS = 10_000;

export const isActive = (task: ImportTask) => task.status === 'queued' || task.status === 'running';

interface Sample {
  at: number;
  processed: number;
}

/** Rows per second over the recent samples; null until two samples differ. */
function rateOf(samples: readonly Sample[]): number | null {
  if (samples.length < 2) return null;
  const first = samples[0];
  const last = samples[samples.length - 1];
  const seconds = (last.at - first.at) / 1000;
  return seconds > 0 && last.processed > first.processed ? (last.processed - first.processed) / seconds : null;
}

async function downloadReport(task: ImportTask, setBusy: (busy: boolean) => void) {
  setBusy(true);
  try {
    await importApi.report(task.taskId, messages.result.reportName(task.taskId));
  } catch {
    /* toasted */
  } finally {
    setBusy(false);
  }
}

export function TaskView({ taskId, onUpdate, onAgain, onCancel, doneAction }: {
  taskId: number; onUpdate(task: ImportTask): void; onAgain(): void; onCancel(task: ImportTask): void;
  /** Shown next to 重新上传 once the task is done with rows in (保单: 到保险查询查看). */
  doneAction?: React.ReactNode;
}) {
  const [task, setTask] = useState<ImportTask | null>(null);
  const [failed, setFailed] = useState(false);
  const [reporting, setReporting] = useState(false);
  const samples = useRef<Sample[]>([]);
  const update = useRef(onUpdate);
  update.current = onUpdate;

  useEffect(() => {
    let stopped = false;
    let timer: ReturnType<typeof setTimeout> | undefined;
    samples.current = [];
    setTask(null);
    setFailed(false);
    let answered = false;
    const poll = () => {
      importApi.task(taskId).then(
        (answer) => {
          if (stopped) return;
          answered = true;
          setTask(answer);
          update.current(answer); // the history below shows the same figures
          const now = Date.now();
          if (answer.status === 'running') {
            samples.current = [...samples.current.filter((sample) => now - sample.at <= RATE_WINDOW_MS), { at: now, processed: answer.processed }];
          }
          if (isActive(answer)) timer = setTimeout(poll, POLL_MS);
        },
        () => {
          if (stopped) return;
          // A dropped answer while running is retried; the first one failing says so.
          if (answered) timer = setTimeout(poll, POLL_MS * 3);
          else setFailed(true);
        },
      );
    };
    poll();
    return () => {
      stopped = true;
      clearTimeout(timer);
    };
  }, [taskId]);

  if (failed) {
    return (
      <section className="task state" role="alert">
        <p>{messages.loadFailed}</p>
        <sl-button size="small" onClick={onAgain}>{messages.result.again}</sl-button>
      </section>
    );
  }
  if (!task) return <section className="task" aria-busy="true"><sl-spinner></sl-spinner></section>;

  const label = IMPORT_STATUS_LABELS[task.status];
  if (isActive(task)) {
    const percent = task.total > 0 ? Math.min(100, Math.floor((task.processed / task.total) * 100)) : 0;
    const rate = rateOf(samples.current);
    const left = rate ? (task.total - task.processed) / rate : null;
    return (
      <section className="task progress" aria-labelledby="task-title" data-status={task.status}>
        <div className="task-head">
          <h3 id="task-title">{messages.progress.title}<span className={`status ${task.status}`} role="status">{label}</span></h3>
          <span className="muted file-name">{task.fileName}</span>
        </div>
        <sl-progress-bar value={percent} label={messages.progress.bar} indeterminate={task.status === 'queued'}></sl-progress-bar>
        {task.status === 'queued' ? (
          <p className="help">{messages.progress.queued}</p>
        ) : (
          <p className="figures" data-testid="progress-figures">
            <span className="figure">{messages.progress.processed(task.processed, task.total, percent)}</span>
            <span className="figure">{rate ? messages.progress.rate(rate) : messages.progress.measuring}</span>
            {left !== null ? <span className="figure">{messages.progress.left(messages.duration(left))}</span> : null}
          </p>
        )}
        <div className="task-actions">
          <span className="help">{messages.progress.closeHint}</span>
          <sl-button size="small" variant="text" className="danger cancel" onClick={() => onCancel(task)}>{messages.progress.cancel}</sl-button>
        </div>
      </section>
    );
  }

  const problems = task.failed + task.warned;
  return (
    <section className="task result" aria-labelledby="task-title" data-status={task.status}>
      <div className="task-head">
        <h3 id="task-title">{messages.result.title[task.status]}<span className={`status ${task.status}`} role="status">{label}</span></h3>
        <span className="muted file-name">{task.fileName} · {formatDateTime(task.finishedAt ?? task.createdAt)}</span>
      </div>
      {task.message ? <p className="callout error" role="alert">{task.message}</p> : null}
      <dl className="tiles">
        {(['imported', 'updated', 'skipped', 'failed', 'warned'] as const).map((key) => (
          <div key={key} className={`tile ${key}`} data-count={key}>
            <dt>{messages.result.counts[key]}</dt>
            <dd className="figure">{task[key].toLocaleString('zh-CN')}</dd>
          </div>
        ))}
      </dl>
      {task.errors.length > 0 ? (
        <div className="errors">
          <h4>{messages.result.errors}</h4>
          <ul className="error-list">
            {task.errors.map((error, index) => (
              <li key={index} data-row={error.row} className={error.level}>
                <span className="level">{messages.preview[error.level]}</span>{messages.result.errorLine(error.row, error.column, error.message)}
              </li>
            ))}
          </ul>
          {task.errors.length < problems ? <p className="help">{messages.result.errorsMore(task.errors.length, problems)}</p> : null}
        </div>
      ) : task.status === 'done' ? <p className="help">{messages.result.noErrors}</p> : null}
      <div className="task-actions">
        {task.failed > 0 || task.warned > 0 ? (
          <sl-button size="small" className="report" loading={reporting} onClick={() => void downloadReport(task, setReporting)}>
            <sl-icon slot="prefix" name="download"></sl-icon>{messages.result.report}
          </sl-button>
        ) : null}
        {task.status === 'done' && task.imported + task.updated > 0 ? doneAction : null}
        <sl-button size="small" variant="primary" className="again" onClick={onAgain}>
          <sl-icon slot="prefix" name="arrow-repeat"></sl-icon>{messages.result.again}
        </sl-button>
      </div>
      {task.failed > 0 ? <p className="help">{messages.result.reportHelp}</p> : null}
    </section>
  );
}

export function History({ tasks, current, onOpen }: { tasks: ImportTask[]; current: number | null; onOpen(taskId: number): void }) {
  const [reporting, setReporting] = useState<number | null>(null);
  return (
    <section className="history" aria-labelledby="history-title">
      <h3 id="history-title">{messages.history.title}</h3>
      {tasks.length === 0 ? <p className="help empty">{messages.history.empty}</p> : (
        <ul className="history-list">
          {tasks.map((task) => (
            <li key={task.taskId} data-task={task.taskId} className={task.taskId === current ? 'current' : undefined}>
              <div className="text">
                <span className="line">
                  <span className={`status ${task.status}`}>{IMPORT_STATUS_LABELS[task.status]}</span>
                  <span className="name">{task.fileName}</span>
                </span>
                <span className="help">{messages.history.line(task.storeName, task.createdBy, formatDateTime(task.createdAt))}</span>
                <span className="help">{messages.history.counts(task.imported, task.updated, task.skipped, task.failed)}</span>
              </div>
              <div className="actions">
                {task.failed > 0 || task.warned > 0 ? (
                  <sl-button size="small" variant="text" loading={reporting === task.taskId}
                    onClick={() => void downloadReport(task, (busy) => setReporting(busy ? task.taskId : null))}>{messages.history.report}</sl-button>
                ) : null}
                {task.taskId === current ? null : <sl-button size="small" variant="text" onClick={() => onOpen(task.taskId)}>{messages.history.open}</sl-button>}
              </div>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
