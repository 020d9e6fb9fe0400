/**
 * A page-wide loading mask (spec 9: close delay 400 ms). Opens are counted, so overlapping work
 * keeps one mask, and the delayed close stops it flickering between consecutive requests.
 * Its spinner (Shoelace) loads with the first mask, so that importing the core loads no Shoelace.
 */
import type { ReadonlySignal } from '@preact/signals-core';
import { shared } from '../shared';
import { adoptStyles } from './styles';
import { shadowTheme } from './theme';
import { WIDGET_LANG } from './lang';
import { uiMessages } from '../messages';

export const LOADING_CLOSE_DELAY_MS = 400;
export const LOADING_MASK_ID = 'garage-suite-loading';

const MASK_CSS = `
:host { display: contents !important; }
.mask {
  position: fixed;
  inset: 0;
  z-index: calc(var(--sl-z-index-toast) - 1);
  display: flex;
  flex-direction: column;
  align-items: center;
  justify-content: center;
  gap: var(--sl-spacing-medium);
  background: rgb(255 255 255 / 72%);
  color: var(--sl-color-primary-700);
  font-size: var(--sl-font-size-medium);
}
.mask[hidden] { display: none; }
sl-spinner { font-size: 40px; --track-width: 4px; }
`;

const state = shared.loading;

function mask(): HTMLElement {
  let host = document.getElementById(LOADING_MASK_ID);
  if (!host?.shadowRoot) {
    host = document.createElement('div');
    host.id = LOADING_MASK_ID;
    host.setAttribute('lang', WIDGET_LANG);
    const root = host.attachShadow({ mode: 'open' });
    adoptStyles(root, shadowTheme(), MASK_CSS);
    const box = document.createElement('div');
    box.className = 'mask';
    box.setAttribute('role', 'status');
    box.setAttribute('aria-live', 'polite');
    void import('./shoelace').catch(() => undefined);
    const spinner = document.createElement('sl-spinner');
    spinner.setAttribute('lang', WIDGET_LANG);
    const text = document.createElement('span');
    text.className = 'text';
    box.append(spinner, text);
    root.append(box);
    document.body.append(host);
  }
  return host.shadowRoot!.querySelector<HTMLElement>('.mask')!;
}

function render(text?: string) {
  if (typeof document === 'undefined' || !document.body) return;
  const box = mask();
  box.hidden = !state.visible.value;
  if (text !== undefined) box.querySelector('.text')!.textContent = text;
}

export const loading: {
  open(text?: string): void;
  close(): void;
  readonly visible: ReadonlySignal<boolean>;
} = {
  open(text = uiMessages.loading) {
    state.openCount += 1;
    if (state.closeTimer) clearTimeout(state.closeTimer);
    state.closeTimer = null;
    state.visible.value = true;
    render(text);
  },
  close() {
    if (state.openCount === 0) return;
    state.openCount -= 1;
    if (state.openCount > 0) return;
    if (state.closeTimer) clearTimeout(state.closeTimer);
    state.closeTimer = setTimeout(() => {
      state.closeTimer = null;
      state.visible.value = false;
      render();
    }, LOADING_CLOSE_DELAY_MS);
  },
  get visible() {
    return state.visible;
  },
};
