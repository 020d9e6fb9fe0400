import { useEffect, useMemo, useRef, useState, type DragEvent } from 'react';
import '@shoelace-style/shoelace/dist/components/button/button.js';
import { session, toast, useValue, useBusyAction, useDialogClose, ConfirmDialog, DialogFooter, type WidgetProps, useLazyDialogs, usePageData } from '../core';
import { departmentDeleteProblem, moveProblem, subtreeIds } from '../../contracts/rules/organization';
import { organizationApi, type Department, type Person, type Tree } from './api';
import { messages } from './messages';

type Dialog =
  | { type: 'name'; parent: Department | null; department: Department | null }
  | { type: 'move'; department: Department }
  | { type: 'delete'; department: Department }
  | { type: 'place'; department: Department }
  | null;

/** Where a dragged department would land: before or after a row, into it, or at the top level (id null). */
type Drop = { id: number | null; where: 'before' | 'after' | 'into' };

/** A place in the tree: the new parent and the position among its other children. */
type Place = { parentId: number | null; index: number };

const inputValue = (event: Event) => (event.target as HTMLInputElement).value;
const byOrder = (a: Department, b: Department) => a.sort - b.sort || a.id - b.id;

export function OrgStructure(_props: WidgetProps) {
  const token = useValue(session.usertoken);
  // The selection is the session's activeDepartmentId: other widgets on the page follow it, and it follows them.
  const activeId = Number(useValue(session.activeDepartmentId)) || null;
  const [collapsed, setCollapsed] = useState<Set<number>>(new Set());
  const [dragging, setDragging] = useState<number | null>(null);
  const [drop, setDrop] = useState<Drop | null>(null);
  const { dialog, setDialog, close, partsReady: dialogParts } = useLazyDialogs<NonNullable<Dialog>>(() => import('./dialog-parts'));

  const { data, failed, refused, load } = usePageData<Tree>(token, () => organizationApi.load());

  const departments = useMemo(() => data?.departments ?? [], [data]);
  const childrenOf = useMemo(() => {
    const map = new Map<number | null, Department[]>();
    for (const department of [...departments].sort(byOrder)) map.set(department.parentId, [...(map.get(department.parentId) ?? []), department]);
    return map;
  }, [departments]);
  const byId = useMemo(() => new Map(departments.map((department) => [department.id, department])), [departments]);
  const jobName = useMemo(() => new Map(data?.jobs.map((job) => [job.id, job.name])), [data]);
  const storeName = useMemo(() => new Map(data?.stores.map((store) => [store.id, store.name])), [data]);
  const selected = activeId !== null ? (byId.get(activeId) ?? null) : null;
  const canEdit = data?.canEdit ?? false;

  const select = (id: number | null) => {
    session.activeDepartmentId.value = id === null ? '' : String(id);
  };
  const treeRef = useRef<HTMLElement>(null);
  const detailRef = useRef<HTMLElement>(null);
  /** Narrow (the department below the tree): a click in the tree brings its department into view. */
  const show = (id: number) => {
    select(id);
    const tree = treeRef.current?.getBoundingClientRect();
    const detail = detailRef.current;
    if (tree && detail && detail.getBoundingClientRect().top >= tree.bottom) requestAnimationFrame(() => detail.scrollIntoView({ block: 'start', behavior: 'smooth' }));
  };

  /** Moves a department; the rule of contracts/rules/organization.ts is asked first, the server decides. */
  const moveTo = async (department: Department, place: Place) => {
    const problem = moveProblem(departments, department.id, place.parentId);
    if (problem) {
      toast.warning(problem);
      return;
    }
    try {
      await organizationApi.move(department, place.parentId, place.index);
      toast.success(messages.moved(department.name));
      if (place.parentId !== null) setCollapsed((now) => new Set([...now].filter((id) => id !== place.parentId)));
    } catch {
      /* toasted by the core (已被他人修改…) */
    } finally {
      load();
    }
  };

  const siblingsWithout = (parentId: number | null, id: number) => (childrenOf.get(parentId) ?? []).filter((other) => other.id !== id);

  /** Where a drop on `target` at `where` puts the dragged department, or null when it cannot go there. */
  const placeFor = (draggedId: number, target: Drop): Place | null => {
    if (target.id === draggedId) return null;
    if (target.id === null) return { parentId: null, index: siblingsWithout(null, draggedId).length };
    const row = byId.get(target.id)!;
    const place =
      target.where === 'into'
        ? { parentId: row.id, index: siblingsWithout(row.id, draggedId).length }
        : { parentId: row.parentId, index: siblingsWithout(row.parentId, draggedId).findIndex((other) => other.id === row.id) + (target.where === 'after' ? 1 : 0) };
    return moveProblem(departments, draggedId, place.parentId) === null ? place : null;
  };

  const dragOver = (event: DragEvent<HTMLElement>, id: number | null) => {
    if (dragging === null) return;
    let where: Drop['where'] = 'into';
    if (id !== null) {
      const box = event.currentTarget.getBoundingClientRect();
      const y = event.clientY - box.top;
      where = y < box.height * 0.25 ? 'before' : y > box.height * 0.75 ? 'after' : 'into';
    }
    if (!placeFor(dragging, { id, where })) return; // not a drop target: the browser shows 🚫
    event.preventDefault();
    event.dataTransfer.dropEffect = 'move';
    if (drop?.id !== id || drop.where !== where) setDrop({ id, where });
  };
  const dropOn = (event: DragEvent<HTMLElement>) => {
    event.preventDefault();
    const dragged = dragging !== null ? byId.get(dragging) : undefined;
    const place = dragged && drop ? placeFor(dragged.id, drop) : null;
    setDragging(null);
    setDrop(null);
    if (dragged && place) void moveTo(dragged, place);
  };

  const toggle = (id: number) => setCollapsed((now) => (now.has(id) ? new Set([...now].filter((other) => other !== id)) : new Set([...now, id])));

  const branch = (parentId: number | null, level: number) => (
    <ul className={level === 0 ? 'tree' : 'branch'}>
      {(childrenOf.get(parentId) ?? []).map((department) => {
        const kids = childrenOf.get(department.id) ?? [];
        const open = !collapsed.has(department.id);
        const hint = drop?.id === department.id ? ` drop-${drop.where}` : '';
        return (
          <li key={department.id}>
            <div
              className={`row${selected?.id === department.id ? ' selected' : ''}${dragging === department.id ? ' dragging' : ''}${hint}`}
              style={{ paddingLeft: `${4 + level * 18}px` }}
              data-department={department.name}
              draggable={canEdit}
              onDragStart={(event: DragEvent<HTMLElement>) => {
                event.dataTransfer.effectAllowed = 'move';
                event.dataTransfer.setData('text/plain', department.name);
                setDragging(department.id);
              }}
              onDragEnd={() => (setDragging(null), setDrop(null))}
              onDragOver={(event: DragEvent<HTMLElement>) => dragOver(event, department.id)}
              onDragLeave={() => drop?.id === department.id && setDrop(null)}
              onDrop={dropOn}
            >
              {kids.length > 0 ? (
                <button type="button" className="toggle" aria-expanded={open} aria-label={open ? messages.collapse(department.name) : messages.expand(department.name)}
                  onClick={() => toggle(department.id)}>
                  <sl-icon name={open ? 'chevron-down' : 'chevron-right'}></sl-icon>
                </button>
              ) : (
                <span className="toggle" aria-hidden="true"></span>
              )}
              <button type="button" className="node" aria-current={selected?.id === department.id ? 'true' : undefined} onClick={() => show(department.id)}>
                <span className="name">{department.name}</span>
                <span className="count figure">{messages.people(department.staffCount)}</span>
              </button>
            </div>
            {kids.length > 0 && open ? branch(department.id, level + 1) : null}
          </li>
        );
      })}
    </ul>
  );

  if (refused) return <div className="state boxed" role="note"><p>{messages.notAdmin}</p></div>;
  if (failed) {
    return (
      <div className="state boxed" role="alert">
        <p>{messages.loadFailed}</p>
        <sl-button size="small" onClick={load}>{messages.retry}</sl-button>
      </div>
    );
  }

  const unassigned = data?.staff.filter((person) => person.departmentId === null).length ?? 0;

  return (
    <div className="org">
      <header className="head">
        <div>
          <h2>{messages.title}</h2>
          <p className="muted">{data && !canEdit ? messages.readOnly : messages.subtitle}</p>
        </div>
        {canEdit ? (
          <sl-button size="small" variant="primary" onClick={() => setDialog({ type: 'name', parent: null, department: null })}>
            <sl-icon slot="prefix" name="plus-lg"></sl-icon>
            {messages.newTop}
          </sl-button>
        ) : null}
      </header>

      <div className="panes">
        <nav className="tree-pane" ref={treeRef} aria-busy={data === null} aria-label={messages.treeLabel}>
          {data && departments.length === 0 ? <p className="muted empty">{messages.emptyTree}</p> : branch(null, 0)}
          {dragging !== null ? (
            <div className={`drop-top${drop?.id === null ? ' over' : ''}`} onDragOver={(event: DragEvent<HTMLElement>) => dragOver(event, null)}
              onDragLeave={() => drop?.id === null && setDrop(null)} onDrop={dropOn}>
              {messages.dropTop}
            </div>
          ) : null}
          {data ? <p className="muted small foot">{unassigned > 0 ? messages.unassigned(unassigned) : ''}{canEdit && departments.length > 1 ? <span className="drag-hint"> {messages.dragHint}</span> : null}</p> : null}
        </nav>

        <section className="detail" ref={detailRef} aria-label={selected?.name ?? messages.staffTitle}>
          {selected && data ? (
            <Detail department={selected} data={data} childrenOf={childrenOf} byId={byId} jobName={jobName} storeName={storeName} canEdit={canEdit}
              onDialog={setDialog} onMove={moveTo} onChanged={load} />
          ) : (
            <div className="state"><p>{messages.pick}</p></div>
          )}
        </section>
      </div>

      {dialogParts ? (
        <>
          <NameDialog shown={dialog?.type === 'name' ? dialog : null} onClose={close}
            onSaved={(id, parentId) => {
              load();
              close();
              if (id !== null) select(id);
              if (parentId !== null) setCollapsed((now) => new Set([...now].filter((other) => other !== parentId)));
            }} />
          <MoveDialog shown={dialog?.type === 'move' ? dialog.department : null} departments={departments} childrenOf={childrenOf} onClose={close}
            onMove={async (department, parentId) => {
              await moveTo(department, { parentId, index: siblingsWithout(parentId, department.id).length });
              close();
            }} />
          <ConfirmDialog item={dialog?.type === 'delete' ? dialog.department : null} title={messages.deleteTitle} confirmLabel={messages.remove}
            text={(department) => messages.confirmDelete(department.name)} onClose={close}
            action={async (department) => (await organizationApi.remove(department), toast.success(messages.deleted(department.name)), select(null), load(), close())} />
          <PlaceDialog shown={dialog?.type === 'place' ? dialog.department : null} data={data} byId={byId} onClose={close} onPlaced={() => (load(), close())} />
        </>
      ) : null}
    </div>
  );
}

