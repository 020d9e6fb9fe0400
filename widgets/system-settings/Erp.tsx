/**
 * 系统设置 › ERP 对接: the ERPs bound to the current store, their last sync, and binding through
 * the spec's POST /api/erp/bind (the ERP checks the account first; the password is never stored).
 * Needs 设置中心 like the server; the dialog's Shoelace parts load with the first dialog.
 */
import { useCallback, useEffect, useState } from 'react';
import { DialogFooter, toast, useBusyAction, useDialogClose } from '../core';
import { formatDateTime } from '../core/formats';
import { ERP_TYPES, ERP_TYPE_NAMES, type ErpType } from '../../contracts/rules/erp';
import { erpApi, type ErpBinding } from './api';
import { messages } from './messages';

const text = messages.erp;

export function ErpSection({ token }: { token: string }) {
  const [bindings, setBindings] = useState<ErpBinding[] | null>(null);
  const [failed, setFailed] = useState(false);
  const [dialog, setDialog] = useState<null | 'bind' | { unbind: ErpBinding }>(null);
  const [parts, setParts] = useState(false);
  const [syncing, setSyncing] = useState<ErpType | null>(null);

  const load = useCallback(() => {
    if (!token) return;
    setFailed(false);
    erpApi.list().then(setBindings, () => setFailed(true));
  }, [token]);
  useEffect(load, [load]);

  const open = (next: NonNullable<typeof dialog>) => {
    setDialog(next);
    void import('./dialog-parts').then(() => setParts(true));
  };
  const close = useCallback(() => setDialog(null), []);
  const sync = async (binding: ErpBinding) => {
    setSyncing(binding.erpType);
    try {
      await erpApi.sync(binding.erpType);
      toast.success(text.synced(ERP_TYPE_NAMES[binding.erpType]));
    } catch {
      /* toasted by the core; the row shows the refusal */
    } finally {
      setSyncing(null);
      load();
    }
  };
  const unbound = ERP_TYPES.filter((type) => !bindings?.some((binding) => binding.erpType === type));

  return (
    <section aria-labelledby="erp-title" className="erp">
      <div className="section-head">
        <h3 id="erp-title">{text.title}</h3>
        {bindings && unbound.length > 0 ? <sl-button size="small" variant="primary" className="bind" onClick={() => open('bind')}>{text.bind}</sl-button> : null}
      </div>
      <p className="help section-help">{text.help}</p>
      {failed ? (
        <div className="state" role="alert"><p>{text.loadFailed}</p><sl-button size="small" onClick={load}>{messages.retry}</sl-button></div>
      ) : bindings?.length === 0 ? (
        <div className="state"><p>{text.none}</p></div>
      ) : (
        <ul className="rows" aria-busy={bindings === null}>
          {bindings?.map((binding) => (
            <li key={binding.erpType} className="row binding" data-erp={binding.erpType}>
              <div className="text">
                <span className="label">{ERP_TYPE_NAMES[binding.erpType]}<span className="badge">{text.bound}</span></span>
                <span className="help">{text.account(binding.account, binding.erpStoreName)}</span>
                <span className="help">{text.boundBy(binding.boundBy, formatDateTime(binding.boundAt))}</span>
                <span className={`help sync${binding.lastSyncResult && binding.lastSyncResult !== 'ok' ? ' failed' : ''}`}>{syncLine(binding)}</span>
              </div>
              <div className="actions">
                <sl-button size="small" loading={syncing === binding.erpType} onClick={() => void sync(binding)}>{text.syncNow}</sl-button>
                <sl-button size="small" variant="text" className="danger" onClick={() => open({ unbind: binding })}>{text.unbind}</sl-button>
              </div>
            </li>
          ))}
        </ul>
      )}
      {parts ? (
        <>
          <BindDialog open={dialog === 'bind'} types={unbound} onClose={close} onBound={() => (close(), load())} />
          <UnbindDialog binding={dialog && typeof dialog === 'object' ? dialog.unbind : null} onClose={close} onDone={() => (close(), load())} />
        </>
      ) : null}
    </section>
  );
}

