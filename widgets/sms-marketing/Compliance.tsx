/**
 * 退订名单 and 授权来源: the numbers that get no marketing texts (the customer's reply T/TD/退订/R,
 * or staff with a reason), taken off again only by 店长/admins with the consent source they heard;
 * and each customer's consent source (到店登记 / 微信 / 电话确认 / 批量导入), searchable and editable.
 */
import { useEffect, useState } from 'react';
import { isCancelled, toast, useBusyAction, useDialogClose, useLazyDialogs, DialogFooter } from '../core';
import { CONSENT_SOURCES, CONSENT_SOURCE_LABELS, OPT_OUT_SOURCE_LABELS, type ConsentSource } from '../../contracts/sms';
import { isMobile } from '../../contracts/rules/mobile';
import { complianceApi, type ConsentPage, type ConsentRow, type OptOut, type OptOutPage } from './api';
import { messages } from './messages';
import { garageTime } from '../core/clock';
import { useOptionsWhenReached } from '../core/ui/options-when-reached';
import '@shoelace-style/shoelace/dist/components/select/select.js';
import '@shoelace-style/shoelace/dist/components/option/option.js';

const inputValue = (event: { target: EventTarget | null }) => (event.target as HTMLInputElement).value;
/** The source filter's 全部来源 (an option's value cannot be empty). */
const ALL_SOURCES = 'all';

/** One row's 授权来源: its own option alone until reached (a page of rows × every source was the list's first render). */
function ConsentSourceChoice({ label, source, disabled, onChange }: { label: string; source: ConsentSource; disabled: boolean; onChange(source: ConsentSource): void }) {
  const [allOptions, reach] = useOptionsWhenReached(false);
  return (
    <sl-select size="small" className="inline-label row-source" label={label} value={source} disabled={disabled}
      onsl-change={(event: Event) => inputValue(event) !== source && onChange(inputValue(event) as ConsentSource)} {...reach}>
      {(allOptions ? CONSENT_SOURCES : [source]).map((each) => <sl-option key={each} value={each}>{CONSENT_SOURCE_LABELS[each]}</sl-option>)}
    </sl-select>
  );
}
const PAGE = 20;
/** Sources a person can name when consenting again ('unknown' is only the absence of one). */
const GIVEN_SOURCES = CONSENT_SOURCES.filter((source) => source !== 'unknown');

/** Loads `read` whenever its inputs change; a stale answer never overwrites a newer one. */
function useQuery<T>(read: () => Promise<T>, deps: readonly unknown[]) {
  const [value, setValue] = useState<T | null>(null);
  const [failed, setFailed] = useState(false);
  const [round, setRound] = useState(0);
  useEffect(() => {
    let current = true;
    setFailed(false);
    read().then(
      (answer) => current && setValue(answer),
      (error: unknown) => current && !isCancelled(error) && setFailed(true),
    );
    return () => void (current = false);
  }, [...deps, round]);
  return { value, failed, reload: () => setRound((n) => n + 1) };
}

/** A search box that answers after typing stops, so each key is not a request. */
function useTyped(delay = 300): [string, string, (text: string) => void] {
  const [typed, setTyped] = useState('');
  const [settled, setSettled] = useState('');
  useEffect(() => {
    const timer = setTimeout(() => setSettled(typed.trim()), delay);
    return () => clearTimeout(timer);
  }, [typed]);
  return [typed, settled, setTyped];
}

function Pager({ page, total, onPage }: { page: number; total: number; onPage(page: number): void }) {
  const pages = Math.ceil(total / PAGE);
  if (pages <= 1) return null;
  return (
    <div className="toolbar">
      <span className="muted small">{messages.pageOf(page, pages, total)}</span>
      <span>
        <sl-button size="small" disabled={page <= 1} onClick={() => onPage(page - 1)}>{messages.previous}</sl-button>{' '}
        <sl-button size="small" disabled={page >= pages} onClick={() => onPage(page + 1)}>{messages.next}</sl-button>
      </span>
    </div>
  );
}

type OptOutDialog = { type: 'mark' } | { type: 'undo'; row: OptOut };

