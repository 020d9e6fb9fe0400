/**
 * 批量导入, one page: 下载模板 → 上传文件 → 核对列 → 预览与重复处理 → 开始导入, then the task's
 * progress and result (TaskView). The file is never read here (exceljs is far beyond the widget's
 * size budget): the server previews it, with the very rules of contracts/rules/import.ts.
 */
import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { DialogFooter, isCancelled, navigate, session, toast, useBusyAction, useDialogClose, useLazyDialogs, usePageData, useValue } from '../core';
import { DUPLICATE_MODES, DUPLICATE_MODE_LABELS, IMPORT_LIMITS, POLICY_FIELDS, POLICY_FIELD_LABELS, startProblem, type DuplicateMode, type ImportKind } from '../../contracts/rules/import-task';
import type { AnyImportField, ImportMapping } from '../../contracts/api/import';
import { IMPORT_FIELDS, IMPORT_FIELD_LABELS } from '../../contracts/rules/import';
import { importApi, type ImportPreset, type ImportPreview, type ImportTask, type TaskConfig } from './api';
import { History, TaskView, isActive } from './TaskView';
import { messages } from './messages';
import { useOptionsWhenReached } from '../core/ui/options-when-reached';
import '@shoelace-style/shoelace/dist/components/select/select.js';
import '@shoelace-style/shoelace/dist/components/option/option.js';

type Dialog = { type: 'preset' } | { type: 'cancel'; task: ImportTask };

const ACCEPTED = ['.xlsx', '.csv'];
const extension = (name: string) => (/\.[^.]+$/.exec(name.toLowerCase())?.[0] ?? '');

/** Where 保单 lead after the import (and back): 保险查询. */
export const INSURANCE_PATH = '/home/insurance';
const FIELD_LABELS = { ...IMPORT_FIELD_LABELS, ...POLICY_FIELD_LABELS } as Record<AnyImportField, string>;
const fieldsOf = (kind: ImportKind): readonly AnyImportField[] => (kind === 'policy' ? POLICY_FIELDS : IMPORT_FIELDS);

/** A client-side check before anything is sent: the server checks again (and the zip bomb, the rows). */
function fileProblem(file: File): string {
  if (!ACCEPTED.includes(extension(file.name))) return messages.upload.wrongType;
  if (file.size === 0) return messages.upload.empty;
  if (file.size > IMPORT_LIMITS.maxFileBytes) return messages.upload.tooLarge((file.size / 1024 / 1024).toFixed(1));
  return '';
}

/** The preset's field for each header of this file, matched by header text; unknown headers keep what was recognised. */
function presetMapping(preset: ImportPreset, headers: readonly string[], recognised: ImportMapping): ImportMapping {
  return headers.map((header, index) => {
    const at = preset.headers.indexOf(header);
    return at >= 0 ? (preset.mapping[at] ?? null) : (recognised[index] ?? null);
  });
}