function Detail({ department, data, childrenOf, byId, jobName, storeName, canEdit, onDialog, onMove, onChanged }: {
  department: Department;
  data: Tree;
  childrenOf: Map<number | null, Department[]>;
  byId: Map<number, Department>;
  jobName: Map<number, string>;
  storeName: Map<number, string>;
  canEdit: boolean;
  onDialog(dialog: Dialog): void;
  onMove(department: Department, place: Place): Promise<void>;
  onChanged(): void;
}) {
  const [busy, run] = useBusyAction();
  const path: string[] = [];
  for (let at = byId.get(department.id)?.parentId ?? null; at !== null; at = byId.get(at)?.parentId ?? null) path.unshift(byId.get(at)?.name ?? '');
  const siblings = childrenOf.get(department.parentId) ?? [];
  const position = siblings.findIndex((other) => other.id === department.id);
  const kids = childrenOf.get(department.id)?.length ?? 0;
  const people = data.staff.filter((person) => person.departmentId === department.id);
  const shift = (by: number) => run(() => onMove(department, { parentId: department.parentId, index: position + by }));
  const remove = () => {
    const problem = departmentDeleteProblem({ childCount: kids, staffCount: department.staffCount });
    if (problem) toast.warning(problem);
    else onDialog({ type: 'delete', department });
  };
  const takeOut = (person: Person) =>
    run(async () => {
      await organizationApi.place(person, null);
      toast.success(messages.takenOut(person.nickName));
      onChanged();
    });

  return (
    <>
      <div className="detail-head">
        <h3>{department.name}</h3>
        <p className="muted small">
          {messages.path}：{[messages.top, ...path].join(' › ')}
          {kids > 0 ? ` · ${messages.children(kids)}` : ''}
        </p>
      </div>
      {canEdit ? (
        <div className="actions" role="group" aria-label={department.name}>
          <sl-button size="small" onClick={() => onDialog({ type: 'name', parent: department, department: null })}>{messages.newChild}</sl-button>
          <sl-button size="small" onClick={() => onDialog({ type: 'name', parent: null, department })}>{messages.rename}</sl-button>
          <sl-button size="small" disabled={busy || position <= 0} onClick={() => shift(-1)}>{messages.moveUp}</sl-button>
          <sl-button size="small" disabled={busy || position >= siblings.length - 1} onClick={() => shift(1)}>{messages.moveDown}</sl-button>
          <sl-button size="small" onClick={() => onDialog({ type: 'move', department })}>{messages.moveTo}</sl-button>
          <sl-button size="small" variant="text" className="danger" onClick={remove}>{messages.remove}</sl-button>
        </div>
      ) : null}
      <div className="staff-head">
        <h4>{messages.staffTitle}<span className="muted figure">（{messages.people(people.length)}）</span></h4>
        <sl-button size="small" variant="primary" outline onClick={() => onDialog({ type: 'place', department })}>
          <sl-icon slot="prefix" name="person-plus"></sl-icon>
          {messages.addStaff}
        </sl-button>
      </div>
      {people.length === 0 ? (
        <p className="muted none">{messages.noStaff}</p>
      ) : (
        <ul className="people">
          {people.map((person) => (
            <li key={person.id} className={person.enabled ? 'person' : 'person off'} data-username={person.username}>
              <div className="who">
                <strong>{person.nickName}</strong>
                <span className="muted small">{person.username}{person.enabled ? '' : ` · ${messages.disabled}`}</span>
              </div>
              <span className="job small">{person.jobId !== null ? (jobName.get(person.jobId) ?? '') : ''}</span>
              <span className="stores small muted">{person.storeIds.length ? person.storeIds.map((id) => storeName.get(id) ?? id).join('、') : messages.noStore}</span>
              {person.editable ? <sl-button size="small" variant="text" disabled={busy} onClick={() => takeOut(person)}>{messages.takeOut}</sl-button> : <span></span>}
            </li>
          ))}
        </ul>
      )}
    </>
  );
}

