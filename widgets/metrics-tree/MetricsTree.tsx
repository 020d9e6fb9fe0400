import { useEffect, useMemo, useState } from 'react';
import '@shoelace-style/shoelace/dist/components/button/button.js';
import '@shoelace-style/shoelace/dist/components/select/select.js';
import '@shoelace-style/shoelace/dist/components/option/option.js';
import { session, toast, useValue, useBusyAction, useDialogClose, DialogFooter, type WidgetProps, useLazyDialogs, usePageData } from '../core';
import { formatMetricValue, metricInputText, parseMetricInput, progressOf, type MetricUnit } from '../../contracts/rules/metrics';
import { metricsTreeApi, type Tree, type TreeNode } from './api';
import { messages } from './messages';

type Dialog = { type: 'node'; node: TreeNode | null; parent: TreeNode | null } | { type: 'delete'; node: TreeNode } | null;

const inputValue = (event: Event) => (event.target as HTMLInputElement).value;

/** 'YYYY-MM' moved by whole months. */
function shiftMonth(month: string, by: number): string {
  const index = Number(month.slice(0, 4)) * 12 + Number(month.slice(5, 7)) - 1 + by;
  return `${Math.floor(index / 12)}-${String((index % 12) + 1).padStart(2, '0')}`;
}

/** 「城东店 · 服务顾问 · 王师傅」 */
const scopeOf = (node: TreeNode) => [node.storeName, node.position, node.staffName].filter(Boolean).join(' · ');
const percentText = (share: number) => `${(Math.round(share * 1000) / 10).toLocaleString('zh-CN')}%`;

