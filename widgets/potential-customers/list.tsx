import { useMemo, useState } from 'react';
import '@shoelace-style/shoelace/dist/components/button/button.js';
import '@shoelace-style/shoelace/dist/components/checkbox/checkbox.js';
import '@shoelace-style/shoelace/dist/components/input/input.js';
import '@shoelace-style/shoelace/dist/components/select/select.js';
import '@shoelace-style/shoelace/dist/components/option/option.js';
import '@shoelace-style/shoelace/dist/components/tag/tag.js';
import { navigate, session, useLatestAnswer, useLazyDialogs, useRowSelection, useSearchKeyword, useValue, type WidgetProps } from '../core';
import { POTENTIAL_STATUSES, POTENTIAL_STATUS_LABELS, isFollowUpDue, isFollowUpOverdue, type PotentialStatus } from '../../contracts/rules/potential';
import { potentialApi, type Lead, type ListQuery, type PotentialPage } from './api';
import { messages } from './messages';
import { potentialCustomersStyles } from './styles';

type Dialog = { type: 'lead'; lead: Lead | null } | { type: 'followUp'; lead: Lead } | { type: 'assign'; leads: Lead[] } | { type: 'convert'; lead: Lead };

const STATUS_VARIANT: Record<PotentialStatus, string> = { pending: 'warning', following: 'primary', visited: 'success', invalid: 'neutral' };
const CUSTOMER_LIST_PATH = '/home/externalmanage';

const inputValue = (event: Event) => (event.target as HTMLInputElement).value;
/** Whole days from one 'YYYY-MM-DD' to a later one (both read as UTC midnights, so no zone shifts them). */
const daysLate = (from: string, to: string) => Math.round((Date.parse(to) - Date.parse(from)) / 86_400_000);
type DialogParts = typeof import('./dialog-parts');
const leadName = (lead: Pick<Lead, 'name' | 'mobile' | 'plate'>) => lead.name || lead.mobile || lead.plate || messages.noName;

/**
 * 潜在客户: leads that have not visited, with status chips, filters, bulk assignment, follow-ups
 * and 转为客户. Its own element is <garage-potential-customers>; <garage-customer-import
 * kind="potential"> shows it as its 潜在客户 tab. Carries its styles, so it needs nothing from the embedder.
 */
