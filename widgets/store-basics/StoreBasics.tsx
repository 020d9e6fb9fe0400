import { useCallback, useEffect, useMemo, useState, type ReactNode } from 'react';
import '@shoelace-style/shoelace/dist/components/button/button.js';
import '@shoelace-style/shoelace/dist/components/tag/tag.js';
import { ApiError, bootstrap, session, toast, useValue, useBusyAction, useDialogClose, DialogFooter, type WidgetProps, useLazyDialogs, usePageData } from '../core';
import { formatDate, formatNumber } from '../core/formats';
import {
  CITY_IS_PROVINCE,
  PROVINCES,
  STORE_LIMITS,
  STORE_PHONE_RULE_TEXT,
  TIME_PATTERN,
  creditCodeProblem,
  hoursProblem,
  isProvince,
  isStorePhone,
  normaliseCreditCode,
} from '../../contracts/rules/store';
import { storeApi, type ProfileInput, type StoreProfile, type StoreProfiles } from './api';
import { messages } from './messages';
import { DateField } from '../core/ui/date-field';

type Dialog =
  | { type: 'profile'; store: StoreProfile | null }
  | { type: 'close'; store: StoreProfile }
  | { type: 'move'; store: StoreProfile }
  | null;

const inputValue = (event: Event) => (event.target as HTMLInputElement).value;

/** The store selector, the garage switcher and the current garage of this page follow a change at once. */
const refreshSession = () => void bootstrap();

/** A refused save: 已被他人修改 reloads what the other person saved (the core toasted the server's words). */
const isConflict = (error: unknown) => error instanceof ApiError && error.code === 409;

export function StoreBasics(_props: WidgetProps) {
  const token = useValue(session.usertoken);
  const { dialog, setDialog, closeIf, partsReady: dialogParts } = useLazyDialogs<NonNullable<Dialog>>(() => import('./dialog-parts'));
  const closers = useMemo(() => ({ profile: closeIf('profile'), close: closeIf('close'), move: closeIf('move') }), [closeIf]);

  const { data, failed, refused, load } = usePageData<StoreProfiles>(token, () => storeApi.list());

  /** After any change: the list and the page's selectors read afresh. */
  const changed = useCallback(() => {
    load();
    refreshSession();
  }, [load]);

  const open = data?.stores.filter((store) => !store.closed) ?? [];
  const closed = data?.stores.filter((store) => store.closed) ?? [];
  const openStores = open.filter((store) => !store.isHq);
  const anyEditable = data?.stores.some((store) => store.editable) ?? false;

  const reopen = async (store: StoreProfile) => {
    try {
      await storeApi.reopen(store.id, store.version);
      toast.success(messages.reopened(store.name));
    } catch {
      /* toasted by the core */
    }
    changed();
  };

  if (refused) return <div className="state" role="note"><p>{messages.notAllowed}</p></div>;

  return (
    <div className="stores">
      <header className="head">
        <div>
          <h2>{messages.title}</h2>
          <p className="muted">{messages.subtitle}</p>
          {data && !data.mayManage ? <p className="note" role="note">{anyEditable ? messages.storeAdminNote : messages.readOnlyNote}</p> : null}
        </div>
        {data?.mayManage ? (
          <sl-button size="small" variant="primary" onClick={() => setDialog({ type: 'profile', store: null })}>
            <sl-icon slot="prefix" name="plus-lg"></sl-icon>
            {messages.createStore}
          </sl-button>
        ) : null}
      </header>

      {failed ? (
        <div className="state" role="alert">
          <p>{messages.loadFailed}</p>
          <sl-button size="small" onClick={load}>{messages.retry}</sl-button>
        </div>
      ) : (
        <>
          <ul className="cards" aria-busy={data === null} aria-label={messages.title}>
            {open.map((store) => (
              <StoreCard key={store.id} store={store}>
                {store.editable ? <sl-button size="small" variant="text" onClick={() => setDialog({ type: 'profile', store })}>{messages.edit}</sl-button> : null}
                {data?.mayManage && !store.isHq && openStores.length > 1 ? (
                  <sl-button size="small" variant="text" className="danger" onClick={() => setDialog({ type: 'close', store })}>{messages.close}</sl-button>
                ) : null}
              </StoreCard>
            ))}
          </ul>
          {closed.length > 0 ? (
            <section aria-labelledby="closed-title">
              <h3 id="closed-title">{messages.closedTitle(closed.length)}</h3>
              <ul className="cards closed">
                {closed.map((store) => (
                  <StoreCard key={store.id} store={store}>
                    {data?.mayManage && store.customerCount > 0 ? (
                      <sl-button size="small" variant="text" onClick={() => setDialog({ type: 'move', store })}>{messages.moveCustomers}</sl-button>
                    ) : null}
                    {data?.mayManage ? <sl-button size="small" variant="text" onClick={() => void reopen(store)}>{messages.reopen}</sl-button> : null}
                    {store.editable ? <sl-button size="small" variant="text" onClick={() => setDialog({ type: 'profile', store })}>{messages.edit}</sl-button> : null}
                  </StoreCard>
                ))}
              </ul>
            </section>
          ) : null}
        </>
      )}

      {dialogParts ? (
        <>
          <ProfileDialog open={dialog?.type === 'profile'} store={dialog?.type === 'profile' ? dialog.store : null} onClose={closers.profile}
            onSaved={() => (changed(), closers.profile())} onStale={() => (load(), closers.profile())} />
          <CloseDialog store={dialog?.type === 'close' ? dialog.store : null} targets={openStores} onClose={closers.close}
            onDone={() => (changed(), closers.close())} />
          <MoveDialog store={dialog?.type === 'move' ? dialog.store : null} targets={openStores} onClose={closers.move}
            onDone={() => (changed(), closers.move())} />
        </>
      ) : null}
    </div>
  );
}

