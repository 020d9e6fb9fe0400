/**
 * 批量分配: choose one owner for the ticked rows (policies, leads). Only staff who may work in every
 * store of the rows are offered (headquarters staff may work in all); the server checks it again.
 * The page's dialog parts import Shoelace's dialog, select and option before showing it.
 */
import { useEffect, useState } from 'react';
import { toast } from './toast';
import { DialogFooter, useBusyAction, useDialogClose } from './dialog';
import { uiMessages } from '../messages';

export interface AssignableStaff {
  id: number;
  name: string;
  wholeChain: boolean;
  storeIds: number[];
}

/** The staff who may own rows of every one of `storeIds`. */
export const ownersFor = (staff: readonly AssignableStaff[], storeIds: number[]) =>
  staff.filter((person) => person.wholeChain || storeIds.every((id) => person.storeIds.includes(id)));

export function AssignDialog<T extends { id: number; storeId: number }>({ rows, staff, text, assign, className, onClose, onSaved }: {
  /** The ticked rows, or null while closed. */
  rows: T[] | null;
  staff: readonly AssignableStaff[];
  text: { title(count: number): string; help: string; nobody: string; assigned(count: number, name: string): string };
  assign(ids: number[], ownerId: number): Promise<{ assigned: number }>;
  className: string;
  onClose(): void;
  onSaved(): void;
}) {
  const ref = useDialogClose(onClose);
  const [busy, run] = useBusyAction();
  const [ownerId, setOwnerId] = useState('');
  const [problem, setProblem] = useState('');
  useEffect(() => (setOwnerId(''), setProblem('')), [rows]);
  const owners = ownersFor(staff, [...new Set((rows ?? []).map((row) => row.storeId))]);
  const submit = () =>
    run(async () => {
      if (!rows) return;
      const owner = owners.find((person) => String(person.id) === ownerId);
      if (!owner) return setProblem(uiMessages.pickOwner);
      const answer = await assign(rows.map((row) => row.id), owner.id);
      toast.success(text.assigned(answer.assigned, owner.name));
      onSaved();
    });
  return (
    <sl-dialog ref={ref} label={rows ? text.title(rows.length) : ''} open={rows !== null} className={`${className} assign-dialog`}>
      {owners.length === 0 ? (
        <p className="problem" role="alert">{text.nobody}</p>
      ) : (
        <sl-select label={uiMessages.owner} value={ownerId} help-text={text.help} hoist
          onsl-change={(event: Event) => (setOwnerId((event.target as HTMLInputElement).value), setProblem(''))}>
          {owners.map((person) => <sl-option key={person.id} value={String(person.id)}>{person.name}</sl-option>)}
        </sl-select>
      )}
      {problem ? <p className="problem" role="alert">{problem}</p> : null}
      <DialogFooter busy={busy} disabled={owners.length === 0} confirmLabel={uiMessages.assign} onCancel={onClose} onConfirm={submit} />
    </sl-dialog>
  );
}
