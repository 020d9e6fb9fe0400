import { getConfig } from './config';

export const NAVIGATE_EVENT = 'garage-navigate';

/** Indirection so tests can observe full-page moves without leaving the test page. */
export const pageLocation = {
  assign(url: string) {
    window.location.assign(url);
  },
};

/**
 * Widgets know no router: they ask whoever embeds them to move the user. A host app that routes
 * the event calls preventDefault(); otherwise a move to /login falls back to `loginPath`.
 */
export function navigate(path: string, from?: Element): void {
  if (typeof document === 'undefined') return;
  const event = new CustomEvent(NAVIGATE_EVENT, { bubbles: true, composed: true, cancelable: true, detail: { path } });
  const handled = !(from ?? document).dispatchEvent(event);
  const { loginPath } = getConfig();
  if (!handled && loginPath && path === '/login') pageLocation.assign(loginPath);
}

/** Dispatches a CustomEvent that leaves the shadow root and bubbles to the page. */
export function emit(from: Element, name: string, detail?: unknown): void {
  from.dispatchEvent(new CustomEvent(name, { bubbles: true, composed: true, detail }));
}
