import { useEffect, useMemo, useRef, useState } from 'react';
import '@shoelace-style/shoelace/dist/components/button/button.js';
import '@shoelace-style/shoelace/dist/components/checkbox/checkbox.js';
import '@shoelace-style/shoelace/dist/components/input/input.js';
import '@shoelace-style/shoelace/dist/components/select/select.js';
import '@shoelace-style/shoelace/dist/components/option/option.js';
import { ApiError, bootstrap, getConfig, session, toast, useBusyAction, useValue, type WidgetProps } from '../core';
import { SignedOut } from '../core/signed-out';
import { formatMinute } from '../core/formats';
import { addDays, addMonths, today as garageToday } from '../../contracts/dates';
import {
  ADD_ONS, CLAIM_HISTORIES, CLAIM_HISTORY_NAMES, ENERGY_KINDS, NCD_LEVELS, REGIONS, SEAT_LIMITS, SHARE_DAYS, THIRD_PARTY_LIMITS, VIOLATION_REGIONS,
  compulsoryPremiumOf, displacementProblem, familyClassFor, regionGroupOf, seatsProblem, vehicleTax, type AddOnCode, type ClaimHistory, type EnergyKind,
} from '../../contracts/insurance';
import { quoteApi, type Insurers, type QuoteDetail, type QuoteInput, type QuoteSheet, type ShareLink, type SharedQuote, type VehicleInsurance, type VehicleMatch } from './api';
import { PLATE_REGION, messages } from './messages';
import { DateField } from '../core/ui/date-field';

export interface QuoteProps {
  vehicleId?: string;
  share?: string;
}

const SHARE_PREFIX = '/insurance-share/';
type SheetParts = typeof import('./sheet-parts');
/** The sheet's parts, loaded once per page. */
let sheetParts: Promise<SheetParts> | null = null;
const loadSheetParts = () => (sheetParts ??= import('./sheet-parts'));
function useSheetParts(needed: boolean): SheetParts | null {
  const [parts, setParts] = useState<SheetParts | null>(null);
  useEffect(() => {
    if (needed && !parts) void loadSheetParts().then(setParts);
  }, [needed]);
  return parts;
}
const inputValue = (event: Event) => (event.target as HTMLInputElement).value;
const checked = (event: Event) => (event.target as HTMLInputElement).checked;
const ENERGY_LABELS: Record<EnergyKind, string> = { fuel: '燃油车', newEnergy: '新能源车（免车船税）' };

/** The share token: the attribute, else the public page's address (/insurance-share/<token>). */
function shareTokenFromPage(): string {
  if (typeof window === 'undefined') return '';
  const path = window.location.pathname;
  return path.startsWith(SHARE_PREFIX) ? decodeURIComponent(path.slice(SHARE_PREFIX.length).replace(/\/+$/, '')) : '';
}

function vehicleFromPage(): string {
  if (typeof window === 'undefined') return '';
  return new URLSearchParams(window.location.search).get('vehicleId') ?? '';
}

/** Where the share link opens: our site (the API's origin), not a partner page embedding us. */
function siteUrl(path: string): string {
  const api = new URL(getConfig().mainBase || '/api', window.location.href);
  return new URL(path, api.origin).toString();
}

/**
 * 保险报价: the composer for one vehicle, or — with a share token — the public read-only sheet a
 * customer opens on the phone without logging in.
 */
export function InsuranceQuote({ vehicleId, share, host, container }: QuoteProps & WidgetProps) {
  const token = useValue(session.usertoken);
  const shareToken = share || shareTokenFromPage();
  if (shareToken) return <SharedView token={shareToken} container={container} />;
  if (!token) return <SignedOut view="notice" host={host} />;
  return <Composer initialVehicle={vehicleId || vehicleFromPage()} container={container} />;
}

// ---------------------------------------------------------------- the public sheet