export function ImportFlow({ kind, host }: { kind: ImportKind; host?: HTMLElement }) {
  const token = useValue(session.usertoken);
  const page = usePageData(token, () => Promise.all([importApi.config(kind), importApi.tasks(kind)]), [kind]);
  const [config, setConfig] = useState<TaskConfig | null>(null);
  const [tasks, setTasks] = useState<ImportTask[]>([]);
  const [taskId, setTaskId] = useState<number | null>(null);
  useEffect(() => {
    if (!page.data) return;
    setConfig(page.data[0]);
    setTasks(page.data[1]);
    // A task still running (the page was closed meanwhile): show its progress again.
    const running = page.data[1].find(isActive);
    if (running) setTaskId((current) => current ?? running.taskId);
  }, [page.data]);
  const showInHistory = useCallback((task: ImportTask) => {
    setTasks((shown) => (shown.some((entry) => entry.taskId === task.taskId)
      ? shown.map((entry) => (entry.taskId === task.taskId ? task : entry))
      : [task, ...shown]));
  }, []);
  const reloadTasks = useCallback(() => {
    importApi.tasks(kind).then(setTasks, () => undefined);
  }, [kind]);

  const [file, setFile] = useState<File | null>(null);
  const [uploadProblem, setUploadProblem] = useState('');
  const [preview, setPreview] = useState<ImportPreview | null>(null);
  const [recognised, setRecognised] = useState<ImportMapping>([]);
  const [mapping, setMapping] = useState<ImportMapping>([]);
  const [checking, setChecking] = useState(false);
  const [preset, setPreset] = useState('');
  const [duplicates, setDuplicates] = useState<DuplicateMode>('skip');
  const [starting, setStarting] = useState(false);
  const [downloading, setDownloading] = useState(false);
  const fileInput = useRef<HTMLInputElement>(null);
  const { dialog, setDialog, close, closeIf, partsReady } = useLazyDialogs<Dialog>(() => import('./dialog-parts'));

  /** Sends the file for a preview; with a mapping when the user corrected it. */
  const latest = useRef(0);
  const check = useCallback(async (chosen: File, corrected: ImportMapping | null) => {
    const asked = ++latest.current;
    setChecking(true);
    try {
      const answer = await importApi.preview(chosen, kind, corrected);
      if (asked !== latest.current) return;
      setPreview(answer);
      setMapping(answer.mapping);
      if (!corrected) setRecognised(answer.mapping);
      setUploadProblem(answer.total === 0 ? messages.upload.noRows : '');
    } catch (error) {
      if (isCancelled(error) || asked !== latest.current) return; // a newer preview replaced it
      if (!corrected) {
        // The server's refusal (too many rows, not a spreadsheet…) stays next to the drop zone.
        setFile(null);
        setPreview(null);
        setUploadProblem(error instanceof Error ? error.message : messages.upload.wrongType);
      }
    } finally {
      if (asked === latest.current) setChecking(false);
    }
  }, [kind]);

  const choose = (chosen: File | undefined) => {
    if (!chosen) return;
    const problem = fileProblem(chosen);
    setUploadProblem(problem);
    setPreview(null);
    setPreset('');
    if (problem) return setFile(null);
    setFile(chosen);
    void check(chosen, null);
  };

  const remap = (next: ImportMapping) => {
    setMapping(next);
    if (file) void check(file, next);
  };

  const applyPreset = (name: string) => {
    setPreset(name);
    const chosen = config?.presets.find((entry) => entry.name === name);
    if (!chosen || !preview) return remap(recognised);
    remap(presetMapping(chosen, preview.headers, recognised));
    toast.success(messages.mapping.presetApplied(name));
  };

  const reset = () => {
    setFile(null);
    setPreview(null);
    setUploadProblem('');
    setPreset('');
    setTaskId(null);
    if (fileInput.current) fileInput.current.value = '';
  };

  const start = async () => {
    if (!file || !preview) return;
    setStarting(true);
    try {
      const { taskId: started } = await importApi.start(file, kind, mapping, duplicates);
      setTaskId(started);
      reloadTasks();
    } catch {
      /* toasted by the core (one running import per store, the file changed…) */
    } finally {
      setStarting(false);
    }
  };

  const downloadTemplate = async () => {
    setDownloading(true);
    try {
      await importApi.template(kind, messages.template.fileName[kind]);
    } catch {
      /* toasted */
    } finally {
      setDownloading(false);
    }
  };

  if (page.refused) return <div className="state" role="note"><p>{kind === 'policy' ? messages.refusedPolicy : messages.refused}</p></div>;
  if (page.failed) {
    return (
      <div className="state" role="alert">
        <p>{messages.loadFailed}</p>
        <sl-button size="small" onClick={page.load}>{messages.retry}</sl-button>
      </div>
    );
  }

  const blocked = startProblem(kind, mapping);
  const canStart = Boolean(preview && preview.total > 0 && !blocked);
  const policy = kind === 'policy';
  const toInsurance = (
    <sl-button size="small" className="to-insurance" onClick={() => host && navigate(INSURANCE_PATH, host)}>
      <sl-icon slot="prefix" name="shield-check"></sl-icon>{messages.openInsurance}
    </sl-button>
  );

  return (
    <div className="flow" aria-busy={page.data === null}>
      <header className="head">
        <div className="head-line">
          <h2>{messages.title[kind]}</h2>
          {policy && host ? (
            <sl-button size="small" variant="text" className="back" onClick={() => navigate(INSURANCE_PATH, host)}>
              <sl-icon slot="prefix" name="arrow-left"></sl-icon>{messages.backToInsurance}
            </sl-button>
          ) : null}
        </div>
        <p className="muted">{messages.subtitle[kind]}</p>
      </header>

      {taskId !== null ? (
        <TaskView taskId={taskId} onUpdate={showInHistory} onAgain={reset} doneAction={policy && host ? toInsurance : undefined}
          onCancel={(task) => setDialog({ type: 'cancel', task })} />
      ) : (
        <ol className="steps">
          <li className="step" data-step="template">
            <h3><span className="number" aria-hidden="true">1</span>{messages.steps.template}</h3>
            <p className="help">{messages.template.help}</p>
            {policy ? <p className="help">{messages.policyLimits}</p> : null}
            <sl-button size="small" className="template" loading={downloading} onClick={() => void downloadTemplate()}>
              <sl-icon slot="prefix" name="download"></sl-icon>{messages.template.download}
            </sl-button>
          </li>

          <li className="step" data-step="upload">
            <h3><span className="number" aria-hidden="true">2</span>{messages.steps.upload}</h3>
            <DropZone onFile={choose} input={fileInput} busy={checking && !preview} fileName={file?.name ?? ''} maxRows={config?.maxRows ?? null} />
            {uploadProblem ? <p className="problem" role="alert">{uploadProblem}</p> : null}
            {preview && file ? (
              <p className="file" data-testid="file-summary">
                <sl-icon name="file-earmark-spreadsheet" aria-hidden="true"></sl-icon>
                {messages.upload.file(preview.fileName, messages.upload.formats[preview.format] ?? preview.format, preview.total)}
              </p>
            ) : null}
          </li>

          {preview && preview.total > 0 ? (
            <>
              <li className="step" data-step="mapping">
                <h3><span className="number" aria-hidden="true">3</span>{messages.steps.mapping}</h3>
                <Mapping kind={kind} preview={preview} mapping={mapping} config={config} onChange={(next) => (setPreset(''), remap(next))} />
                <div className="presets">
                  {/* Options by position: a preset's name may hold a space, which an option's value cannot. */}
                  <sl-select size="small" className="preset-choice inline-label" label={messages.mapping.presets} placeholder={messages.mapping.noPreset} clearable
                    value={preset ? String(config?.presets.findIndex((entry) => entry.name === preset) ?? '') : ''} disabled={!config?.presets.length}
                    onsl-change={(event: Event) => applyPreset(inputValue(event) ? config?.presets[Number(inputValue(event))]?.name ?? '' : '')}>
                    {config?.presets.map((entry, index) => <sl-option key={entry.name} value={String(index)}>{entry.name}</sl-option>)}
                  </sl-select>
                  <sl-button size="small" className="save-preset" onClick={() => setDialog({ type: 'preset' })}>{messages.mapping.savePreset}</sl-button>
                  <span className="help">{messages.mapping.presetHelp}</span>
                </div>
              </li>

              <li className="step" data-step="preview">
                <h3><span className="number" aria-hidden="true">4</span>{messages.steps.preview}</h3>
                <PreviewTable preview={preview} mapping={mapping} busy={checking} />
                <fieldset className="duplicates">
                  <legend>{policy ? messages.duplicates.policyLabel : messages.duplicates.label}</legend>
                  {DUPLICATE_MODES.map((mode) => (
                    <label key={mode} className={`choice${duplicates === mode ? ' chosen' : ''}`}>
                      <input type="radio" name="duplicates" value={mode} checked={duplicates === mode} onChange={() => setDuplicates(mode)} />
                      <span><strong>{DUPLICATE_MODE_LABELS[mode]}</strong><span className="help">{(policy ? messages.duplicates.policyHelp : messages.duplicates.help)[mode]}</span></span>
                    </label>
                  ))}
                </fieldset>
                <div className="start-row">
                  <sl-button variant="primary" className="start" loading={starting} disabled={!canStart || checking} onClick={() => void start()}>
                    {messages.start}
                  </sl-button>
                  <span className="help">{canStart ? messages.startHelp(preview.total) : (blocked ?? messages.startBlocked)}</span>
                </div>
              </li>
            </>
          ) : null}
        </ol>
      )}

      <History tasks={tasks} current={taskId} onOpen={setTaskId} />

      {partsReady ? (
        <>
          <PresetDialog open={dialog?.type === 'preset'} kind={kind} headers={preview?.headers ?? []} mapping={mapping}
            onClose={closeIf('preset')} onSaved={(presets, name) => (setConfig((current) => current && { ...current, presets }), setPreset(name), close())} />
          <CancelDialog task={dialog?.type === 'cancel' ? dialog.task : null} onClose={closeIf('cancel')} onDone={() => (close(), reloadTasks())} />
        </>
      ) : null}
    </div>
  );
}

