import { useMemo, useState } from 'react';
import '@shoelace-style/shoelace/dist/components/button/button.js';
import '@shoelace-style/shoelace/dist/components/checkbox/checkbox.js';
import '@shoelace-style/shoelace/dist/components/input/input.js';
import '@shoelace-style/shoelace/dist/components/select/select.js';
import '@shoelace-style/shoelace/dist/components/option/option.js';
import '@shoelace-style/shoelace/dist/components/tag/tag.js';
import { emit, hasPermission, navigate, session, useLatestAnswer, useLazyDialogs, useRowSelection, useSearchKeyword, useValue, type WidgetProps } from '../core';
import { GARAGE_EVENTS } from '../../contracts/events';
import { Permission } from '../../contracts/permissions';
import { RENEWAL_BUCKETS, RENEWAL_BUCKET_NAMES, RENEWAL_STATES, RENEWAL_STATE_NAMES, type RenewalBucket, type RenewalState } from '../../contracts/insurance';
import { insuranceApi, type Policy, type RenewalPage, type RenewalQuery, type SearchPage } from './api';
import { messages } from './messages';

type Dialog = { type: 'followUp'; policy: Policy } | { type: 'assign'; policies: Policy[] };
type DialogParts = typeof import('./dialog-parts');
/** The pipeline's tabs: the buckets from the most urgent, then every policy (search). */
type Tab = RenewalBucket | 'all';
const TABS: Tab[] = ['expired', 'd7', 'd30', 'd60', 'd90', 'all'];

const STATE_VARIANT: Record<RenewalState, string> = { pending: 'warning', contacted: 'primary', quoted: 'primary', renewed: 'success', lost: 'neutral' };
export const SMS_PATH = '/home/sms/smsWork';
export const QUOTE_PATH = '/home/shop/insurance-quote';
export const PANORAMA_PATH = '/home/clientspano';
/** 批量导入保单: <garage-customer-import kind="policy"> on its own page (host-app/src/routes.ts). */
export const POLICY_IMPORT_PATH = '/home/shop/insurance-import';

const inputValue = (event: Event) => (event.target as HTMLInputElement).value;
const masked = (mobile: string) => !mobile || mobile.includes('*');
const PAGE_SIZE = 20;

/**
 * 保险查询: the renewal pipeline by expiry bucket with follow-up chips, search over every policy,
 * follow-ups, bulk assignment, and from each row a call, the renewal SMS and a quote.
 */
