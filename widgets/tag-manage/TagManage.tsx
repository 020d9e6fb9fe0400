import { useCallback, useEffect, useMemo, useState } from 'react';
import '@shoelace-style/shoelace/dist/components/button/button.js';
import '@shoelace-style/shoelace/dist/components/dialog/dialog.js';
import '@shoelace-style/shoelace/dist/components/input/input.js';
import '@shoelace-style/shoelace/dist/components/select/select.js';
import '@shoelace-style/shoelace/dist/components/option/option.js';
import { bootstrap, session, toast, useValue, useBusyAction, useDialogClose, ConfirmDialog, DialogFooter, type WidgetProps } from '../core';
import { TAG_COLOURS, tagApi, type Tag } from './api';
import { TAG_COLOUR_NAMES, tagTextColour } from '../../contracts/rules/tag';
import { messages } from './messages';

type Dialog =
  | { type: 'edit'; tag: Partial<Tag> }
  | { type: 'delete'; tag: Tag }
  | { type: 'merge'; sources: Tag[] }
  | { type: 'group'; name: string }
  | null;

export function TagManage(_props: WidgetProps) {
  const token = useValue(session.usertoken);
  const [tags, setTags] = useState<Tag[] | null>(null);
  const [failed, setFailed] = useState(false);
  const [merging, setMerging] = useState(false);
  const [picked, setPicked] = useState<number[]>([]);
  const [dialog, setDialog] = useState<Dialog>(null);

  const load = useCallback(() => {
    if (!token) return;
    setFailed(false);
    tagApi.list().then(setTags, () => setFailed(true));
  }, [token]);
  useEffect(() => {
    void bootstrap({ once: true });
    load();
  }, [load]);

  const groups = useMemo(() => {
    const map = new Map<string, Tag[]>();
    for (const tag of tags ?? []) map.set(tag.groupName, [...(map.get(tag.groupName) ?? []), tag]);
    return [...map.entries()];
  }, [tags]);
  const close = useCallback(() => setDialog(null), []);
  const toggle = (id: number) => setPicked((list) => (list.includes(id) ? list.filter((other) => other !== id) : [...list, id]));

  return (
    <div className="tags">
      <header className="head">
        <div>
          <h2>{messages.title}</h2>
          <p className="muted">{tags ? `${messages.total(tags.length, groups.length)}。${messages.subtitle}` : messages.subtitle}</p>
        </div>
        <div className="head-actions">
          {merging ? (
            <>
              <span className="muted">{messages.mergeMode}</span>
              <sl-button size="small" variant="primary" disabled={picked.length < 2} onClick={() => tags && setDialog({ type: 'merge', sources: tags.filter((tag) => picked.includes(tag.id)) })}>
                {messages.merge}（{picked.length}）
              </sl-button>
              <sl-button size="small" onClick={() => (setMerging(false), setPicked([]))}>
                {messages.exitMerge}
              </sl-button>
            </>
          ) : (
            <>
              <sl-button size="small" onClick={() => setMerging(true)}>
                <sl-icon slot="prefix" name="union"></sl-icon>
                {messages.merge}
              </sl-button>
              <sl-button size="small" variant="primary" onClick={() => setDialog({ type: 'edit', tag: { colour: TAG_COLOURS[7], groupName: '' } })}>
                <sl-icon slot="prefix" name="plus-lg"></sl-icon>
                {messages.create}
              </sl-button>
            </>
          )}
        </div>
      </header>

      {failed ? (
        <div className="state" role="alert">
          <p>{messages.loadFailed}</p>
          <sl-button size="small" onClick={load}>
            {messages.retry}
          </sl-button>
        </div>
      ) : tags && tags.length === 0 ? (
        <div className="state">
          <sl-icon name="tags"></sl-icon>
          <p>{messages.empty}</p>
        </div>
      ) : (
        groups.map(([group, list]) => (
          <section className="group" key={group} data-group={group || messages.ungrouped}>
            <div className="group-head">
              <h3>{group || messages.ungrouped}</h3>
              {group ? <sl-icon-button name="pencil" label={messages.renameGroup} onClick={() => setDialog({ type: 'group', name: group })}></sl-icon-button> : null}
              <span className="muted small">{list.length}</span>
            </div>
            <div className="tag-grid">
              {list.map((tag) => (
                <div key={tag.id} className={`tag-card${picked.includes(tag.id) ? ' picked' : ''}`} data-tag={tag.name} style={{ ['--tag-colour' as string]: tag.colour }}>
                  {merging ? <input type="checkbox" aria-label={`选择 ${tag.name}`} checked={picked.includes(tag.id)} onChange={() => toggle(tag.id)} /> : null}
                  <span className="dot"></span>
                  <span className="tag-name">{tag.name}</span>
                  <span className="tag-count">{messages.customers(tag.count)}</span>
                  {merging ? null : (
                    <span className="tag-actions">
                      <sl-icon-button name="pencil" label={`${messages.edit} ${tag.name}`} onClick={() => setDialog({ type: 'edit', tag })}></sl-icon-button>
                      <sl-icon-button name="trash" label={`${messages.remove} ${tag.name}`} onClick={() => setDialog({ type: 'delete', tag })}></sl-icon-button>
                    </span>
                  )}
                </div>
              ))}
            </div>
          </section>
        ))
      )}

      <EditDialog tag={dialog?.type === 'edit' ? dialog.tag : null} groups={groups.map(([name]) => name).filter(Boolean)} onClose={close} onSaved={load} />
      <ConfirmDialog item={dialog?.type === 'delete' ? dialog.tag : null} title={messages.confirmDeleteTitle} confirmLabel={messages.deleteConfirm}
        text={(tag) => messages.confirmDelete(tag.name, tag.count)} onClose={close}
        action={async (tag) => (await tagApi.remove(tag.id), toast.success(messages.deleted(tag.name)), load(), close())} />
      <MergeDialog
        sources={dialog?.type === 'merge' ? dialog.sources : null}
        onClose={close}
        onMerged={() => {
          setMerging(false);
          setPicked([]);
          load();
        }}
      />
      <GroupDialog name={dialog?.type === 'group' ? dialog.name : null} onClose={close} onRenamed={load} />
    </div>
  );
}

