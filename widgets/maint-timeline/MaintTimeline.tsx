import { useEffect, useMemo, useState } from 'react';
import '@shoelace-style/shoelace/dist/components/skeleton/skeleton.js';
import '@shoelace-style/shoelace/dist/components/tag/tag.js';
import { bootstrap, ensureAdminStatus, isCancelled, session, useValue, type WidgetProps } from '../core';
import { SignedOut } from '../core/signed-out';
import { daysFromToday } from '../core/formats';
import { answerFromProperty, fetchMaintPoints, type MaintPointsAnswer } from './api';
import { messages } from './messages';
import { buildTimeline, savingOf, type MaintenancePoints, type TimelineEntry } from './timeline';

export interface MaintTimelineProps {
  /** The vehicle whose timeline is fetched from the server. */
  vehicleId?: string;
  /** Points given directly (the three groups, or the endpoint's whole answer); no fetch then. */
  points?: MaintenancePoints | MaintPointsAnswer | null;
}

/** Past entries shown before 「查看更早」: enough for about two years of a typical car. */
export const PAST_ENTRIES_SHOWN = 5;

type Status = 'idle' | 'loading' | 'ready' | 'error';

function kindLabel(entry: TimelineEntry): string {
  if (entry.isDone) return entry.type === 'repair' ? messages.kind.futureRepair : messages.kind.futureMaintenance;
  return entry.type === 'repair' ? messages.kind.pastRepair : messages.kind.pastMaintenance;
}

function itemsLabel(entry: TimelineEntry): string {
  const count = entry.descList.length;
  if (entry.type === 'repair') return entry.isDone ? messages.items.alert(count) : messages.items.repair(count);
  return messages.items.maintenance(count);
}

function WhenLine({ entry }: { entry: TimelineEntry }) {
  if (!entry.date) return <span className="when muted">{messages.noDate}</span>;
  const days = daysFromToday(entry.date);
  if (entry.isDone) {
    if (days <= 0) return <span className="when overdue" data-testid="overdue">{messages.overdue}</span>;
    return (
      <span className="when">
        {messages.estimatedDate(entry.date)}
        <span className="relative">{messages.dueIn(days)}</span>
      </span>
    );
  }
  return (
    <span className="when">
      {entry.date}
      <span className="relative">{messages.daysAgo(-days)}</span>
    </span>
  );
}

function Prices({ entry }: { entry: TimelineEntry }) {
  if (entry.s4Price === null && entry.zxcPrice === null) return null;
  const saving = savingOf(entry);
  return (
    <div className="prices" data-testid="prices">
      {entry.s4Price !== null ? (
        <div className="price s4">
          <span className="price-label">{messages.s4Price}</span>
          <span className="price-value">{messages.money(entry.s4Price)}</span>
        </div>
      ) : null}
      {entry.zxcPrice !== null ? (
        <div className="price ours">
          <span className="price-label">{entry.isDone ? messages.ourPrice : messages.paid}</span>
          <span className="price-value">{messages.money(entry.zxcPrice)}</span>
        </div>
      ) : null}
      {saving !== null && saving > 0 ? (
        <div className="saving" data-testid="saving">{entry.isDone ? messages.saving(saving) : messages.savedPast(saving)}</div>
      ) : null}
    </div>
  );
}

interface EntryProps {
  entry: TimelineEntry;
  showPrice: boolean;
  expanded: boolean;
  onToggle(): void;
}

