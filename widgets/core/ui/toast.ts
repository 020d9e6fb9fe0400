/**
 * Toasts (spec 9: 3000 ms, offset 16, success/info/warning/error) as Shoelace alerts in one stack
 * per page. The stack has its own shadow root, so it needs no CSS from the page and leaks none,
 * and every bundle on the page finds and reuses the same stack by its id.
 */
import './shoelace';
import { adoptStyles } from './styles';
import { WIDGET_LANG } from './shoelace';

export const TOAST_DURATION_MS = 3000;
export const TOAST_OFFSET_PX = 16;
export const TOAST_STACK_ID = 'garage-suite-toasts';

export type ToastType = 'success' | 'info' | 'warning' | 'error';

const variants: Record<ToastType, string> = { success: 'success', info: 'primary', warning: 'warning', error: 'danger' };

// Inline so a toast needs no icon files (a partner page may not serve our assets).
const icons: Record<ToastType, string> = {
  success: '<path d="M8 15A7 7 0 1 1 8 1a7 7 0 0 1 0 14zm0 1A8 8 0 1 0 8 0a8 8 0 0 0 0 16z"/><path d="M10.97 4.97a.75.75 0 0 1 1.07 1.05l-3.99 4.99a.75.75 0 0 1-1.08.02L4.324 8.384a.75.75 0 1 1 1.06-1.06l2.094 2.093 3.473-4.425a.267.267 0 0 1 .02-.022z"/>',
  info: '<path d="M8 15A7 7 0 1 1 8 1a7 7 0 0 1 0 14zm0 1A8 8 0 1 0 8 0a8 8 0 0 0 0 16z"/><path d="m8.93 6.588-2.29.287-.082.38.45.083c.294.07.352.176.288.469l-.738 3.468c-.194.897.105 1.319.808 1.319.545 0 1.178-.252 1.465-.598l.088-.416c-.2.176-.492.246-.686.246-.275 0-.375-.193-.304-.533L8.93 6.588zM9 4.5a1 1 0 1 1-2 0 1 1 0 0 1 2 0z"/>',
  warning: '<path d="M7.938 2.016A.13.13 0 0 1 8.002 2a.13.13 0 0 1 .063.016.146.146 0 0 1 .054.057l6.857 11.667c.036.06.035.124.002.183a.163.163 0 0 1-.054.06.116.116 0 0 1-.066.017H1.146a.115.115 0 0 1-.066-.017.163.163 0 0 1-.054-.06.176.176 0 0 1 .002-.183L7.884 2.073a.147.147 0 0 1 .054-.057zm1.044-.45a1.13 1.13 0 0 0-1.96 0L.165 13.233c-.457.778.091 1.767.98 1.767h13.713c.889 0 1.438-.99.98-1.767L8.982 1.566z"/><path d="M7.002 12a1 1 0 1 1 2 0 1 1 0 0 1-2 0zM7.1 5.995a.905.905 0 1 1 1.8 0l-.35 3.507a.552.552 0 0 1-1.1 0L7.1 5.995z"/>',
  error: '<path d="M4.54.146A.5.5 0 0 1 4.893 0h6.214a.5.5 0 0 1 .353.146l4.394 4.394a.5.5 0 0 1 .146.353v6.214a.5.5 0 0 1-.146.353l-4.394 4.394a.5.5 0 0 1-.353.146H4.893a.5.5 0 0 1-.353-.146L.146 11.46A.5.5 0 0 1 0 11.107V4.893a.5.5 0 0 1 .146-.353L4.54.146zM5.1 1 1 5.1v5.8L5.1 15h5.8l4.1-4.1V5.1L10.9 1H5.1z"/><path d="M7.002 11a1 1 0 1 1 2 0 1 1 0 0 1-2 0zM7.1 4.995a.905.905 0 1 1 1.8 0l-.35 3.507a.552.552 0 0 1-1.1 0L7.1 4.995z"/>',
};

const STACK_CSS = `
:host { display: contents; }
.stack {
  position: fixed;
  top: ${TOAST_OFFSET_PX}px;
  left: 50%;
  transform: translateX(-50%);
  z-index: var(--sl-z-index-toast);
  display: flex;
  flex-direction: column;
  align-items: center;
  gap: ${TOAST_OFFSET_PX}px;
  width: max-content;
  max-width: calc(100vw - ${TOAST_OFFSET_PX * 2}px);
  pointer-events: none;
}
sl-alert { pointer-events: auto; min-width: min(20rem, 100%); }
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
    adoptStyles(root, STACK_CSS);
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
  const icon = document.createElement('span');
  icon.slot = 'icon';
  icon.className = 'icon';
  icon.innerHTML = `<svg viewBox="0 0 16 16" aria-hidden="true">${icons[type]}</svg>`;
  alert.append(icon, document.createTextNode(message));
  alert.addEventListener('sl-after-hide', () => alert.remove(), { once: true });
  stack().append(alert);
  alert.open = true;
}

export const toast = {
  success: (message: string) => show('success', message),
  info: (message: string) => show('info', message),
  warning: (message: string) => show('warning', message),
  error: (message: string) => show('error', message),
};