function StoreCard({ store, children }: { store: StoreProfile; children: ReactNode }) {
  const place = [store.province, store.city === store.province ? '' : store.city, store.district, store.address].filter(Boolean).join(' ');
  const shown = (text: string) => text || <span className="muted">{messages.none}</span>;
  return (
    <li className={store.closed ? 'card off' : 'card'} data-store={store.name}>
      <div className="card-head">
        <div className="name">
          <strong>{store.name}</strong>
          <span className="muted small">{[store.shortName, store.code].filter(Boolean).join(' · ')}</span>
        </div>
        <sl-tag size="small" variant={store.closed ? 'neutral' : store.isHq ? 'primary' : 'success'}>
          {store.closed ? messages.status.closed : store.isHq ? messages.status.hq : messages.status.open}
        </sl-tag>
      </div>
      <dl>
        <dt>{messages.labels.address}</dt><dd>{shown(place)}</dd>
        <dt>{messages.labels.phone}</dt><dd className="figure">{shown(store.phone)}</dd>
        <dt>{messages.labels.hours}</dt><dd className="figure">{store.opensAt}–{store.closesAt}</dd>
        {store.isHq ? null : <><dt>{messages.labels.bays}</dt><dd>{messages.bays(store.bays)}</dd></>}
        <dt>{messages.labels.licence}</dt><dd className="figure licence">{shown(store.licenceNo)}</dd>
        <dt>{messages.labels.openedOn}</dt><dd className="figure">{shown(store.openedOn ?? '')}</dd>
        {store.isHq ? null : (
          <>
            <dt>{messages.labels.customers}</dt>
            <dd>
              {messages.customers(formatNumber(store.customerCount))}
              {store.closed && store.customerCount > 0 ? <span className="muted small">{messages.notMoved}</span> : null}
            </dd>
          </>
        )}
        {store.closedAt ? <><dt>{messages.labels.closedAt}</dt><dd className="figure">{formatDate(store.closedAt)}</dd></> : null}
      </dl>
      <div className="actions">{children}</div>
    </li>
  );
}

type Draft = Record<keyof ProfileInput, string>;

const draftOf = (store: StoreProfile | null): Draft => ({
  name: store?.name ?? '',
  shortName: store?.shortName ?? '',
  province: store?.province ?? '',
  city: store?.city ?? '',
  district: store?.district ?? '',
  address: store?.address ?? '',
  phone: store?.phone ?? '',
  opensAt: store?.opensAt ?? '08:30',
  closesAt: store?.closesAt ?? '18:00',
  bays: String(store?.bays ?? 0),
  licenceNo: store?.licenceNo ?? '',
  openedOn: store?.openedOn ?? '',
});

/** The same rules as the server's contract (contracts/rules/store.ts), said under each field. */
function problemsOf(draft: Draft): Partial<Record<keyof Draft, string>> {
  const f = messages.fields;
  const required = (key: 'name' | 'city' | 'district' | 'address', label: string) => (draft[key].trim() ? '' : messages.required(label));
  const licence = draft.licenceNo.trim();
  return {
    name: required('name', f.name),
    province: isProvince(draft.province) ? '' : messages.chooseProvince,
    city: required('city', f.city),
    district: required('district', f.district),
    address: required('address', '详细地址'),
    phone: !draft.phone.trim() ? messages.required(f.phone) : isStorePhone(draft.phone.trim()) ? '' : `门店电话应为${STORE_PHONE_RULE_TEXT}`,
    opensAt: TIME_PATTERN.test(draft.opensAt) ? '' : '开始营业时间应为 时:分，如 08:30',
    closesAt: hoursProblem(draft.opensAt, draft.closesAt) ?? '',
    bays: /^\d{1,3}$/.test(draft.bays.trim()) ? '' : messages.badBays,
    licenceNo: licence ? creditCodeProblem(licence) ?? '' : '',
  };
}