function SharedView({ token, container }: { token: string; container?: ShadowRoot }) {
  const [answer, setAnswer] = useState<SharedQuote | null>(null);
  const [problem, setProblem] = useState<{ gone: boolean; text: string } | null>(null);
  const sheetRef = useRef<HTMLDivElement>(null);
  const parts = useSheetParts(true);
  useEffect(() => {
    setAnswer(null);
    setProblem(null);
    quoteApi.shared(token).then(setAnswer, (error: unknown) =>
      // 403: the link was revoked or has expired (the server says which); anything else: it never was one.
      setProblem(error instanceof ApiError && error.msg ? { gone: error.code === 403, text: error.msg } : { gone: false, text: messages.sharedFailed }),
    );
  }, [token]);
  if (problem) {
    return (
      <div className="shared">
        <section className="state gone" role="alert" data-share-state={problem.gone ? 'gone' : 'broken'}>
          <sl-icon name={problem.gone ? 'link-45deg' : 'exclamation-circle'} aria-hidden="true"></sl-icon>
          <h2>{problem.gone ? messages.sharedGone : messages.sharedBroken}</h2>
          <p>{problem.text}</p>
        </section>
      </div>
    );
  }
  if (!answer || !parts) return <div className="shared" aria-busy="true"><p className="state">{messages.sharedLoading}</p></div>;
  return (
    <div className="shared">
      <div ref={sheetRef}><parts.Sheet data={answer} expiresAt={answer.expiresAt} /></div>
      <parts.SheetActions data={answer} sheetRef={sheetRef} container={container} />
    </div>
  );
}

// ---------------------------------------------------------------- the composer

interface Form {
  region: string;
  seats: string;
  displacement: string;
  energy: EnergyKind;
  history: ClaimHistory;
  ncdLevel: string;
  violation: string;
  startDate: string;
  endDate: string;
  vehicleDamage: boolean;
  vehiclePrice: string;
  thirdPartyLimit: string;
  driverSeatLimit: string;
  passengerSeatLimit: string;
  addOns: AddOnCode[];
  insurers: string[];
}

const termEnd = (start: string) => addDays(addMonths(start, 12), -1);

/** A first form from what we know of the vehicle: its plate's province, green plate, last term. */
function formFor(data: VehicleInsurance, insurers: Insurers | null): Form {
  const today = data.today || garageToday();
  const plate = data.vehicle.plate;
  const last = data.policies[0];
  const renewalStart = last ? addDays(last.expiryDate, 1) : today;
  const start = renewalStart >= today && renewalStart <= addDays(today, 90) ? renewalStart : today;
  return {
    region: PLATE_REGION[plate.charAt(0)] ?? '浙江',
    seats: '5',
    displacement: plate.length === 8 ? '0' : '1.6',
    energy: plate.length === 8 ? 'newEnergy' : 'fuel',
    history: last ? 'claimFree1' : 'first',
    ncdLevel: last ? '-1' : '0',
    violation: '1',
    startDate: start,
    endDate: termEnd(start),
    vehicleDamage: true,
    vehiclePrice: '',
    thirdPartyLimit: '1000000',
    driverSeatLimit: '10000',
    passengerSeatLimit: '10000',
    addOns: [],
    insurers: (insurers?.insurers ?? []).filter((insurer) => insurer.enabled).map((insurer) => insurer.code),
  };
}

