import { useEffect, useState } from 'react';
import '@shoelace-style/shoelace/dist/components/button/button.js';
import { AppLink, emit, hasPermission, session, toast, useLazyDialogs, usePageData, useValue, type WidgetProps } from '../core';
import { daysFromToday, formatDaysAway, formatMinute } from '../core/formats';
import { GARAGE_EVENTS } from '../../contracts/events';
import { Permission } from '../../contracts/permissions';
import { changePercent, taskKindsFor, type TaskKind } from '../../contracts/rules/workbench';
import { workbenchApi, type Figures, type Task } from './api';
import { SHORTCUTS, messages } from './messages';

type DialogParts = typeof import('./dialog-parts');

/** 潜在客户 with its 待跟进 chip on: leads are not tasks (no customer yet), so the workbench links to them. */
const LEADS_DUE_PATH = '/home/potentialClient?due=1';

const PANORAMA_PATH = '/home/clientspano';
const CUSTOMER_LIST_PATH = '/home/externalmanage';
const SMS_PATH = '/home/sms/smsWork';
const masked = (mobile: string) => !mobile || mobile.includes('*');

/** 短信营销 with this customer and the text the task's kind starts with (contracts/rules/workbench.ts TASK_SMS_TEMPLATE). */
export const smsPath = (task: Task) => `${SMS_PATH}?customerIds=${task.customerId}&template=${task.kind}`;

/** Where 查看客户 leads: the vehicle's panorama (owner, insurance, history), else the customer list found by name. */
export function customerPath(task: Task): string {
  if (task.vehicleId !== null) return `${PANORAMA_PATH}?vehicleId=${task.vehicleId}`;
  return `${CUSTOMER_LIST_PATH}?condition=${encodeURIComponent(JSON.stringify({ keyword: task.customerName }))}`;
}

function dueText(task: Task): string {
  const when = `${task.dueOn.slice(5)}（${formatDaysAway(daysFromToday(task.dueOn))}）`;
  if (task.kind === 'lost') return messages.due.lost(task.lastVisitOn);
  return messages.due[task.kind](when);
}

function Change({ label, now, before }: { label: string; now: number; before: number }) {
  const percent = changePercent(now, before);
  const trend = percent === null || percent === 0 ? 'flat' : percent > 0 ? 'up' : 'down';
  return (
    <span className={`change ${trend}`}>
      {label} <b>{percent === null ? messages.noCompare : messages.change(percent)}</b>
    </span>
  );
}

function FigureCards({ figures }: { figures: Figures }) {
  const { today, yesterday, lastWeek } = figures.figures;
  return (
    <div className="figures">
      {(['revenueFen', 'orders', 'newCustomers', 'ticketFen'] as const).map((key) => (
        <div className="figure-card" key={key} data-figure={key}>
          <span className="label">{messages.figures[key]}</span>
          <strong className="value">{key.endsWith('Fen') ? messages.money(today[key]) : messages.count(today[key])}</strong>
          <Change label={messages.vsYesterday} now={today[key]} before={yesterday[key]} />
          <Change label={messages.vsLastWeek} now={today[key]} before={lastWeek[key]} />
        </div>
      ))}
    </div>
  );
}

