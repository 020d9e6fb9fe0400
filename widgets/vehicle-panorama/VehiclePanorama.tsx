import { useEffect, useState } from 'react';
import '@shoelace-style/shoelace/dist/components/button/button.js';
import '@shoelace-style/shoelace/dist/components/input/input.js';
import '@shoelace-style/shoelace/dist/components/skeleton/skeleton.js';
import { bootstrap, emit, isCancelled, navigate, session, useValue, type WidgetProps } from '../core';
import { daysFromToday, formatDate } from '../core/formats';
import { TagChips } from '../core/ui/tag-chips';
import { GARAGE_EVENTS } from '../../contracts/events';
import { panoramaApi, type VehicleMatch, type VehiclePanorama as Panorama } from './api';
import { messages } from './messages';

export interface VehiclePanoramaProps {
  vehicleId?: string;
}

/** 保险报价 for this vehicle (issue 16). */
const QUOTE_PATH = '/home/shop/insurance-quote';

/** Visits listed before 「还有 N 条更早的记录」. */
const VISITS_SHOWN = 8;

/** ?vehicleId= in the page address (a link from the customer list) when no attribute is given. */
function vehicleIdFromAddress(): string {
  try {
    return new URLSearchParams(window.location.search).get('vehicleId') ?? '';
  } catch {
    return '';
  }
}

export function VehiclePanorama({ vehicleId, host }: VehiclePanoramaProps & WidgetProps) {
  const token = useValue(session.usertoken);
  const showPrice = useValue(session.isShowPrice);
  const showPhone = useValue(session.isShowPhone);
  const [currentId, setCurrentId] = useState(() => vehicleId || vehicleIdFromAddress());
  const [keyword, setKeyword] = useState('');
  const [matches, setMatches] = useState<VehicleMatch[] | null>(null);
  const [panorama, setPanorama] = useState<Panorama | null>(null);
  const [status, setStatus] = useState<'idle' | 'loading' | 'ready' | 'error'>('idle');

  useEffect(() => {
    if (vehicleId) setCurrentId(vehicleId);
  }, [vehicleId]);

  useEffect(() => {
    void bootstrap({ once: true });
  }, [token]);

  useEffect(() => {
    if (!token || !currentId) return;
    let stale = false;
    setStatus('loading');
    panoramaApi.load(currentId).then(
      (answer) => {
        if (stale) return;
        setPanorama(answer);
        setStatus('ready');
      },
      () => !stale && setStatus('error'),
    );
    return () => {
      stale = true;
    };
  }, [currentId, token]);

  useEffect(() => {
    const text = keyword.replace(/\s+/g, '');
    if (!token || text.length < 2) {
      setMatches(null);
      return;
    }
    const controller = new AbortController();
    const timer = setTimeout(() => {
      panoramaApi.search(text, controller.signal).then(setMatches, (error: unknown) => {
        if (!isCancelled(error)) setMatches([]);
      });
    }, 200);
    return () => {
      clearTimeout(timer);
      controller.abort();
    };
  }, [keyword, token]);

  const open = (match: VehicleMatch) => {
    setCurrentId(String(match.id));
    setKeyword('');
    setMatches(null);
  };

  return (
    <div className="panorama">
      <form
        className="search"
        onSubmit={(event) => {
          event.preventDefault();
          if (matches && matches.length > 0) open(matches[0]);
        }}
      >
        <sl-input
          class="hidden-label"
          label={messages.searchLabel}
          placeholder={messages.searchPlaceholder}
          value={keyword}
          clearable
          onsl-input={(event: Event) => setKeyword((event.target as HTMLInputElement).value)}
        >
          <sl-icon slot="prefix" name="search"></sl-icon>
        </sl-input>
        {matches ? (
          <ul className="matches" role="listbox" aria-label={messages.searchLabel}>
            {matches.length === 0 ? <li className="muted no-match">{messages.noMatch(keyword.trim())}</li> : null}
            {matches.map((match) => (
              <li key={match.id} role="option" aria-selected="false" tabIndex={0} onClick={() => open(match)} onKeyDown={(event) => event.key === 'Enter' && open(match)}>
                <span className={match.plate.length === 8 ? 'plate green' : 'plate'}>{match.plate}</span>
                <span>
                  {match.brand} {match.series}
                </span>
                <span className="muted">{match.customerName}</span>
              </li>
            ))}
          </ul>
        ) : null}
      </form>

      {!currentId ? (
        <div className="state">
          <sl-icon name="car-front"></sl-icon>
          <p className="muted">{messages.prompt}</p>
        </div>
      ) : status === 'error' ? (
        <div className="state" role="alert">
          <p>{messages.loadFailed}</p>
          <sl-button size="small" onClick={() => setCurrentId(String(currentId))}>
            {messages.retry}
          </sl-button>
        </div>
      ) : !panorama || status === 'loading' ? (
        <div className="grid">
          {[0, 1, 2].map((key) => (
            <div className="card" key={key}>
              <sl-skeleton effect="pulse"></sl-skeleton>
              <sl-skeleton effect="pulse"></sl-skeleton>
              <sl-skeleton effect="pulse" style={{ width: '50%' }}></sl-skeleton>
            </div>
          ))}
        </div>
      ) : (
        <PanoramaView panorama={panorama} showPrice={showPrice} showPhone={showPhone} onCall={() => host && emit(host, GARAGE_EVENTS.call, { number: panorama.owner.mobile, customerId: panorama.owner.id, name: panorama.owner.name })}
          onQuote={() => host && navigate(`${QUOTE_PATH}?vehicleId=${panorama.vehicle.id}`, host)} />
      )}
    </div>
  );
}