/** The server's input from the form, or the first problem in Chinese. */
function inputOf(vehicleId: number, form: Form): QuoteInput | string {
  const seats = Number(form.seats);
  const displacement = Number(form.displacement);
  const problem = seatsProblem(seats, 'family_lt6', true) ?? displacementProblem(displacement, form.energy);
  if (problem) return problem;
  if (!regionGroupOf(form.region)) return '请选择投保地区';
  const price = Math.round(Number(form.vehiclePrice) * 100);
  if (form.vehicleDamage && !(price > 0)) return '投保车损险请填写新车购置价';
  if (form.insurers.length === 0) return messages.noInsurers;
  return {
    vehicleId, region: form.region, seats, displacement, energy: form.energy, history: form.history, ncdLevel: Number(form.ncdLevel),
    ...(VIOLATION_REGIONS.includes(form.region) ? { violation: Number(form.violation) } : {}),
    startDate: form.startDate, endDate: form.endDate,
    vehicleDamage: form.vehicleDamage, vehiclePriceFen: form.vehicleDamage ? price : 0,
    thirdPartyLimit: Number(form.thirdPartyLimit), driverSeatLimit: Number(form.driverSeatLimit), passengerSeatLimit: Number(form.passengerSeatLimit),
    addOns: form.addOns, insurers: form.insurers,
  };
}