function DropZone({ onFile, input, busy, fileName, maxRows }: { onFile(file: File | undefined): void; input: React.RefObject<HTMLInputElement | null>; busy: boolean; fileName: string; maxRows: number | null }) {
  const [over, setOver] = useState(false);
  return (
    <div className={`drop${over ? ' over' : ''}`} data-testid="drop-zone"
      onDragOver={(event) => (event.preventDefault(), setOver(true))}
      onDragLeave={() => setOver(false)}
      onDrop={(event) => {
        event.preventDefault();
        setOver(false);
        onFile(event.dataTransfer?.files[0]);
      }}>
      <sl-icon name="cloud-arrow-up" className="drop-icon" aria-hidden="true"></sl-icon>
      {busy ? (
        <p aria-live="polite">{messages.upload.reading(fileName)}</p>
      ) : (
        <p>
          {messages.upload.drop}
          <sl-button size="small" variant="text" className="choose" onClick={() => input.current?.click()}>
            {fileName ? messages.upload.change : messages.upload.choose}
          </sl-button>
        </p>
      )}
      {maxRows === null ? null : <p className="help" data-limits>{messages.upload.limits(maxRows)}</p>}
      <input ref={input} type="file" className="visually-hidden" accept={ACCEPTED.join(',')} tabIndex={-1} aria-label={messages.upload.choose}
        onChange={(event) => onFile(event.currentTarget.files?.[0])} />
    </div>
  );
}