function TimelineItem({ entry, showPrice, expanded, onToggle }: EntryProps) {
  const classes = [
    'entry',
    entry.isDone ? 'future' : 'past',
    entry.type === 'repair' ? 'repair' : 'maintenance',
    entry.isNext ? 'next' : '',
    entry.isLast ? 'last' : '',
  ].filter(Boolean).join(' ');
  const listId = `items-${entry.id}`;
  return (
    <li className={classes} data-entry-id={entry.id} data-testid="timeline-entry">
      <span className="dot" aria-hidden="true">
        <sl-icon name={entry.type === 'repair' ? 'tools' : entry.isDone ? 'calendar-event' : 'droplet-half'}></sl-icon>
      </span>
      <article className="card">
        <header className="card-head">
          <sl-tag size="small" pill variant={entry.type === 'repair' ? 'warning' : 'primary'} className="kind">{kindLabel(entry)}</sl-tag>
          {entry.isNext ? <span className="badge next-badge" data-testid="next-badge">{messages.nextBadge}</span> : null}
          {entry.isLast ? <span className="badge last-badge" data-testid="last-badge">{messages.lastBadge}</span> : null}
          <WhenLine entry={entry} />
        </header>
        <div className="mileage-row">
          <strong className="mileage">
            {entry.mileage === null ? messages.noMileage : entry.isDone ? messages.aboutMileage(entry.mileage) : messages.mileage(entry.mileage)}
          </strong>
          {entry.maintMileage !== null && entry.maintMileage > 0 ? <span className="interval">{messages.interval(entry.maintMileage)}</span> : null}
        </div>
        {showPrice ? <Prices entry={entry} /> : null}
        {entry.descList.length > 0 ? (
          <div className="items">
            <button type="button" className="items-toggle" aria-expanded={expanded} aria-controls={listId} onClick={onToggle}>
              <sl-icon name="chevron-right" className={expanded ? 'chevron open' : 'chevron'}></sl-icon>
              {itemsLabel(entry)}
            </button>
            {expanded ? (
              <ul className="item-list" id={listId}>
                {entry.descList.map((name, index) => <li key={`${index}-${name}`}>{name}</li>)}
              </ul>
            ) : null}
          </div>
        ) : (
          <div className="items muted">{messages.noItems}</div>
        )}
      </article>
    </li>
  );
}

function Skeleton() {
  return (
    <div className="skeleton" aria-busy="true" aria-label={messages.loading}>
      {[0, 1, 2].map((row) => (
        <div className="skeleton-row" key={row}>
          <sl-skeleton effect="sheen" className="skeleton-dot"></sl-skeleton>
          <div className="skeleton-lines">
            <sl-skeleton effect="sheen" style={{ width: '40%' }}></sl-skeleton>
            <sl-skeleton effect="sheen" style={{ width: '75%' }}></sl-skeleton>
          </div>
        </div>
      ))}
    </div>
  );
}