function Composer({ initialVehicle, container }: { initialVehicle: string; container?: ShadowRoot }) {
  const token = useValue(session.usertoken);
  const [vehicleId, setVehicleId] = useState(initialVehicle);
  const [data, setData] = useState<VehicleInsurance | null>(null);
  const [insurers, setInsurers] = useState<Insurers | null>(null);
  const [failed, setFailed] = useState<string | null>(null);
  const [form, setForm] = useState<Form | null>(null);
  const [computed, setComputed] = useState<{ sheet: QuoteSheet; input: string } | null>(null);
  const [detail, setDetail] = useState<QuoteDetail | null>(null);
  const [link, setLink] = useState<ShareLink | null>(null);
  const [shareDays, setShareDays] = useState(String(SHARE_DAYS.default));
  const [problem, setProblem] = useState('');
  const [busy, run] = useBusyAction();
  const sheetRef = useRef<HTMLDivElement>(null);
  const parts = useSheetParts(computed !== null || detail !== null);

  useEffect(() => setVehicleId(initialVehicle), [initialVehicle]);
  const load = () => {
    if (!token || !vehicleId) return;
    setFailed(null);
    void bootstrap({ once: true });
    Promise.all([quoteApi.vehicle(vehicleId), quoteApi.insurers()]).then(
      ([vehicle, tariffs]) => (setData(vehicle), setInsurers(tariffs), setForm(formFor(vehicle, tariffs))),
      (error: unknown) => setFailed(error instanceof ApiError && error.msg ? error.msg : messages.loadFailed),
    );
  };
  useEffect(() => {
    setData(null);
    setForm(null);
    setComputed(null);
    setDetail(null);
    setLink(null);
    load();
  }, [token, vehicleId]);

  const set = <K extends keyof Form>(key: K, value: Form[K]) => setForm((now) => (now ? { ...now, [key]: value } : now));
  const input = data && form ? inputOf(data.vehicle.id, form) : null;
  const inputKey = typeof input === 'object' && input ? JSON.stringify(input) : '';
  const stale = computed !== null && computed.input !== inputKey;

  // 交强险 and 车船税 live, on the shared official tables (the server computes the same).
  const live = useMemo(() => {
    if (!form) return null;
    const seats = Number(form.seats);
    const group = regionGroupOf(form.region);
    const seatProblem = seatsProblem(seats, 'family_lt6', true);
    const compulsory = !seatProblem && group ? compulsoryPremiumOf({ vehicleClass: familyClassFor(seats).code, regionGroup: group, history: form.history }) : null;
    const litres = Number(form.displacement);
    const tax = displacementProblem(litres, form.energy) ? null : vehicleTax({ displacement: litres, region: form.region, energy: form.energy });
    return { compulsory, group, seatProblem, tax, className: seatProblem ? '' : familyClassFor(seats).name };
  }, [form]);

  if (!vehicleId) return <div className="quote"><Header /><VehiclePicker onPick={(id) => setVehicleId(String(id))} /></div>;
  if (failed) {
    return (
      <div className="quote">
        <Header />
        <div className="state" role="alert"><p>{failed}</p><sl-button size="small" onClick={load}>{messages.retry}</sl-button></div>
      </div>
    );
  }
  if (!data || !form || !live) return <div className="quote" aria-busy="true"><Header /><div className="state"><p className="muted">{messages.sharedLoading}</p></div></div>;

  const compute = () =>
    run(async () => {
      if (typeof input === 'string' || !input) return setProblem(input ?? '');
      setProblem('');
      const [sheet] = await Promise.all([quoteApi.compute(input), loadSheetParts()]);
      setComputed({ sheet, input: JSON.stringify(input) });
    });
  const save = () =>
    run(async () => {
      if (typeof input === 'string' || !input) return setProblem(input ?? '');
      setProblem('');
      const { id } = await quoteApi.save(input);
      const [saved, vehicle] = await Promise.all([quoteApi.detail(id), quoteApi.vehicle(String(data.vehicle.id)), loadSheetParts()]);
      setDetail(saved);
      setLink(null);
      setData(vehicle);
      toast.success(messages.saved);
    });
  const open = (id: number) => run(async () => (setDetail((await Promise.all([quoteApi.detail(id), loadSheetParts()]))[0]), setLink(null)));
  const makeLink = () =>
    run(async () => {
      if (!detail) return;
      const made = await quoteApi.share(detail.id, Number(shareDays));
      setLink(made);
      setDetail(await quoteApi.detail(detail.id));
      toast.success(messages.shareMade);
    });
  const revoke = (shareId: number) =>
    run(async () => {
      if (!detail) return;
      await quoteApi.revokeShare(shareId);
      if (link?.id === shareId) setLink(null);
      setDetail(await quoteApi.detail(detail.id));
      toast.success(messages.revoked);
    });
  const copy = (url: string) => navigator.clipboard?.writeText(url).then(() => toast.success(messages.copied), () => toast.error(messages.copyFailed));
  const ratePercent = live.compulsory ? Math.round(live.compulsory.rate * 100) : 0;
  const vehicle = data.vehicle;
  const last = data.policies[0];

  return (
    <div className="quote">
      <Header />
      <section className="card vehicle-card" aria-label={messages.facts}>
        <span className="plate" data-testid="quote-plate">{vehicle.plate}</span>
        <span>{vehicle.brand} {vehicle.series}</span>
        <span className="muted">{messages.owner}：{vehicle.customerName} <span className="figure">{vehicle.mobile}</span></span>
        <span className="muted">{messages.lastPolicy}：{last ? messages.policyLine(last.insurer, last.expiryDate) : messages.noPolicy}</span>
        {initialVehicle ? null : <sl-button size="small" className="change" onClick={() => setVehicleId('')}>{messages.changeVehicle}</sl-button>}
      </section>
      {!data.canQuote ? <p className="card problem" role="alert">{messages.noEntitlement}</p> : null}

      <div className="layout">
        <div className="column">
          <section className="card">
            <h3>{messages.facts}</h3>
            <div className="form">
              <sl-select size="small" label={messages.region} value={form.region} hoist help-text={live.group ? messages.regionGroup(live.group) : ''}
                onsl-change={(event: Event) => set('region', inputValue(event))}>
                {REGIONS.map((region) => <sl-option key={region} value={region}>{region}</sl-option>)}
              </sl-select>
              <sl-input size="small" label={messages.seats} type="number" min="2" max="9" value={form.seats} onsl-input={(event: Event) => set('seats', inputValue(event))}></sl-input>
              <sl-select size="small" label={messages.energy} value={form.energy} hoist
                onsl-change={(event: Event) => setForm((now) => now && { ...now, energy: inputValue(event) as EnergyKind, displacement: inputValue(event) === 'newEnergy' ? '0' : now.displacement === '0' ? '1.6' : now.displacement })}>
                {ENERGY_KINDS.map((kind) => <sl-option key={kind} value={kind}>{ENERGY_LABELS[kind]}</sl-option>)}
              </sl-select>
              <sl-input size="small" label={messages.displacement} type="number" step="0.1" min="0" max="10" value={form.displacement} disabled={form.energy === 'newEnergy'}
                onsl-input={(event: Event) => set('displacement', inputValue(event))}></sl-input>
              <sl-select size="small" className="two" label={messages.history} value={form.history} hoist onsl-change={(event: Event) => set('history', inputValue(event) as ClaimHistory)}>
                {CLAIM_HISTORIES.map((history) => <sl-option key={history} value={history}>{CLAIM_HISTORY_NAMES[history]}</sl-option>)}
              </sl-select>
              <sl-select size="small" className="two" label={messages.ncd} value={form.ncdLevel} hoist onsl-change={(event: Event) => set('ncdLevel', inputValue(event))}>
                {NCD_LEVELS.map((level) => <sl-option key={level.level} value={String(level.level)}>{level.name}（{level.coefficient.toFixed(1)}）</sl-option>)}
              </sl-select>
              {VIOLATION_REGIONS.includes(form.region) ? (
                <sl-input size="small" label={messages.violation} type="number" step="0.05" min="0.9" max="1.5" value={form.violation} onsl-input={(event: Event) => set('violation', inputValue(event))}></sl-input>
              ) : null}
              <DateField size="small" label={messages.startDate} min={data.today} value={form.startDate || undefined}
                onChange={(day) => setForm((now) => now && { ...now, startDate: day ?? '', endDate: day ? termEnd(day) : now.endDate })} />
              <DateField size="small" label={messages.endDate} value={form.endDate || undefined} onChange={(day) => set('endDate', day ?? '')} />
            </div>
          </section>

          <section className="card">
            <h3>{messages.commercial}</h3>
            <div className="form">
              <sl-checkbox className="wide" checked={form.vehicleDamage} onsl-change={(event: Event) => set('vehicleDamage', checked(event))}>{messages.vehicleDamage}</sl-checkbox>
              {form.vehicleDamage ? (
                <sl-input size="small" label={messages.vehiclePrice} type="number" min="1" placeholder="150000" value={form.vehiclePrice}
                  onsl-input={(event: Event) => set('vehiclePrice', inputValue(event))}></sl-input>
              ) : null}
              <sl-select size="small" label={messages.thirdParty} value={form.thirdPartyLimit} hoist onsl-change={(event: Event) => set('thirdPartyLimit', inputValue(event))}>
                <sl-option value="0">{messages.none}</sl-option>
                {THIRD_PARTY_LIMITS.map((limit) => <sl-option key={limit} value={String(limit)}>{messages.wan(limit)}</sl-option>)}
              </sl-select>
              <sl-select size="small" label={messages.driverSeat} value={form.driverSeatLimit} hoist onsl-change={(event: Event) => set('driverSeatLimit', inputValue(event))}>
                <sl-option value="0">{messages.none}</sl-option>
                {SEAT_LIMITS.map((limit) => <sl-option key={limit} value={String(limit)}>{messages.wan(limit)}</sl-option>)}
              </sl-select>
              <sl-select size="small" label={messages.passengerSeat} value={form.passengerSeatLimit} hoist onsl-change={(event: Event) => set('passengerSeatLimit', inputValue(event))}>
                <sl-option value="0">{messages.none}</sl-option>
                {SEAT_LIMITS.map((limit) => <sl-option key={limit} value={String(limit)}>{messages.wan(limit)}</sl-option>)}
              </sl-select>
              <fieldset className="wide plain">
                <legend className="small muted">{messages.addOns}</legend>
                <div className="checks">
                  {ADD_ONS.map((addOn) => (
                    <sl-checkbox key={addOn.code} size="small" checked={form.addOns.includes(addOn.code)}
                      onsl-change={(event: Event) => set('addOns', checked(event) ? [...form.addOns, addOn.code] : form.addOns.filter((code) => code !== addOn.code))}>
                      {addOn.name.replace(/^附加/, '')}
                    </sl-checkbox>
                  ))}
                </div>
              </fieldset>
              <fieldset className="wide plain">
                <legend className="small muted">{messages.insurers}</legend>
                <div className="checks">
                  {(insurers?.insurers ?? []).filter((insurer) => insurer.enabled).map((insurer) => (
                    <sl-checkbox key={insurer.code} size="small" checked={form.insurers.includes(insurer.code)}
                      onsl-change={(event: Event) => set('insurers', checked(event) ? [...form.insurers, insurer.code] : form.insurers.filter((code) => code !== insurer.code))}>
                      {insurer.name}
                    </sl-checkbox>
                  ))}
                </div>
              </fieldset>
            </div>
          </section>
        </div>

        <div className="column">
          <section className="card live" aria-live="polite" aria-label={messages.compulsory}>
            <h3>{messages.compulsory}</h3>
            {live.compulsory ? (
              <>
                <span className="amount" data-testid="compulsory-premium">{messages.money(Math.round(live.compulsory.premium * 100))}</span>
                <span className="formula">
                  {live.className}：{messages.compulsoryBase(messages.money(live.compulsory.base * 100))} × (1 {ratePercent < 0 ? '−' : '+'} {Math.abs(ratePercent)}%)，{messages.compulsoryRate(ratePercent)}
                </span>
                <span className="small muted">{messages.compulsoryLimits}</span>
              </>
            ) : (
              <p className="problem" role="alert">{live.seatProblem ?? '请选择投保地区'}</p>
            )}
            <div className="tax">
              <strong>{messages.vehicleTax}：</strong>
              {live.tax ? (
                <span data-testid="vehicle-tax">
                  {messages.money(live.tax.yearlyFen)}
                  <span className="small muted"> {live.tax.band ? `${live.tax.band.name}${live.tax.estimated ? `，${messages.taxEstimated}` : ''}` : messages.taxExempt}</span>
                </span>
              ) : (
                <span className="problem">{displacementProblem(Number(form.displacement), form.energy)}</span>
              )}
            </div>
          </section>

          <section className="card">
            <div className="actions">
              <sl-button variant="primary" loading={busy} disabled={!data.canQuote} onClick={compute}>{messages.compute}</sl-button>
              <sl-button loading={busy} disabled={!data.canQuote} onClick={save}>{messages.save}</sl-button>
              {stale ? <span className="stale">{messages.stale}</span> : null}
            </div>
            {problem ? <p className="problem" role="alert">{problem}</p> : null}
            {computed && parts ? (
              <div className="computed">
                <h3 style={{ marginTop: 12 }}>{messages.comparison}</h3>
                <parts.Comparison sheet={computed.sheet} />
              </div>
            ) : null}
          </section>

          <section className="card">
            <h3>{messages.savedQuotes}</h3>
            {data.quotes.length === 0 ? (
              <p className="muted small">{messages.noSaved}</p>
            ) : (
              <ul className="saved">
                {data.quotes.map((saved) => (
                  <li key={saved.id} data-quote={saved.id}>
                    <span className="when">
                      <span className="figure">{formatMinute(saved.createdAt)}</span>
                      <span className="small muted"> {messages.savedLine(saved.userName, saved.insurers.length)}</span>
                    </span>
                    <span className="figure">{messages.money(saved.lowestTotalFen)}</span>
                    <sl-button size="small" variant="text" onClick={() => open(saved.id)}>{messages.open}</sl-button>
                  </li>
                ))}
              </ul>
            )}
          </section>
        </div>
      </div>

      {detail && parts ? (
        <div className="sheet-wrap" ref={sheetRef}>
          <div className="actions">
            <parts.SheetActions data={detail} sheetRef={sheetRef} container={container} />
            <sl-select size="small" label={messages.shareDays} value={shareDays} hoist style={{ width: '110px' }} onsl-change={(event: Event) => setShareDays(inputValue(event))}>
              {[1, 3, 7, 15, 30].map((days) => <sl-option key={days} value={String(days)}>{days} 天</sl-option>)}
            </sl-select>
            <sl-button size="small" variant="primary" loading={busy} onClick={makeLink}><sl-icon slot="prefix" name="share"></sl-icon>{messages.share}</sl-button>
          </div>
          {link ? (
            <div className="share" role="status">
              <span className="url" data-testid="share-url">{siteUrl(link.path)}</span>
              <span className="small">{messages.expires(formatMinute(link.expiresAt))}</span>
              <span className="actions">
                <sl-button size="small" onClick={() => void copy(siteUrl(link.path))}><sl-icon slot="prefix" name="clipboard"></sl-icon>{messages.copy}</sl-button>
                <sl-button size="small" variant="text" className="danger" disabled={busy} onClick={() => revoke(link.id)}>{messages.revoke}</sl-button>
              </span>
            </div>
          ) : null}
          {detail.shares.length > 0 ? (
            <section className="shares" aria-label={messages.shares}>
              <h4>{messages.shares}</h4>
              <ul>
                {detail.shares.map((share) => (
                  <li key={share.id} data-share={share.id} data-state={share.state}>
                    <span className="when">
                      <span>{messages.shareMadeBy(formatMinute(share.createdAt), share.createdBy)}</span>
                      <span className="small muted">
                        {share.state === 'revoked' && share.revokedAt
                          ? messages.shareRevokedBy(formatMinute(share.revokedAt), share.revokedBy)
                          : share.state === 'expired' ? messages.shareExpiredAt(formatMinute(share.expiresAt)) : messages.shareUntil(formatMinute(share.expiresAt))}
                      </span>
                    </span>
                    <span className="chip" data-state={share.state}>{share.stateName}</span>
                    {share.state === 'active' ? (
                      <sl-button size="small" variant="text" className="danger" disabled={busy} onClick={() => revoke(share.id)}>{messages.revoke}</sl-button>
                    ) : null}
                  </li>
                ))}
              </ul>
            </section>
          ) : null}
          <parts.Sheet data={detail} />
        </div>
      ) : null}
    </div>
  );
}

