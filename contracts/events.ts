/**
 * Every DOM event our elements dispatch, with its `detail`: the widgets take the names from here,
 * the custom-elements manifest documents each element's `@fires` with these details
 * (scripts/manifest.mjs), and a partner page listens by these names. Every one bubbles and is
 * composed: it leaves the element's shadow root and reaches `document`.
 */

/** A widget asks whoever embeds it to move the user; the host app routes `path` and calls preventDefault(). */
export interface NavigateDetail {
  /** A path of our host app, with its query (e.g. `/home/externalmanage?condition=…`). */
  path: string;
}

/** `<garage-login>` signed someone in and startup finished: every widget on the page now shows their data. */
export interface LoggedInDetail {
  /** The login token (what the `token` attribute of every element accepts). */
  token: string;
  userId: string;
  nickName: string;
  garageId: string;
}

/** The session ended: every widget on the page has dropped its customer data and shows 「请先登录」. */
export interface LoggedOutDetail {
  /** `logout`: someone signed out; `expired`: the server refused the token (login expired or invalid). */
  reason: 'logout' | 'expired';
}

/** A widget asks the page's `<garage-phone-bar>` to dial this number. */
export interface CallDetail {
  number: string;
  /** The customer called, so the call is recorded on them (and refused outside the caller's stores). */
  customerId?: string | number | null;
  /** The customer's name, for the host's own display. */
  name?: string;
}

/** Event name → detail. */
export interface GarageEvents {
  'garage-navigate': NavigateDetail;
  'garage-logged-in': LoggedInDetail;
  'garage-logged-out': LoggedOutDetail;
  'garage-call': CallDetail;
}

export type GarageEventName = keyof GarageEvents;
export type GarageEvent<Name extends GarageEventName> = CustomEvent<GarageEvents[Name]>;

/** The names, for code that dispatches or listens. */
export const GARAGE_EVENTS = {
  navigate: 'garage-navigate',
  loggedIn: 'garage-logged-in',
  loggedOut: 'garage-logged-out',
  call: 'garage-call',
} as const satisfies Record<string, GarageEventName>;

declare global {
  // So `document.addEventListener('garage-navigate', (event) => event.detail.path)` is typed.
  interface DocumentEventMap {
    'garage-navigate': GarageEvent<'garage-navigate'>;
    'garage-logged-in': GarageEvent<'garage-logged-in'>;
    'garage-logged-out': GarageEvent<'garage-logged-out'>;
    'garage-call': GarageEvent<'garage-call'>;
  }
  interface HTMLElementEventMap {
    'garage-navigate': GarageEvent<'garage-navigate'>;
    'garage-logged-in': GarageEvent<'garage-logged-in'>;
    'garage-logged-out': GarageEvent<'garage-logged-out'>;
    'garage-call': GarageEvent<'garage-call'>;
  }
}
