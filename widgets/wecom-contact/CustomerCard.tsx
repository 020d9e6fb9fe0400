/**
 * The bound customer at 360 px: who they are (stage, tags, last visit, 外呼), their vehicles, the
 * chosen vehicle's next maintenance and insurance expiry with 报价, its maintenance timeline
 * (<garage-maint-timeline>), and a quick text from an approved template. 报价 opens
 * <garage-insurance-quote> in place, loaded on the first click (it is the biggest part).
 */
import { useEffect, useState } from 'react';
import '@shoelace-style/shoelace/dist/components/button/button.js';
import { emit, hasPermission, session, useValue, type WidgetProps } from '../core';
import { daysFromToday, formatDate, formatRelativeDay } from '../core/formats';
import { TagChips } from '../core/ui/tag-chips';
import { GARAGE_EVENTS } from '../../contracts/events';
import { Permission } from '../../contracts/permissions';
import { contactApi, type BoundCustomer, type CurrentContact, type CustomerDetail } from './api';
import { QuickSms } from './QuickSms';
import { messages } from './messages';

type Vehicle = CustomerDetail['vehicles'][number];

interface Props {
  customer: BoundCustomer;
  source: CurrentContact['source'];
  externalUserId: string;
  /** The card as /wecom-contact/current answered it; null = fetch it (after a bind, or a retry). */
  detail: CustomerDetail | null;
  onUnbound(): void;
}

