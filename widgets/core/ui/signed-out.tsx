/**
 * 「请先登录」: what every element shows instead of its content while nobody is signed in — after
 * logout, after the server refused the token, or before anyone logged in. define() renders it in
 * place of the widget, so the widget unmounts and its customer data goes with it, at once. When
 * `<garage-login>` (or login(), or a `token` attribute) signs someone in, the page's
 * `garage-logged-in` event follows and the widget mounts again by itself.
 */
import { GARAGE_EVENTS } from '../../../contracts/events';
import { getConfig } from '../config';
import { uiMessages } from '../messages';
import { navigate } from '../navigate';

import { signedOutSlot, type SignedOutView } from './signed-out-slot';

export type { SignedOutView };

export const SIGNED_OUT_CSS = `
.signed-out {
  display: flex; align-items: center; justify-content: center; gap: 12px; flex-wrap: wrap;
  padding: 32px 16px; border: 1px dashed var(--sl-color-neutral-300, #d4d4d8); border-radius: 8px;
  background: var(--sl-color-neutral-50, #fafafa); color: var(--sl-color-neutral-700, #3f3f46);
  font-size: 14px; line-height: 1.6; text-align: center;
}
.signed-out--compact {
  display: inline-flex; justify-content: flex-start; gap: 8px; padding: 4px 12px 4px 4px; border-style: solid;
  border-radius: 999px; text-align: start;
}
.signed-out__icon {
  flex: none; display: inline-grid; place-items: center; width: 32px; height: 32px; border-radius: 50%;
  background: var(--sl-color-neutral-200, #e4e4e7); color: var(--sl-color-neutral-600, #52525b);
}
.signed-out__icon svg { width: 16px; height: 16px; fill: currentColor; }
.signed-out__text { display: flex; flex-direction: column; gap: 2px; min-width: 0; }
.signed-out__title { color: var(--sl-color-neutral-900, #18181b); font-weight: 600; }
.signed-out__hint { margin: 0; color: var(--sl-color-neutral-600, #52525b); font-size: 13px; }
.signed-out__login {
  height: 32px; padding: 0 16px; border: 0; border-radius: 6px; background: var(--sl-color-primary-700, #0369a1);
  color: #fff; font: inherit; cursor: pointer;
}
.signed-out__login:focus-visible { outline: 2px solid var(--sl-color-primary-700, #0369a1); outline-offset: 2px; }
`;

/** Bootstrap Icons' lock-fill, inline: no icon file to fetch from a partner page. */
const LockIcon = () => (
  <svg viewBox="0 0 16 16" aria-hidden="true">
    <path d="M8 1a2 2 0 0 1 2 2v4H6V3a2 2 0 0 1 2-2m3 6V3a3 3 0 0 0-6 0v4a2 2 0 0 0-2 2v5a2 2 0 0 0 2 2h6a2 2 0 0 0 2-2V9a2 2 0 0 0-2-2" />
  </svg>
);

/**
 * `passwordFirst`: signed in with an admin's one-time password, which the page asks to change (the
 * host app's dialog, <garage-login>'s form); nothing else answers until then.
 */
export function SignedOut({ view, host, passwordFirst = false }: { view: Exclude<SignedOutView, 'widget'>; host?: HTMLElement; passwordFirst?: boolean }) {
  const compact = view === 'compact';
  // Only where a click leads somewhere: the page configured its login page (configure({ loginPath })).
  const canGoToLogin = !compact && !passwordFirst && Boolean(getConfig().loginPath);
  return (
    <div
      className={`signed-out${compact ? ' signed-out--compact' : ''}`}
      part="signed-out"
      role="status"
      data-login-event={GARAGE_EVENTS.loggedIn}
    >
      <span className="signed-out__icon"><LockIcon /></span>
      <span className="signed-out__text">
        <span className="signed-out__title">{passwordFirst ? uiMessages.passwordFirst : uiMessages.signedOut}</span>
        {!compact && <span className="signed-out__hint">{passwordFirst ? uiMessages.passwordFirstHint : uiMessages.signedOutHint}</span>}
      </span>
      {canGoToLogin && (
        <button type="button" className="signed-out__login" onClick={() => navigate('/login', host)}>
          {uiMessages.goToLogin}
        </button>
      )}
    </div>
  );
}

// Importing this module is what gives define() its 「请先登录」 view (ui/signed-out-slot.ts).
signedOutSlot.view = SignedOut;
signedOutSlot.css = SIGNED_OUT_CSS;
