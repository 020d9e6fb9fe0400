import { useCallback, useEffect, useState } from 'react';
import '@shoelace-style/shoelace/dist/components/button/button.js';
import '@shoelace-style/shoelace/dist/components/dialog/dialog.js';
import '@shoelace-style/shoelace/dist/components/input/input.js';
import '@shoelace-style/shoelace/dist/components/radio-group/radio-group.js';
import '@shoelace-style/shoelace/dist/components/radio/radio.js';
import '@shoelace-style/shoelace/dist/components/select/select.js';
import '@shoelace-style/shoelace/dist/components/option/option.js';
import '@shoelace-style/shoelace/dist/components/skeleton/skeleton.js';
import { bootstrap, navigate, session, toast, useValue, useBusyAction, useDialogClose, ConfirmDialog, DialogFooter, type WidgetProps } from '../core';
import { formatDate } from '../core/formats';
import { groupApi, type ConditionLabels, type CustomerGroup } from './api';
import { describeCondition } from './describe';
import { messages } from './messages';

export const CUSTOMER_LIST_PATH = '/home/externalmanage';

type Dialog = { type: 'create' } | { type: 'rename'; group: CustomerGroup } | { type: 'delete'; group: CustomerGroup } | null;

export function CustomerGroups({ host }: WidgetProps) {
  const token = useValue(session.usertoken);
  const [groups, setGroups] = useState<CustomerGroup[] | null>(null);
  const [labels, setLabels] = useState<ConditionLabels | null>(null);
  const [failed, setFailed] = useState(false);
  const [dialog, setDialog] = useState<Dialog>(null);

  const load = useCallback(() => {
    if (!token) return;
    setFailed(false);
    groupApi.list().then(setGroups, () => setFailed(true));
    groupApi.labels().then(setLabels, () => undefined);
  }, [token]);

  useEffect(() => {
    void bootstrap({ once: true });
    load();
  }, [load]);

  const close = useCallback(() => setDialog(null), []);
  const open = (group: CustomerGroup) => {
    if (host) navigate(`${CUSTOMER_LIST_PATH}?condition=${encodeURIComponent(JSON.stringify({ version: 1, groupIds: [group.id] }))}`, host);
  };

  return (
    <div className="groups">
      <header className="head">
        <div>
          <h2>{messages.title}</h2>
          <p className="muted">{messages.subtitle}</p>
        </div>
        <sl-button variant="primary" size="small" onClick={() => setDialog({ type: 'create' })}>
          <sl-icon slot="prefix" name="plus-lg"></sl-icon>
          {messages.create}
        </sl-button>
      </header>

      {failed ? (
        <div className="state" role="alert">
          <p>{messages.loadFailed}</p>
          <sl-button size="small" onClick={load}>
            {messages.retry}
          </sl-button>
        </div>
      ) : groups === null ? (
        <div className="cards">
          {[0, 1, 2].map((key) => (
            <div className="card" key={key}>
              <sl-skeleton effect="pulse"></sl-skeleton>
              <sl-skeleton effect="pulse" style={{ width: '60%' }}></sl-skeleton>
            </div>
          ))}
        </div>
      ) : groups.length === 0 ? (
        <div className="state">
          <sl-icon name="people"></sl-icon>
          <p>{messages.empty}</p>
          <p className="muted">{messages.emptyHint}</p>
        </div>
      ) : (
        <div className="cards">
          {groups.map((group) => {
            const summary = describeCondition(group.condition, labels);
            return (
              <article className="card" key={group.id} data-group={group.name}>
                <div className="card-head">
                  <h3>{group.name}</h3>
                  <span className={`kind kind-${group.kind}`}>{messages.kind[group.kind]}</span>
                </div>
                <div className="count" data-testid="member-count">
                  {messages.members(group.memberCount)}
                </div>
                {group.kind === 'condition' ? (
                  <p className="summary">
                    {messages.conditionSummary}
                    {summary.length > 0 ? summary.join(' · ') : messages.noCondition}
                  </p>
                ) : null}
                <p className="muted small">{messages.createdBy(group.createdBy, formatDate(group.createdAt))}</p>
                <div className="card-actions">
                  <sl-button size="small" variant="text" onClick={() => open(group)}>
                    {messages.viewCustomers}
                  </sl-button>
                  <sl-button size="small" variant="text" onClick={() => setDialog({ type: 'rename', group })}>
                    {messages.rename}
                  </sl-button>
                  <sl-button size="small" variant="text" class="danger" onClick={() => setDialog({ type: 'delete', group })}>
                    {messages.remove}
                  </sl-button>
                </div>
              </article>
            );
          })}
        </div>
      )}

      <CreateDialog open={dialog?.type === 'create'} labels={labels} onClose={close} onCreated={load} />
      <RenameDialog group={dialog?.type === 'rename' ? dialog.group : null} onClose={close} onRenamed={load} />
      <ConfirmDialog item={dialog?.type === 'delete' ? dialog.group : null} title={messages.confirmDeleteTitle} confirmLabel={messages.confirm}
        text={(group) => messages.confirmDelete(group.name, group.memberCount)} onClose={close}
        action={async (group) => (await groupApi.remove(group.id), toast.success(messages.deleted(group.name)), load(), close())} />
    </div>
  );
}