function syncLine(binding: ErpBinding): string {
  if (!binding.lastSyncAt) return text.neverSynced;
  const at = formatDateTime(binding.lastSyncAt);
  return binding.lastSyncResult === 'ok' ? text.lastSync(at, binding.lastSyncCustomers, binding.lastSyncOrders) : text.lastSyncFailed(at, binding.lastSyncResult);
}

const inputValue = (event: Event) => (event.target as HTMLInputElement).value;

function BindDialog({ open, types, onClose, onBound }: { open: boolean; types: ErpType[]; onClose(): void; onBound(): void }) {
  const ref = useDialogClose(onClose);
  const [busy, run] = useBusyAction();
  const [erpType, setErpType] = useState<ErpType | ''>('');
  const [account, setAccount] = useState('');
  const [password, setPassword] = useState('');
  const [storeCode, setStoreCode] = useState('');
  const [tried, setTried] = useState(false);
  useEffect(() => {
    if (!open) return;
    setErpType(types[0] ?? '');
    setAccount('');
    setPassword('');
    setStoreCode('');
    setTried(false);
  }, [open, types]);

  // The contract's rules (contracts/api/garage.ts bindErp), said under each field before sending.
  const problems = {
    erpType: erpType ? '' : text.chooseType,
    account: account.trim() ? '' : text.required(text.fields.account),
    password: password ? '' : text.required(text.fields.password),
  };
  const submit = () =>
    run(async () => {
      setTried(true);
      if (!erpType || Object.values(problems).some(Boolean)) return;
      await erpApi.bind({ erpType, account: account.trim(), password, storeCode: storeCode.trim() });
      toast.success(text.boundDone(ERP_TYPE_NAMES[erpType]));
      onBound();
    });
  const help = (problem: string, otherwise = '') => (tried && problem ? problem : otherwise);

  return (
    <sl-dialog ref={ref} label={text.bind} open={open} className="bind-dialog">
      <div className="form">
        <sl-select label={text.fields.type} value={erpType} required help-text={help(problems.erpType)}
          onsl-change={(event: Event) => setErpType(inputValue(event) as ErpType)}>
          {types.map((type) => <sl-option key={type} value={type}>{ERP_TYPE_NAMES[type]}</sl-option>)}
        </sl-select>
        <sl-input label={text.fields.account} value={account} maxlength="64" autocomplete="off" required help-text={help(problems.account)}
          data-problem={tried && problems.account ? '' : undefined} onsl-input={(event: Event) => setAccount(inputValue(event))}></sl-input>
        <sl-input label={text.fields.password} type="password" value={password} maxlength="128" autocomplete="new-password" required password-toggle
          help-text={help(problems.password, text.passwordHelp)} data-problem={tried && problems.password ? '' : undefined}
          onsl-input={(event: Event) => setPassword(inputValue(event))}></sl-input>
        <sl-input label={text.fields.storeCode} value={storeCode} maxlength="64" autocomplete="off" help-text={text.storeCodeHelp}
          onsl-input={(event: Event) => setStoreCode(inputValue(event))}></sl-input>
      </div>
      <DialogFooter busy={busy} confirmLabel={text.bindConfirm} onCancel={onClose} onConfirm={submit} />
    </sl-dialog>
  );
}

function UnbindDialog({ binding, onClose, onDone }: { binding: ErpBinding | null; onClose(): void; onDone(): void }) {
  const ref = useDialogClose(onClose);
  const [busy, run] = useBusyAction();
  const [shown, setShown] = useState(binding);
  useEffect(() => {
    if (binding) setShown(binding); // kept while the dialog fades out
  }, [binding]);
  const name = shown ? ERP_TYPE_NAMES[shown.erpType] : '';
  return (
    <sl-dialog ref={ref} label={text.unbindTitle(name)} open={binding !== null} className="unbind-dialog">
      <p>{text.unbindText}</p>
      <DialogFooter variant="danger" busy={busy} confirmLabel={text.unbind} onCancel={onClose}
        onConfirm={() => shown && run(async () => {
          await erpApi.unbind(shown.erpType);
          toast.success(text.unbound(name));
          onDone();
        })} />
    </sl-dialog>
  );
}
