import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import '@shoelace-style/shoelace/dist/components/button/button.js';
import '@shoelace-style/shoelace/dist/components/input/input.js';
import '@shoelace-style/shoelace/dist/components/switch/switch.js';
import { ApiError, bootstrap, hasPermission, isCancelled, session, toast, useValue, type WidgetProps } from '../core';
import { formatDateTime, formatNumber } from '../core/formats';
import { Permission } from '../../contracts/permissions';
import {
  DEFAULT_OPERATION_RULES,
  OPERATION_LIMITS as LIMITS,
  OPERATION_NAMES as NAMES,
  REMINDER_KINDS,
  lifecycleProblem,
  lifecycleProblemField,
  numberProblem,
  type CustomerOperationRules,
  type LifecycleRules,
  type ReminderKind,
} from '../../contracts/rules/customer-operations';
import { operationsApi, type OperationRules, type Preview, type TaskSummary } from './api';
import { messages } from './messages';

/** What the admin typed: a number, or the text that is not one yet (shown with its reason). */
type Typed = number | string;
interface Draft {
  lifecycle: Record<keyof LifecycleRules, Typed>;
  reminders: {
    maintenance: { enabled: boolean; daysBefore: Typed; kmBefore: Typed };
    insurance: { enabled: boolean; daysBefore: Typed };
    birthday: { enabled: boolean; daysBefore: Typed };
  };
}

const THRESHOLDS = ['newWithinDays', 'activeWithinDays', 'sleepingWithinDays'] as const;
const STAGE_OF = { newWithinDays: 'new', activeWithinDays: 'active', sleepingWithinDays: 'sleeping' } as const;
const PREVIEW_DELAY_MS = 350;

const draftOf = (rules: CustomerOperationRules): Draft => structuredClone(rules) as Draft;
const typed = (text: unknown): Typed => {
  const value = String(text ?? '').trim();
  return /^-?\d+(\.\d+)?$/.test(value) ? Number(value) : value;
};

/** The reason of each field that cannot be saved, keyed like `lifecycle.sleepingWithinDays`; the contract's words. */
function problemsOf(draft: Draft): Record<string, string> {
  const problems: Record<string, string> = {};
  const check = (key: string, label: string, value: Typed, limits: { min: number; max: number }, unit?: string) => {
    const problem = numberProblem(label, value, limits, unit);
    if (problem) problems[key] = problem;
  };
  for (const key of THRESHOLDS) check(`lifecycle.${key}`, NAMES[key], draft.lifecycle[key], LIMITS.lifecycleDays);
  if (Object.keys(problems).length === 0) {
    const lifecycle = draft.lifecycle as LifecycleRules;
    const problem = lifecycleProblem(lifecycle);
    if (problem) problems[`lifecycle.${lifecycleProblemField(lifecycle)}`] = problem;
  }
  const { maintenance, insurance, birthday } = draft.reminders;
  check('reminders.maintenance.daysBefore', NAMES.maintenanceDays, maintenance.daysBefore, LIMITS.reminderDays);
  check('reminders.maintenance.kmBefore', NAMES.maintenanceKm, maintenance.kmBefore, LIMITS.reminderKm, ' 公里');
  check('reminders.insurance.daysBefore', NAMES.insuranceDays, insurance.daysBefore, LIMITS.reminderDays);
  check('reminders.birthday.daysBefore', NAMES.birthdayDays, birthday.daysBefore, LIMITS.reminderDays);
  return problems;
}