export function CustomerCard({ customer, source, externalUserId, detail: answered, host, onUnbound }: Props & WidgetProps) {
  // Read so that permissions arriving after the first render show the parts they allow.
  useValue(session.userPermissions);
  const showPhone = useValue(session.isShowPhone);
  const [detail, setDetail] = useState<CustomerDetail | null>(answered);
  const [failed, setFailed] = useState(false);
  const [attempt, setAttempt] = useState(0);
  const [vehicleId, setVehicleId] = useState<number | null>(answered?.vehicles[0]?.id ?? null);
  const [quoting, setQuoting] = useState<Vehicle | null>(null);
  const [quoteReady, setQuoteReady] = useState(false);
  const [confirmUnbind, setConfirmUnbind] = useState(false);
  const [unbindError, setUnbindError] = useState('');

  useEffect(() => {
    if (attempt === 0 && answered) return;
    let stale = false;
    setFailed(false);
    contactApi.customer(customer.id).then(
      (answer) => {
        if (stale) return;
        setDetail(answer);
        setVehicleId((chosen) => chosen ?? answer.vehicles[0]?.id ?? null);
      },
      () => !stale && setFailed(true),
    );
    return () => {
      stale = true;
    };
    // `answered` only seeds the first render: a retry or another customer (a new key) fetches.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [customer.id, attempt]);

  useEffect(() => {
    if (!quoting) return;
    void import('../insurance-quote').then(() => setQuoteReady(true));
  }, [quoting]);

  if (failed) {
    return (
      <div className="state" role="alert">
        <p>{messages.loadFailed}</p>
        <sl-button size="small" onClick={() => setAttempt((count) => count + 1)}>
          {messages.retry}
        </sl-button>
      </div>
    );
  }
  if (!detail) {
    return (
      <div className="card" aria-busy="true">
        <p className="name-line">
          <strong className="name">{customer.name}</strong>
        </p>
        <p className="muted">{messages.loading}</p>
      </div>
    );
  }

  if (quoting) {
    return (
      <div className="quote-panel">
        <div className="panel-head">
          <sl-button size="small" variant="text" onClick={() => setQuoting(null)}>
            ‹ {messages.back}
          </sl-button>
          <strong>{messages.quoteTitle(quoting.plate)}</strong>
        </div>
        {quoteReady ? <garage-insurance-quote vehicle-id={String(quoting.id)}></garage-insurance-quote> : <p className="muted">{messages.loading}</p>}
      </div>
    );
  }

  const masked = !showPhone || detail.mobile.includes('*');
  const vehicle = detail.vehicles.find((each) => each.id === vehicleId) ?? detail.vehicles[0];
  const call = () => host && emit(host, GARAGE_EVENTS.call, { number: detail.mobile, customerId: detail.id, name: detail.name });
  const unbind = () => {
    setUnbindError('');
    contactApi.unbind(externalUserId).then(onUnbound, (error: unknown) => setUnbindError((error as { msg?: string }).msg || messages.loadFailed));
  };

  return (
    <>
      <section className="card" aria-label={detail.name} data-testid="wecom-customer-card">
        <div className="name-line">
          <strong className="name">
            {detail.name}
            {detail.gender ? <span className="muted"> {messages.gender[detail.gender]}</span> : null}
          </strong>
          <span className={`stage stage-${detail.stage}`}>{messages.stage[detail.stage]}</span>
          {detail.level ? <span className="level">{detail.level}</span> : null}
        </div>
        <div className="phone-line">
          <span className="figure">{detail.mobile}</span>
          {!masked && hasPermission(Permission.webPhone) ? (
            <sl-button size="small" variant="text" onClick={call} title={messages.callNamed(detail.name)}>
              <sl-icon slot="prefix" name="telephone"></sl-icon>
              {messages.call}
            </sl-button>
          ) : null}
        </div>
        <p className="facts muted">
          <span>{detail.storeName}</span>
          <span>
            {messages.lastVisit}{' '}
            {detail.lastVisitAt ? (
              <span className="figure">
                {formatDate(detail.lastVisitAt)}（{formatRelativeDay(detail.lastVisitAt)}）
              </span>
            ) : (
              messages.never
            )}
          </span>
          <span className="figure">{messages.visits(detail.visitCount)}</span>
          {detail.advisor ? <span>{messages.advisor(detail.advisor.name)}</span> : null}
        </p>
        <TagChips tags={detail.tags} />
      </section>

      <section className="card" aria-label={messages.vehicles}>
        <h3>{messages.vehicles}</h3>
        {vehicle ? (
          <>
            {detail.vehicles.length > 1 ? (
              <div className="plates" role="radiogroup" aria-label={messages.vehicles}>
                {detail.vehicles.map((each) => (
                  <button
                    type="button"
                    key={each.id}
                    role="radio"
                    aria-checked={each.id === vehicle.id}
                    className={each.id === vehicle.id ? 'plate-choice chosen' : 'plate-choice'}
                    onClick={() => setVehicleId(each.id)}
                  >
                    {each.plate}
                  </button>
                ))}
              </div>
            ) : null}
            <VehicleFacts vehicle={vehicle} canQuote={hasPermission(Permission.insurance)} onQuote={() => setQuoting(vehicle)} />
          </>
        ) : (
          <p className="muted">{messages.noVehicle}</p>
        )}
      </section>

      {vehicle ? (
        <section className="card timeline-card">
          <garage-maint-timeline vehicle-id={String(vehicle.id)}></garage-maint-timeline>
        </section>
      ) : null}

      {hasPermission(Permission.smsMarketing) ? <QuickSms customer={detail} /> : null}

      <footer className="binding muted small">
        {source ? <span>{messages.boundBy[source]}</span> : null}
        {confirmUnbind ? (
          <span className="confirm">
            {messages.unbindConfirm}
            <sl-button size="small" variant="danger" outline onClick={unbind}>
              {messages.unbind}
            </sl-button>
            <sl-button size="small" onClick={() => setConfirmUnbind(false)}>
              {messages.cancel}
            </sl-button>
          </span>
        ) : (
          <sl-button size="small" variant="text" onClick={() => setConfirmUnbind(true)}>
            {messages.unbind}
          </sl-button>
        )}
        {unbindError ? <span className="error" role="alert">{unbindError}</span> : null}
      </footer>
    </>
  );
}

function VehicleFacts({ vehicle, canQuote, onQuote }: { vehicle: Vehicle; canQuote: boolean; onQuote(): void }) {
  const insuranceDays = vehicle.insuranceExpiry ? daysFromToday(vehicle.insuranceExpiry) : null;
  const maintenanceDays = vehicle.nextMaintenanceDate ? daysFromToday(vehicle.nextMaintenanceDate) : null;
  return (
    <dl className="vehicle" data-testid="wecom-vehicle">
      <div className="fact">
        <dt>
          <span className={vehicle.plate.length === 8 ? 'plate green' : 'plate'}>{vehicle.plate}</span>
        </dt>
        <dd>
          {vehicle.brand} {vehicle.series} · <span className="figure">{messages.mileage(vehicle.mileage)}</span>
        </dd>
      </div>
      <div className="fact">
        <dt>{messages.nextMaintenance}</dt>
        <dd>
          <span className="figure">{vehicle.nextMaintenanceDate ?? '—'}</span>
          {vehicle.nextMaintenanceDate && vehicle.nextMaintenanceMileage !== null ? <> / <span className="figure">{messages.mileage(vehicle.nextMaintenanceMileage)}</span></> : null}
          {maintenanceDays !== null && maintenanceDays <= 0 ? <span className="overdue">{messages.overdue}</span> : null}
        </dd>
      </div>
      <div className="fact">
        <dt>{messages.insurance}</dt>
        <dd>
          {vehicle.insuranceExpiry ? (
            <>
              <span className="figure">{vehicle.insuranceExpiry}</span>
              <span className={insuranceDays !== null && insuranceDays <= 30 ? 'due warn' : 'due'}>{messages.insuranceLeft(insuranceDays ?? 0)}</span>
            </>
          ) : (
            <span className="muted">{messages.noInsurance}</span>
          )}
          {canQuote ? (
            <sl-button size="small" class="quote" onClick={onQuote}>
              {messages.quote}
            </sl-button>
          ) : null}
        </dd>
      </div>
    </dl>
  );
}
