import { GARAGE_EVENTS, type GarageEventName, type GarageEvents } from '../../contracts/events';
import { getConfig } from './config';

export const NAVIGATE_EVENT = GARAGE_EVENTS.navigate;

/** Indirection so tests can observe full-page moves without leaving the test page. */
export const pageLocation = {
  assign(url: string) {
    window.location.assign(url);
  },
};

/**
 * Widgets know no router: they ask whoever embeds them to move the user. A host app that routes
 * the event calls preventDefault(); otherwise a move to /login falls back to `loginPath`.
 * Answers whether someone routed it (a partner page without a router usually does not).
 */
export function navigate(path: string, from?: Element): boolean {
  if (typeof document === 'undefined') return false;
  const event = new CustomEvent(NAVIGATE_EVENT, { bubbles: true, composed: true, cancelable: true, detail: { path } });
  const handled = !(from ?? document).dispatchEvent(event);
  const { loginPath } = getConfig();
  if (!handled && loginPath && path === '/login') pageLocation.assign(loginPath);
  return handled;
}

/**
 * Dispatches one of our events (contracts/events.ts) so that it leaves the shadow root and
 * bubbles to the page; on `document` when no element is given.
 */
export function emit<Name extends GarageEventName>(from: Element | Document | null | undefined, name: Name, detail: GarageEvents[Name]): void {
  const target = from ?? (typeof document === 'undefined' ? null : document);
  target?.dispatchEvent(new CustomEvent(name, { bubbles: true, composed: true, detail }));
}
