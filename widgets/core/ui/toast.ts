/**
 * Toasts (spec 9: 3000 ms, offset 16, success/info/warning/error) as Shoelace alerts in one stack
 * per page. The stack has its own shadow root, so it needs no CSS from the page and leaks none,
 * and every bundle on the page finds and reuses the same stack by its id.
 *
 * The alert and its text are made at once; Shoelace, its theme and the icon come from
 * toast-view.ts, loaded with the first toast: a lean bundle (core/base.ts, the phone bar on partner
 * pages) thus carries no Shoelace, and the full core's bundle already holds it. Lit keeps the
 * properties set before the element upgrades.
 */
import { adoptStyles } from './styles';
import { WIDGET_LANG } from './lang';
import type { ToastType } from './toast-view';

export type { ToastType } from './toast-view';

/** Without it a toast still shows its text; a failed load is tried again by the next toast. */
const loadView = () => import('./toast-view').catch(() => null);

export const TOAST_DURATION_MS = 3000;
export const TOAST_OFFSET_PX = 16;
export const TOAST_STACK_ID = 'garage-suite-toasts';

const variants: Record<ToastType, string> = { success: 'success', info: 'primary', warning: 'warning', error: 'danger' };


const STACK_CSS = `
:host { display: contents !important; }
.stack {
  position: fixed;
  top: ${TOAST_OFFSET_PX}px;
  left: 50%;
  transform: translateX(-50%);
  z-index: var(--sl-z-index-toast, 950);
  display: flex;
  flex-direction: column;
  align-items: center;
  gap: ${TOAST_OFFSET_PX}px;
  width: max-content;
  max-width: calc(100vw - ${TOAST_OFFSET_PX * 2}px);
  pointer-events: none;
}
sl-alert { pointer-events: auto; min-width: min(320px, 100%); }
sl-alert::part(base) { box-shadow: var(--sl-shadow-large); }
.icon { display: inline-flex; width: 1.25em; height: 1.25em; }
.icon svg { width: 100%; height: 100%; fill: currentColor; }
`;

function stack(): HTMLElement {
  let host = document.getElementById(TOAST_STACK_ID);
  if (!host?.shadowRoot) {
    host = document.createElement('div');
    host.id = TOAST_STACK_ID;
    host.setAttribute('lang', WIDGET_LANG);
    const root = host.attachShadow({ mode: 'open' });
    adoptStyles(root, null, STACK_CSS);
    const list = document.createElement('div');
    list.className = 'stack';
    root.append(list);
    document.body.append(host);
  }
  return host.shadowRoot!.querySelector<HTMLElement>('.stack')!;
}

function show(type: ToastType, message: string): void {
  if (typeof document === 'undefined' || !document.body) return;
  const alert = document.createElement('sl-alert') as HTMLElement & { duration: number; closable: boolean; open: boolean; variant: string };
  alert.setAttribute('lang', WIDGET_LANG);
  alert.setAttribute('data-type', type);
  alert.variant = variants[type];
  alert.closable = true;
  alert.duration = TOAST_DURATION_MS;
  alert.append(document.createTextNode(message));
  alert.addEventListener('sl-after-hide', () => alert.remove(), { once: true });
  const list = stack();
  list.append(alert);
  alert.open = true;
  void loadView().then((view) => {
    view?.themeStack(list.getRootNode() as ShadowRoot);
    view?.addIcon(alert, type);
  });
}

export const toast = {
  success: (message: string) => show('success', message),
  info: (message: string) => show('info', message),
  warning: (message: string) => show('warning', message),
  error: (message: string) => show('error', message),
};
