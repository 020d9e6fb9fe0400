/**
 * 保险公司费率: the chain's insurer table as a form, one card per insurer. Amounts are typed in
 * yuan (stored in fen), rates in ‰; each field says what is wrong with it in Chinese, and the table
 * rules (duplicate names or codes, none enabled) are the server's own (contracts/insurance.ts).
 */
import { useEffect, useMemo, useState } from 'react';
import '@shoelace-style/shoelace/dist/components/button/button.js';
import { ApiError, session, toast, useBusyAction, usePageData, useValue, type WidgetProps } from '../core';
import { ADD_ONS, INSURER_RATE_RANGES as RANGES, THIRD_PARTY_LIMITS, insurerTableProblem, type AddOnCode, type InsurerTariff } from '../../contracts/insurance';
import { ratesApi, type RateSettings } from './api';
import { messages } from './messages';

/** An insurer as typed: every number as the text in its box. */
interface Draft {
  key: number;
  code: string;
  name: string;
  enabled: boolean;
  vehicleDamageBase: string;
  vehicleDamagePermille: string;
  thirdParty: Record<string, string>;
  driverSeatPermille: string;
  passengerSeatPermille: string;
  addOns: Partial<Record<AddOnCode, string>>;
  independentCoefficient: string;
}

let nextKey = 1;
const yuanText = (fen: number) => String(Math.round(fen) / 100);
const draftOf = (tariff: InsurerTariff): Draft => ({
  key: nextKey++,
  code: tariff.code,
  name: tariff.name,
  enabled: tariff.enabled,
  vehicleDamageBase: yuanText(tariff.vehicleDamageBaseFen),
  vehicleDamagePermille: String(tariff.vehicleDamagePermille),
  thirdParty: Object.fromEntries(Object.entries(tariff.thirdPartyFen).map(([limit, fen]) => [limit, yuanText(fen)])),
  driverSeatPermille: String(tariff.driverSeatPermille),
  passengerSeatPermille: String(tariff.passengerSeatPermille),
  addOns: Object.fromEntries(Object.entries(tariff.addOnPermille).map(([code, value]) => [code, String(value)])),
  independentCoefficient: String(tariff.independentCoefficient),
});

type Problems = Record<string, string>;

/** The table as the server takes it, and what is wrong with each field (keyed `<key>.<field>`). */
function read(drafts: Draft[]): { insurers: InsurerTariff[]; problems: Problems } {
  const problems: Problems = {};
  const number = (id: string, label: string, text: string, range: { min: number; max: number }): number => {
    const value = Number(text.trim());
    if (text.trim() === '' || !Number.isFinite(value)) problems[id] = messages.number(label);
    else if (value < range.min || value > range.max) problems[id] = messages.range(label, range.min, range.max);
    return value;
  };
  const insurers = drafts.map((draft) => {
    const id = (field: string) => `${draft.key}.${field}`;
    if (!draft.name.trim()) problems[id('name')] = messages.needName;
    if (!/^[a-z][a-z0-9_]{1,19}$/.test(draft.code)) problems[id('code')] = messages.badCode;
    const thirdPartyFen: Record<string, number> = {};
    for (const limit of THIRD_PARTY_LIMITS) {
      const text = draft.thirdParty[limit] ?? '';
      if (text.trim()) thirdPartyFen[limit] = Math.round(number(id(`tp${limit}`), `${messages.limit(limit)}三者险`, text, RANGES.yuan) * 100);
    }
    const addOnPermille: Partial<Record<AddOnCode, number>> = {};
    for (const addOn of ADD_ONS) {
      const text = draft.addOns[addOn.code] ?? '';
      if (text.trim()) addOnPermille[addOn.code] = number(id(addOn.code), addOn.name.replace(/^附加/, ''), text, RANGES.addOnPermille);
    }
    return {
      code: draft.code,
      name: draft.name.trim(),
      enabled: draft.enabled,
      vehicleDamageBaseFen: Math.round(number(id('vehicleDamageBase'), `车损${messages.vehicleDamageBase}`, draft.vehicleDamageBase, RANGES.yuan) * 100),
      vehicleDamagePermille: number(id('vehicleDamagePermille'), `车损${messages.vehicleDamagePermille}`, draft.vehicleDamagePermille, RANGES.permille),
      thirdPartyFen,
      driverSeatPermille: number(id('driverSeatPermille'), `司机座位费率`, draft.driverSeatPermille, RANGES.permille),
      passengerSeatPermille: number(id('passengerSeatPermille'), `乘客座位费率`, draft.passengerSeatPermille, RANGES.permille),
      addOnPermille,
      independentCoefficient: number(id('independentCoefficient'), messages.independent, draft.independentCoefficient, RANGES.independent),
    };
  });
  return { insurers, problems };
}

