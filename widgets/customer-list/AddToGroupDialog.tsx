import { useEffect, useState } from 'react';
import { useBusyAction, useDialogClose, DialogFooter } from '../core';
import { messages } from './messages';

/** 加入分组 for the chosen customers: an existing fixed group, or a new one by name. */
export default function AddToGroupDialog({ open, count, groups, onClose, onAdd }: {
  open: boolean;
  count: number;
  groups: { id: number; name: string }[];
  onClose(): void;
  onAdd(target: number | string): Promise<void>;
}) {
  const ref = useDialogClose<HTMLElement & { open: boolean }>(onClose);
  const [groupId, setGroupId] = useState('');
  const [newName, setNewName] = useState('');
  const [busy, run] = useBusyAction();
  useEffect(() => {
    if (open) {
      setGroupId('');
      setNewName('');
    }
  }, [open]);
  const target = newName.trim() || (groupId ? Number(groupId) : '');
  return (
    <sl-dialog ref={ref} label={messages.groupDialogTitle(count)} open={open}>
      <div className="dialog-fields">
        {groups.length > 0 ? (
          <sl-select label={messages.groupDialogPick} value={groupId} clearable onsl-change={(event: Event) => setGroupId(String((event.target as HTMLInputElement).value))}>
            {groups.map((group) => (
              <sl-option key={group.id} value={String(group.id)}>
                {group.name}
              </sl-option>
            ))}
          </sl-select>
        ) : (
          <p className="muted">{messages.noFixedGroups}</p>
        )}
        <sl-input label={messages.groupDialogNew} placeholder={messages.groupDialogNewPlaceholder} value={newName} maxlength="20" onsl-input={(event: Event) => setNewName((event.target as HTMLInputElement).value)}></sl-input>
      </div>
      <DialogFooter
        busy={busy}
        disabled={target === ''}
        confirmLabel={messages.confirm}
        onCancel={onClose}
        onConfirm={async () => {
          if (target === '') return;
          await run(async () => {
            await onAdd(target);
            onClose();
          });
        }}
      />
    </sl-dialog>
  );
}