export function CustomerOperations(_props: WidgetProps) {
  const token = useValue(session.usertoken);
  useValue(session.userPermissions); // re-render when permissions arrive
  const mayPreview = hasPermission(Permission.settingsCentre);
  const [rules, setRules] = useState<OperationRules | null>(null);
  const [draft, setDraft] = useState<Draft | null>(null);
  const [preview, setPreview] = useState<Preview | null>(null);
  const [previewing, setPreviewing] = useState(false);
  const [tasks, setTasks] = useState<TaskSummary | null>(null);
  const [failed, setFailed] = useState(false);
  const [saving, setSaving] = useState(false);
  const [generating, setGenerating] = useState(false);
  const previewSeq = useRef(0);

  const load = useCallback(() => {
    if (!token) return;
    setFailed(false);
    operationsApi.rules().then((answer) => {
      setRules(answer);
      setDraft(draftOf(answer));
    }, () => setFailed(true));
  }, [token]);
  const loadTasks = useCallback(() => {
    if (token && mayPreview) operationsApi.tasks().then(setTasks, () => undefined);
  }, [token, mayPreview]);
  useEffect(() => {
    void bootstrap({ once: true });
    load();
  }, [load]);
  useEffect(loadTasks, [loadTasks]);

  const problems = useMemo(() => (draft ? problemsOf(draft) : {}), [draft]);
  const valid = draft !== null && Object.keys(problems).length === 0;
  const draftKey = draft ? JSON.stringify(draft) : '';
  const savedKey = rules ? JSON.stringify(draftOf(rules)) : '';
  const changed = draftKey !== savedKey;

  // The preview follows the form: a moment after the last keystroke, only for a draft that could be saved.
  useEffect(() => {
    if (!token || !mayPreview || !valid || !draft) return;
    const seq = ++previewSeq.current;
    setPreviewing(true);
    const timer = setTimeout(() => {
      operationsApi.preview(draft as CustomerOperationRules).then(
        (answer) => seq === previewSeq.current && setPreview(answer),
        (error: unknown) => isCancelled(error) || undefined,
      ).finally(() => seq === previewSeq.current && setPreviewing(false));
    }, PREVIEW_DELAY_MS);
    return () => clearTimeout(timer);
    // eslint-disable-next-line react-hooks/exhaustive-deps -- draftKey stands for the draft
  }, [token, mayPreview, valid, draftKey]);

  const save = async () => {
    if (!rules || !draft || !valid) return;
    setSaving(true);
    try {
      const answer = await operationsApi.save(rules.version, draft as CustomerOperationRules);
      setRules(answer);
      setDraft(draftOf(answer));
      toast.success(messages.saved);
    } catch (error) {
      // Toasted by the core (「已被他人修改，请刷新后再试」): show what is saved now.
      if (error instanceof ApiError && error.code === 409) load();
    } finally {
      setSaving(false);
    }
  };

  const generate = async () => {
    setGenerating(true);
    try {
      const answer = await operationsApi.generate();
      setTasks(answer);
      toast.success(messages.generated(REMINDER_KINDS.reduce((sum, kind) => sum + answer.created[kind], 0)));
    } catch {
      /* toasted by the core */
    } finally {
      setGenerating(false);
    }
  };

  if (failed) {
    return (
      <div className="state" role="alert">
        <p>{messages.loadFailed}</p>
        <sl-button size="small" onClick={load}>{messages.retry}</sl-button>
      </div>
    );
  }

  const editable = Boolean(rules?.editable);
  const update = (change: (next: Draft) => void) =>
    setDraft((current) => {
      if (!current) return current;
      const next = structuredClone(current);
      change(next);
      return next;
    });

  const numberInput = (key: string, label: string, value: Typed | undefined, onValue: (value: Typed) => void, suffix: string, limits: { min: number; max: number }) => {
    const problem = problems[key];
    // Read-only, the figure is text (a disabled field's grey number is hard to read); a stage's 「天内」 follows it already.
    if (!editable) {
      return (
        <strong className="field figure" data-field={key}>
          <span className="visually-hidden">{label} </span>{value === undefined ? '' : key.startsWith('lifecycle.') ? value : `${value} ${suffix}`}
        </strong>
      );
    }
    return (
      <span className="field">
        <sl-input size="small" type="number" inputmode="numeric" class={problem ? 'number hidden-label invalid' : 'number hidden-label'} label={label} data-field={key}
          min={String(limits.min)} max={String(limits.max)} value={value === undefined ? '' : String(value)}
          onsl-input={(event: Event) => onValue(typed((event.target as HTMLInputElement).value))}>
          <span slot="suffix">{suffix}</span>
        </sl-input>
      </span>
    );
  };
  const problemLine = (...keys: string[]) => {
    const key = keys.find((each) => problems[each]);
    return key ? <p className="problem" role="alert">{problems[key]}</p> : null;
  };
  const count = (value: number | undefined) => (preview && value !== undefined ? value : null);
  // Counts of an earlier draft stay in view, greyed, while a new one is counted or cannot be.
  const busy = !preview || previewing || !valid;

  return (
    <div className="operations">
      <header>
        <h2>{messages.title}</h2>
        <p className="muted">{messages.subtitle}</p>
        {rules && !editable ? <p className="note" role="note">{messages.readOnly}</p> : null}
      </header>

      <section aria-labelledby="stages-title">
        <div className="section-head">
          <h3 id="stages-title">{messages.stagesTitle}</h3>
          <span className="help">{messages.stagesHelp}</span>
        </div>
        <ol className="stages" aria-busy={draft === null}>
          {THRESHOLDS.map((key) => {
            const stage = STAGE_OF[key];
            const text = messages.stages[stage];
            const hits = count(preview?.stages[stage]);
            return (
              <li key={key} className={`stage stage-${stage}`} data-stage={stage}>
                <span className="stage-label">{text.label}</span>
                <span className="rule">
                  <span aria-hidden="true">{text.before}</span>
                  {numberInput(`lifecycle.${key}`, NAMES[key], draft?.lifecycle[key], (value) => update((next) => void (next.lifecycle[key] = value)), messages.days, LIMITS.lifecycleDays)}
                  <span aria-hidden="true">{text.after}</span>
                </span>
                {stage === 'new' ? <span className="help">{messages.newNote}</span> : null}
                {mayPreview ? <span className="hits" data-hits={stage} aria-busy={busy}>{hits === null ? messages.previewing : messages.stageCount(hits)}</span> : null}
              </li>
            );
          })}
          <li className="stage stage-lost" data-stage="lost">
            <span className="stage-label">{messages.stages.lost.label}</span>
            <span className="rule">{messages.lostRule(draft?.lifecycle.sleepingWithinDays ?? '')}</span>
            {mayPreview ? (
              <span className="hits" data-hits="lost" aria-busy={busy}>{count(preview?.stages.lost) === null ? messages.previewing : messages.stageCount(preview!.stages.lost)}</span>
            ) : null}
          </li>
        </ol>
        {problemLine(...THRESHOLDS.map((key) => `lifecycle.${key}`))}
      </section>

      <section aria-labelledby="reminders-title">
        <div className="section-head">
          <h3 id="reminders-title">{messages.remindersTitle}</h3>
          <span className="help">{messages.remindersHelp}</span>
        </div>
        <ul className="rows">
          {REMINDER_KINDS.map((kind: ReminderKind) => {
            const rule = draft?.reminders[kind];
            const hits = count(preview?.reminders[kind]);
            return (
              <li key={kind} className="row" data-reminder={kind}>
                <div className="reminder-head">
                  <sl-switch checked={rule?.enabled ?? false} disabled={!editable}
                    onsl-change={(event: Event) => {
                      const on = (event.target as HTMLInputElement).checked;
                      update((next) => void (next.reminders[kind].enabled = on));
                    }}>
                    {messages.reminders[kind].label}
                  </sl-switch>
                  <span className="help">{messages.reminders[kind].help}</span>
                </div>
                <div className="reminder-rule">
                  <span aria-hidden="true">{messages.daysBefore}</span>
                  {numberInput(`reminders.${kind}.daysBefore`, kind === 'maintenance' ? NAMES.maintenanceDays : kind === 'insurance' ? NAMES.insuranceDays : NAMES.birthdayDays,
                    rule?.daysBefore, (value) => update((next) => void (next.reminders[kind].daysBefore = value)), messages.days, LIMITS.reminderDays)}
                  {kind === 'maintenance' ? (
                    <>
                      <span aria-hidden="true">{messages.or}</span>
                      {numberInput('reminders.maintenance.kmBefore', NAMES.maintenanceKm, draft?.reminders.maintenance.kmBefore,
                        (value) => update((next) => void (next.reminders.maintenance.kmBefore = value)), messages.km, LIMITS.reminderKm)}
                    </>
                  ) : null}
                  {mayPreview ? (
                    <span className={rule?.enabled ? 'hits' : 'hits off'} data-hits={kind} aria-busy={busy}>
                      {hits === null ? messages.previewing : rule?.enabled ? messages.todayHits(hits) : `${messages.todayHits(hits)}（${messages.switchedOff}）`}
                    </span>
                  ) : null}
                </div>
                {problemLine(`reminders.${kind}.daysBefore`, `reminders.${kind}.kmBefore`)}
              </li>
            );
          })}
        </ul>
      </section>

      {mayPreview && preview ? <p className="muted small">{messages.previewNote(preview.today)}</p> : null}

      {editable ? (
        <div className="actions">
          <sl-button variant="primary" loading={saving} disabled={!valid || !changed} onClick={() => void save()}>{messages.save}</sl-button>
          <sl-button disabled={saving || JSON.stringify(draft) === JSON.stringify(draftOf(DEFAULT_OPERATION_RULES))}
            onClick={() => setDraft(draftOf(DEFAULT_OPERATION_RULES))}>{messages.reset}</sl-button>
          <span className="muted small">
            {rules?.updatedAt ? messages.lastChange(rules.updatedBy ?? '', formatDateTime(rules.updatedAt)) : messages.neverChanged}
          </span>
        </div>
      ) : null}

      {mayPreview ? (
        <section aria-labelledby="tasks-title">
          <div className="section-head">
            <h3 id="tasks-title">{messages.tasksTitle}</h3>
            <span className="help">{messages.tasksHelp}</span>
          </div>
          <div className="tasks" aria-busy={tasks === null}>
            <table>
              <thead>
                <tr>
                  <th scope="col"><span className="visually-hidden">{messages.tasksTitle}</span></th>
                  <th scope="col" className="num">{messages.openTasks}</th>
                  <th scope="col" className="num">{messages.createdToday}</th>
                </tr>
              </thead>
              <tbody>
                {REMINDER_KINDS.map((kind) => (
                  <tr key={kind} data-tasks={kind}>
                    <th scope="row">{messages.reminders[kind].label}</th>
                    <td className="num">{tasks ? formatNumber(tasks.open[kind]) : '–'}</td>
                    <td className="num">{tasks ? formatNumber(tasks.createdToday[kind]) : '–'}</td>
                  </tr>
                ))}
              </tbody>
            </table>
            <div className="actions">
              <sl-button size="small" loading={generating} onClick={() => void generate()}>{messages.generate}</sl-button>
              <span className="muted small">{tasks?.lastGeneratedAt ? messages.lastGenerated(formatDateTime(tasks.lastGeneratedAt)) : messages.neverGenerated}</span>
            </div>
          </div>
        </section>
      ) : null}
    </div>
  );
}