function ProfileDialog({ open, store, onClose, onSaved, onStale }: { open: boolean; store: StoreProfile | null; onClose(): void; onSaved(): void; onStale(): void }) {
  const ref = useDialogClose(onClose);
  const [busy, run] = useBusyAction();
  const [draft, setDraft] = useState<Draft>(() => draftOf(store));
  const [tried, setTried] = useState(false);
  useEffect(() => {
    if (!open) return;
    setDraft(draftOf(store));
    setTried(false);
  }, [open, store]);
  const problems = problemsOf(draft);
  const set = (key: keyof Draft) => (event: Event) => {
    const value = inputValue(event);
    // A municipality is its own city (北京市 › 北京市 › 朝阳区).
    setDraft((now) => ({ ...now, [key]: value, ...(key === 'province' && CITY_IS_PROVINCE.includes(value) ? { city: value } : {}) }));
  };
  const submit = () =>
    run(async () => {
      setTried(true);
      if (Object.values(problems).some(Boolean)) return;
      const profile: ProfileInput = {
        name: draft.name.trim(), shortName: draft.shortName.trim(), province: draft.province as ProfileInput['province'], city: draft.city.trim(),
        district: draft.district.trim(), address: draft.address.trim(), phone: draft.phone.trim(), opensAt: draft.opensAt, closesAt: draft.closesAt,
        bays: Number(draft.bays), licenceNo: normaliseCreditCode(draft.licenceNo), openedOn: draft.openedOn,
      };
      try {
        if (store) {
          await storeApi.update(store.id, store.version, profile);
          toast.success(messages.saved(profile.name));
        } else {
          const answer = await storeApi.create(profile);
          toast.success(messages.created(profile.name, answer.code));
        }
        onSaved();
      } catch (error) {
        if (isConflict(error) && store) onStale();
        throw error;
      }
    });
  const field = (key: keyof Draft, props: Record<string, unknown> = {}) => {
    const problem = tried ? problems[key] : '';
    const help = (messages.help as Record<string, string>)[key] ?? '';
    return (
      <sl-input key={key} className={`field-${key}`} label={messages.fields[key]} value={draft[key]} help-text={problem || help}
        data-problem={problem ? '' : undefined} onsl-input={set(key)} {...props}></sl-input>
    );
  };
  return (
    <sl-dialog ref={ref} label={store ? messages.editTitle(store.name) : messages.createStore} open={open} className="profile-dialog">
      <div className="form">
        {field('name', { maxlength: STORE_LIMITS.name, required: true })}
        {field('shortName', { maxlength: STORE_LIMITS.shortName })}
        <sl-select className="field-province" label={messages.fields.province} placeholder={messages.chooseProvince} value={draft.province} required hoist
          help-text={tried && problems.province ? problems.province : ''} data-problem={tried && problems.province ? '' : undefined}
          onsl-change={set('province')}>
          {PROVINCES.map((province) => <sl-option key={province} value={province}>{province}</sl-option>)}
        </sl-select>
        {field('city', { maxlength: STORE_LIMITS.city, required: true })}
        {field('district', { maxlength: STORE_LIMITS.district, required: true })}
        {field('address', { maxlength: STORE_LIMITS.address, required: true })}
        {field('phone', { maxlength: 20, inputmode: 'tel', required: true })}
        {field('bays', { type: 'number', min: 0, max: STORE_LIMITS.bays, inputmode: 'numeric' })}
        {/* Text, not type=time: the browser's time box shows 07:00 PM in an English browser; garages read 19:00. */}
        {field('opensAt', { maxlength: 5, placeholder: '08:30', inputmode: 'numeric' })}
        {field('closesAt', { maxlength: 5, placeholder: '18:00', inputmode: 'numeric' })}
        <DateField label={messages.fields.openedOn} value={draft.openedOn || undefined} helpText={tried ? problems.openedOn : ''}
          onChange={(day) => setDraft((now) => ({ ...now, openedOn: day ?? '' }))} />
        {field('licenceNo', { maxlength: 22, autocapitalize: 'characters', spellcheck: false })}
      </div>
      <DialogFooter busy={busy} confirmLabel={store ? messages.save : messages.create} onCancel={onClose} onConfirm={submit} />
    </sl-dialog>
  );
}

