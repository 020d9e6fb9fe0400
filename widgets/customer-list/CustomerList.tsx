import { lazy, Suspense, useCallback, useEffect, useLayoutEffect, useMemo, useRef, useState } from 'react';
import '@shoelace-style/shoelace/dist/components/button/button.js';
import '@shoelace-style/shoelace/dist/components/checkbox/checkbox.js';
import '@shoelace-style/shoelace/dist/components/dialog/dialog.js';
// <sl-dropdown> with its trigger check out of the first render (see there).
import '../core/ui/dropdown';
import '@shoelace-style/shoelace/dist/components/input/input.js';
import '@shoelace-style/shoelace/dist/components/select/select.js';
import '@shoelace-style/shoelace/dist/components/option/option.js';
import '@shoelace-style/shoelace/dist/components/tag/tag.js';
import { bootstrap, emit, hasPermission, isCancelled, navigate, session, toast, useValue, useBusyAction, useDialogClose, DialogFooter, type WidgetProps } from '../core';
import { daysFromToday, formatDate } from '../core/formats';
import { customerApi, type Chosen, type ConditionOptions, type CustomerPage, type CustomerRow, type SavedCondition } from './api';
import { ConditionBuilder, type Draft } from './ConditionBuilder';
import { useOptionsWhenReached } from '../core/ui/options-when-reached';
import type { CustomerConditionInput } from '../../contracts/customer-condition';
import { GARAGE_EVENTS } from '../../contracts/events';
import { BULK_LIMIT, DEFAULT_PAGE_SIZE, filterPart, storedCondition, type SortField } from '../../contracts/rules/customer';
import { tagTextColour } from '../../contracts/rules/tag';
import { Permission } from '../../contracts/permissions';
import { messages, stageLabels } from './messages';

export interface CustomerListProps {
  /** Limit the list to one store (else the stores chosen in the session or the builder). */
  storeId?: string;
  /** A condition to start with (JSON), e.g. from the board's drill-down. */
  condition?: CustomerConditionInput | null;
}

/** Event the phone bar listens for (widgets/phone-bar/line.ts). */
export const CALL_EVENT = GARAGE_EVENTS.call;
export const SMS_PATH = '/home/sms/smsWork';
// Rarely opened, so fetched on first use (keeps the list within its 90 KB).
const AdvisorDialog = lazy(() => import('./AdvisorDialog'));
const AddToGroupDialog = lazy(() => import('./AddToGroupDialog'));
const TagDialog = lazy(() => import('./TagDialog'));
export const PANORAMA_PATH = '/home/clientspano';
const COLUMNS_KEY = 'garage-customer-list.columns';

type ColumnKey = keyof typeof messages.column;
const ALL_COLUMNS: ColumnKey[] = ['customer', 'mobile', 'vehicles', 'store', 'level', 'tags', 'stage', 'lastVisitAt', 'visitCount', 'totalSpend', 'source', 'insuranceExpiry', 'nextMaintenanceDate', 'createdAt', 'actions'];
const DEFAULT_COLUMNS: ColumnKey[] = ['customer', 'mobile', 'vehicles', 'store', 'level', 'tags', 'stage', 'lastVisitAt', 'visitCount', 'totalSpend', 'actions'];
const SORTABLE: Partial<Record<ColumnKey, SortField>> = {
  customer: 'name',
  lastVisitAt: 'lastVisitAt',
  visitCount: 'visitCount',
  totalSpend: 'totalSpend',
  createdAt: 'createdAt',
  insuranceExpiry: 'insuranceExpiry',
  nextMaintenanceDate: 'nextMaintenanceDate',
};
const PAGE_SIZES = [10, 20, 50, 100];

/**
 * True from the first time `wanted` is true: a dialog or menu is made when first needed (the list's
 * four closed dialogs and its 15-checkbox column menu were in every first paint), then kept, so it
 * can play its closing animation and open again at once.
 */
function useMadeWhen(wanted: boolean): boolean {
  const [made, setMade] = useState(wanted);
  if (wanted && !made) setMade(true);
  return made || wanted;
}