export function MetricsTree(_props: WidgetProps) {
  const token = useValue(session.usertoken);
  const [month, setMonth] = useState<string | undefined>(undefined);
  const { dialog, setDialog, close, partsReady: dialogParts } = useLazyDialogs<NonNullable<Dialog>>(() => import('./dialog-parts'));

  const { data, failed, refused, load } = usePageData<Tree>(token, () => metricsTreeApi.tree(month), [month]);

  const childrenOf = useMemo(() => {
    const map = new Map<number | null, TreeNode[]>();
    for (const node of data?.nodes ?? []) map.set(node.parentId, [...(map.get(node.parentId) ?? []), node]);
    return map;
  }, [data]);
  const descendants = (id: number): number => (childrenOf.get(id) ?? []).reduce((sum, child) => sum + 1 + descendants(child.id), 0);

  if (refused) return <div className="state" role="note"><p>{messages.refused}</p></div>;
  if (failed) {
    return (
      <div className="state" role="alert">
        <p>{messages.loadFailed}</p>
        <sl-button size="small" onClick={load}>{messages.retry}</sl-button>
      </div>
    );
  }

  const shownMonth = data?.month ?? month ?? '';
  const roots = childrenOf.get(null) ?? [];
  const mayAddRoot = Boolean(data && (data.canAddChainGoal || (data.canEdit && data.stores.length > 0)));

  const renderNode = (node: TreeNode) => {
    const share = progressOf(node.direction, node.actual, node.target);
    const reached = share !== null && share >= 1;
    const children = childrenOf.get(node.id) ?? [];
    return (
      <li key={node.id} className="branch" data-node={node.id}>
        <div className="node" data-store={node.storeName} data-metric={node.metric}>
          <div className="what">
            <strong className="metric-name">{node.metricName}</strong>
            <span className="scope muted">{scopeOf(node)}</span>
          </div>
          <div className="numbers">
            <span><span className="muted small">{messages.target}</span> <strong className="figure" data-target>{formatMetricValue(node.unit, node.target)}</strong></span>
            <span>
              <span className="muted small">{messages.actual}</span>{' '}
              <strong className="figure" data-actual>
                {node.actual === null ? (node.position && !node.staffName ? messages.noActualPosition : messages.noActual) : formatMetricValue(node.unit, node.actual)}
              </strong>
            </span>
          </div>
          <div className="progress">
            {share === null ? null : (
              <>
                <div className="bar" role="progressbar" aria-label={messages.progressLabel(`${scopeOf(node)}${node.metricName}`)}
                  aria-valuemin={0} aria-valuemax={100} aria-valuenow={Math.round(Math.min(share, 1) * 100)}>
                  <span className={reached ? 'fill done' : 'fill'} style={{ width: `${Math.min(share, 1) * 100}%` }}></span>
                </div>
                <span className="figure small" data-progress>{messages.progress(percentText(share))}</span>
              </>
            )}
          </div>
          {node.editable ? (
            <div className="actions">
              <sl-button size="small" variant="text" onClick={() => setDialog({ type: 'node', node: null, parent: node })}>{messages.addChild}</sl-button>
              <sl-button size="small" variant="text" onClick={() => setDialog({ type: 'node', node, parent: data?.nodes.find((each) => each.id === node.parentId) ?? null })}>{messages.edit}</sl-button>
              <sl-button size="small" variant="text" className="danger" onClick={() => setDialog({ type: 'delete', node })}>{messages.remove}</sl-button>
            </div>
          ) : null}
          {node.warning ? <p className="warning" role="status"><sl-icon name="exclamation-triangle"></sl-icon>{node.warning}</p> : null}
        </div>
        {children.length ? <ul className="children">{children.map(renderNode)}</ul> : null}
      </li>
    );
  };

  return (
    <div className="tree">
      <header className="head">
        <div>
          <h2>{messages.title}</h2>
          <p className="muted">{messages.subtitle}</p>
          {data ? <p className="muted small">{messages.span(data.from, data.to)}</p> : null}
          {data && !data.canEdit ? <p className="note" role="note">{messages.readOnly}</p> : null}
        </div>
        <div className="tools">
          <nav className="months" aria-label="统计月份">
            <sl-button size="small" disabled={!shownMonth} onClick={() => setMonth(shiftMonth(shownMonth, -1))}>
              <sl-icon slot="prefix" name="chevron-left"></sl-icon>{messages.previous}
            </sl-button>
            <strong className="month figure" aria-live="polite">{shownMonth ? messages.monthLabel(shownMonth) : ''}</strong>
            <sl-button size="small" disabled={!shownMonth} onClick={() => setMonth(shiftMonth(shownMonth, 1))}>
              {messages.next}<sl-icon slot="suffix" name="chevron-right"></sl-icon>
            </sl-button>
          </nav>
          {mayAddRoot ? (
            <sl-button size="small" variant="primary" onClick={() => setDialog({ type: 'node', node: null, parent: null })}>
              <sl-icon slot="prefix" name="plus-lg"></sl-icon>
              {data?.canAddChainGoal ? messages.addChainGoal : messages.addStoreGoal}
            </sl-button>
          ) : null}
        </div>
      </header>

      {data && roots.length === 0 ? (
        <div className="state"><p>{mayAddRoot ? messages.emptyAdmin : messages.empty}</p></div>
      ) : (
        <ul className="roots" aria-busy={data === null}>{roots.map(renderNode)}</ul>
      )}

      {dialogParts && data ? (
        <>
          <NodeDialog shown={dialog?.type === 'node' ? dialog : null} data={data} siblingsOf={(id) => childrenOf.get(id) ?? []} month={shownMonth}
            onClose={close} onSaved={() => (load(), close())} />
          <DeleteDialog node={dialog?.type === 'delete' ? dialog.node : null} children={dialog?.type === 'delete' ? descendants(dialog.node.id) : 0}
            onClose={close} onDone={() => (load(), close())} />
        </>
      ) : null}
    </div>
  );
}