function Header() {
  return (
    <header className="head">
      <h2>{messages.title}</h2>
      <p className="muted">{messages.subtitle}</p>
    </header>
  );
}

/** No vehicle given: find one by plate or VIN (the vehicle panorama's search). */
function VehiclePicker({ onPick }: { onPick(id: number): void }) {
  const [typed, setTyped] = useState('');
  const [matches, setMatches] = useState<VehicleMatch[] | null>(null);
  useEffect(() => {
    const keyword = typed.trim();
    if (keyword.length < 2) return setMatches(null);
    const abort = new AbortController();
    const timer = setTimeout(() => quoteApi.search(keyword, abort.signal).then(setMatches, () => undefined), 250);
    return () => (clearTimeout(timer), abort.abort());
  }, [typed]);
  return (
    <section className="card">
      <h3>{messages.pickVehicle}</h3>
      <sl-input size="small" type="search" label={messages.searchVehicle} placeholder={messages.searchPlaceholder} value={typed} clearable
        onsl-input={(event: Event) => setTyped(inputValue(event))}>
        <sl-icon slot="prefix" name="search"></sl-icon>
      </sl-input>
      {matches && matches.length === 0 ? <p className="muted small">{messages.noMatch}</p> : null}
      {matches && matches.length > 0 ? (
        <ul className="matches">
          {matches.map((match) => (
            <li key={match.id}>
              <button type="button" onClick={() => onPick(match.id)}>
                <strong className="figure">{match.plate}</strong>
                <span>{match.brand} {match.series}</span>
                <span className="muted">{match.customerName}</span>
              </button>
            </li>
          ))}
        </ul>
      ) : null}
    </section>
  );
}
