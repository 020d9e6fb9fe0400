/**
 * A page-wide loading mask drawn by the core, for pages without one of their own (partner pages):
 * the counted opens and the 400 ms close delay are the page's one loading state (../loading.ts).
 * Its spinner (Shoelace) loads with the first mask, so that importing the core loads no Shoelace.
 */
import type { ReadonlySignal } from '@preact/signals-core';
import { shared } from '../shared';
import { loadingState } from '../loading';
import { adoptStyles } from './styles';
import { shadowTheme } from './theme';
import { WIDGET_LANG } from './lang';
import { uiMessages } from '../messages';

export { LOADING_CLOSE_DELAY_MS } from '../loading';
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

const canDraw = () => typeof document !== 'undefined' && Boolean(document.body);

// The delayed close hides a mask drawn here; opening never draws one (the host app draws its own).
shared.runtime.effect(() => {
  const visible = loadingState.visible.value;
  if (!visible && canDraw() && document.getElementById(LOADING_MASK_ID)) mask().hidden = true;
});

export const loading: {
  open(text?: string): void;
  close(): void;
  readonly visible: ReadonlySignal<boolean>;
} = {
  open(text = uiMessages.loading) {
    loadingState.open();
    if (!canDraw()) return;
    const box = mask();
    box.hidden = false;
    box.querySelector('.text')!.textContent = text;
  },
  close: () => loadingState.close(),
  get visible() {
    return loadingState.visible;
  },
};