function Mapping({ kind, preview, mapping, config, onChange }: { kind: ImportKind; preview: ImportPreview; mapping: ImportMapping; config: TaskConfig | null; onChange(next: ImportMapping): void }) {
  const mapped = mapping.filter((field): field is AnyImportField => Boolean(field));
  const missing = (config?.columns ?? [])
    .filter((column) => column.required && !mapped.includes(column.key as AnyImportField))
    .map((column) => `「${FIELD_LABELS[column.key as AnyImportField] ?? column.title}」`);
  const fields = fieldsOf(kind);
  const twice = fields.filter((field) => mapped.indexOf(field) !== mapped.lastIndexOf(field));
  const blocked = startProblem(kind, mapping);
  const sample = (index: number) => preview.rows.map((row) => row.cells[index]).find((cell) => cell && cell.trim()) ?? '';
  return (
    <>
      <p className="help">{messages.mapping.help}</p>
      {blocked ? (
        <p className="callout error" role="alert">{kind === 'policy' ? blocked : messages.mapping.needNameOrMobile}</p>
      ) : missing.length > 0 ? (
        <p className="callout warning" role="note">{messages.mapping.missing(missing.join('、'))}</p>
      ) : null}
      {twice.map((field) => <p key={field} className="callout warning" role="note">{messages.mapping.twice(FIELD_LABELS[field])}</p>)}
      <div className="mapping" role="table" aria-label={messages.steps.mapping}>
        <div className="mapping-row mapping-head" role="row">
          <span role="columnheader">{messages.mapping.column}</span>
          <span role="columnheader">{messages.mapping.sample}</span>
          <span role="columnheader">{messages.mapping.field}</span>
        </div>
        {preview.headers.map((header, index) => {
          const title = header.trim() || messages.mapping.untitled(index);
          return (
            <div key={index} className={`mapping-row${mapping[index] ? ' mapped' : ''}`} role="row" data-column={title}>
              <span role="cell" className="header">{title}</span>
              <span role="cell" className="sample">{sample(index)}</span>
              <span role="cell">
                <ColumnChoice label={messages.mapping.columnLabel(title)} field={mapping[index] ?? null} fields={fields}
                  onChange={(field) => {
                    const next = [...mapping];
                    next[index] = field;
                    onChange(next);
                  }} />
              </span>
            </div>
          );
        })}
      </div>
    </>
  );
}