function NameDialog({ shown, onClose, onSaved }: {
  shown: { parent: Department | null; department: Department | null } | null;
  onClose(): void;
  onSaved(createdId: number | null, parentId: number | null): void;
}) {
  const ref = useDialogClose(onClose);
  const [busy, run] = useBusyAction();
  const [name, setName] = useState('');
  const [tried, setTried] = useState(false);
  useEffect(() => {
    if (!shown) return;
    setName(shown.department?.name ?? '');
    setTried(false);
  }, [shown]);
  const submit = () =>
    run(async () => {
      setTried(true);
      const trimmed = name.trim();
      if (!shown || !trimmed) return;
      if (shown.department) {
        await organizationApi.rename(shown.department, trimmed);
        toast.success(messages.renamed(trimmed));
        onSaved(null, null);
      } else {
        const answer = await organizationApi.create(trimmed, shown.parent?.id ?? null);
        toast.success(messages.created(trimmed));
        onSaved(answer.id, shown.parent?.id ?? null);
      }
    });
  const label = shown?.department ? messages.renameTitle(shown.department.name) : messages.newUnder(shown?.parent?.name ?? messages.top);
  return (
    <sl-dialog ref={ref} label={label} open={shown !== null} className="name-dialog">
      <form className="form" onSubmit={(event) => (event.preventDefault(), void submit())}>
        <sl-input label={messages.nameLabel} value={name} maxlength="30" required autofocus help-text={tried && !name.trim() ? messages.required : ''}
          data-problem={tried && !name.trim() ? '' : undefined} onsl-input={(event: Event) => setName(inputValue(event))}></sl-input>
      </form>
      <DialogFooter busy={busy} confirmLabel={shown?.department ? messages.save : messages.create} onCancel={onClose} onConfirm={submit} />
    </sl-dialog>
  );
}