function readColumns(): ColumnKey[] {
  try {
    const stored = JSON.parse(localStorage.getItem(COLUMNS_KEY) ?? 'null') as unknown;
    if (Array.isArray(stored)) return ALL_COLUMNS.filter((column) => stored.includes(column));
  } catch {
    /* unreadable preference: defaults */
  }
  return DEFAULT_COLUMNS;
}

/** ?condition=<JSON> in the page address (the board's drill-down) wins over the attribute. */
function initialDraft(condition: CustomerConditionInput | null | undefined): Draft {
  let start: unknown = condition ?? null;
  try {
    const fromUrl = new URLSearchParams(window.location.search).get('condition');
    if (fromUrl) start = JSON.parse(fromUrl);
  } catch {
    /* a hand-edited address: ignore it */
  }
  return start ? storedCondition(start) : {};
}

export function CustomerList({ storeId, condition, host }: CustomerListProps & WidgetProps) {
  const token = useValue(session.usertoken);
  const showPrice = useValue(session.isShowPrice);
  const showPhoneSetting = useValue(session.isShowPhone);
  const sessionPageSize = useValue(session.pageSize);
  const storeList = useValue(session.storeList);
  // The garage the token works in: a switch changes what the server answers. (It is restored at
  // startup, unlike session.storeId, which the bootstrap fills in later and would fetch twice.)
  const sessionGarageId = useValue(session.garageId);

  const [draft, setDraft] = useState<Draft>(() => initialDraft(condition));
  const [applied, setApplied] = useState<Draft>(draft);
  const [page, setPage] = useState(1);
  const [pageSize, setPageSize] = useState<number>(sessionPageSize || DEFAULT_PAGE_SIZE);
  // 系统设置 changed the garage's page size: an open list follows it (back to page 1).
  useEffect(() => {
    if (sessionPageSize) (setPageSize(sessionPageSize), setPage(1));
  }, [sessionPageSize]);
  // The page-size choice shows its current size; the other sizes are made when it is reached.
  const [allPageSizes, reachPageSize] = useOptionsWhenReached(false);
  const [sort, setSort] = useState<{ field: SortField; order: 'asc' | 'desc' } | undefined>();
  const [answer, setAnswer] = useState<CustomerPage | null>(null);
  const [status, setStatus] = useState<'loading' | 'ready' | 'error'>('loading');
  const [options, setOptions] = useState<ConditionOptions | null>(null);
  const [saved, setSaved] = useState<SavedCondition[]>([]);
  const [selected, setSelected] = useState<Set<number>>(new Set());
  // 选择全部: every customer the condition matches (not only the page), acted on by condition on the server.
  const [allMatching, setAllMatching] = useState(false);
  const [matchCount, setMatchCount] = useState<number | null>(null);
  const [columns, setColumns] = useState<ColumnKey[]>(readColumns);
  const [dialog, setDialog] = useState<'' | 'save' | 'group' | 'tag' | 'addToGroup' | 'advisor'>('');
  const [reloadKey, setReloadKey] = useState(0);
  const [columnMenuWanted, setColumnMenuWanted] = useState(false);
  const wantColumnMenu = () => setColumnMenuWanted(true);
  const columnMenuMade = useMadeWhen(columnMenuWanted);
  const saveDialogMade = useMadeWhen(dialog === 'save');
  const groupDialogMade = useMadeWhen(dialog === 'group');
  const tagDialogMade = useMadeWhen(dialog === 'tag');
  const addToGroupDialogMade = useMadeWhen(dialog === 'addToGroup');
  const advisorDialogMade = useMadeWhen(dialog === 'advisor');

  useEffect(() => {
    void bootstrap({ once: true });
  }, [token]);

  // The stores the session has chosen (store switch in the host) apply when the builder names none.
  // Keyed by value: the bootstrap re-reads the same store list at startup, which must not fetch twice.
  const sessionStoresKey = useMemo(() => {
    if (storeId) return String(Number(storeId));
    const chosen = storeList.filter((store) => store.selected).map((store) => Number(store.code));
    return chosen.length > 0 && chosen.length < storeList.length ? chosen.join(',') : '';
  }, [storeId, storeList]);
  const sessionStores = useMemo(() => (sessionStoresKey ? sessionStoresKey.split(',').map(Number) : []), [sessionStoresKey]);

  // A 保养到期 search shows each row's due date and km, whatever columns were picked.
  const dueSearch = applied.maintenanceDueWithinDays !== undefined;
  const shownColumns = useMemo(
    () => (dueSearch && !columns.includes('nextMaintenanceDate') ? ALL_COLUMNS.filter((c) => c === 'nextMaintenanceDate' || columns.includes(c)) : columns),
    [columns, dueSearch],
  );

  const request = useMemo<CustomerConditionInput>(() => {
    const base = filterPart(applied);
    const storeIds = base.storeIds && base.storeIds.length > 0 ? base.storeIds : sessionStores.length > 0 ? sessionStores : undefined;
    return { ...base, storeIds, sort, page, pageSize };
  }, [applied, sessionStores, sort, page, pageSize]);

  useEffect(() => {
    if (!token) return;
    const controller = new AbortController();
    setStatus('loading');
    customerApi
      .list(request, controller.signal)
      .then((result) => {
        setAnswer(result);
        setStatus('ready');
      })
      .catch((error: unknown) => {
        if (isCancelled(error) || controller.signal.aborted) return;
        setStatus('error');
      });
    return () => controller.abort();
  }, [request, token, reloadKey, sessionGarageId]);

  const loadOptions = useCallback(() => {
    if (!token) return;
    customerApi
      .options({ storeIds: sessionStores.length > 0 ? sessionStores : undefined })
      .then((result) => {
        setOptions(result);
        setSaved(result.savedConditions);
      })
      .catch(() => undefined);
  }, [token, sessionStores]);
  useEffect(loadOptions, [loadOptions]);

  const clearSelection = () => {
    setSelected(new Set());
    setAllMatching(false);
  };
  useEffect(() => {
    clearSelection();
    setMatchCount(null);
  }, [request]);

  const search = (next: Draft = draft) => {
    setDraft(next);
    setApplied(next);
    setPage(1);
  };
  const reset = () => search({});
  const tableWrap = useRef<HTMLDivElement>(null);
  const [addedColumn, setAddedColumn] = useState<ColumnKey | null>(null);
  const toggleColumn = (column: ColumnKey) => {
    const adding = !columns.includes(column);
    const next = adding ? ALL_COLUMNS.filter((c) => c === column || columns.includes(c)) : columns.filter((c) => c !== column);
    setColumns(next);
    setAddedColumn(adding ? column : null);
    localStorage.setItem(COLUMNS_KEY, JSON.stringify(next));
  };
  // A column just added may land past the table's right edge: scroll the table (not the page) to it.
  useLayoutEffect(() => {
    if (addedColumn) revealColumn(tableWrap.current, addedColumn);
  }, [addedColumn, shownColumns]);
  const sortBy = (field: SortField) => {
    setSort((current) => (current?.field === field ? (current.order === 'desc' ? { field, order: 'asc' } : undefined) : { field, order: 'desc' }));
    setPage(1);
  };

  const rows = answer?.list ?? [];
  const phoneMasked = Boolean(answer?.phoneMasked) || !showPhoneSetting;
  const pages = Math.max(1, Math.ceil((answer?.total ?? 0) / pageSize));
  const allOnPageSelected = rows.length > 0 && rows.every((row) => selected.has(row.id));
  const selectedRows = rows.filter((row) => selected.has(row.id));
  const moreThanPage = Boolean(answer && (answer.totalCapped || answer.total > rows.length));
  const offerAll = allOnPageSelected && moreThanPage && !allMatching;
  // A capped total says "at least": 选择全部 asks the server for the exact number once it is offered.
  useEffect(() => {
    if (!offerAll || matchCount !== null || !answer) return;
    if (!answer.totalCapped) return setMatchCount(answer.total);
    const controller = new AbortController();
    customerApi.count(filterPart(request), controller.signal).then((result) => setMatchCount(result.total), () => undefined);
    return () => controller.abort();
  }, [offerAll, matchCount, answer, request]);
  const chosen: Chosen = allMatching ? { condition: filterPart(request) } : { customerIds: [...selected] };
  const chosenCount = allMatching && matchCount !== null ? matchCount : selected.size;

  const call = (row: CustomerRow) => {
    if (host) emit(host, CALL_EVENT, { number: row.mobile, customerId: row.id, name: row.name });
  };

  const applySaved = (item: SavedCondition) => {
    const next = storedCondition(item.condition);
    search(next);
    toast.info(messages.conditionApplied(item.name));
  };
  const deleteSaved = async (item: SavedCondition) => {
    await customerApi.deleteCondition(item.id);
    setSaved((list) => list.filter((other) => other.id !== item.id));
    toast.success(messages.conditionDeleted(item.name));
  };

  return (
    <div className="customer-list">
      <ConditionBuilder
        draft={draft}
        options={options}
        showPrice={showPrice}
        onChange={setDraft}
        onSearch={search}
        onReset={reset}
        onSave={() => setDialog('save')}
        onSaveAsGroup={() => setDialog('group')}
      />

      <div className="saved" data-testid="saved-conditions">
        <span className="saved-label">{messages.savedConditions}</span>
        {saved.length === 0 ? <span className="muted">{messages.noSavedConditions}</span> : null}
        {saved.map((item) => (
          <sl-tag key={item.id} size="small" pill class="saved-chip" data-name={item.name}>
            {/* Two buttons, so the keyboard reaches both: Shoelace's own ✕ of a removable tag is out of the Tab order. */}
            <button type="button" className="apply" aria-label={messages.applySavedCondition(item.name)} onClick={() => applySaved(item)}>
              {item.name}
            </button>
            <sl-icon-button name="x-lg" class="remove" label={messages.deleteSavedCondition(item.name)} onClick={() => void deleteSaved(item)}></sl-icon-button>
          </sl-tag>
        ))}
      </div>

      <div className="toolbar">
        {selected.size > 0 ? (
          <div className="bulk" data-testid="bulk-bar">
            <strong>{allMatching ? messages.allSelected(chosenCount) : offerAll ? messages.pageSelected(selected.size) : messages.selected(selected.size)}</strong>
            {offerAll ? (
              <span className="select-all" data-testid="select-all">
                {matchCount === null ? (
                  <span className="muted">{messages.selectAllCounting}</span>
                ) : matchCount > BULK_LIMIT ? (
                  <span className="muted">{messages.selectAllTooMany(matchCount, BULK_LIMIT)}</span>
                ) : (
                  <button type="button" className="link" onClick={() => setAllMatching(true)}>
                    {messages.selectAll(matchCount)}
                  </button>
                )}
              </span>
            ) : null}
            <sl-button size="small" onClick={() => setDialog('tag')}>
              <sl-icon slot="prefix" name="tags"></sl-icon>
              {messages.bulkTag}
            </sl-button>
            <sl-button size="small" onClick={() => setDialog('addToGroup')}>
              <sl-icon slot="prefix" name="people"></sl-icon>
              {messages.bulkGroup}
            </sl-button>
            {hasPermission(Permission.customerImport) ? (
              <sl-button size="small" onClick={() => setDialog('advisor')}>
                <sl-icon slot="prefix" name="person-badge"></sl-icon>
                {messages.bulkAdvisor}
              </sl-button>
            ) : null}
            {/* Texting every match goes through a group (短信营销 › 客户分组), with its confirmation. */}
            {allMatching ? null : (
              <>
                <sl-button size="small" onClick={() => host && navigate(`${SMS_PATH}?customerIds=${[...selected].join(',')}`, host)}>
                  <sl-icon slot="prefix" name="chat-dots"></sl-icon>
                  {messages.bulkSms}
                </sl-button>
                <sl-button size="small" disabled={selectedRows.length !== 1 || phoneMasked} onClick={() => selectedRows[0] && call(selectedRows[0])}>
                  <sl-icon slot="prefix" name="telephone"></sl-icon>
                  {messages.bulkCall}
                </sl-button>
              </>
            )}
            <sl-button size="small" variant="text" onClick={clearSelection}>
              {messages.clearSelection}
            </sl-button>
          </div>
        ) : (
          <span className="total">
            <span data-testid="total">{answer ? (answer.totalCapped ? messages.totalAtLeast(answer.total) : messages.total(answer.total)) : '\u00a0'}</span>
            {answer?.totalCapped ? <span className="muted total-hint">{messages.totalAtLeastHint}</span> : null}
          </span>
        )}
        <sl-dropdown stay-open-on-select placement="bottom-end" onsl-show={wantColumnMenu}>
          <sl-button slot="trigger" size="small" caret onPointerEnter={wantColumnMenu} onPointerDown={wantColumnMenu} onFocus={wantColumnMenu}>
            <sl-icon slot="prefix" name="layout-three-columns"></sl-icon>
            {messages.columns}
          </sl-button>
          <div className="column-menu">
            {columnMenuMade && ALL_COLUMNS.filter((column) => column !== 'totalSpend' || showPrice).map((column) => (
              <sl-checkbox key={column} size="small" checked={columns.includes(column)} onsl-change={() => toggleColumn(column)}>
                {messages.column[column]}
              </sl-checkbox>
            ))}
          </div>
        </sl-dropdown>
      </div>

      <div className="table-wrap" ref={tableWrap} aria-busy={status === 'loading'}>
        {status === 'error' ? (
          <div className="state error" role="alert">
            <sl-icon name="exclamation-octagon"></sl-icon>
            <p>{messages.loadFailed}</p>
            <sl-button size="small" onClick={() => setReloadKey((key) => key + 1)}>
              {messages.retry}
            </sl-button>
          </div>
        ) : (
          <table className={status === 'loading' ? 'loading' : ''}>
            <thead>
              <tr>
                <th className="check">
                  <input
                    type="checkbox"
                    aria-label="全选本页"
                    checked={allOnPageSelected}
                    onChange={() => (allOnPageSelected ? clearSelection() : setSelected(new Set(rows.map((row) => row.id))))}
                  />
                </th>
                {shownColumns
                  .filter((column) => column !== 'totalSpend' || showPrice)
                  .map((column) => {
                    const field = SORTABLE[column];
                    const active = field && sort?.field === field ? sort.order : undefined;
                    return (
                      <th key={column} className={`col-${column}${field ? ' sortable' : ''}`} aria-sort={active === 'asc' ? 'ascending' : active === 'desc' ? 'descending' : undefined}>
                        {field ? (
                          <button type="button" className="sort" onClick={() => sortBy(field)}>
                            {messages.column[column]}
                            <span className={`arrow ${active ?? ''}`}>{active === 'asc' ? '▲' : active === 'desc' ? '▼' : '⇅'}</span>
                          </button>
                        ) : (
                          messages.column[column]
                        )}
                      </th>
                    );
                  })}
              </tr>
            </thead>
            <tbody>
              {rows.map((row) => (
                <tr key={row.id} className={selected.has(row.id) ? 'selected' : ''} data-customer-id={row.id}>
                  <td className="check">
                    <input
                      type="checkbox"
                      aria-label={`选择 ${row.name}`}
                      checked={selected.has(row.id)}
                      onChange={() => {
                        setAllMatching(false);
                        setSelected((current) => {
                          const next = new Set(current);
                          if (next.has(row.id)) next.delete(row.id);
                          else next.add(row.id);
                          return next;
                        });
                      }}
                    />
                  </td>
                  {shownColumns
                    .filter((column) => column !== 'totalSpend' || showPrice)
                    .map((column) => (
                      <td key={column} className={`col-${column}`} data-label={messages.column[column]}>
                        <Cell column={column} row={row} phoneMasked={phoneMasked} onCall={() => call(row)} onVehicle={(vehicleId) => host && navigate(`${PANORAMA_PATH}?vehicleId=${vehicleId}`, host)} />
                      </td>
                    ))}
                </tr>
              ))}
            </tbody>
          </table>
        )}
        {status !== 'error' && answer && answer.total === 0 ? (
          <div className="state empty">
            <sl-icon name="person-x"></sl-icon>
            <p>{messages.empty}</p>
            <p className="muted">{messages.emptyHint}</p>
            <sl-button size="small" onClick={reset}>
              {messages.clearConditions}
            </sl-button>
          </div>
        ) : null}
      </div>

      {answer && answer.total > 0 ? (
        <div className="pager">
          <span className="muted">{answer.totalCapped ? messages.pageOfAtLeast(page, Math.max(page, pages)) : messages.pageOf(page, pages)}</span>
          <sl-button size="small" disabled={page <= 1} onClick={() => setPage(page - 1)}>
            {messages.prevPage}
          </sl-button>
          {/* Past a capped count the pages go on while they are full. */}
          <sl-button size="small" disabled={answer.totalCapped ? rows.length < pageSize : page >= pages} onClick={() => setPage(page + 1)}>
            {messages.nextPage}
          </sl-button>
          <sl-select
            size="small"
            class="page-size"
            label={messages.pageSizeLabel}
            value={String(pageSize)}
            onsl-change={(event: Event) => {
              setPageSize(Number((event.target as HTMLInputElement).value));
              setPage(1);
            }}
            {...reachPageSize}
          >
            {(allPageSizes ? PAGE_SIZES : PAGE_SIZES.filter((size) => size === pageSize)).map((size) => (
              <sl-option key={size} value={String(size)}>
                {messages.pageSize(size)}
              </sl-option>
            ))}
          </sl-select>
        </div>
      ) : null}

      {saveDialogMade && <SaveConditionDialog
        open={dialog === 'save'}
        onClose={() => setDialog('')}
        onSave={async (name) => {
          const item = await customerApi.saveCondition(name, filterPart(draft));
          setSaved((list) => [...list.filter((other) => other.id !== item.id), item]);
          toast.success(messages.conditionSaved(item.name));
        }}
      />}
      {groupDialogMade && <GroupFromConditionDialog
        open={dialog === 'group'}
        onClose={() => setDialog('')}
        onCreate={async (name) => {
          const group = await customerApi.createGroup({ name, kind: 'condition', condition: filterPart({ ...draft, storeIds: request.storeIds }) });
          toast.success(messages.groupCreated(group.name, group.memberCount));
          loadOptions();
        }}
      />}
      {tagDialogMade && <Suspense fallback={null}><TagDialog
        open={dialog === 'tag'}
        count={chosenCount}
        options={options}
        onClose={() => setDialog('')}
        onTag={async (tagIds) => {
          const result = await customerApi.tagCustomers(tagIds, chosen);
          toast.success(messages.tagDone(result.customers));
          setReloadKey((key) => key + 1);
          loadOptions();
        }}
      /></Suspense>}
      {addToGroupDialogMade && <Suspense fallback={null}><AddToGroupDialog
        open={dialog === 'addToGroup'}
        count={chosenCount}
        groups={(options?.groups ?? []).filter((group) => group.kind === 'fixed')}
        onClose={() => setDialog('')}
        onAdd={async (target) => {
          if (typeof target === 'string') {
            const group = await customerApi.createGroup({ name: target, kind: 'fixed', ...chosen });
            toast.success(messages.groupAdded(group.name, group.memberCount));
          } else {
            const group = options?.groups.find((item) => item.id === target);
            const result = await customerApi.addToGroup(target, chosen);
            toast.success(messages.groupAdded(group?.name ?? '', result.memberCount));
          }
          loadOptions();
        }}
      /></Suspense>}
      {advisorDialogMade && <Suspense fallback={null}><AdvisorDialog
        open={dialog === 'advisor'}
        count={chosenCount}
        // Every match may be in any of the searched stores: the advisor must work in all of them.
        storeIds={allMatching ? (request.storeIds ?? storeList.map((store) => Number(store.code))) : [...new Set(selectedRows.map((row) => row.storeId))]}
        onClose={() => setDialog('')}
        onAssign={async (advisor) => {
          const result = await customerApi.assignAdvisor(chosen, advisor?.id ?? null);
          toast.success(advisor ? messages.advisorSet(advisor.name, result.updated) : messages.advisorCleared(result.updated));
        }}
      /></Suspense>}
    </div>
  );
}

