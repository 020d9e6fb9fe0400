import { useEffect, useLayoutEffect, useState, type FormEvent } from 'react';
import { formatCallTimer, useValue, type WidgetProps } from '../core/base';
import { attachBar, configurePhoneLine, getPhone } from './line';
import { messages } from './messages';
import { DemoBadge } from '../core/ui/demo-badge';
import type { PhoneView } from './phone-state';

export interface PhoneBarProps {
  /** Number prefilled in the dial field. */
  number?: string;
  /** SIP WebSocket URL override (otherwise from the server / the realm). */
  sipServer?: string;
  /** STUN server override; an empty attribute means none. */
  stunServer?: string;
  /**
   * Docked in a corner of the page: with no usable line the bar folds into a round button that
   * says why when pressed, instead of covering the page with the reason.
   */
  foldable?: boolean;
}

/** Not an attribute of the element: stories show each state on a phone other than the page's line. */
interface StoryProps {
  phone?: PhoneView;
}

const PhoneIcon = () => (
  <svg viewBox="0 0 24 24" fill="none" stroke="currentColor" strokeWidth="2" strokeLinecap="round" strokeLinejoin="round" aria-hidden="true">
    <path d="M22 16.9v3a2 2 0 0 1-2.2 2 19.8 19.8 0 0 1-8.6-3.1 19.5 19.5 0 0 1-6-6A19.8 19.8 0 0 1 2.1 4.2 2 2 0 0 1 4.1 2h3a2 2 0 0 1 2 1.7c.1 1 .4 1.9.7 2.8a2 2 0 0 1-.5 2.1L8 9.9a16 16 0 0 0 6 6l1.3-1.3a2 2 0 0 1 2.1-.4c.9.3 1.8.6 2.8.7a2 2 0 0 1 1.7 2Z" />
  </svg>
);

const HangUpIcon = () => (
  <svg viewBox="0 0 24 24" fill="currentColor" aria-hidden="true">
    <path d="M12 9c-1.6 0-3.2.3-4.6.7v3.1c0 .4-.2.7-.6.9-1 .5-1.9 1.1-2.6 1.8-.2.2-.4.3-.7.3s-.5-.1-.7-.3L.3 13c-.2-.2-.3-.4-.3-.7s.1-.5.3-.7C3.4 8.7 7.5 7 12 7s8.6 1.7 11.7 4.6c.2.2.3.4.3.7s-.1.5-.3.7l-2.5 2.5c-.2.2-.4.3-.7.3s-.5-.1-.7-.3c-.8-.7-1.7-1.3-2.6-1.8-.3-.2-.6-.5-.6-.9V9.7C15.2 9.3 13.6 9 12 9Z" />
  </svg>
);

