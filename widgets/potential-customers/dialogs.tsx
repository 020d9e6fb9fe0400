/** The dialogs of 潜在客户: a lead typed in or edited, a follow-up with the history, 转为客户 (批量分配 is the core's). */
import { useEffect, useMemo, useState } from 'react';
import { toast, useBusyAction, useDialogClose, DialogFooter } from '../core';
import { formatDateTime } from '../core/formats';
import { ownersFor } from '../core/ui/assign-dialog';
import { isMobile } from '../../contracts/rules/mobile';
import { FOLLOW_UP_STATUSES, POTENTIAL_SOURCES, POTENTIAL_LIMITS, POTENTIAL_STATUS_LABELS, type FollowUpStatus } from '../../contracts/rules/potential';
import { potentialApi, type FollowUp, type Lead, type LeadInput, type PotentialPage } from './api';
import { messages } from './messages';
import { DateField } from '../core/ui/date-field';

const inputValue = (event: Event) => (event.target as HTMLInputElement).value;
const nameOf = (lead: Pick<Lead, 'name' | 'mobile' | 'plate'>) => lead.name || lead.mobile || lead.plate || messages.noName;

const EMPTY = { name: '', mobile: '', plate: '', source: '', intent: '', remark: '', nextFollowUp: '', storeId: '', ownerId: '' };

export function LeadDialog({ shown, data, onClose, onSaved }: { shown: { lead: Lead | null } | null; data: PotentialPage | null; onClose(): void; onSaved(): void }) {
  const ref = useDialogClose(onClose);
  const [busy, run] = useBusyAction();
  const [form, setForm] = useState(EMPTY);
  const [problem, setProblem] = useState('');
  const lead = shown?.lead ?? null;
  useEffect(() => {
    if (!shown) return;
    const editing = shown.lead;
    setForm(editing
      ? { name: editing.name, mobile: editing.mobile, plate: editing.plate, source: editing.source, intent: editing.intent, remark: editing.remark, nextFollowUp: editing.nextFollowUp ?? '', storeId: String(editing.storeId), ownerId: '' }
      : { ...EMPTY, storeId: String(data?.stores[0]?.id ?? '') });
    setProblem('');
  }, [shown]);
  const set = (key: keyof typeof EMPTY) => (event: Event) => setForm((now) => ({ ...now, [key]: inputValue(event) }));
  const sources = useMemo(() => [...new Set([...POTENTIAL_SOURCES, ...(data?.sources ?? []), ...(form.source ? [form.source] : [])])], [data, form.source]);
  const owners = ownersFor(data?.staff ?? [], form.storeId ? [Number(form.storeId)] : []);
  const masked = lead !== null && form.mobile.includes('*');

  const submit = () =>
    run(async () => {
      const name = form.name.trim();
      const mobile = form.mobile.trim();
      if (!name && !mobile) return setProblem(messages.nameOrMobile);
      if (mobile && !masked && !isMobile(mobile)) return setProblem(messages.badMobile);
      setProblem('');
      const change: LeadInput = {
        name, mobile: masked ? undefined : mobile, plate: form.plate.trim(), source: form.source, intent: form.intent.trim(), remark: form.remark.trim(),
        nextFollowUp: form.nextFollowUp || null,
      };
      if (lead) {
        // A masked number is the one on file: the server keeps it when none is sent.
        await potentialApi.update(lead, masked ? { ...change, mobile: undefined } : change);
        toast.success(messages.saved(name || mobile));
      } else {
        await potentialApi.create({ ...change, ...(form.storeId ? { storeId: Number(form.storeId) } : {}), ...(form.ownerId ? { ownerId: Number(form.ownerId) } : {}) });
        toast.success(messages.createdDone(name || mobile));
      }
      onSaved();
    });

  return (
    <sl-dialog ref={ref} label={lead ? messages.editTitle(nameOf(lead)) : messages.createTitle} open={shown !== null} className="potential-dialog lead-dialog">
      <form className="form" onSubmit={(event) => (event.preventDefault(), void submit())}>
        <sl-input label={messages.fields.name} value={form.name} maxlength={POTENTIAL_LIMITS.name} onsl-input={set('name')}></sl-input>
        <sl-input label={messages.fields.mobile} value={form.mobile} inputmode="numeric" maxlength="11" disabled={masked} onsl-input={set('mobile')}></sl-input>
        <sl-input label={messages.fields.plate} value={form.plate} placeholder="浙A12345" maxlength="10" onsl-input={set('plate')}></sl-input>
        <sl-select label={messages.fields.source} value={form.source ? `s:${form.source}` : ''} placeholder={messages.pickSource} clearable hoist
          onsl-change={(event: Event) => setForm((now) => ({ ...now, source: inputValue(event).slice(2) }))}>
          {sources.map((each) => <sl-option key={each} value={`s:${each}`}>{each}</sl-option>)}
        </sl-select>
        <sl-input label={messages.fields.intent} value={form.intent} placeholder="小保养" maxlength={POTENTIAL_LIMITS.intent} onsl-input={set('intent')}></sl-input>
        <DateField label={messages.fields.next} value={form.nextFollowUp || undefined} onChange={(day) => setForm((now) => ({ ...now, nextFollowUp: day ?? '' }))} />
        {!lead && data && data.stores.length > 1 ? (
          <sl-select label={messages.fields.store} value={form.storeId} hoist onsl-change={(event: Event) => setForm((now) => ({ ...now, storeId: inputValue(event), ownerId: '' }))}>
            {data.stores.map((store) => <sl-option key={store.id} value={String(store.id)}>{store.name}</sl-option>)}
          </sl-select>
        ) : null}
        {!lead ? (
          <sl-select label={messages.fields.owner} value={form.ownerId} placeholder={messages.noOwner} clearable hoist onsl-change={set('ownerId')}>
            {owners.map((person) => <sl-option key={person.id} value={String(person.id)}>{person.name}</sl-option>)}
          </sl-select>
        ) : null}
        <sl-textarea className="wide" label={messages.fields.remark} value={form.remark} rows={2} resize="none" maxlength={POTENTIAL_LIMITS.remark} onsl-input={set('remark')}></sl-textarea>
        {problem ? <p className="problem wide" role="alert">{problem}</p> : null}
      </form>
      <DialogFooter busy={busy} confirmLabel={lead ? messages.save : messages.add} onCancel={onClose} onConfirm={submit} />
    </sl-dialog>
  );
}