export function PotentialCustomers({ host }: WidgetProps) {
  const token = useValue(session.usertoken);
  const me = Number(useValue(session.userId));
  const [status, setStatus] = useState<PotentialStatus | ''>('');
  // 工作台's 「潜在客户待跟进」 opens the page with ?due=1: the due chip is on.
  const [due, setDue] = useState(() => typeof window !== 'undefined' && new URLSearchParams(window.location.search).get('due') === '1');
  const [ownerId, setOwnerId] = useState('');
  const [source, setSource] = useState('');
  const [storeId, setStoreId] = useState('');
  const [page, setPage] = useState(1);
  const pageSize = 20;
  const { typed, setTyped, keyword } = useSearchKeyword(() => setPage(1));
  // The dialogs (and the Shoelace parts and date formats only they use) load with the first one opened.
  const [parts, setParts] = useState<DialogParts | null>(null);
  const { dialog, setDialog, closeIf } = useLazyDialogs<Dialog>(() => import('./dialog-parts').then(setParts));

  const query = useMemo<ListQuery>(
    () => ({ page, pageSize, due, ...(status ? { status } : {}), ...(keyword ? { keyword } : {}), ...(ownerId ? { ownerId: Number(ownerId) } : {}), ...(source ? { source } : {}), ...(storeId ? { storeIds: storeId } : {}) }),
    [page, pageSize, due, status, keyword, ownerId, source, storeId],
  );
  const { data, loading, failed, load } = useLatestAnswer(token, () => potentialApi.list(query), [query]);
  const { selected, toggle, allTicked, toggleAll, clear } = useRowSelection<Lead>([status, due, keyword, ownerId, source, storeId]);

  const filter = (change: () => void) => () => (change(), setPage(1));
  const canEdit = data?.canEdit ?? false;
  const today = data?.today ?? '';
  const pages = Math.max(1, Math.ceil((data?.total ?? 0) / pageSize));
  const selectable = (data?.rows ?? []).filter((lead) => lead.status !== 'visited');
  const total = data ? Object.values(data.counts).reduce((sum, count) => sum + count, 0) : 0;
  const done = () => (clear(), load());

  const openCustomer = (lead: Lead) => {
    const keyword = /\*/.test(lead.mobile) || !lead.mobile ? lead.plate || lead.name : lead.mobile;
    if (host) navigate(`${CUSTOMER_LIST_PATH}?condition=${encodeURIComponent(JSON.stringify({ keyword }))}`, host);
  };

  return (
    <div className="potential">
      <style>{potentialCustomersStyles}</style>
      <header className="head">
        <div>
          <h2>{messages.title}</h2>
          <p className="muted">{data && !canEdit ? messages.readOnly : messages.subtitle}</p>
        </div>
        {canEdit ? (
          <sl-button size="small" variant="primary" onClick={() => setDialog({ type: 'lead', lead: null })}>
            <sl-icon slot="prefix" name="person-plus"></sl-icon>
            {messages.create}
          </sl-button>
        ) : null}
      </header>

      <ul className="chips" aria-label={messages.columns.status}>
        <li>
          <button type="button" className="chip" aria-pressed={status === '' && !due} onClick={filter(() => (setStatus(''), setDue(false)))}>
            {messages.all} <span className="count">{total}</span>
          </button>
        </li>
        {POTENTIAL_STATUSES.map((each) => (
          <li key={each}>
            <button type="button" className="chip" data-status={each} aria-pressed={status === each} onClick={filter(() => (setStatus(each), setDue(false)))}>
              {POTENTIAL_STATUS_LABELS[each]} <span className="count">{data?.counts[each] ?? 0}</span>
            </button>
          </li>
        ))}
        <li>
          <button type="button" className="chip due" aria-pressed={due} onClick={filter(() => (setDue(!due), setStatus('')))}>
            {messages.due} <span className="count">{data?.due ?? 0}</span>
          </button>
        </li>
      </ul>

      <div className="filters">
        <sl-input size="small" type="search" clearable className="search" label={messages.search} placeholder={messages.searchPlaceholder} value={typed}
          onsl-input={(event: Event) => setTyped(inputValue(event))}>
          <sl-icon slot="prefix" name="search"></sl-icon>
        </sl-input>
        <sl-select size="small" label={messages.owner} value={ownerId || 'all'} className="owner-filter"
          onsl-change={(event: Event) => filter(() => setOwnerId(inputValue(event) === 'all' ? '' : inputValue(event)))()}>
          <sl-option value="all">{messages.anyOwner}</sl-option>
          <sl-option value="0">{messages.noOwner}</sl-option>
          {data?.staff.map((person) => <sl-option key={person.id} value={String(person.id)}>{person.name}</sl-option>)}
        </sl-select>
        <sl-select size="small" label={messages.source} value={source ? `s:${source}` : 'all'} className="source-filter"
          onsl-change={(event: Event) => filter(() => setSource(inputValue(event) === 'all' ? '' : inputValue(event).slice(2)))()}>
          <sl-option value="all">{messages.anySource}</sl-option>
          {data?.sources.map((each) => <sl-option key={each} value={`s:${each}`}>{each}</sl-option>)}
        </sl-select>
        {data && data.stores.length > 1 ? (
          <sl-select size="small" label={messages.store} value={storeId || 'all'} className="store-filter"
            onsl-change={(event: Event) => filter(() => setStoreId(inputValue(event) === 'all' ? '' : inputValue(event)))()}>
            <sl-option value="all">{messages.anyStore}</sl-option>
            {data.stores.map((store) => <sl-option key={store.id} value={String(store.id)}>{store.name}</sl-option>)}
          </sl-select>
        ) : null}
      </div>

      {canEdit && selected.size > 0 ? (
        <div className="bulk" role="region" aria-label={messages.assign}>
          <strong>{messages.selected(selected.size)}</strong>
          <sl-button size="small" variant="primary" onClick={() => setDialog({ type: 'assign', leads: [...selected.values()] })}>{messages.assign}</sl-button>
          <sl-button size="small" onClick={clear}>{messages.clearSelection}</sl-button>
        </div>
      ) : null}

      {failed ? (
        <div className="state" role="alert">
          <p>{messages.loadFailed}</p>
          <sl-button size="small" onClick={load}>{messages.retry}</sl-button>
        </div>
      ) : data && data.rows.length === 0 ? (
        <div className="state"><p>{total === 0 && !keyword ? messages.emptyAll : messages.empty}</p></div>
      ) : (
        <ul className="leads" aria-busy={data === null || loading} aria-label={messages.title}>
          <li className="titles">
            <span className="pick">
              {canEdit ? <sl-checkbox size="small" checked={allTicked(selectable)} disabled={selectable.length === 0} onsl-change={() => toggleAll(selectable)}><span className="visually-hidden">{messages.selectAll}</span></sl-checkbox> : null}
            </span>
            <span>{messages.columns.lead}</span>
            <span>{messages.columns.plate}</span>
            <span>{messages.columns.source}</span>
            <span>{messages.columns.status}</span>
            <span>{messages.columns.owner}</span>
            <span>{messages.columns.next}</span>
            <span>{messages.columns.last}</span>
            <span></span>
          </li>
          {data?.rows.map((lead) => {
            const closed = lead.status === 'visited' || lead.status === 'invalid';
            const overdue = isFollowUpOverdue(lead, today);
            const dueToday = !overdue && isFollowUpDue(lead, today);
            return (
              <li key={lead.id} className={closed ? 'lead closed' : 'lead'} data-lead={leadName(lead)} data-status={lead.status}>
                <span className="pick">
                  {canEdit && lead.status !== 'visited' ? (
                    <sl-checkbox size="small" checked={selected.has(lead.id)} onsl-change={() => toggle(lead)}>
                      <span className="visually-hidden">{messages.selectOne(leadName(lead))}</span>
                    </sl-checkbox>
                  ) : null}
                </span>
                <span className="who">
                  <strong className={lead.name ? '' : 'unnamed'}>{lead.name || messages.noName}</strong>
                  <span className="muted figure">{lead.mobile || messages.none}{data.stores.length > 1 ? ` · ${lead.storeName}` : ''}</span>
                </span>
                <span className="plate figure">{lead.plate || <span className="muted">{messages.none}</span>}</span>
                <span className="source">
                  <span>{lead.source || messages.none}</span>
                  <span>{lead.intent}</span>
                </span>
                <span className="status">
                  <sl-tag size="small" variant={STATUS_VARIANT[lead.status]}>{POTENTIAL_STATUS_LABELS[lead.status]}</sl-tag>
                </span>
                <span className={lead.ownerName ? 'owner' : 'owner muted'}>
                  <span className="label">{messages.owner}：</span>
                  {lead.ownerName || messages.noOwner}
                </span>
                <span className={`next figure${overdue ? ' overdue' : dueToday ? ' today' : ''}`}>
                  <span className="label">{messages.columns.next}：</span>
                  {lead.nextFollowUp ? (dueToday ? messages.today : lead.nextFollowUp.slice(5)) : messages.none}
                  {overdue ? <span className="small"> {messages.overdue(daysLate(lead.nextFollowUp!, today))}</span> : null}
                </span>
                <span className="last" title={lead.lastNote}>{lead.lastNote}</span>
                <span className="actions">
                  {lead.status === 'visited' ? (
                    <sl-button size="small" variant="text" className="link" onClick={() => openCustomer(lead)}>
                      <sl-icon slot="prefix" name="person-check"></sl-icon>
                      {messages.converted}
                    </sl-button>
                  ) : (
                    <>
                      <sl-button size="small" variant="text" onClick={() => setDialog({ type: 'followUp', lead })}>
                        {canEdit || lead.ownerId === me ? messages.followUp : messages.history}
                      </sl-button>
                      {canEdit ? <sl-button size="small" variant="text" onClick={() => setDialog({ type: 'lead', lead })}>{messages.edit}</sl-button> : null}
                      {canEdit ? <sl-button size="small" variant="text" onClick={() => setDialog({ type: 'convert', lead })}>{messages.convert}</sl-button> : null}
                    </>
                  )}
                </span>
              </li>
            );
          })}
        </ul>
      )}

      {data && data.total > pageSize ? (
        <div className="pager">
          <span className="muted small">{messages.pageOf(page, pages, data.total)}</span>
          <sl-button size="small" disabled={page <= 1} onClick={() => setPage(page - 1)}>{messages.previous}</sl-button>
          <sl-button size="small" disabled={page >= pages} onClick={() => setPage(page + 1)}>{messages.next}</sl-button>
        </div>
      ) : data && data.total > 0 ? (
        <div className="pager"><span className="muted small">{messages.pageOf(1, 1, data.total)}</span></div>
      ) : null}

      {parts ? (
        <>
          <parts.LeadDialog shown={dialog?.type === 'lead' ? dialog : null} data={data} onClose={closeIf('lead')} onSaved={() => (closeIf('lead')(), load())} />
          <parts.FollowUpDialog lead={dialog?.type === 'followUp' ? dialog.lead : null} canEdit={canEdit || (dialog?.type === 'followUp' && dialog.lead.ownerId === me)} today={today}
            onClose={closeIf('followUp')} onSaved={() => (closeIf('followUp')(), load())} />
          <parts.AssignDialog rows={dialog?.type === 'assign' ? dialog.leads : null} staff={data?.staff ?? []} text={messages.assignDialog} assign={potentialApi.assign}
            className="potential-dialog" onClose={closeIf('assign')} onSaved={() => (closeIf('assign')(), done())} />
          <parts.ConvertDialog lead={dialog?.type === 'convert' ? dialog.lead : null} onClose={closeIf('convert')} onSaved={() => (closeIf('convert')(), load())} />
        </>
      ) : null}
    </div>
  );
}