/** The view of <garage-phone-bar>; its CSS (styles.ts) is adopted by define() into the shadow root. */
export function PhoneBar({ number, sipServer, stunServer, foldable, host, phone: givenPhone }: PhoneBarProps & StoryProps & WidgetProps) {
  const phone = givenPhone ?? getPhone();
  const status = useValue(phone.status);
  const registration = useValue(phone.registration);
  const enabled = useValue(phone.enabled);
  const disabledReason = useValue(phone.disabledReason);
  const loading = useValue(phone.loading);
  const unreachable = useValue(phone.unreachable);
  const notice = useValue(phone.notice);
  const elapsed = useValue(phone.elapsedSeconds);
  const dialed = useValue(phone.number);
  const balance = useValue(phone.balanceMinutes);
  const demo = useValue(phone.demo);
  const callVisible = useValue(phone.callVisible);
  const [draft, setDraft] = useState(number ?? '');
  const [unfolded, setUnfolded] = useState(false);
  const disabled = !enabled && !loading && Boolean(disabledReason);
  const folded = Boolean(foldable) && disabled && !unfolded;

  useEffect(() => setDraft(number ?? ''), [number]);
  useEffect(() => {
    configurePhoneLine({ sipServer: sipServer || undefined, stunServer });
  }, [sipServer, stunServer]);
  useEffect(() => (givenPhone ? undefined : attachBar()), [givenPhone]);
  // 外呼 pressed elsewhere on the page while there is no line: unfold to say why nothing rings.
  useEffect(() => {
    if (notice) setUnfolded(true);
  }, [notice]);
  // The page sizes its dock to the round button (host-app styles.css, .phone-dock[data-folded]);
  // before the first paint, so the dock never shows at another width first (a layout shift).
  useLayoutEffect(() => {
    host?.toggleAttribute('data-folded', folded);
  }, [host, folded]);

  const dial = (event: FormEvent) => {
    event.preventDefault();
    void phone.call(draft);
  };

  const noticeView = notice && (
    <div className={`notice ${notice.kind}`} role={notice.kind === 'error' ? 'alert' : 'status'} part="notice">
      <span>{notice.text}</span>
      <button type="button" className="dismiss" aria-label={messages.dismiss} onClick={() => phone.dismissNotice()}>
        ×
      </button>
    </div>
  );

  // Docked: nothing until the line's account is known (usable or not), so a bar about to fold never moves.
  if (foldable && !enabled && !disabled && !callVisible) return null;

  if (folded) {
    return (
      <div className="bar disabled folded" part="bar" data-state="disabled">
        <button type="button" className="unfold" aria-label={messages.folded} aria-expanded="false" title={disabledReason} onClick={() => setUnfolded(true)}>
          <PhoneIcon />
        </button>
      </div>
    );
  }

  if (disabled) {
    return (
      <div className="bar disabled" part="bar" data-state="disabled">
        <PhoneIcon />
        <span className="reason">{disabledReason}</span>
        {foldable && (
          <button type="button" className="dismiss" aria-label={messages.fold} aria-expanded="true" onClick={() => setUnfolded(false)}>
            ×
          </button>
        )}
      </div>
    );
  }

  if (callVisible) {
    const connected = status === 'outgoing.accecpted';
    return (
      <div className="bar" part="bar" data-state={status}>
        <div className={`call${connected ? ' connected' : ''}`} part="call-bar" role="status" aria-live="polite">
          <span className={`dot ${connected ? 'online' : 'pending'}`} />
          <span className="call-number">{dialed}</span>
          <span className="call-state">{status && messages.statusLabel[status]}</span>
          {demo && <DemoBadge why={messages.demoLine} />}
          {connected && (
            <span className="timer" data-testid="call-timer">
              {formatCallTimer(elapsed)}
            </span>
          )}
          <button type="button" className="hang-up" onClick={() => phone.hangUp()}>
            <HangUpIcon />
            {messages.hangUp}
          </button>
        </div>
      </div>
    );
  }

  const lineState = unreachable ? 'failed' : loading || !registration ? 'pending' : registration === 'reg.registered' ? 'online' : registration === 'reg.failed' ? 'failed' : '';
  const lineLabel = unreachable ? messages.unreachableLabel : loading || !registration ? messages.loading : messages.statusLabel[registration];
  return (
    <div className="bar" part="bar" data-state={status || registration || 'loading'}>
      <span className="line" title={messages.title}>
        <span className={`dot ${lineState}`} />
        {lineLabel}
        {demo && <DemoBadge why={messages.demoLine} />}
      </span>
      {balance !== null && <span className={`balance${balance <= 0 ? ' empty' : ''}`}>{messages.balance(balance)}</span>}
      <form onSubmit={dial}>
        <input
          type="tel"
          inputMode="tel"
          autoComplete="off"
          aria-label={messages.numberPlaceholder}
          placeholder={messages.numberPlaceholder}
          value={draft}
          onChange={(event) => setDraft(event.currentTarget.value)}
        />
        <button type="submit" disabled={registration !== 'reg.registered' || !draft.trim()}>
          <PhoneIcon />
          {messages.dial}
        </button>
      </form>
      {noticeView}
    </div>
  );
}
