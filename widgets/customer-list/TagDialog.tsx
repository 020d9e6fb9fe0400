import { useEffect, useState } from 'react';
import { useBusyAction, useDialogClose, DialogFooter } from '../core';
import type { ConditionOptions } from './api';
import { messages } from './messages';

/** 打标签 for the chosen customers: tags by their groups, several at once. */
export default function TagDialog({ open, count, options, onClose, onTag }: { open: boolean; count: number; options: ConditionOptions | null; onClose(): void; onTag(tagIds: number[]): Promise<void> }) {
  const ref = useDialogClose<HTMLElement & { open: boolean }>(onClose);
  const [picked, setPicked] = useState<number[]>([]);
  const [busy, run] = useBusyAction();
  useEffect(() => {
    if (open) setPicked([]);
  }, [open]);
  const toggle = (id: number) => setPicked((list) => (list.includes(id) ? list.filter((other) => other !== id) : [...list, id]));
  const groups = new Map<string, ConditionOptions['tags']>();
  for (const tag of options?.tags ?? []) groups.set(tag.groupName || '未分组', [...(groups.get(tag.groupName || '未分组') ?? []), tag]);
  return (
    <sl-dialog ref={ref} label={messages.tagDialogTitle(count)} open={open}>
      <div className="tag-picker">
        {[...groups.entries()].map(([group, tags]) => (
          <div key={group} className="tag-picker-group">
            <div className="muted">{group}</div>
            <div className="tag-picker-tags">
              {tags.map((tag) => (
                <button
                  key={tag.id}
                  type="button"
                  className={picked.includes(tag.id) ? 'pick picked' : 'pick'}
                  aria-pressed={picked.includes(tag.id)}
                  style={{ ['--tag-colour' as string]: tag.colour }}
                  onClick={() => toggle(tag.id)}
                >
                  {tag.name}
                </button>
              ))}
            </div>
          </div>
        ))}
      </div>
      <DialogFooter
        busy={busy}
        disabled={picked.length === 0}
        confirmLabel={messages.confirm}
        onCancel={onClose}
        onConfirm={async () => {
          await run(async () => {
            await onTag(picked);
            onClose();
          });
        }}
      />
    </sl-dialog>
  );
}