function Fact({ label, children }: { label: string; children: React.ReactNode }) {
  return (
    <div className="fact">
      <dt>{label}</dt>
      <dd>{children}</dd>
    </div>
  );
}

function PanoramaView({ panorama, showPrice, showPhone, onCall, onQuote }: { panorama: Panorama; showPrice: boolean; showPhone: boolean; onCall(): void; onQuote(): void }) {
  const { vehicle, owner, visits, policies, spendByYear } = panorama;
  const masked = !showPhone || owner.mobile.includes('*');
  const mobile = masked && /^\d{11}$/.test(owner.mobile) ? `${owner.mobile.slice(0, 3)}****${owner.mobile.slice(7)}` : owner.mobile;
  const policy = policies[0];
  const daysLeft = vehicle.insuranceDaysLeft;
  const maxSpend = Math.max(1, ...spendByYear.map((year) => year.spend));
  return (
    <>
      <section className="hero">
        <span className={vehicle.plate.length === 8 ? 'plate big green' : 'plate big'} data-testid="panorama-plate">
          {vehicle.plate}
        </span>
        <div>
          <h2>
            {vehicle.brand} {vehicle.series}
          </h2>
          <p className="muted">
            {vehicle.model}
            {vehicle.modelYear ? ` · ${vehicle.modelYear} 款` : ''} · {vehicle.storeName}
          </p>
        </div>
        <div className="hero-stats">
          <div>
            <span className="stat">{messages.km(vehicle.mileage)}</span>
            <span className="muted">{messages.fields.mileage}</span>
          </div>
          <div>
            <span className="stat">{vehicle.visitCount}</span>
            <span className="muted">{messages.visitCount}</span>
          </div>
          {showPrice ? (
            <div>
              <span className="stat">{messages.money(vehicle.totalSpend)}</span>
              <span className="muted">{messages.totalSpend}</span>
            </div>
          ) : null}
          <div>
            <span className={`stat ${daysLeft !== null && daysLeft <= 30 ? 'warn' : ''}`}>{daysLeft === null ? '—' : messages.insuranceLeft(daysLeft)}</span>
            <span className="muted">{messages.insurance}</span>
          </div>
        </div>
      </section>

      <div className="grid">
        <section className="card">
          <h3>{messages.owner}</h3>
          <div className="owner-line">
            <strong className="owner-name">
              {owner.name}
              {owner.gender ? <span className="muted"> {messages.gender[owner.gender]}</span> : null}
            </strong>
            <span className={`stage stage-${owner.stage}`}>{messages.stage[owner.stage]}</span>
          </div>
          <dl>
            <Fact label={messages.fields.mobile}>
              <span className="mono">{mobile}</span>
              {!masked ? (
                <sl-button size="small" variant="text" onClick={onCall}>
                  <sl-icon slot="prefix" name="telephone"></sl-icon>
                  {messages.call}
                </sl-button>
              ) : null}
            </Fact>
            <Fact label={messages.fields.level}>{owner.level || '—'}</Fact>
            <Fact label={messages.fields.source}>{owner.source || '—'}</Fact>
            <Fact label={messages.fields.advisor}>{owner.advisor?.name ?? messages.noAdvisor}</Fact>
            <Fact label={messages.fields.since}>{formatDate(owner.createdAt)}</Fact>
          </dl>
          <TagChips tags={owner.tags} />
        </section>

        <section className="card">
          <h3>{messages.vehicle}</h3>
          <dl>
            <Fact label={messages.fields.vin}>
              <span className="mono">{vehicle.vin}</span>
            </Fact>
            <Fact label={messages.fields.energy}>{messages.energy[vehicle.energyType] ?? vehicle.energyType}</Fact>
            <Fact label={messages.fields.colour}>{vehicle.colour || '—'}</Fact>
            <Fact label={messages.fields.registrationDate}>{vehicle.registrationDate ?? '—'}</Fact>
            <Fact label={messages.fields.nextMaintenance}>
              <span className="nowrap">{vehicle.nextMaintenanceDate ?? '—'}</span>
              {vehicle.nextMaintenanceDate && daysFromToday(vehicle.nextMaintenanceDate) <= 0 ? <span className="overdue">{messages.overdue}</span> : null}
              {vehicle.nextMaintenanceMileage ? <span className="muted"> / <span className="figure">{messages.km(vehicle.nextMaintenanceMileage)}</span></span> : null}
            </Fact>
          </dl>
        </section>

        <section className="card">
          <div className="card-head">
            <h3>{messages.insurance}</h3>
            <sl-button size="small" onClick={onQuote}>{messages.quote}</sl-button>
          </div>
          {policy ? (
            <dl>
              <Fact label={messages.fields.insurer}>{policy.insurer}</Fact>
              <Fact label={messages.fields.term}>
                <span className="figure">{policy.startDate}</span> 至 <span className="figure">{policy.expiryDate}</span>
              </Fact>
              <Fact label={messages.fields.policyNo}>
                <span className="mono small">{policy.policyNo}</span>
              </Fact>
              {showPrice ? (
                <Fact label={messages.fields.premium}>
                  <span className="figure">{messages.money(policy.compulsoryPremium)}</span> + <span className="figure">{messages.money(policy.commercialPremium)}</span>
                </Fact>
              ) : null}
            </dl>
          ) : (
            <p className="muted">{messages.noInsurance}</p>
          )}
          {policies.length > 1 ? (
            <ul className="earlier-policies small muted" aria-label={messages.earlierPolicies}>
              {policies.slice(1, 4).map((earlier) => (
                <li key={earlier.id}>{earlier.insurer} <span className="figure">{earlier.startDate} 至 {earlier.expiryDate}</span></li>
              ))}
            </ul>
          ) : null}
        </section>
      </div>

      <div className="grid two">
        <section className="card">
          <h3>{messages.visits}</h3>
          {visits.length === 0 ? (
            <p className="muted">{messages.noVisits}</p>
          ) : (
            <ol className="visits">
              {visits.slice(0, VISITS_SHOWN).map((visit) => (
                <li key={visit.id}>
                  <span className="visit-date">{visit.maintDate}</span>
                  <span className={`kind kind-${visit.kind}`}>{messages.kind[visit.kind] ?? visit.kind}</span>
                  <span className="visit-items">{visit.items.map((item) => item.name).join('、')}</span>
                  <span className="muted small figure visit-km">{messages.km(visit.mileage)}</span>
                  {showPrice ? <span className="money">{messages.money(visit.amount)}</span> : null}
                </li>
              ))}
              {visits.length > VISITS_SHOWN ? <li className="muted small more-visits">{messages.more(visits.length - VISITS_SHOWN)}</li> : null}
            </ol>
          )}
        </section>
        <section className="card">
          <h3>{showPrice ? messages.byYear : messages.visits}</h3>
          <div className="years">
            {spendByYear.map((year) => (
              <div key={year.year} className="year">
                <span className="muted">{year.year}</span>
                <span className="year-bar">
                  <span style={{ width: `${showPrice ? Math.round((year.spend / maxSpend) * 100) : Math.min(100, year.visits * 20)}%` }}></span>
                </span>
                <span className="small figure">{showPrice ? messages.money(year.spend) : `${year.visits} 次`}</span>
              </div>
            ))}
          </div>
        </section>
      </div>

      {/* The timeline names its own region; a second one with the same name would only repeat it. */}
      <section className="card timeline-card">
        <garage-maint-timeline vehicle-id={String(vehicle.id)}></garage-maint-timeline>
      </section>
    </>
  );
}