function CreateDialog({ open, labels, onClose, onCreated }: { open: boolean; labels: ConditionLabels | null; onClose(): void; onCreated(): void }) {
  const ref = useDialogClose(onClose);
  const [name, setName] = useState('');
  const [kind, setKind] = useState<'condition' | 'fixed'>('condition');
  const [savedId, setSavedId] = useState('');
  const [busy, run] = useBusyAction();
  const saved = labels?.savedConditions ?? [];
  useEffect(() => {
    if (!open) return;
    setKind('condition');
    setSavedId('');
    groupApi.nextName().then(setName, () => setName(''));
  }, [open]);
  const condition = saved.find((item) => String(item.id) === savedId)?.condition;
  const ready = name.trim() !== '' && (kind === 'fixed' || condition !== undefined);
  const submit = async () => {
    if (!ready) return;
    await run(async () => {
      const group = await groupApi.create({ name: name.trim(), kind, condition: kind === 'condition' ? condition : undefined });
      toast.success(messages.created(group.name, group.memberCount));
      onCreated();
      onClose();
    });
  };
  return (
    <sl-dialog ref={ref} label={messages.create} open={open}>
      <div className="form">
        <sl-input label={messages.name} value={name} maxlength="20" onsl-input={(event: Event) => setName((event.target as HTMLInputElement).value)}></sl-input>
        <sl-radio-group label={messages.source} value={kind} onsl-change={(event: Event) => setKind((event.target as HTMLInputElement).value as 'condition' | 'fixed')}>
          <sl-radio value="condition">{messages.fromSaved}</sl-radio>
          <sl-radio value="fixed">{messages.kind.fixed}</sl-radio>
        </sl-radio-group>
        {kind === 'condition' ? (
          saved.length > 0 ? (
            <sl-select label={messages.pickSaved} value={savedId} onsl-change={(event: Event) => setSavedId(String((event.target as HTMLInputElement).value))}>
              {saved.map((item) => (
                <sl-option key={item.id} value={String(item.id)}>
                  {item.name}
                </sl-option>
              ))}
            </sl-select>
          ) : (
            <p className="muted">{messages.noSaved}</p>
          )
        ) : (
          <p className="muted">{messages.fixedHint}</p>
        )}
        {kind === 'condition' && condition ? <p className="summary">{describeCondition(condition, labels).join(' · ')}</p> : null}
      </div>
      <DialogFooter busy={busy} disabled={!ready} confirmLabel={messages.save} onCancel={onClose} onConfirm={submit} />
    </sl-dialog>
  );
}

function RenameDialog({ group, onClose, onRenamed }: { group: CustomerGroup | null; onClose(): void; onRenamed(): void }) {
  const ref = useDialogClose(onClose);
  const [name, setName] = useState('');
  const [busy, run] = useBusyAction();
  useEffect(() => {
    if (group) setName(group.name);
  }, [group]);
  const submit = async () => {
    if (!group || !name.trim()) return;
    await run(async () => {
      const renamed = await groupApi.rename(group.id, name.trim());
      toast.success(messages.renamed(renamed.name));
      onRenamed();
      onClose();
    });
  };
  return (
    <sl-dialog ref={ref} label={messages.rename} open={group !== null}>
      <sl-input label={messages.name} value={name} maxlength="20" onsl-input={(event: Event) => setName((event.target as HTMLInputElement).value)}></sl-input>
      <DialogFooter busy={busy} disabled={!name.trim()} confirmLabel={messages.save} onCancel={onClose} onConfirm={submit} />
    </sl-dialog>
  );
}