export function FollowUpDialog({ lead, canEdit, today, onClose, onSaved }: { lead: Lead | null; canEdit: boolean; today: string; onClose(): void; onSaved(): void }) {
  const ref = useDialogClose(onClose);
  const [busy, run] = useBusyAction();
  const [note, setNote] = useState('');
  const [status, setStatus] = useState<FollowUpStatus>('following');
  const [next, setNext] = useState('');
  const [problem, setProblem] = useState('');
  const [entries, setEntries] = useState<FollowUp[] | null>(null);
  useEffect(() => {
    if (!lead) return;
    setNote('');
    setStatus(lead.status === 'pending' ? 'following' : lead.status === 'invalid' ? 'following' : (lead.status as FollowUpStatus));
    // A day already past is no plan any more: the next one is chosen afresh.
    setNext(lead.nextFollowUp && lead.nextFollowUp > today ? lead.nextFollowUp : '');
    setProblem('');
    setEntries(null);
    potentialApi.history(lead).then((answer) => setEntries(answer.entries), () => setEntries([]));
  }, [lead]);

  const submit = () =>
    run(async () => {
      if (!lead) return;
      if (!note.trim()) return setProblem(status === 'invalid' ? messages.reasonNeeded : messages.noteNeeded);
      setProblem('');
      await potentialApi.followUp(lead, { note: note.trim(), status, nextFollowUp: status === 'invalid' ? null : next || null });
      toast.success(messages.recorded);
      onSaved();
    });

  return (
    <sl-dialog ref={ref} label={lead ? messages.followUpTitle(nameOf(lead)) : ''} open={lead !== null} className="potential-dialog follow-up-dialog">
      {canEdit ? (
        <form className="form" onSubmit={(event) => (event.preventDefault(), void submit())}>
          <sl-radio-group className="wide" label={messages.statusAfter} value={status} onsl-change={(event: Event) => setStatus(inputValue(event) as FollowUpStatus)}>
            {FOLLOW_UP_STATUSES.map((each) => <sl-radio key={each} value={each}>{POTENTIAL_STATUS_LABELS[each]}</sl-radio>)}
          </sl-radio-group>
          <sl-textarea className="wide" label={status === 'invalid' ? messages.reason : messages.note} placeholder={messages.notePlaceholder} value={note} rows={3} resize="none"
            maxlength={POTENTIAL_LIMITS.note} onsl-input={(event: Event) => setNote(inputValue(event))}></sl-textarea>
          {status === 'invalid' ? null : (
            <DateField label={messages.fields.next} value={next || undefined} onChange={(day) => setNext(day ?? '')} />
          )}
          {problem ? <p className="problem wide" role="alert">{problem}</p> : null}
        </form>
      ) : null}
      <h3>{messages.history}</h3>
      {entries === null ? (
        <p className="muted small">{messages.historyLoading}</p>
      ) : entries.length === 0 ? (
        <p className="muted small">{messages.historyEmpty}</p>
      ) : (
        <ol className="history" aria-label={messages.history}>
          {entries.map((entry) => (
            <li key={entry.id}>
              <div className="meta">
                <span className="figure">{formatDateTime(entry.at)}</span>
                <span>{entry.userName}</span>
                <sl-tag size="small" variant="neutral">{POTENTIAL_STATUS_LABELS[entry.status]}</sl-tag>
              </div>
              <p>{entry.note}</p>
            </li>
          ))}
        </ol>
      )}
      {canEdit ? <DialogFooter busy={busy} confirmLabel={messages.record} onCancel={onClose} onConfirm={submit} /> : null}
    </sl-dialog>
  );
}

export function ConvertDialog({ lead, onClose, onSaved }: { lead: Lead | null; onClose(): void; onSaved(): void }) {
  const ref = useDialogClose(onClose);
  const [busy, run] = useBusyAction();
  const submit = () =>
    run(async () => {
      if (!lead) return;
      await potentialApi.convert(lead);
      toast.success(messages.convertedDone(nameOf(lead)));
      onSaved();
    });
  return (
    <sl-dialog ref={ref} label={messages.convertTitle} open={lead !== null} className="potential-dialog convert-dialog">
      <p>{lead ? messages.convertText(nameOf(lead), lead.storeName, lead.plate) : ''}</p>
      <DialogFooter busy={busy} confirmLabel={messages.convert} onCancel={onClose} onConfirm={submit} />
    </sl-dialog>
  );
}