function MoveDialog({ shown, departments, childrenOf, onClose, onMove }: {
  shown: Department | null;
  departments: Department[];
  childrenOf: Map<number | null, Department[]>;
  onClose(): void;
  onMove(department: Department, parentId: number | null): Promise<void>;
}) {
  const ref = useDialogClose(onClose);
  const [busy, run] = useBusyAction();
  const [target, setTarget] = useState('top');
  useEffect(() => setTarget(shown?.parentId === null || !shown ? 'top' : String(shown.parentId)), [shown]);
  const blocked = shown ? subtreeIds(departments, shown.id) : new Set<number>();
  const rows: { department: Department; level: number }[] = [];
  const walk = (parentId: number | null, level: number) => {
    for (const department of childrenOf.get(parentId) ?? []) {
      rows.push({ department, level });
      walk(department.id, level + 1);
    }
  };
  walk(null, 0);
  const parentId = target === 'top' ? null : Number(target);
  const unchanged = shown !== null && shown.parentId === parentId;
  return (
    <sl-dialog ref={ref} label={shown ? messages.moveTitle(shown.name) : ''} open={shown !== null} className="move-dialog">
      <p className="muted small intro">{messages.moveIntro}</p>
      <sl-radio-group label={messages.moveTo} value={target} onsl-change={(event: Event) => setTarget(inputValue(event))} className="targets">
        <sl-radio value="top">{messages.top}</sl-radio>
        {rows.map(({ department, level }) => (
          <sl-radio key={department.id} value={String(department.id)} style={{ marginLeft: `${(level + 1) * 18}px` }}
            disabled={blocked.has(department.id) || (shown !== null && moveProblem(departments, shown.id, department.id) !== null)}>
            {department.name}
          </sl-radio>
        ))}
      </sl-radio-group>
      <DialogFooter busy={busy} disabled={unchanged} confirmLabel={messages.move} onCancel={onClose} onConfirm={() => shown && run(() => onMove(shown, parentId))} />
    </sl-dialog>
  );
}