export function OptOuts() {
  const [typed, keyword, setTyped] = useTyped();
  const [source, setSource] = useState<'' | 'reply' | 'staff'>('');
  const [page, setPage] = useState(1);
  useEffect(() => setPage(1), [keyword, source]);
  const { value: data, failed, reload } = useQuery<OptOutPage>(() => complianceApi.optOuts({ keyword, source: source || undefined, page }), [keyword, source, page]);
  const { dialog, setDialog, closeIf, partsReady } = useLazyDialogs<OptOutDialog>(() => import('./dialog-parts'));

  return (
    <div className="compliance">
      <p className="note info">{messages.optOutIntro}</p>
      <div className="toolbar">
        <div className="filters">
          <input className="native search" type="search" value={typed} placeholder={messages.searchOptOut} aria-label={messages.searchOptOut} onInput={(event) => setTyped(inputValue(event))} />
          <ul className="chips" aria-label={messages.optOutSource}>
            {(['', 'reply', 'staff'] as const).map((each) => (
              <li key={each || 'all'}>
                <button type="button" className="chip" aria-pressed={source === each} onClick={() => setSource(each)}>
                  {each ? OPT_OUT_SOURCE_LABELS[each] : messages.allCategories}
                </button>
              </li>
            ))}
          </ul>
        </div>
        <sl-button size="small" variant="primary" onClick={() => setDialog({ type: 'mark' })}>
          <sl-icon slot="prefix" name="plus-lg"></sl-icon>
          {messages.markOptOut}
        </sl-button>
      </div>
      {failed ? (
        <div className="state" role="alert"><p>{messages.loadFailed}</p><sl-button size="small" onClick={reload}>{messages.retry}</sl-button></div>
      ) : data === null ? (
        <div className="state" aria-busy="true"><p className="muted">{messages.loading}</p></div>
      ) : data.list.length === 0 ? (
        <div className="state"><p>{keyword || source ? messages.optOutNoMatch : messages.optOutEmpty}</p></div>
      ) : (
        <>
          <ul className="list" aria-label={messages.tabs.optOuts} aria-busy={false}>
            <li className="optout titles" aria-hidden="true">
              <span>{messages.optOutColumns.who}</span><span>{messages.optOutColumns.source}</span><span>{messages.optOutColumns.note}</span>
              <span>{messages.optOutColumns.at}</span><span></span>
            </li>
            {data.list.map((row) => (
              <li key={row.id} className="optout" data-mobile={row.mobile}>
                <span className="who"><strong className="figure">{row.mobile}</strong><span className="muted small">{row.customerName || messages.notACustomer}</span></span>
                <span className="src"><span className="st" data-state={row.source === 'reply' ? 'optedOut' : 'queued'}>{row.sourceName}</span></span>
                <span className="why">{row.note || messages.none}</span>
                <span className="at muted small">{garageTime(row.createdAt)}{row.createdBy ? ` · ${row.createdBy}` : ''}</span>
                <span className="actions">
                  {data.canUndo ? (
                    <sl-button size="small" variant="text" onClick={() => setDialog({ type: 'undo', row })}>{messages.undoOptOut}</sl-button>
                  ) : (
                    <span className="muted small" title={messages.undoManagersOnly}>{messages.managersOnlyShort}</span>
                  )}
                </span>
              </li>
            ))}
          </ul>
          <Pager page={page} total={data.total} onPage={setPage} />
        </>
      )}
      {partsReady && dialog?.type === 'mark' ? <MarkDialog onClose={closeIf('mark')} onDone={reload} /> : null}
      {partsReady && dialog?.type === 'undo' ? <UndoDialog row={dialog.row} onClose={closeIf('undo')} onDone={reload} /> : null}
    </div>
  );
}

function MarkDialog({ onClose, onDone }: { onClose(): void; onDone(): void }) {
  const ref = useDialogClose(onClose);
  const [mobile, setMobile] = useState('');
  const [note, setNote] = useState('');
  const [tried, setTried] = useState(false);
  const [busy, run] = useBusyAction();
  const close = () => (ref.current as { hide?: () => void } | null)?.hide?.();
  const problem = !isMobile(mobile.trim()) ? messages.needMobile : !note.trim() ? messages.needOptOutReason : null;
  const save = () => {
    setTried(true);
    if (problem) return;
    void run(async () => {
      await complianceApi.markOptOut(mobile.trim(), note.trim());
      toast.success(messages.optOutMarked(mobile.trim()));
      onDone();
      close();
    });
  };
  return (
    <sl-dialog ref={ref} open label={messages.markOptOut} class="sms-dialog">
      <div className="form" style={{ display: 'flex', flexDirection: 'column', gap: '12px' }}>
        <label className="field">
          {messages.mobile}
          <input className="native" inputMode="numeric" maxLength={11} value={mobile} onInput={(event) => setMobile(inputValue(event))} />
        </label>
        <label className="field">
          {messages.optOutReason}
          <input className="native" maxLength={100} value={note} placeholder={messages.optOutReasonPlaceholder} onInput={(event) => setNote(inputValue(event))} />
        </label>
        <p className="muted small">{messages.markHelp}</p>
        {tried && problem ? <p className="problem" role="alert">{problem}</p> : null}
      </div>
      <DialogFooter confirmLabel={messages.markOptOut} busy={busy} onConfirm={save} onCancel={close} />
    </sl-dialog>
  );
}