function TaskRow({ task, host, canCall, busy, onDone, onUndo }: { task: Task; host?: HTMLElement; canCall: boolean; busy: boolean; onDone(): void; onUndo(): void }) {
  const callable = canCall && !masked(task.mobile);
  const call = () => host && emit(host, GARAGE_EVENTS.call, { number: task.mobile, customerId: task.customerId, name: task.customerName });
  const closed = task.result !== null;
  return (
    <li className={`task kind-${task.kind}${closed ? ' closed' : ''}`} data-task={task.id} data-kind={task.kind}>
      <span className="badge">{messages.kinds[task.kind]}</span>
      <div className="who">
        <AppLink path={customerPath(task)} className="customer" label={messages.openCustomer(task.customerName)} host={host}>
          {task.customerName}
        </AppLink>
        {task.plate ? <span className="plate">{task.plate}</span> : null}
        {task.vehicleName ? <span className="muted vehicle">{task.vehicleName}</span> : null}
        <div className="detail">
          <span>{dueText(task)}</span>
          <span className="muted">{task.storeName} · {messages.assignee(task.assigneeName)}</span>
        </div>
        {closed ? (
          <div className="outcome">
            <span className="result" data-result={task.result}>{messages.results[task.result!]}</span>
            <span className="muted small">{messages.doneBy(task.doneBy, formatMinute(task.doneAt).slice(11))}</span>
            {task.doneNote ? <span className="done-note">{task.doneNote}</span> : null}
          </div>
        ) : task.note ? <div className="note muted">{task.note}</div> : null}
      </div>
      <div className="actions">
        {closed ? (
          task.mayUndo ? (
            <sl-button size="small" loading={busy} title={messages.undoHint} onClick={onUndo}>
              <sl-icon slot="prefix" name="arrow-counterclockwise"></sl-icon>{messages.undo}
            </sl-button>
          ) : null
        ) : (
          <>
            <sl-button size="small" disabled={!callable} title={callable ? task.mobile : messages.callMasked} onClick={call}>
              <sl-icon slot="prefix" name="telephone"></sl-icon>{messages.call}
            </sl-button>
            <AppLink path={smsPath(task)} className="link-button" host={host}>
              <sl-icon name="chat-text"></sl-icon>{messages.sms}
            </AppLink>
            <sl-button size="small" variant="primary" outline onClick={onDone}>
              <sl-icon slot="prefix" name="check2"></sl-icon>{messages.done}
            </sl-button>
          </>
        )}
      </div>
    </li>
  );
}

/**
 * 工作台: today's figures against yesterday and the same day last week, today's follow-up tasks in
 * the caller's view (the server decides: headquarters all, a manager the store's, an advisor their
 * own) with call / SMS / done on each, and shortcuts to the pages the caller may open.
 */