function Cell({ column, row, phoneMasked, onCall, onVehicle }: { column: ColumnKey; row: CustomerRow; phoneMasked: boolean; onCall(): void; onVehicle(vehicleId: number): void }) {
  switch (column) {
    case 'customer':
      return (
        <span className="customer-name">
          {row.name}
          {row.gender ? <span className="muted"> {messages.gender[row.gender]}</span> : null}
        </span>
      );
    case 'mobile':
      return <span className="mono">{phoneMasked ? maskShown(row.mobile) : row.mobile}</span>;
    case 'vehicles':
      return (
        <span className="vehicles">
          {row.vehicles.slice(0, 2).map((vehicle) => (
            <button
              type="button"
              key={vehicle.id}
              className={vehicle.plate.length === 8 ? 'plate green' : 'plate'}
              title={`${vehicle.brand} ${vehicle.series} · ${messages.km(vehicle.mileage)} · ${messages.openPanorama}`}
              onClick={() => onVehicle(vehicle.id)}
            >
              {vehicle.plate}
            </button>
          ))}
          {row.vehicles.length > 2 ? <span className="muted">{messages.moreVehicles(row.vehicles.length)}</span> : null}
        </span>
      );
    case 'store':
      return <>{row.storeName}</>;
    case 'level':
      return <span className={`level level-${row.level}`}>{row.level || '—'}</span>;
    case 'tags':
      return (
        <span className="tags">
          {row.tags.slice(0, 3).map((tag) => (
            <span key={tag.id} className="tag" style={{ color: tagTextColour(tag.colour), borderColor: tag.colour }}>
              {tag.name}
            </span>
          ))}
          {row.tags.length > 3 ? <span className="muted">+{row.tags.length - 3}</span> : null}
        </span>
      );
    case 'stage':
      return <span className={`stage stage-${row.stage}`}>{stageLabels[row.stage]}</span>;
    case 'lastVisitAt':
      return row.lastVisitAt ? <>{formatDate(row.lastVisitAt)}</> : <span className="muted">{messages.never}</span>;
    case 'visitCount':
      return <>{row.visitCount}</>;
    case 'totalSpend':
      return <span className="money">{messages.money(row.totalSpend)}</span>;
    case 'source':
      return <>{row.source}</>;
    case 'insuranceExpiry': {
      const next = row.vehicles.map((vehicle) => vehicle.insuranceExpiry).filter((date): date is string => Boolean(date)).sort()[0];
      return next ? <span title={next}>{messages.dueIn(daysFromToday(next))}</span> : <span className="muted">—</span>;
    }
    case 'nextMaintenanceDate': {
      // The customer's next maintenance as the server reads it (contracts/rules/maintenance.ts): day and km.
      const next = row.nextMaintenance;
      if (!next) return <span className="muted">—</span>;
      return (
        <span className="due">
          <span className="mono">{next.date}</span> <span className="muted">{messages.dueIn(daysFromToday(next.date))}</span>
          <br />
          <span className="muted">
            {next.mileage !== null ? messages.km(next.mileage) : ''}
            {row.vehicles.length > 1 ? ` · ${next.plate}` : ''}
          </span>
        </span>
      );
    }
    case 'createdAt':
      return <>{formatDate(row.createdAt)}</>;
    case 'actions':
      // A plain button with the icon inline: one <sl-button> + <sl-icon> per row (each a shadow root,
      // slot watching and an icon fetch) was most of the list's first render (issue 10, speed).
      return (
        <button type="button" className="call" disabled={phoneMasked} title={phoneMasked ? messages.callDisabled : undefined} onClick={onCall}>
          {TELEPHONE_ICON}
          {messages.call}
        </button>
      );
  }
}

