import { useEffect, useState } from 'react';
import { AppLink, bootstrap, hasPermission, session, useValue, type WidgetProps } from '../core';
import { FEATURE_AREAS, featureStatus, type FeatureArea } from '../../contracts/feature-tour';
import { PERMISSION_NAMES } from '../../contracts/permissions';
import { helpPath } from '../../contracts/rules/help';
import { messages } from './messages';

export function FeatureIntro({ host }: WidgetProps) {
  useValue(session.usertoken);
  useValue(session.userPermissions);
  useValue(session.userRoles);
  const [ready, setReady] = useState(false);

  // Alone on a page the permissions come with startup; in the host app it has run already.
  useEffect(() => {
    void bootstrap({ once: true }).finally(() => setReady(true));
  }, []);

  const allowed = (area: FeatureArea) => area.permission === undefined || session.isAdmin.value || hasPermission(area.permission);

  const goTo = (area: FeatureArea) => {
    const status = featureStatus(area);
    if (status === 'soon') return <p className="note soon">{messages.soon}</p>;
    if (!area.path || !ready) return null;
    if (!allowed(area)) return <p className="note" role="note">{messages.needs(PERMISSION_NAMES[area.permission!])}</p>;
    return <AppLink className="go" path={area.path} label={messages.goTo(area.title)} host={host}>{messages.go}</AppLink>;
  };

  return (
    <div className="tour">
      <header>
        <h2>{messages.title}</h2>
        <p>{messages.subtitle}</p>
      </header>
      <ul className="areas" aria-busy={!ready}>
        {FEATURE_AREAS.map((area) => {
          const status = featureStatus(area);
          return (
            <li key={area.id} className="area" data-area={area.id} aria-labelledby={`area-${area.id}`}>
              <div className="head">
                <h3 id={`area-${area.id}`}>{area.title}</h3>
                <span className={`status status--${status}`}>{messages.status[status]}</span>
              </div>
              <p className="summary">{area.summary}</p>
              <p className="audience"><span className="label">{messages.audience}：</span>{area.audience}</p>
              {area.available.length > 0 ? (
                <div className="available">
                  <h4>{messages.available}</h4>
                  <ul className="items">{area.available.map((item) => <li key={item}>{item}</li>)}</ul>
                </div>
              ) : null}
              {area.coming.length > 0 ? (
                <div className="coming">
                  <h4>{messages.coming}</h4>
                  <ul className="items">{area.coming.map((item) => <li key={item}>{item}</li>)}</ul>
                </div>
              ) : null}
              <div className="actions">
                {goTo(area)}
                {area.helpSlug ? (
                  <AppLink className="help-link" path={helpPath(area.helpSlug)} label={messages.helpFor(area.title)} host={host}>{messages.help}</AppLink>
                ) : null}
              </div>
            </li>
          );
        })}
      </ul>
    </div>
  );
}
