/** The dialog of 保险查询's follow-ups: a renewal follow-up with its history. */
import { useEffect, useState } from 'react';
import { toast, useBusyAction, useDialogClose, DialogFooter } from '../core';
import { formatDateTime } from '../core/formats';
import { INSURANCE_LIMITS, RENEWAL_STATES, RENEWAL_STATE_NAMES, renewalProblem, type RenewalState } from '../../contracts/insurance';
import { insuranceApi, type Policy, type RenewalChange, type RenewalEntry, type Staff } from './api';
import { messages } from './messages';
import { DateField } from '../core/ui/date-field';

const inputValue = (event: Event) => (event.target as HTMLInputElement).value;

export function FollowUpDialog({ policy, lostReasons, today, onClose, onSaved }: { policy: Policy | null; lostReasons: string[]; today: string; onClose(): void; onSaved(): void }) {
  const ref = useDialogClose(onClose);
  const [busy, run] = useBusyAction();
  const [state, setState] = useState<RenewalState>('contacted');
  const [reason, setReason] = useState('');
  const [note, setNote] = useState('');
  const [next, setNext] = useState('');
  const [problem, setProblem] = useState('');
  const [entries, setEntries] = useState<RenewalEntry[] | null>(null);
  useEffect(() => {
    if (!policy) return;
    setState(policy.state === 'pending' ? 'contacted' : policy.state);
    setReason(policy.lostReason);
    setNote('');
    // A day already past is no plan any more: the next one is chosen afresh.
    setNext(policy.nextContact && policy.nextContact >= today ? policy.nextContact : '');
    setProblem('');
    setEntries(null);
    insuranceApi.history(policy).then((answer) => setEntries(answer.entries), () => setEntries([]));
  }, [policy]);

  const closedBefore = policy?.state === 'renewed' || policy?.state === 'lost';
  const open = state !== 'renewed' && state !== 'lost';
  const submit = () =>
    run(async () => {
      if (!policy) return;
      const refusal = renewalProblem(policy.state, state, state === 'lost' ? reason : '', note);
      if (refusal) return setProblem(refusal);
      setProblem('');
      await insuranceApi.update(policy, { state, lostReason: state === 'lost' ? (reason as RenewalChange['lostReason']) : undefined, note: note.trim(), nextContact: open && next ? next : null });
      toast.success(messages.recorded);
      onSaved();
    });

  return (
    <sl-dialog ref={ref} label={policy ? messages.followUpTitle(policy.plate) : ''} open={policy !== null} className="insurance-dialog follow-up-dialog">
      <form className="form" onSubmit={(event) => (event.preventDefault(), void submit())}>
        <sl-radio-group className="wide" label={messages.stateAfter} value={state} onsl-change={(event: Event) => (setState(inputValue(event) as RenewalState), setProblem(''))}>
          {RENEWAL_STATES.map((each) => <sl-radio key={each} value={each}>{RENEWAL_STATE_NAMES[each]}</sl-radio>)}
        </sl-radio-group>
        {closedBefore ? <p className="muted small wide">{messages.reopenHint}</p> : null}
        {state === 'lost' ? (
          <sl-select className="wide" label={messages.lostReason} value={reason ? `r:${reason}` : ''} placeholder={messages.pickReason} hoist
            onsl-change={(event: Event) => setReason(inputValue(event).slice(2))}>
            {lostReasons.map((each) => <sl-option key={each} value={`r:${each}`}>{each}</sl-option>)}
          </sl-select>
        ) : null}
        <sl-textarea className="wide" label={messages.note} placeholder={messages.notePlaceholder} value={note} rows={3} resize="none"
          maxlength={INSURANCE_LIMITS.note} onsl-input={(event: Event) => setNote(inputValue(event))}></sl-textarea>
        {open ? <DateField label={messages.nextContact} min={today} value={next || undefined} onChange={(day) => setNext(day ?? '')} /> : null}
        {problem ? <p className="problem wide" role="alert">{problem}</p> : null}
      </form>
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
                <sl-tag size="small" variant="neutral">{RENEWAL_STATE_NAMES[entry.state]}</sl-tag>
                {entry.lostReason ? <span>{entry.lostReason}</span> : null}
              </div>
              {entry.note ? <p>{entry.note}</p> : null}
            </li>
          ))}
        </ol>
      )}
      <DialogFooter busy={busy} confirmLabel={messages.record} onCancel={onClose} onConfirm={submit} />
    </sl-dialog>
  );
}

/** Staff who may own renewals of all these stores: headquarters staff, or staff working in each of them. */
