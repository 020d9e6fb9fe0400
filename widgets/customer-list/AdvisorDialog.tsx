import { useEffect, useState } from 'react';
import { useBusyAction, useDialogClose, DialogFooter } from '../core';
import { customerApi, type Advisor } from './api';
import { messages } from './messages';

const NO_ADVISOR = 'none';

/**
 * 设置专属顾问 for the chosen customers: staff who work in every store of the chosen rows (the
 * server checks all of them, also those chosen on other pages), or 不指定 to hand the customers
 * back to their store.
 */
export default function AdvisorDialog({ open, count, storeIds, onClose, onAssign }: {
  open: boolean;
  count: number;
  storeIds: number[];
  onClose(): void;
  onAssign(advisor: Advisor | null): Promise<void>;
}) {
  const ref = useDialogClose<HTMLElement & { open: boolean }>(onClose);
  const [advisors, setAdvisors] = useState<Advisor[] | null>(null);
  const [value, setValue] = useState('');
  const [busy, run] = useBusyAction();
  useEffect(() => {
    if (!open) return;
    setValue('');
    customerApi.advisors().then(setAdvisors, () => setAdvisors([]));
  }, [open]);
  const fitting = (advisors ?? []).filter((person) => person.wholeChain || storeIds.every((storeId) => person.storeIds.includes(storeId)));
  const chosen = value === NO_ADVISOR ? null : fitting.find((person) => String(person.id) === value);
  return (
    <sl-dialog ref={ref} label={messages.advisorDialogTitle(count)} open={open}>
      <div className="dialog-fields">
        <p className="muted" style={{ margin: 0 }}>{messages.advisorHint}</p>
        <sl-select label={messages.advisorPick} value={value} placeholder={advisors ? messages.advisorPlaceholder : messages.advisorLoading} onsl-change={(event: Event) => setValue(String((event.target as HTMLInputElement).value))}>
          {fitting.map((person) => (
            <sl-option key={person.id} value={String(person.id)}>
              {person.name}
            </sl-option>
          ))}
          <sl-option value={NO_ADVISOR}>{messages.advisorNone}</sl-option>
        </sl-select>
        {advisors && fitting.length === 0 ? <p className="muted">{messages.advisorNoneFits}</p> : null}
      </div>
      <DialogFooter
        busy={busy}
        disabled={value === ''}
        confirmLabel={messages.confirm}
        onCancel={onClose}
        onConfirm={async () => {
          if (value === '') return;
          await run(async () => {
            await onAssign(chosen ?? null);
            onClose();
          });
        }}
      />
    </sl-dialog>
  );
}