function NodeDialog({ shown, data, siblingsOf, month, onClose, onSaved }: {
  shown: { node: TreeNode | null; parent: TreeNode | null } | null;
  data: Tree;
  siblingsOf(id: number): TreeNode[];
  month: string;
  onClose(): void;
  onSaved(): void;
}) {
  const ref = useDialogClose(onClose);
  const [busy, run] = useBusyAction();
  const node = shown?.node ?? null;
  const parent = shown?.parent ?? null;
  const [metric, setMetric] = useState('revenue');
  const [storeId, setStoreId] = useState(0);
  const [position, setPosition] = useState('');
  const [staffName, setStaffName] = useState('');
  const [target, setTarget] = useState('');
  const [tried, setTried] = useState(false);
  const chosen = data.metrics.find((each) => each.ref === metric);
  const unit: MetricUnit = chosen?.unit ?? '元';

  // What the parent has not yet given to children of the same metric: the natural target of a new child.
  const remaining = useMemo(() => {
    if (!parent || node) return null;
    const given = siblingsOf(parent.id).filter((child) => child.metric === parent.metric).reduce((sum, child) => sum + child.target, 0);
    return parent.target > given ? parent.target - given : null;
  }, [parent, node, siblingsOf]);

  useEffect(() => {
    if (!shown) return;
    setMetric(node?.metric ?? parent?.metric ?? 'revenue');
    setStoreId(node?.storeId ?? parent?.storeId ?? (data.canAddChainGoal ? 0 : data.stores[0]?.id ?? 0));
    setPosition(node?.position ?? '');
    setStaffName(node?.staffName ?? '');
    setTarget(node ? metricInputText(node.unit, node.target) : '');
    setTried(false);
    // Reset only when a dialog opens, not while its fields change.
  }, [shown]);

  const storeFixed = parent?.storeId != null;
  const chainAllowed = data.canAddChainGoal && !storeFixed;
  const raw = parseMetricInput(unit, target);
  const problem = !target.trim() ? messages.required(messages.fields.target) : raw === null ? messages.badTarget(unit) : '';
  const submit = () =>
    run(async () => {
      setTried(true);
      if (problem || raw === null) return;
      const fields = {
        metric,
        ...(storeId ? { storeId } : {}),
        position: position.trim(),
        staffName: chosen?.perStaff ? staffName : '',
        target: raw,
      };
      if (node) await metricsTreeApi.update({ ...fields, id: node.id, version: node.version });
      else await metricsTreeApi.create({ ...fields, ...(parent ? { parentId: parent.id } : { month }) });
      toast.success(messages.saved);
      onSaved();
    });

  const title = node ? `${messages.edit}：${node.metricName}` : parent ? `${messages.addChild}：${parent.metricName}（${parent.storeName}）` : data.canAddChainGoal ? messages.addChainGoal : messages.addStoreGoal;
  return (
    <sl-dialog ref={ref} label={title} open={shown !== null} className="node-dialog">
      <div className="form">
        <sl-select label={messages.fields.metric} value={metric} hoist onsl-change={(event: Event) => setMetric(inputValue(event))}>
          {data.metrics.map((each) => <sl-option key={each.ref} value={each.ref}>{`${each.name}（${each.unit}）`}</sl-option>)}
        </sl-select>
        {storeFixed ? (
          <p className="muted small">{messages.fields.store}：{messages.parentStore(parent!.storeName)}</p>
        ) : (
          <sl-select label={messages.fields.store} value={String(storeId)} hoist onsl-change={(event: Event) => setStoreId(Number(inputValue(event)))}>
            {chainAllowed ? <sl-option value="0">{messages.chain}</sl-option> : null}
            {data.stores.map((store) => <sl-option key={store.id} value={String(store.id)}>{store.name}</sl-option>)}
          </sl-select>
        )}
        <sl-input label={messages.fields.position} value={position} maxlength="20" help-text={messages.positionHelp}
          onsl-input={(event: Event) => setPosition(inputValue(event))}></sl-input>
        {chosen?.perStaff && data.staffNames.length ? (
          // Options by position: a name may hold a space, which an option's value cannot.
          <sl-select label={messages.fields.staff} placeholder={messages.noStaff} clearable hoist help-text={messages.staffHelp}
            value={staffName ? String(data.staffNames.indexOf(staffName)) : ''} onsl-change={(event: Event) => setStaffName(data.staffNames[Number(inputValue(event) || -1)] ?? '')}>
            {data.staffNames.map((name, index) => <sl-option key={name} value={String(index)}>{name}</sl-option>)}
          </sl-select>
        ) : null}
        <sl-input label={`${messages.fields.target}（${unit}）`} value={target} inputmode="decimal" required
          help-text={tried && problem ? problem : remaining !== null && metric === parent?.metric ? messages.remaining(formatMetricValue(unit, remaining)) : ''}
          data-problem={tried && problem ? '' : undefined} onsl-input={(event: Event) => setTarget(inputValue(event))}></sl-input>
      </div>
      <DialogFooter busy={busy} confirmLabel={node ? messages.save : messages.create} onCancel={onClose} onConfirm={submit} />
    </sl-dialog>
  );
}

function DeleteDialog({ node, children, onClose, onDone }: { node: TreeNode | null; children: number; onClose(): void; onDone(): void }) {
  const ref = useDialogClose(onClose);
  const [busy, run] = useBusyAction();
  return (
    <sl-dialog ref={ref} label={messages.deleteTitle} open={node !== null}>
      <p>{node ? messages.confirmDelete(`${scopeOf(node)} ${node.metricName}`, children) : ''}</p>
      <DialogFooter variant="danger" busy={busy} confirmLabel={messages.remove} onCancel={onClose}
        onConfirm={() => node && run(async () => {
          await metricsTreeApi.remove(node.id, node.version);
          toast.success(messages.deleted);
          onDone();
        })} />
    </sl-dialog>
  );
}