/**
 * Scrolls the table sideways so the column's header is in view beside the pinned 操作 column
 * (scrollIntoView would also scroll the page under the open column menu).
 */
function revealColumn(wrap: HTMLElement | null, column: ColumnKey) {
  const header = wrap?.querySelector<HTMLElement>(`th.col-${column}`);
  if (!wrap || !header) return;
  const frame = wrap.getBoundingClientRect();
  const cell = header.getBoundingClientRect();
  const pinned = column === 'actions' ? 0 : wrap.querySelector('th.col-actions')?.getBoundingClientRect().width ?? 0;
  const left = cell.left - frame.left - wrap.clientLeft + wrap.scrollLeft;
  const visible = wrap.clientWidth - pinned;
  if (left < wrap.scrollLeft) wrap.scrollLeft = left;
  else if (left + cell.width > wrap.scrollLeft + visible) wrap.scrollLeft = left + cell.width - visible;
}

/** Bootstrap Icons' `telephone` (the icon <sl-icon name="telephone"> draws), inline. */
const TELEPHONE_ICON = (
  <svg className="call-icon" viewBox="0 0 16 16" width="1em" height="1em" fill="currentColor" aria-hidden="true">
    <path d="M3.654 1.328a.678.678 0 0 0-1.015-.063L1.605 2.3c-.483.484-.661 1.169-.45 1.77a17.6 17.6 0 0 0 4.168 6.608 17.6 17.6 0 0 0 6.608 4.168c.601.211 1.286.033 1.77-.45l1.034-1.034a.678.678 0 0 0-.063-1.015l-2.307-1.794a.68.68 0 0 0-.58-.122l-2.19.547a1.75 1.75 0 0 1-1.657-.459L5.482 8.062a1.75 1.75 0 0 1-.46-1.657l.548-2.19a.68.68 0 0 0-.122-.58zM1.884.511a1.745 1.745 0 0 1 2.612.163L6.29 2.98c.329.423.445.974.315 1.494l-.547 2.19a.68.68 0 0 0 .178.643l2.457 2.457a.68.68 0 0 0 .644.178l2.189-.547a1.75 1.75 0 0 1 1.494.315l2.306 1.794c.829.645.905 1.87.163 2.611l-1.034 1.034c-.74.74-1.846 1.065-2.877.702a18.6 18.6 0 0 1-7.01-4.42 18.6 18.6 0 0 1-4.42-7.009c-.362-1.03-.037-2.137.703-2.877z" />
  </svg>
);