export function MaintTimeline({ vehicleId, points, host }: MaintTimelineProps & WidgetProps) {
  const showPrice = useValue(session.isShowPrice);
  // Another user signing in on the page may see other vehicles: fetch again for them.
  const token = useValue(session.usertoken);
  const given = useMemo(() => answerFromProperty(points), [points]);
  const [fetched, setFetched] = useState<MaintPointsAnswer | null>(null);
  const [status, setStatus] = useState<Status>('idle');
  const [attempt, setAttempt] = useState(0);
  const [expanded, setExpanded] = useState<Record<string, boolean>>({});
  const [showAllPast, setShowAllPast] = useState(false);
  const vehicle = vehicleId?.trim() ?? '';

  useEffect(() => {
    // Signed out: the previous user's vehicle goes at once, not when someone else signs in.
    if (!token) setFetched(null);
    if (given || !vehicle || !token) return;
    const controller = new AbortController();
    setStatus('loading');
    (async () => {
      try {
        if (session.admin.value === null) await ensureAdminStatus();
        // Alone on a page the price flag (garage module config) has not been loaded yet.
        const [answer] = await Promise.all([fetchMaintPoints(vehicle, controller.signal), bootstrap({ once: true })]);
        if (controller.signal.aborted) return;
        setFetched(answer && typeof answer === 'object' ? answer : { points: {} });
        setStatus('ready');
      } catch (error) {
        if (controller.signal.aborted || isCancelled(error)) return;
        setStatus('error');
      }
    })();
    return () => controller.abort();
  }, [given, vehicle, attempt, token]);

  const answer = given ?? fetched;
  const timeline = useMemo(() => buildTimeline(answer?.points), [answer]);

  useEffect(() => {
    setExpanded(Object.fromEntries(timeline.map((entry) => [entry.id, entry.isShow])));
    setShowAllPast(false);
  }, [timeline]);

  if (!given && !vehicle) return <div className="state muted">{messages.noVehicle}</div>;
  if (!given && !token) return <SignedOut view="notice" host={host} />;
  if (!given && status === 'error') {
    return (
      <div className="state error" role="alert">
        <sl-icon name="exclamation-circle"></sl-icon>
        <span>{messages.loadFailed}</span>
        <button type="button" className="link-button" onClick={() => setAttempt((count) => count + 1)}>{messages.retry}</button>
      </div>
    );
  }
  if (!given && status !== 'ready') return <Skeleton />;

  const future = timeline.filter((entry) => entry.isDone);
  const past = timeline.filter((entry) => !entry.isDone);
  const hiddenPast = showAllPast ? 0 : Math.max(0, past.length - PAST_ENTRIES_SHOWN);
  const visiblePast = hiddenPast > 0 ? past.slice(0, PAST_ENTRIES_SHOWN) : past;
  const toggle = (id: string) => setExpanded((state) => ({ ...state, [id]: !state[id] }));
  const itemProps = (entry: TimelineEntry) => ({ entry, showPrice, expanded: Boolean(expanded[entry.id]), onToggle: () => toggle(entry.id) });
  const vehicleInfo = answer?.vehicle;

  return (
    <section className="timeline-widget" aria-label={messages.title}>
      <header className="widget-head">
        <div className="title-row">
          <h3>{messages.title}</h3>
          {vehicleInfo ? <span className="vehicle" data-testid="vehicle">{`${vehicleInfo.plate} · ${vehicleInfo.brand} ${vehicleInfo.series}`}</span> : null}
        </div>
        <div className="facts">
          <span>{messages.summary(past.length, future.length)}</span>
          {typeof answer?.kmPerDay === 'number' ? <span>{messages.kmPerDay(answer.kmPerDay)}</span> : null}
          {answer?.planName ? <span className="plan">{messages.plan(answer.planName)}</span> : null}
        </div>
        <div className="legend" aria-hidden="true">
          <span className="legend-item maintenance">{messages.legendMaintenance}</span>
          <span className="legend-item repair">{messages.legendRepair}</span>
          <span className="legend-item future">{messages.legendFuture}</span>
        </div>
      </header>
      {timeline.length === 0 ? (
        <div className="state empty" data-testid="empty">
          <sl-icon name="calendar-x"></sl-icon>
          <strong>{messages.empty}</strong>
          <span className="muted">{messages.emptyHint}</span>
        </div>
      ) : (
        <ol className="timeline">
          {future.map((entry) => <TimelineItem key={entry.id} {...itemProps(entry)} />)}
          <li className="now" data-testid="now-marker" aria-label={messages.now}>
            <span className="now-label">{messages.now}</span>
            {typeof answer?.currentMileage === 'number' ? <span className="now-mileage">{messages.nowMileage(answer.currentMileage)}</span> : null}
          </li>
          {visiblePast.map((entry) => <TimelineItem key={entry.id} {...itemProps(entry)} />)}
          {hiddenPast > 0 || (showAllPast && past.length > PAST_ENTRIES_SHOWN) ? (
            <li className="more">
              <button type="button" className="link-button" onClick={() => setShowAllPast((value) => !value)} data-testid="toggle-earlier">
                <sl-icon name={hiddenPast > 0 ? 'chevron-down' : 'chevron-up'}></sl-icon>
                {hiddenPast > 0 ? messages.showEarlier(hiddenPast) : messages.showLess}
              </button>
            </li>
          ) : null}
        </ol>
      )}
    </section>
  );
}