function PreviewTable({ preview, mapping, busy }: { preview: ImportPreview; mapping: ImportMapping; busy: boolean }) {
  const shown = useMemo(() => mapping.map((field, index) => ({ field, index })).filter(({ field }) => field !== null), [mapping]);
  const errorRows = preview.rows.filter((row) => row.problems.some((problem) => problem.level === 'error')).length;
  const warningRows = preview.rows.filter((row) => row.problems.length > 0 && row.problems.every((problem) => problem.level === 'warning')).length;
  return (
    <>
      <p className="help">{messages.preview.help(preview.rows.length, preview.total)}</p>
      <p className="counts" data-testid="preview-counts">
        {errorRows === 0 && warningRows === 0 ? <span className="count ok">{messages.preview.allGood}</span> : null}
        {errorRows > 0 ? <span className="count error">{messages.preview.errorRows(errorRows)}</span> : null}
        {warningRows > 0 ? <span className="count warning">{messages.preview.warningRows(warningRows)}</span> : null}
      </p>
      <p className="help legend">{messages.preview.legend}</p>
      <div className="table-frame" aria-busy={busy}>
        <table className="preview">
          <thead>
            <tr>
              <th scope="col">{messages.preview.row}</th>
              {shown.map(({ field, index }) => <th key={index} scope="col">{FIELD_LABELS[field!]}</th>)}
              <th scope="col">{messages.preview.problems}</th>
            </tr>
          </thead>
          <tbody>
            {preview.rows.map((row) => {
              const level = row.problems.some((problem) => problem.level === 'error') ? 'error' : row.problems.length ? 'warning' : 'ok';
              return (
                <tr key={row.row} data-row={row.row} data-level={level}>
                  <th scope="row" data-label={messages.preview.row}>{row.row}</th>
                  {shown.map(({ field, index }) => {
                    const problems = row.problems.filter((problem) => problem.field === field);
                    const cellLevel = problems.some((problem) => problem.level === 'error') ? 'error' : problems.length ? 'warning' : '';
                    const why = problems.map((problem) => problem.message).join('；');
                    return (
                      <td key={index} data-label={FIELD_LABELS[field!]} className={cellLevel} data-problem={cellLevel || undefined} title={why || undefined}
                        data-empty={!cellLevel && !row.cells[index]?.trim() ? '' : undefined}>
                        {row.cells[index] ?? ''}
                        {problems.map((problem, at) => (
                          <span key={at} className="visually-hidden">{messages.preview.cellProblem(messages.preview[problem.level], problem.message)}</span>
                        ))}
                      </td>
                    );
                  })}
                  <td data-label={messages.preview.problems} className="row-problems">
                    {row.problems.length === 0 ? <span className="muted">{messages.preview.rowOk}</span> : (
                      <ul>
                        {row.problems.map((problem, at) => (
                          <li key={at} className={problem.level}>{problem.message}</li>
                        ))}
                      </ul>
                    )}
                  </td>
                </tr>
              );
            })}
          </tbody>
        </table>
      </div>
    </>
  );
}