/** The server masks when the garage hides phones; the session flag hides them on this page too. */
function maskShown(mobile: string) {
  return /^\d{11}$/.test(mobile) ? `${mobile.slice(0, 3)}****${mobile.slice(7)}` : mobile;
}

function NameDialog({ open, title, label, placeholder, hint, initial, onClose, onSubmit }: {
  open: boolean;
  title: string;
  label: string;
  placeholder?: string;
  hint?: string;
  initial: string;
  onClose(): void;
  onSubmit(name: string): Promise<void>;
}) {
  const ref = useDialogClose<HTMLElement & { open: boolean }>(onClose);
  const [name, setName] = useState(initial);
  const [busy, run] = useBusyAction();
  useEffect(() => {
    if (open) setName(initial);
  }, [open, initial]);
  const submit = async () => {
    if (!name.trim()) return;
    await run(async () => {
      await onSubmit(name.trim());
      onClose();
    });
  };
  return (
    <sl-dialog ref={ref} label={title} open={open}>
      {hint ? <p className="muted dialog-hint">{hint}</p> : null}
      <sl-input
        label={label}
        placeholder={placeholder}
        value={name}
        maxlength="20"
        onsl-input={(event: Event) => setName((event.target as HTMLInputElement).value)}
        onKeyDown={(event: { key: string }) => {
          if (event.key === 'Enter') void submit();
        }}
      ></sl-input>
      <DialogFooter busy={busy} disabled={!name.trim()} confirmLabel={messages.save} onCancel={onClose} onConfirm={submit} />
    </sl-dialog>
  );
}

function SaveConditionDialog({ open, onClose, onSave }: { open: boolean; onClose(): void; onSave(name: string): Promise<void> }) {
  return <NameDialog open={open} title={messages.saveCondition} label={messages.conditionName} placeholder={messages.conditionNamePlaceholder} initial="" onClose={onClose} onSubmit={onSave} />;
}

function GroupFromConditionDialog({ open, onClose, onCreate }: { open: boolean; onClose(): void; onCreate(name: string): Promise<void> }) {
  const [initial, setInitial] = useState('');
  useEffect(() => {
    if (open) customerApi.nextGroupName().then(setInitial, () => undefined);
  }, [open]);
  return <NameDialog open={open} title={messages.saveAsGroup} label={messages.groupName} hint={messages.saveAsGroupHint} initial={initial} onClose={onClose} onSubmit={onCreate} />;
}