export function InsuranceLookup({ host }: WidgetProps) {
  const token = useValue(session.usertoken);
  const [tab, setTab] = useState<Tab>('d7');
  const [state, setState] = useState<RenewalState | ''>('');
  const [due, setDue] = useState(false);
  const [ownerId, setOwnerId] = useState('');
  const [storeId, setStoreId] = useState('');
  const [page, setPage] = useState(1);
  const { typed, setTyped, keyword } = useSearchKeyword(() => setPage(1));
  const [parts, setParts] = useState<DialogParts | null>(null);
  const { dialog, setDialog, closeIf } = useLazyDialogs<Dialog>(() => import('./dialog-parts').then(setParts));

  const query = useMemo<RenewalQuery>(
    () => ({
      page, pageSize: PAGE_SIZE, due,
      ...(tab !== 'all' ? { bucket: tab } : {}), ...(state ? { state } : {}), ...(keyword ? { keyword } : {}),
      ...(ownerId ? { ownerId: Number(ownerId) } : {}), ...(storeId ? { storeIds: storeId } : {}),
    }),
    [tab, page, due, state, keyword, ownerId, storeId],
  );
  // The pipeline answers the tabs' counts and the staff even while 全部保单 is shown.
  const { data, loading, failed, load } = useLatestAnswer(
    token,
    () =>
      Promise.all([
        insuranceApi.renewals(tab === 'all' ? { ...query, page: 1, pageSize: 5, bucket: 'd7' } : query),
        tab === 'all' ? insuranceApi.search({ page, pageSize: PAGE_SIZE, ...(keyword ? { keyword } : {}), ...(storeId ? { storeIds: storeId } : {}) }) : Promise.resolve(null),
      ]),
    [query],
  );
  const [pipeline, found] = data ?? [null, null];
  const { selected, toggle, allTicked, toggleAll, clear } = useRowSelection<Policy>([tab, state, due, keyword, ownerId, storeId]);

  const filter = (change: () => void) => () => (change(), setPage(1));
  const answer = tab === 'all' ? found : pipeline;
  const rows = answer?.rows ?? [];
  const total = answer?.total ?? 0;
  const pages = Math.max(1, Math.ceil(total / PAGE_SIZE));
  const stateTotal = pipeline ? Object.values(pipeline.states).reduce((sum, count) => sum + count, 0) : 0;

  const call = (policy: Policy) => host && emit(host, GARAGE_EVENTS.call, { number: policy.mobile, customerId: policy.customerId, name: policy.customerName });
  const sms = (policy: Policy) => host && navigate(`${SMS_PATH}?customerIds=${policy.customerId}&template=insurance`, host);
  const quote = (policy: Policy) => host && navigate(`${QUOTE_PATH}?vehicleId=${policy.vehicleId}`, host);
  const panorama = (policy: Policy) => host && navigate(`${PANORAMA_PATH}?vehicleId=${policy.vehicleId}`, host);

  return (
    <div className="lookup">
      <header className="head">
        <div>
          <h2>{messages.title}</h2>
          <p className="muted">{messages.subtitle}</p>
        </div>
        {host && hasPermission(Permission.customerImport) ? (
          <sl-button size="small" className="import-policies" onClick={() => navigate(POLICY_IMPORT_PATH, host)}>
            <sl-icon slot="prefix" name="upload"></sl-icon>{messages.importPolicies}
          </sl-button>
        ) : null}
      </header>

      <div className="tabs" role="tablist" aria-label={messages.buckets}>
        {TABS.map((each) => (
          <button key={each} type="button" role="tab" className="tab" data-bucket={each} aria-selected={tab === each}
            onClick={filter(() => (setTab(each), each === 'all' && (setState(''), setDue(false))))}>
            {each === 'all' ? messages.allPolicies : RENEWAL_BUCKET_NAMES[each]}
            {each !== 'all' ? <span className={`count${each === 'expired' || each === 'd7' ? ' urgent' : ''}`}>{pipeline?.buckets[each] ?? 0}</span> : null}
          </button>
        ))}
      </div>

      {tab !== 'all' ? (
        <ul className="chips" aria-label={messages.columns.state}>
          <li>
            <button type="button" className="chip" aria-pressed={state === '' && !due} onClick={filter(() => (setState(''), setDue(false)))}>
              {messages.allStates} <span className="count">{stateTotal}</span>
            </button>
          </li>
          {RENEWAL_STATES.map((each) => (
            <li key={each}>
              <button type="button" className="chip" data-state={each} aria-pressed={state === each} onClick={filter(() => (setState(each), setDue(false)))}>
                {RENEWAL_STATE_NAMES[each]} <span className="count">{pipeline?.states[each] ?? 0}</span>
              </button>
            </li>
          ))}
          <li>
            <button type="button" className="chip due" aria-pressed={due} onClick={filter(() => (setDue(!due), setState('')))}>{messages.due}</button>
          </li>
        </ul>
      ) : null}

      <div className="filters">
        <sl-input size="small" type="search" clearable className="search" label={messages.search} placeholder={messages.searchPlaceholder} value={typed}
          onsl-input={(event: Event) => setTyped(inputValue(event))}>
          <sl-icon slot="prefix" name="search"></sl-icon>
        </sl-input>
        {tab !== 'all' ? (
          <sl-select size="small" label={messages.owner} value={ownerId || 'all'} className="owner-filter"
            onsl-change={(event: Event) => filter(() => setOwnerId(inputValue(event) === 'all' ? '' : inputValue(event)))()}>
            <sl-option value="all">{messages.anyOwner}</sl-option>
            <sl-option value="0">{messages.noOwner}</sl-option>
            {pipeline?.staff.map((person) => <sl-option key={person.id} value={String(person.id)}>{person.name}</sl-option>)}
          </sl-select>
        ) : null}
        {pipeline && pipeline.stores.length > 1 ? (
          <sl-select size="small" label={messages.store} value={storeId || 'all'} className="store-filter"
            onsl-change={(event: Event) => filter(() => setStoreId(inputValue(event) === 'all' ? '' : inputValue(event)))()}>
            <sl-option value="all">{messages.anyStore}</sl-option>
            {pipeline.stores.map((store) => <sl-option key={store.id} value={String(store.id)}>{store.name}</sl-option>)}
          </sl-select>
        ) : null}
      </div>

      {pipeline && !pipeline.reminderEnabled ? <p className="notice small">{messages.reminderOff}</p> : null}

      {selected.size > 0 ? (
        <div className="bulk" role="region" aria-label={messages.assign}>
          <strong>{messages.selected(selected.size)}</strong>
          <sl-button size="small" variant="primary" onClick={() => setDialog({ type: 'assign', policies: [...selected.values()] })}>{messages.assign}</sl-button>
          <sl-button size="small" onClick={clear}>{messages.clearSelection}</sl-button>
        </div>
      ) : null}

      {failed ? (
        <div className="state" role="alert">
          <p>{messages.loadFailed}</p>
          <sl-button size="small" onClick={load}>{messages.retry}</sl-button>
        </div>
      ) : answer && rows.length === 0 ? (
        <div className="state"><p>{tab !== 'all' && !keyword && !state && !due ? messages.emptyBucket : messages.empty}</p></div>
      ) : (
        <ul className="policies" aria-busy={answer === null || loading} aria-label={messages.title}>
          <li className="titles">
            <span className="pick">
              <sl-checkbox size="small" checked={allTicked(rows)} disabled={rows.length === 0} onsl-change={() => toggleAll(rows)}><span className="visually-hidden">{messages.selectAll}</span></sl-checkbox>
            </span>
            <span>{messages.columns.vehicle}</span>
            <span>{messages.columns.customer}</span>
            <span>{messages.columns.insurer}</span>
            <span>{messages.columns.expiry}</span>
            <span>{messages.columns.premium}</span>
            <span>{messages.columns.state}</span>
            <span>{messages.columns.owner}</span>
            <span>{messages.columns.note}</span>
            <span></span>
          </li>
          {rows.map((policy) => {
            const closed = policy.state === 'renewed' || policy.state === 'lost';
            const today = pipeline?.today ?? '';
            const contactDue = !closed && policy.nextContact !== null && policy.nextContact <= today;
            return (
              <li key={policy.id} className={closed ? 'policy closed' : 'policy'} data-policy={policy.plate} data-state={policy.state}>
                <span className="pick">
                  <sl-checkbox size="small" checked={selected.has(policy.id)} onsl-change={() => toggle(policy)}>
                    <span className="visually-hidden">{messages.selectOne(policy.plate)}</span>
                  </sl-checkbox>
                </span>
                <span className="vehicle">
                  <button type="button" className="plate figure" onClick={() => panorama(policy)}>{policy.plate || messages.none}</button>
                  <span className="muted small">{policy.brand}{policy.vin ? ` · ${policy.vin.slice(-6)}` : ''}</span>
                </span>
                <span className="customer">
                  <strong>{policy.customerName}</strong>
                  <span className="muted small figure">{policy.mobile || messages.noMobile}{pipeline && pipeline.stores.length > 1 ? ` · ${policy.storeName}` : ''}</span>
                </span>
                <span className="insurer">
                  <span>{policy.insurer || messages.none}</span>
                  <span className="muted small mono">{policy.agentName ? messages.agent(policy.agentName) : policy.policyNo}</span>
                </span>
                <span className={`expiry${policy.daysLeft < 0 ? ' expired' : policy.daysLeft <= 7 ? ' soon' : ''}`}>
                  <span className="figure">{policy.expiryDate}</span>
                  <span className="small">{messages.daysLeft(policy.daysLeft)}</span>
                </span>
                <span className="premium">
                  <span className="figure">{messages.money(policy.compulsoryFen + policy.commercialFen)}</span>
                  <span className="muted small figure">{messages.compulsory} {messages.money(policy.compulsoryFen)} · {messages.commercial} {messages.money(policy.commercialFen)}</span>
                </span>
                <span className="state-cell">
                  <sl-tag size="small" variant={STATE_VARIANT[policy.state]}>{RENEWAL_STATE_NAMES[policy.state]}</sl-tag>
                  {policy.state === 'lost' && policy.lostReason ? <span className="muted small reason">{policy.lostReason}</span> : null}
                </span>
                <span className={policy.ownerName ? 'owner' : 'owner muted'}>
                  <span className="label">{messages.owner}：</span>
                  {policy.ownerName || messages.noOwner}
                  {policy.nextContact && !closed ? (
                    <span className={`next small figure${contactDue ? ' due' : ''}`}>
                      {messages.columns.next} {policy.nextContact === today ? messages.today : policy.nextContact.slice(5)}
                    </span>
                  ) : null}
                </span>
                <span className="note" title={policy.note}>{policy.note}</span>
                <span className="actions">
                  <sl-button size="small" variant="text" onClick={() => setDialog({ type: 'followUp', policy })}>{messages.followUp}</sl-button>
                  <sl-button size="small" variant="text" disabled={masked(policy.mobile)} title={masked(policy.mobile) ? messages.callMasked : undefined} onClick={() => call(policy)}>
                    {messages.call}
                  </sl-button>
                  <sl-button size="small" variant="text" onClick={() => sms(policy)}>{messages.sms}</sl-button>
                  <sl-button size="small" variant="text" onClick={() => quote(policy)}>{messages.quote}</sl-button>
                </span>
              </li>
            );
          })}
        </ul>
      )}

      {answer && total > PAGE_SIZE ? (
        <div className="pager">
          <span className="muted small">{messages.pageOf(page, pages, total)}</span>
          <sl-button size="small" disabled={page <= 1} onClick={() => setPage(page - 1)}>{messages.previous}</sl-button>
          <sl-button size="small" disabled={page >= pages} onClick={() => setPage(page + 1)}>{messages.next}</sl-button>
        </div>
      ) : answer && total > 0 ? (
        <div className="pager"><span className="muted small">{messages.pageOf(1, 1, total)}</span></div>
      ) : null}

      {parts ? (
        <>
          <parts.FollowUpDialog policy={dialog?.type === 'followUp' ? dialog.policy : null} lostReasons={pipeline?.lostReasons ?? []} today={pipeline?.today ?? ''}
            onClose={closeIf('followUp')} onSaved={() => (closeIf('followUp')(), load())} />
          <parts.AssignDialog rows={dialog?.type === 'assign' ? dialog.policies : null} staff={pipeline?.staff ?? []} text={messages.assignDialog}
            assign={insuranceApi.assign} className="insurance-dialog" onClose={closeIf('assign')} onSaved={() => (closeIf('assign')(), clear(), load())} />
        </>
      ) : null}
    </div>
  );
}