function TargetSelect({ value, targets, except, onChange, problem }: { value: string; targets: StoreProfile[]; except: number; onChange(value: string): void; problem: string }) {
  return (
    <sl-select label={messages.target} placeholder={messages.chooseTarget} value={value} hoist help-text={problem} data-problem={problem ? '' : undefined}
      onsl-change={(event: Event) => onChange(inputValue(event))}>
      {targets.filter((store) => store.id !== except).map((store) => <sl-option key={store.id} value={String(store.id)}>{store.name}</sl-option>)}
    </sl-select>
  );
}

function CloseDialog({ store, targets, onClose, onDone }: { store: StoreProfile | null; targets: StoreProfile[]; onClose(): void; onDone(): void }) {
  const ref = useDialogClose(onClose);
  const [busy, run] = useBusyAction();
  const [move, setMove] = useState('move');
  const [target, setTarget] = useState('');
  const [tried, setTried] = useState(false);
  useEffect(() => {
    setMove('move');
    setTarget('');
    setTried(false);
  }, [store]);
  const hasCustomers = (store?.customerCount ?? 0) > 0;
  const moving = hasCustomers && move === 'move';
  const problem = tried && moving && !target ? messages.chooseTarget : '';
  const submit = () =>
    run(async () => {
      setTried(true);
      if (!store || (moving && !target)) return;
      try {
        const answer = await storeApi.close(store.id, store.version, moving ? Number(target) : undefined);
        toast.success(messages.closedDone(store.name, answer.movedCustomers, answer.disabledStaff));
        onDone();
      } catch (error) {
        if (isConflict(error)) onDone();
        throw error;
      }
    });
  return (
    <sl-dialog ref={ref} label={store ? messages.closeTitle(store.name) : ''} open={store !== null} className="close-dialog">
      {store ? (
        <div className="form">
          <p>{messages.closeIntro(store.name)}</p>
          {hasCustomers ? (
            <>
              <sl-radio-group label={messages.customersChoice(formatNumber(store.customerCount))} value={move} onsl-change={(event: Event) => setMove(inputValue(event))}>
                <sl-radio value="move">{messages.moveNow}</sl-radio>
                <sl-radio value="keep">{messages.keepThere}</sl-radio>
              </sl-radio-group>
              {moving ? <TargetSelect value={target} targets={targets} except={store.id} onChange={setTarget} problem={problem} /> : null}
            </>
          ) : null}
          {store.storeOnlyStaff.length > 0 ? (
            <div className="warning" role="note">
              <p>{messages.staffWarning(store.storeOnlyStaff.length)}</p>
              <p><strong>{store.storeOnlyStaff.map((person) => `${person.nickName}（${person.username}）`).join('、')}</strong></p>
              <p className="small">{messages.staffHint}</p>
            </div>
          ) : null}
        </div>
      ) : null}
      <DialogFooter variant="danger" busy={busy} confirmLabel={messages.close} onCancel={onClose} onConfirm={submit} />
    </sl-dialog>
  );
}

function MoveDialog({ store, targets, onClose, onDone }: { store: StoreProfile | null; targets: StoreProfile[]; onClose(): void; onDone(): void }) {
  const ref = useDialogClose(onClose);
  const [busy, run] = useBusyAction();
  const [target, setTarget] = useState('');
  const [tried, setTried] = useState(false);
  useEffect(() => {
    setTarget('');
    setTried(false);
  }, [store]);
  const submit = () =>
    run(async () => {
      setTried(true);
      if (!store || !target) return;
      const answer = await storeApi.moveCustomers(store.id, Number(target));
      toast.success(messages.movedDone(answer.movedCustomers, targets.find((each) => String(each.id) === target)?.name ?? ''));
      onDone();
    });
  return (
    <sl-dialog ref={ref} label={store ? messages.moveTitle(store.name) : ''} open={store !== null} className="move-dialog">
      {store ? (
        <div className="form">
          <p>{messages.moveIntro(store.name, formatNumber(store.customerCount))}</p>
          <TargetSelect value={target} targets={targets} except={store.id} onChange={setTarget} problem={tried && !target ? messages.chooseTarget : ''} />
        </div>
      ) : null}
      <DialogFooter busy={busy} confirmLabel={messages.moveConfirm} onCancel={onClose} onConfirm={submit} />
    </sl-dialog>
  );
}