export function Workbench({ host }: WidgetProps) {
  const token = useValue(session.usertoken);
  const nickName = useValue(session.nickName);
  const permissions = useValue(session.userPermissions);
  const [kind, setKind] = useState<TaskKind | ''>('');
  const [status, setStatus] = useState<'open' | 'done'>('open');
  const [page, setPage] = useState(1);
  // The answer carries the query it answers: until the new page or chip has come, the rows shown are the old ones (dimmed, busy).
  const query = `${status}|${kind}|${page}`;
  const tasks = usePageData(token, () => workbenchApi.tasks({ kind, status, page }).then((answer) => ({ ...answer, query })), [query]);
  const figures = usePageData(token, () => workbenchApi.figures(), []);
  const list = tasks.data;
  const current = list?.query === query;
  const [busy, setBusy] = useState<number | null>(null);
  const [parts, setParts] = useState<DialogParts | null>(null);
  const { dialog, setDialog, close } = useLazyDialogs<{ type: 'finish'; task: Task }>(() => import('./dialog-parts').then(setParts));

  // Closing or reopening moves tasks between pages: the page is asked again, and a page left empty steps back.
  const shown = list ? (status === 'done' ? list.doneToday : kind ? list.counts[kind] : list.total) : 0;
  const pages = list ? Math.max(1, Math.ceil(shown / list.pageSize)) : 1;
  useEffect(() => {
    if (list && page > pages) setPage(pages);
  }, [list, page, pages]);
  const choose = (nextKind: TaskKind | '', nextStatus: 'open' | 'done') => (setKind(nextKind), setStatus(nextStatus), setPage(1));

  const undo = async (task: Task) => {
    setBusy(task.id);
    try {
      const answer = await workbenchApi.undo(task.id);
      if (answer.changed) toast.success(messages.undoneToast(`${messages.kinds[task.kind]} · ${task.customerName}`));
    } catch {
      // The core showed the server's reason (只能撤销今天完成的任务…).
    } finally {
      setBusy(null);
      tasks.load();
    }
  };

  const now = new Date();
  const canCall = permissions.includes(Permission.webPhone) || permissions.includes(-1);
  const shortcuts = SHORTCUTS.filter((shortcut) => shortcut.permission === undefined || hasPermission(shortcut.permission));
  const day = list?.today ?? figures.data?.today ?? '';
  return (
    <>
      <div className="workbench">
        <header className="head">
          <div>
            <h2>{messages.greeting(now.getHours(), nickName)}</h2>
            <p className="muted">{day ? messages.today(day, messages.weekdays[new Date(`${day}T00:00:00`).getDay()]!) : '\u00a0'}</p>
          </div>
          {list ? <span className="view-pill">{messages.views[list.view]}</span> : null}
        </header>
  
        <section className="panel" aria-label={messages.figuresTitle} aria-busy={!figures.data && !figures.failed}>
          <h3>{messages.figuresTitle}</h3>
          {figures.data ? <FigureCards figures={figures.data} /> : figures.failed ? <p className="muted">{messages.figuresFailed}</p> : <p className="muted">{messages.loading}</p>}
        </section>
  
        <div className="columns">
          <section className="panel tasks" aria-label={messages.tasksTitle} aria-busy={!current && !tasks.failed}>
            <div className="tasks-head">
              <h3>{messages.tasksTitle}</h3>
              {list ? <span className="muted small">{messages.openCount(list.total)} · {messages.doneToday(list.doneToday)}</span> : null}
            </div>
            {list ? (
              <div className="kinds" role="tablist">
                <button type="button" role="tab" aria-selected={status === 'open' && kind === ''} onClick={() => choose('', 'open')}>
                  {messages.all} <span className="n">{list.total}</span>
                </button>
                {/* Only the kinds this person is given (the server lists no others). */}
                {taskKindsFor(hasPermission).map((each) => (
                  <button type="button" role="tab" key={each} aria-selected={status === 'open' && kind === each} data-kind={each} onClick={() => choose(each, 'open')}>
                    {messages.kinds[each]} <span className="n">{list.counts[each]}</span>
                  </button>
                ))}
                <button type="button" role="tab" className="done-tab" aria-selected={status === 'done'} data-status="done" onClick={() => choose('', 'done')}>
                  {messages.doneTab} <span className="n">{list.doneToday}</span>
                </button>
              </div>
            ) : null}
            {list?.leadsDue ? (
              <AppLink path={LEADS_DUE_PATH} className="leads-due" host={host}>
                <sl-icon name="person-plus"></sl-icon>
                {messages.leadsDue(list.leadsDue)}
              </AppLink>
            ) : null}
            {tasks.failed ? (
              <div className="state" role="alert"><p>{messages.loadFailed}</p><sl-button size="small" onClick={tasks.load}>{messages.retry}</sl-button></div>
            ) : !list ? (
              <div className="state"><p className="muted">{messages.loading}</p></div>
            ) : list.tasks.length === 0 ? (
              status === 'done' ? (
                <div className="state"><p className="muted">{messages.noneDone}</p></div>
              ) : (
                <div className="state empty"><sl-icon name="check2-circle"></sl-icon><p>{messages.noTasks}</p><p className="muted small">{messages.noTasksHint}</p></div>
              )
            ) : (
              <>
                <ul className={current ? 'task-list' : 'task-list stale'}>
                  {list.tasks.map((task) => (
                    <TaskRow key={task.id} task={task} host={host} canCall={canCall} busy={busy === task.id}
                      onDone={() => setDialog({ type: 'finish', task })} onUndo={() => void undo(task)} />
                  ))}
                </ul>
                {pages > 1 ? (
                  <nav className="pager" aria-label={messages.tasksTitle}>
                    <span className="muted small">{messages.pageOf(list.page, pages, shown)}</span>
                    <sl-button size="small" disabled={page <= 1} onClick={() => setPage(page - 1)}>{messages.previous}</sl-button>
                    <sl-button size="small" disabled={page >= pages} onClick={() => setPage(page + 1)}>{messages.next}</sl-button>
                  </nav>
                ) : null}
              </>
            )}
          </section>
  
          <section className="panel shortcuts" aria-label={messages.shortcutsTitle}>
            <h3>{messages.shortcutsTitle}</h3>
            <nav className="shortcut-grid">
              {shortcuts.map((shortcut) => (
                <AppLink key={shortcut.path} path={shortcut.path} className="shortcut" host={host}>
                  <sl-icon name={shortcut.icon}></sl-icon><span>{shortcut.title}</span>
                </AppLink>
              ))}
            </nav>
          </section>
        </div>
      </div>
      {/* Outside .workbench: its size container would hold the dialog's fixed overlay inside the page's box. */}
      {parts ? <parts.FinishDialog task={dialog?.task ?? null} today={list?.today ?? ''} onClose={close} onFinished={() => (close(), tasks.load())} /> : null}
    </>
  );
}