/** 「列名」导入为: a field, or 不导入 (SKIP: an option's value cannot be empty). */
const SKIP = 'skip';
function ColumnChoice({ label, field, fields, onChange }: { label: string; field: AnyImportField | null; fields: readonly AnyImportField[]; onChange(field: AnyImportField | null): void }) {
  // The chosen field's option alone until the select is reached: 14 options × every column was the step's first render.
  const [allOptions, reach] = useOptionsWhenReached(false);
  const shown = allOptions ? fields : fields.filter((each) => each === field);
  return (
    <sl-select size="small" className="hidden-label column-choice" label={label} value={field ?? SKIP} hoist
      onsl-change={(event: Event) => onChange(inputValue(event) === SKIP ? null : (inputValue(event) as AnyImportField))} {...reach}>
      <sl-option value={SKIP}>{messages.mapping.skip}</sl-option>
      {shown.map((each) => <sl-option key={each} value={each}>{FIELD_LABELS[each]}</sl-option>)}
    </sl-select>
  );
}

const inputValue = (event: Event) => (event.target as HTMLInputElement).value;

function PresetDialog({ open, kind, headers, mapping, onClose, onSaved }: {
  open: boolean; kind: ImportKind; headers: string[]; mapping: ImportMapping; onClose(): void; onSaved(presets: ImportPreset[], name: string): void;
}) {
  const ref = useDialogClose(onClose);
  const [busy, run] = useBusyAction();
  const [name, setName] = useState('');
  const [tried, setTried] = useState(false);
  useEffect(() => {
    if (open) (setName(''), setTried(false));
  }, [open]);
  const problem = name.trim() ? '' : messages.mapping.presetNameRequired;
  return (
    <sl-dialog ref={ref} label={messages.mapping.savePreset} open={open} className="preset-dialog">
      <sl-input label={messages.mapping.presetName} value={name} maxlength="20" required autocomplete="off"
        help-text={tried && problem ? problem : messages.mapping.presetNameHelp} data-problem={tried && problem ? '' : undefined}
        onsl-input={(event: Event) => setName(inputValue(event))}></sl-input>
      <DialogFooter busy={busy} confirmLabel={messages.mapping.savePreset} onCancel={onClose}
        onConfirm={() => run(async () => {
          setTried(true);
          if (problem) return;
          const saved = await importApi.savePreset(kind, name.trim(), headers, mapping);
          toast.success(messages.mapping.presetSaved(name.trim()));
          onSaved(saved, name.trim());
        })} />
    </sl-dialog>
  );
}

function CancelDialog({ task, onClose, onDone }: { task: ImportTask | null; onClose(): void; onDone(): void }) {
  const ref = useDialogClose(onClose);
  const [busy, run] = useBusyAction();
  const [shown, setShown] = useState(task);
  useEffect(() => {
    if (task) setShown(task); // kept while the dialog fades out
  }, [task]);
  return (
    <sl-dialog ref={ref} label={messages.progress.cancelTitle} open={task !== null} className="cancel-dialog">
      <p>{messages.progress.cancelText}</p>
      <sl-button slot="footer" onClick={onClose}>{messages.progress.keepGoing}</sl-button>
      <sl-button slot="footer" variant="danger" loading={busy} onClick={() => shown && run(async () => {
        await importApi.cancel(shown.taskId);
        toast.success(messages.progress.cancelled);
        onDone();
      })}>{messages.progress.cancelConfirm}</sl-button>
    </sl-dialog>
  );
}