function PlaceDialog({ shown, data, byId, onClose, onPlaced }: {
  shown: Department | null;
  data: Tree | null;
  byId: Map<number, Department>;
  onClose(): void;
  onPlaced(): void;
}) {
  const ref = useDialogClose(onClose);
  const [busy, run] = useBusyAction();
  const [chosen, setChosen] = useState<number[]>([]);
  useEffect(() => setChosen([]), [shown]);
  const candidates = (data?.staff ?? []).filter((person) => person.editable && person.departmentId !== shown?.id);
  const submit = () =>
    run(async () => {
      if (!shown) return;
      let placed = 0;
      try {
        // One account at a time: each carries its own version (已被他人修改 names the one that changed).
        for (const person of candidates.filter((each) => chosen.includes(each.id))) {
          await organizationApi.place(person, shown.id);
          placed += 1;
        }
      } finally {
        if (placed > 0) toast.success(messages.placed(placed, shown.name));
        onPlaced();
      }
    });
  return (
    <sl-dialog ref={ref} label={shown ? messages.placeTitle(shown.name) : ''} open={shown !== null} className="place-dialog">
      {candidates.length === 0 ? (
        <p className="muted">{messages.placeNone}</p>
      ) : (
        <fieldset className="candidates">
          <legend className="muted small">{messages.placeIntro}</legend>
          {candidates.map((person) => (
            <sl-checkbox key={person.id} checked={chosen.includes(person.id)}
              onsl-change={() => setChosen(chosen.includes(person.id) ? chosen.filter((id) => id !== person.id) : [...chosen, person.id])}>
              {person.nickName}
              <span className="muted small">（{person.departmentId !== null ? messages.nowIn(byId.get(person.departmentId)?.name ?? '') : messages.nowNone}）</span>
            </sl-checkbox>
          ))}
        </fieldset>
      )}
      <DialogFooter busy={busy} disabled={chosen.length === 0} confirmLabel={messages.place} onCancel={onClose} onConfirm={submit} />
    </sl-dialog>
  );
}