function EditDialog({ tag, groups, onClose, onSaved }: { tag: Partial<Tag> | null; groups: string[]; onClose(): void; onSaved(): void }) {
  const ref = useDialogClose(onClose);
  const [name, setName] = useState('');
  const [groupName, setGroupName] = useState('');
  const [colour, setColour] = useState<string>(TAG_COLOURS[7]);
  const [busy, run] = useBusyAction();
  useEffect(() => {
    if (!tag) return;
    setName(tag.name ?? '');
    setGroupName(tag.groupName ?? '');
    setColour(tag.colour ?? TAG_COLOURS[7]);
  }, [tag]);
  const submit = () =>
    run(async () => {
      const saved = await tagApi.save({ id: tag?.id, name: name.trim(), groupName: groupName.trim(), colour });
      toast.success(messages.saved(saved.name));
      onSaved();
      onClose();
    });
  return (
    <sl-dialog ref={ref} label={tag?.id ? messages.edit : messages.create} open={tag !== null}>
      <div className="form">
        <sl-input label={messages.name} value={name} maxlength="12" onsl-input={(event: Event) => setName((event.target as HTMLInputElement).value)}></sl-input>
        <sl-input label={messages.group} placeholder={messages.groupPlaceholder} value={groupName} maxlength="12" onsl-input={(event: Event) => setGroupName((event.target as HTMLInputElement).value)}></sl-input>
        <div className="group-suggestions">
          {groups.map((group) => (
            <button key={group} type="button" className={group === groupName ? 'suggestion active' : 'suggestion'} onClick={() => setGroupName(group)}>
              {group}
            </button>
          ))}
        </div>
        <div>
          <div className="label" id="tag-colour-label">{messages.colour}</div>
          <div className="palette" role="radiogroup" aria-labelledby="tag-colour-label">
            {TAG_COLOURS.map((option) => (
              <button key={option} type="button" role="radio" aria-checked={option === colour} aria-label={TAG_COLOUR_NAMES[option]} title={TAG_COLOUR_NAMES[option]} className={option === colour ? 'swatch chosen' : 'swatch'} style={{ background: option }} onClick={() => setColour(option)}></button>
            ))}
          </div>
        </div>
        <div className="preview">
          <span className="chip" style={{ color: tagTextColour(colour), borderColor: colour }}>
            {name.trim() || messages.name}
          </span>
        </div>
      </div>
      <DialogFooter busy={busy} disabled={!name.trim()} confirmLabel={messages.save} onCancel={onClose} onConfirm={submit} />
    </sl-dialog>
  );
}

function MergeDialog({ sources, onClose, onMerged }: { sources: Tag[] | null; onClose(): void; onMerged(): void }) {
  const ref = useDialogClose(onClose);
  const [targetId, setTargetId] = useState('');
  const [busy, run] = useBusyAction();
  useEffect(() => {
    if (sources) setTargetId(String(sources[0]?.id ?? ''));
  }, [sources]);
  const target = sources?.find((tag) => String(tag.id) === targetId);
  return (
    <sl-dialog ref={ref} label={messages.merge} open={sources !== null}>
      <div className="form">
        <sl-select label={messages.mergeInto} value={targetId} onsl-change={(event: Event) => setTargetId(String((event.target as HTMLInputElement).value))}>
          {(sources ?? []).map((tag) => (
            <sl-option key={tag.id} value={String(tag.id)}>
              {tag.name}（{messages.customers(tag.count)}）
            </sl-option>
          ))}
        </sl-select>
        {target && sources ? <p>{messages.mergeConfirm(sources.length - 1, target.name)}</p> : null}
      </div>
      <DialogFooter
        busy={busy}
        disabled={!target}
        confirmLabel={messages.confirm}
        onCancel={onClose}
        onConfirm={() =>
          run(async () => {
            if (!sources || !target) return;
            const merged = await tagApi.merge(sources.filter((tag) => tag.id !== target.id).map((tag) => tag.id), target.id);
            toast.success(messages.merged(merged.name, merged.count));
            onMerged();
            onClose();
          })
        }
      />
    </sl-dialog>
  );
}

function GroupDialog({ name, onClose, onRenamed }: { name: string | null; onClose(): void; onRenamed(): void }) {
  const ref = useDialogClose(onClose);
  const [next, setNext] = useState('');
  const [busy, run] = useBusyAction();
  useEffect(() => {
    if (name !== null) setNext(name);
  }, [name]);
  return (
    <sl-dialog ref={ref} label={messages.renameGroup} open={name !== null}>
      <sl-input label={messages.group} value={next} maxlength="12" onsl-input={(event: Event) => setNext((event.target as HTMLInputElement).value)}></sl-input>
      <DialogFooter
        busy={busy}
        disabled={!next.trim()}
        confirmLabel={messages.save}
        onCancel={onClose}
        onConfirm={() =>
          run(async () => {
            if (name === null) return;
            await tagApi.renameGroup(name, next.trim());
            toast.success(messages.groupRenamed(next.trim()));
            onRenamed();
            onClose();
          })
        }
      />
    </sl-dialog>
  );
}
