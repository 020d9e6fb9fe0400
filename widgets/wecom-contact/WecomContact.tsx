/**
 * The customer of the WeCom chat in the sidebar: the bound customer's card (CustomerCard), or, for
 * a contact bound to nobody yet, search-and-bind and create-from-contact (UnboundContact). The page
 * (/sidebar, sidebar.ts) finds the chat's external contact through WeCom's JS-SDK and sets
 * `external-user-id`; anywhere else the attribute is set by whoever knows the contact.
 */
import { useCallback, useEffect, useState } from 'react';
import '@shoelace-style/shoelace/dist/components/button/button.js';
import { bootstrap, isCancelled, session, useValue, type WidgetProps } from '../core';
import { contactApi, type BoundCustomer, type CurrentContact } from './api';
import { CustomerCard } from './CustomerCard';
import { UnboundContact } from './UnboundContact';
import { messages } from './messages';

export interface WecomContactProps {
  externalUserId?: string;
}

type Loaded = { status: 'loading' } | { status: 'error'; message: string } | { status: 'ready'; current: CurrentContact };

export function WecomContact({ externalUserId, host }: WecomContactProps & WidgetProps) {
  const token = useValue(session.usertoken);
  const [loaded, setLoaded] = useState<Loaded>({ status: 'loading' });
  const [attempt, setAttempt] = useState(0);

  const answered = loaded.status !== 'loading';
  useEffect(() => {
    // Permissions (短信营销, 保险) and the store list decide what the card offers; the card shows
    // what they allow when they arrive, so they wait for the card's own answer instead of slowing it.
    if (token && (answered || !externalUserId)) void bootstrap({ once: true });
  }, [token, answered, externalUserId]);

  useEffect(() => {
    if (!token || !externalUserId) return;
    let stale = false;
    setLoaded({ status: 'loading' });
    contactApi.current(externalUserId).then(
      (current) => !stale && setLoaded({ status: 'ready', current }),
      (error: unknown) => {
        if (stale || isCancelled(error)) return;
        setLoaded({ status: 'error', message: (error as { msg?: string }).msg || messages.loadFailed });
      },
    );
    return () => {
      stale = true;
    };
  }, [externalUserId, token, attempt]);

  const bound = useCallback(
    (customer: BoundCustomer | null, source: CurrentContact['source']) =>
      setLoaded((previous) => (previous.status === 'ready' ? { status: 'ready', current: { ...previous.current, customer, source, boundElsewhere: false, detail: null } } : previous)),
    [],
  );

  if (!externalUserId) return <Placeholder text={messages.waiting} />;
  if (loaded.status === 'loading') return <Placeholder text={messages.loading} />;
  if (loaded.status === 'error') {
    return (
      <div className="contact">
        <div className="state" role="alert">
          <p>{loaded.message}</p>
          <sl-button size="small" onClick={() => setAttempt((count) => count + 1)}>
            {messages.retry}
          </sl-button>
        </div>
      </div>
    );
  }
  const { current } = loaded;
  return (
    <div className="contact">
      {current.customer ? (
        <CustomerCard key={current.customer.id} customer={current.customer} source={current.source} externalUserId={externalUserId} detail={current.detail} host={host} onUnbound={() => bound(null, null)} />
      ) : (
        <UnboundContact contact={current.contact} elsewhere={current.boundElsewhere} onBound={bound} />
      )}
    </div>
  );
}

function Placeholder({ text }: { text: string }) {
  return (
    <div className="contact" aria-busy="true">
      <div className="state">
        <span className="spinner" aria-hidden="true"></span>
        <p className="muted">{text}</p>
      </div>
    </div>
  );
}