function UndoDialog({ row, onClose, onDone }: { row: OptOut; onClose(): void; onDone(): void }) {
  const ref = useDialogClose(onClose);
  const [source, setSource] = useState<ConsentSource | ''>('');
  const [note, setNote] = useState('');
  const [tried, setTried] = useState(false);
  const [busy, run] = useBusyAction();
  const close = () => (ref.current as { hide?: () => void } | null)?.hide?.();
  const save = () => {
    setTried(true);
    if (!source) return;
    void run(async () => {
      await complianceApi.undoOptOut(row.id, source, note.trim());
      toast.success(messages.optOutUndone(row.mobile));
      onDone();
      close();
    });
  };
  return (
    <sl-dialog ref={ref} open label={messages.undoOptOut} class="sms-dialog">
      <div className="form" style={{ display: 'flex', flexDirection: 'column', gap: '12px' }}>
        <p>{messages.undoText(row.mobile, row.customerName, row.sourceName)}</p>
        <sl-select className="field" label={messages.consentSource} placeholder={messages.pickConsentSource} value={source} hoist
          onsl-change={(event: Event) => setSource(inputValue(event) as ConsentSource)}>
          {GIVEN_SOURCES.map((each) => <sl-option key={each} value={each}>{CONSENT_SOURCE_LABELS[each]}</sl-option>)}
        </sl-select>
        <label className="field">
          {messages.undoNote}
          <input className="native" maxLength={100} value={note} onInput={(event) => setNote(inputValue(event))} />
        </label>
        <p className="muted small">{messages.undoHelp}</p>
        {tried && !source ? <p className="problem" role="alert">{messages.needConsentSource}</p> : null}
      </div>
      <DialogFooter confirmLabel={messages.undoOptOut} busy={busy} onConfirm={save} onCancel={close} />
    </sl-dialog>
  );
}

export function Consents() {
  const [typed, keyword, setTyped] = useTyped();
  const [source, setSource] = useState<ConsentSource | ''>('');
  const [page, setPage] = useState(1);
  useEffect(() => setPage(1), [keyword, source]);
  const { value: data, failed, reload } = useQuery<ConsentPage>(() => complianceApi.consents({ keyword, consentSource: source || undefined, page }), [keyword, source, page]);

  return (
    <div className="compliance">
      <p className="note info">{messages.consentIntro}</p>
      <div className="toolbar">
        <div className="filters">
          <input className="native search" type="search" value={typed} placeholder={messages.searchConsent} aria-label={messages.searchConsent} onInput={(event) => setTyped(inputValue(event))} />
          <sl-select size="small" className="inline-label source-filter" label={messages.consentSource} value={source || ALL_SOURCES}
            onsl-change={(event: Event) => setSource(inputValue(event) === ALL_SOURCES ? '' : (inputValue(event) as ConsentSource))}>
            <sl-option value={ALL_SOURCES}>{messages.allConsentSources}</sl-option>
            {CONSENT_SOURCES.map((each) => <sl-option key={each} value={each}>{CONSENT_SOURCE_LABELS[each]}</sl-option>)}
          </sl-select>
        </div>
      </div>
      {failed ? (
        <div className="state" role="alert"><p>{messages.loadFailed}</p><sl-button size="small" onClick={reload}>{messages.retry}</sl-button></div>
      ) : data === null ? (
        <div className="state" aria-busy="true"><p className="muted">{messages.loading}</p></div>
      ) : data.list.length === 0 ? (
        <div className="state"><p>{messages.consentNoMatch}</p></div>
      ) : (
        <>
          <ul className="list" aria-label={messages.tabs.consents}>
            <li className="consent titles" aria-hidden="true">
              <span>{messages.optOutColumns.who}</span><span>{messages.consentSource}</span><span>{messages.consentRecorded}</span><span></span>
            </li>
            {data.list.map((row) => <ConsentLine key={row.customerId} row={row} onSaved={reload} />)}
          </ul>
          <Pager page={page} total={data.total} onPage={setPage} />
        </>
      )}
    </div>
  );
}

/** One customer: the source as a select that saves on change (the audit log keeps every change). */
function ConsentLine({ row, onSaved }: { row: ConsentRow; onSaved(): void }) {
  const [busy, run] = useBusyAction();
  const change = (source: ConsentSource) =>
    run(async () => {
      const saved = await complianceApi.saveConsent(row.customerId, source);
      toast.success(messages.consentSaved(row.customerName, saved.consentSourceName));
      onSaved();
    });
  return (
    <li className="consent" data-customer={row.customerName}>
      <span className="who">
        <strong>{row.customerName || messages.none}</strong>
        <span className="muted small figure">{row.mobile} · {row.storeName}</span>
      </span>
      <ConsentSourceChoice label={messages.consentSource} source={row.consentSource} disabled={busy} onChange={(chosen) => void change(chosen)} />
      <span className="at muted small">{row.consentAt ? `${garageTime(row.consentAt)}${row.recordedBy ? ` · ${row.recordedBy}` : ''}` : messages.neverRecorded}</span>
      <span className="flag">{row.optedOut ? <span className="st" data-state="optedOut">{messages.optedOutFlag}</span> : null}</span>
    </li>
  );
}