export function InsuranceRates(_props: WidgetProps) {
  const token = useValue(session.usertoken);
  const { data, failed, refused, load } = usePageData<RateSettings>(token, ratesApi.load);
  const [drafts, setDrafts] = useState<Draft[] | null>(null);
  const [saving, run] = useBusyAction();
  useEffect(() => setDrafts(data ? data.insurers.map(draftOf) : null), [data]);

  const { insurers, problems } = useMemo(() => read(drafts ?? []), [drafts]);
  const tableProblem = drafts && Object.keys(problems).length === 0 ? insurerTableProblem(insurers) : null;
  const changed = data !== null && drafts !== null && JSON.stringify(insurers) !== JSON.stringify(read(data.insurers.map(draftOf)).insurers);
  const editable = Boolean(data?.canEdit);
  const problemCount = Object.keys(problems).length + (tableProblem ? 1 : 0);

  if (refused) return <div className="state" role="note"><p>{messages.refused}</p></div>;
  if (failed) {
    return (
      <div className="state" role="alert">
        <p>{messages.loadFailed}</p>
        <sl-button size="small" onClick={load}>{messages.retry}</sl-button>
      </div>
    );
  }

  const update = (key: number, change: (draft: Draft) => void) =>
    setDrafts((current) => current && current.map((draft) => (draft.key === key ? (() => { const next = structuredClone(draft); change(next); return next; })() : draft)));
  const add = () => {
    const template = data?.insurers[0];
    if (!template || !drafts) return;
    setDrafts([...drafts, { ...draftOf(template), code: `insurer${drafts.length + 1}`, name: '', enabled: true }]);
  };
  const save = () =>
    run(async () => {
      if (!data || problemCount > 0 || !changed) return;
      try {
        const answer = await ratesApi.save(insurers, data.version);
        toast.success(messages.saved(answer.version));
      } catch (error) {
        // 「已被他人修改」 is toasted by the core: show what is saved now.
        if (!(error instanceof ApiError && error.code === 409)) throw error;
      }
      load();
    });

  const field = (draft: Draft, name: string, label: string, value: string, onValue: (text: string) => void, mode: 'decimal' | 'text' = 'decimal') => {
    const problem = problems[`${draft.key}.${name}`];
    return (
      <label className="field" key={name}>
        {label}
        <input className="native" inputMode={mode} value={value} disabled={!editable} aria-invalid={problem ? 'true' : undefined} data-field={name}
          onInput={(event) => onValue((event.target as HTMLInputElement).value)} />
        {problem ? <span className="problem" role="alert">{problem}</span> : null}
      </label>
    );
  };

  return (
    <div className="rates" aria-busy={drafts === null}>
      <header>
        <h2>{messages.title}</h2>
        <p className="muted">{messages.subtitle}</p>
      </header>
      {data && !editable ? <p className="note" role="note">{messages.readOnly}</p> : null}
      {drafts === null ? null : (
        <>
          <div className="bar">
            <span className="muted small" data-testid="rates-version">{messages.version(data!.version)}</span>
            {editable ? (
              <span className="buttons">
                {tableProblem ? <span className="problem" role="alert">{tableProblem}</span> : problemCount > 0 ? <span className="problem">{messages.fix(problemCount)}</span> : null}
                <sl-button size="small" onClick={add}>{messages.add}</sl-button>
                <sl-button size="small" disabled={!changed} onClick={() => setDrafts(data!.insurers.map(draftOf))}>{messages.revert}</sl-button>
                <sl-button size="small" variant="primary" loading={saving} disabled={!changed || problemCount > 0} onClick={save}>{messages.save}</sl-button>
              </span>
            ) : null}
          </div>
          {drafts.map((draft) => (
            <section key={draft.key} className="insurer" data-insurer={draft.code} data-enabled={String(draft.enabled)} aria-label={draft.name || messages.newInsurer}>
              <div className="insurer-head">
                {field(draft, 'name', messages.name, draft.name, (text) => update(draft.key, (next) => void (next.name = text)), 'text')}
                {field(draft, 'code', `${messages.code}（${messages.codeHelp}）`, draft.code, (text) => update(draft.key, (next) => void (next.code = text.trim())), 'text')}
                <label className="check">
                  <input type="checkbox" checked={draft.enabled} disabled={!editable} onChange={(event) => update(draft.key, (next) => void (next.enabled = (event.target as HTMLInputElement).checked))} />
                  {messages.enabled}
                </label>
                {editable ? (
                  <sl-button size="small" variant="text" className="danger" aria-label={messages.removeLabel(draft.name)}
                    onClick={() => setDrafts(drafts.filter((each) => each.key !== draft.key))}>{messages.remove}</sl-button>
                ) : <span></span>}
              </div>
              <div>
                <h4>{messages.vehicleDamage} · {messages.seats} · {messages.independent}</h4>
                <div className="grid">
                  {field(draft, 'vehicleDamageBase', messages.vehicleDamageBase, draft.vehicleDamageBase, (text) => update(draft.key, (next) => void (next.vehicleDamageBase = text)))}
                  {field(draft, 'vehicleDamagePermille', messages.vehicleDamagePermille, draft.vehicleDamagePermille, (text) => update(draft.key, (next) => void (next.vehicleDamagePermille = text)))}
                  {field(draft, 'driverSeatPermille', `${messages.driverSeat}（‰）`, draft.driverSeatPermille, (text) => update(draft.key, (next) => void (next.driverSeatPermille = text)))}
                  {field(draft, 'passengerSeatPermille', `${messages.passengerSeat}（‰）`, draft.passengerSeatPermille, (text) => update(draft.key, (next) => void (next.passengerSeatPermille = text)))}
                  {field(draft, 'independentCoefficient', `${messages.independent}（${RANGES.independent.min}–${RANGES.independent.max}）`, draft.independentCoefficient, (text) => update(draft.key, (next) => void (next.independentCoefficient = text)))}
                </div>
              </div>
              <div>
                <h4>{messages.thirdParty} <span className="muted small">{messages.thirdPartyHelp}</span></h4>
                <div className="grid">
                  {THIRD_PARTY_LIMITS.map((limit) =>
                    field(draft, `tp${limit}`, messages.limit(limit), draft.thirdParty[limit] ?? '', (text) => update(draft.key, (next) => void (next.thirdParty[limit] = text))),
                  )}
                </div>
              </div>
              <details>
                <summary>{messages.addOns}</summary>
                <div className="grid wide">
                  {ADD_ONS.map((addOn) =>
                    field(draft, addOn.code, addOn.name.replace(/^附加/, ''), draft.addOns[addOn.code] ?? '', (text) => update(draft.key, (next) => void (next.addOns[addOn.code] = text))),
                  )}
                </div>
              </details>
            </section>
          ))}
        </>
      )}
    </div>
  );
}
